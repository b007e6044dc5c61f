import { MemoryRouter } from 'react-router';
import { i18n } from '@lingui/core';
import { intlLocale } from '@market/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../lib/i18n.ts';
import { Carousel } from './carousel.tsx';
import { DataTable } from './data-table.tsx';
import { Field } from './field.tsx';
import { Gallery } from './gallery.tsx';
import { conditionMeaning, conditionName, digits, reportReasonName, storageLabel } from './listing-words.ts';
import { LoadMore } from './load-more.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { Stars } from './stars.tsx';
import { DeleteButton, useConfirmDelete } from './use-confirm-delete.tsx';

const pictures = [
  { url: '/uploads/a.webp', srcset: '' },
  { url: '/uploads/b.webp', srcset: '' },
  { url: '/uploads/c.webp', srcset: '' },
];

function Deleting() {
  const { ask, dialog } = useConfirmDelete(async () => {});
  return (
    <>
      <DeleteButton label="Delete iPhone 13" onClick={() => ask('1')} />
      {dialog}
    </>
  );
}

describe('the shared components in Bangla', () => {
  beforeEach(async () => {
    await Promise.all([loadCatalog('bn', 'common'), loadCatalog('bn', 'forms')]);
    i18n.activate('bn', [intlLocale.bn]);
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.useRealTimers();
  });

  it('the gallery names each photo, its buttons and its counter in Bangla, with Bangla digits', () => {
    render(<Gallery pictures={pictures} name="iPhone 13" />);
    expect(screen.getByRole('img', { name: 'iPhone 13, ছবি ১/৩' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'iPhone 13-এর ছবি' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'পরের ছবি' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ফুল স্ক্রিন' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '২ নম্বর ছবি দেখুন' })).toBeInTheDocument();
    expect(screen.getByText('iPhone 13, ছবি ১/৩', { selector: '[aria-live]' })).toBeInTheDocument();
    expect(screen.getByText('১ / ৩')).toBeInTheDocument();
  });

  it("the carousel's buttons and slides", () => {
    vi.useFakeTimers();
    const { container } = render(
      <MemoryRouter>
        <Carousel label="বিজ্ঞাপনের ফোন" slides={pictures.map((p, i) => ({ src: p.url, name: `ফোন ${i + 1}`, href: `/detail-product/${i}` }))} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'আগের স্লাইড' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '৩ নম্বর স্লাইডে যান' })).toBeInTheDocument();
    expect(container.querySelector('[aria-roledescription="slide"]')).toHaveAttribute('aria-label', '৩টির মধ্যে ১');
  });

  it('stars, a table loading and empty, Load more, and a counted field', () => {
    const more = { has: true, loading: false, load: () => {} };
    const { rerender } = render(<Stars value={4} />);
    expect(screen.getByRole('img', { name: '৫-এর মধ্যে ৪ তারা' })).toBeInTheDocument();
    rerender(<DataTable caption="আমার অর্ডার" columns={['নাম']} rows={undefined} loading empty="কিছু নেই" cells={() => []} rowKey={() => ''} />);
    expect(screen.getByRole('status')).toHaveTextContent('আমার অর্ডার লোড হচ্ছে');
    rerender(<LoadMore more={more} />);
    expect(screen.getByRole('button', { name: 'আরও দেখুন' })).toBeInTheDocument();
    rerender(
      <Field label="দেখা করার জায়গা" count={{ value: 'ধানমন্ডি ২৭', max: 200 }}>
        <input />
      </Field>,
    );
    const counted = document.getElementById(screen.getByRole('textbox').getAttribute('aria-describedby')!);
    expect(counted).toHaveTextContent('১১/২০০ অক্ষর');
  });

  it('a deletion asks and says it is done in Bangla', async () => {
    render(<Deleting />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete iPhone 13' }));
    expect(screen.getByRole('button', { name: 'Delete iPhone 13' })).toHaveTextContent('মুছে ফেলুন');
    expect(screen.getByRole('heading', { name: 'আপনি কি নিশ্চিত?' })).toBeInTheDocument();
    expect(screen.getByText('এটি আর ফিরিয়ে আনা যাবে না!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
  });

  it("a reason dialog's own label, hint and problem", async () => {
    render(<ReasonDialog open title="সতর্ক করবেন?" text="…" confirmLabel="সতর্ক করুন" onConfirm={async () => {}} onCancel={() => {}} />);
    const reason = await screen.findByRole('textbox', { name: 'কারণ' });
    expect(reason).toHaveAccessibleDescription('আপনার নামসহ অডিট লগে রাখা হবে');
    await userEvent.click(screen.getByRole('button', { name: 'সতর্ক করুন' }));
    expect(reason).toHaveAccessibleDescription('কারণ দিতে হবে');
  });

  it("a listing's contract values, by their ids", () => {
    expect([conditionName('Excellent'), conditionName('Good'), conditionName('Fair')]).toEqual(['চমৎকার', 'ভালো', 'মোটামুটি']);
    expect(conditionMeaning('Good')).toMatch(/^হালকা ব্যবহারের চিহ্ন/);
    expect([storageLabel(128), storageLabel(1024)]).toEqual(['১২৮ জিবি', '১ টিবি']);
    expect(reportReasonName('wrong-category')).toBe('ভুল ক্যাটাগরি');
    expect(digits(1000)).toBe('১০০০');
  });
});

describe("a listing's contract values in English are the contract's own", () => {
  it('conditions, their meanings, sizes and reasons', async () => {
    const { conditionMeaning: meanings, reportReasonNames } = await import('@market/contract/rules');
    for (const c of ['Excellent', 'Good', 'Fair'] as const) {
      expect(conditionName(c)).toBe(c);
      expect(conditionMeaning(c)).toBe(meanings[c]);
    }
    for (const [reason, name] of Object.entries(reportReasonNames)) expect(reportReasonName(reason as keyof typeof reportReasonNames)).toBe(name);
    expect([storageLabel(64), storageLabel(1024), digits(1000)]).toEqual(['64 GB', '1 TB', '1000']);
  });
});
