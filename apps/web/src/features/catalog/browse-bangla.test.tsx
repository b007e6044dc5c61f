import type { SearchAnswer } from '@market/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { aProduct, fakeApi, renderAt, renderRoutes } from '../../test-utils.tsx';
import { CategoryPage } from './category-page.tsx';
import { HomePage } from './home-page.tsx';
import { PriceRange } from './price-range.tsx';
import { SearchField } from './search-field.tsx';
import { SearchPage } from './search-page.tsx';
import { inBangla } from './test-fixtures.ts';

const apple = { _id: '5f0c1f55-7c1a-4b55-9a0e-1d7f1b8c2a11', category: 'Apple', categoryLogo: '/apple.svg' };
const phone = aProduct({ storageGb: 128, batteryHealth: 88 });
const meta = (total: number, conditions: SearchAnswer['meta']['facets']['conditions']): SearchAnswer['meta'] => ({
  nextCursor: null,
  total,
  facets: { categories: [{ ...apple, count: total }], conditions, price: { min: 20_000, max: 80_000 } },
});

/** The API of the browsing pages: brands, advertised phones, a brand's phones, and the search (`found`). */
function api(found: { data: unknown[]; meta: SearchAnswer['meta'] }) {
  return fakeApi(({ path }) => {
    const page = { success: true, data: [phone], meta: { nextCursor: null } };
    if (path === '/api/category') return { status: 200, body: { success: true, data: [apple] } };
    if (path === '/api/advertise-products' || path === `/api/category-products/${apple._id}`) return { status: 200, body: page };
    if (path === '/api/products') return { status: 200, body: { success: true, ...found } };
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}

describe('browsing in Bangla', () => {
  inBangla(['catalog', 'common']);

  it('the home page: its sections, and each card with its specs and price in Bangla digits', async () => {
    api({ data: [], meta: meta(0, []) });
    renderAt('/', <HomePage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'বিশেষ প্রোডাক্ট' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Resale Phones: সেকেন্ড-হ্যান্ড মোবাইল ফোন');
    expect(screen.getByRole('region', { name: 'বিজ্ঞাপনের ফোন' })).toBeInTheDocument();
    for (const name of ['ব্র্যান্ড', 'কেন আমাদের বেছে নেবেন', 'সহযোগী সেবা']) expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'প্রতিযোগিতামূলক দাম' })).toBeInTheDocument();
    const special = screen.getByRole('region', { name: 'বিশেষ প্রোডাক্ট' });
    expect(within(special).getByRole('link', { name: /iPhone 13/ })).toHaveTextContent(/^iPhone 13১২৮ জিবি · ব্যাটারি ৮৮%রিসেল মূল্য : ৳৬৫,০০০$/);
    // The carousel's slide opens the same phone, its picture named by it (issue 35).
    expect(within(screen.getByRole('region', { name: 'বিজ্ঞাপনের ফোন' })).getByRole('link', { name: 'iPhone 13' })).toHaveAttribute(
      'href',
      within(special)
        .getByRole('link', { name: /iPhone 13/ })
        .getAttribute('href')!,
    );
  });

  it("a brand's page: its title, the filters, the sort and the count", async () => {
    api({ data: [], meta: meta(1, [{ condition: 'Good', count: 1 }]) });
    renderAt(`/category/${apple._id}`, <CategoryPage />, '/category/:id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Apple ফোন' })).toBeInTheDocument();
    const filters = screen.getByRole('complementary', { name: 'ফিল্টার' });
    expect(within(filters).getByRole('button', { name: /^ফিল্টার/ })).toBeInTheDocument();
    expect((await within(filters).findByRole('checkbox', { name: /^ভালো/ })).closest('label')).toHaveTextContent('ভালো১');
    expect(within(filters).getByRole('group', { name: 'স্টোরেজ' })).toHaveTextContent('১ টিবি');
    expect(within(filters).getByRole('checkbox', { name: 'শুধু ভেরিফাইড বিক্রেতা' })).toBeInTheDocument();
    expect(within(filters).getByRole('combobox', { name: 'ব্যাটারি হেলথ' })).toHaveTextContent('≥ ৯০%');
    expect(screen.getByRole('combobox', { name: 'সাজান' })).toHaveDisplayValue('নতুন আগে');
    expect(await screen.findByRole('status')).toHaveTextContent('১টি ফোন');
    expect(within(screen.getByRole('region', { name: 'ফলাফল' })).getByRole('link', { name: /iPhone 13/ })).toHaveTextContent('রিসেল মূল্য : ৳৬৫,০০০');
  });

  it('a search that finds nothing offers to drop a filter, with what that brings back', async () => {
    api({ data: [], meta: meta(0, [{ condition: 'Good', count: 3 }]) });
    renderAt('/search?q=galaxy&condition=Fair', <SearchPage />, '/search');
    expect(await screen.findByRole('heading', { level: 1, name: '“galaxy” মেলে এমন ফোন' })).toBeInTheDocument();
    expect(await screen.findByText('কোনো ফোন মেলেনি')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'মোটামুটি বাদ দিন (৩টি ফোন)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^ফিল্টার \(১টি চালু\)/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'সাজান' })).toHaveDisplayValue('সবচেয়ে মানানসই');
    expect(screen.getByRole('button', { name: 'খুঁজুন' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('মডেল, ব্র্যান্ড বা বিবরণের কোনো শব্দ')).toBeInTheDocument();
  });

  it('the price filter says its prices in Bangla and takes a price typed in Bangla digits', async () => {
    const onChange = vi.fn();
    renderRoutes('/', [{ path: '/', element: <PriceRange args={{ q: 'galaxy' }} track={{ min: 20_000, max: 80_000 }} onChange={onChange} /> }]);
    expect(screen.getByRole('group', { name: 'দাম (৳)' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'সর্বনিম্ন দাম, স্লাইডার' })).toHaveAttribute('aria-valuetext', '৳২০,০০০');
    const lowest = screen.getByRole('textbox', { name: 'সর্বনিম্ন দাম' });
    expect(lowest).toHaveAttribute('placeholder', '২০,০০০');
    await userEvent.type(lowest, '১২০০০');
    await userEvent.type(screen.getByRole('textbox', { name: 'সর্বোচ্চ দাম' }), '৫০,০০০');
    await userEvent.click(screen.getByRole('button', { name: 'দাম প্রয়োগ করুন' }));
    expect(onChange).toHaveBeenCalledWith({ q: 'galaxy', minPrice: 12_000, maxPrice: 50_000 });
  });

  it("the header's search box offers a brand in Bangla", async () => {
    api({ data: [], meta: meta(0, []) });
    function Box() {
      const [text, setText] = useState('');
      return <SearchField value={text} onChange={setText} onSearch={() => {}} placeholder="ফোন খুঁজুন" />;
    }
    renderRoutes('/', [{ path: '/', element: <Box /> }]);
    const box = screen.getByRole('combobox', { name: 'ফোন খুঁজুন' });
    await userEvent.type(box, 'ap');
    expect(await screen.findByRole('option', { name: 'Apple-এর সব ফোন' })).toBeInTheDocument();
    expect(screen.getByRole('listbox', { name: 'পরামর্শ' })).toBeInTheDocument();
  });
});
