import { i18n } from '@lingui/core';
import type { HeldListing } from '@market/contract';
import { intlLocale } from '@market/contract';
import { namespaces } from '@market/contract/locales/types.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { aProduct, aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { page } from '../test-fixtures.ts';
import ListingChecks from './listing-checks.tsx';
import { headers } from './test-fixtures.ts';

vi.mock('../../../lib/notify.ts', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));

/** Issue 36: the Admin's queue of listings held for a check. */
const theirs = '44444444-4444-4444-8444-444444444444';
const held = (overrides: Partial<HeldListing> = {}): HeldListing => ({
  product: aProduct({ status: 'pending', description: 'Call me on 01711-223344 or rahim@example.com' }),
  heldAt: '2026-11-24T10:00:00.000Z',
  signals: [
    { code: 'new_seller_limit', listings: 3, limit: 3 },
    {
      code: 'photo_reused',
      matches: [
        {
          url: '/uploads/mine.webp',
          theirUrl: '/uploads/theirs.webp',
          theirProductId: theirs,
          theirSellerId: '55555555-5555-4555-8555-555555555555',
          bits: 2,
          theirProductName: 'Galaxy S21',
          theirSellerName: 'Rina Das',
        },
      ],
    },
    { code: 'price_below_guide', price: 30000, median: 60000, percent: 50, below: 60 },
    { code: 'imei_flagged', why: 'stolen' },
    { code: 'contact_in_description', found: ['01711-223344', 'rahim@example.com'] },
  ],
  seller: { joined: '2026-11-01T10:00:00.000Z', listings: 4, completedSales: 0, reports: 1, rejected: 2 },
  ...overrides,
});
const other = held({
  product: aProduct({ _id: '66666666-6666-4666-8666-666666666666', productName: 'Pixel 7', status: 'pending' }),
  signals: [
    { code: 'imei_flagged', why: 'removed' },
    {
      code: 'photo_reused',
      matches: [
        {
          url: '/uploads/a.webp',
          theirUrl: '/uploads/b.webp',
          theirProductId: theirs,
          theirSellerId: '55555555-5555-4555-8555-555555555555',
          bits: 0,
          theirProductName: null,
          theirSellerName: null,
        },
      ],
    },
  ],
});
const id = held().product._id;

/** The queue answers `queue` until a decision, then the rest; the decisions are recorded in `calls`. */
function queueOf(queue: HeldListing[]) {
  let decided = false;
  const calls = fakeApi(({ method, path }: Call) => {
    if (method === 'PUT' && path.startsWith('/api/admin/listing-checks/')) {
      decided = true;
      return { status: 200, body: { success: true, data: queue[0]!.product } };
    }
    return page(decided ? queue.slice(1) : queue);
  });
  renderAt('/dashboard/listing-checks', <ListingChecks />);
  return calls;
}
const decisions = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => ({ path: c.path, body: c.body }));

describe('Listing checks', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
    vi.mocked(notify.success).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each held listing with its seller’s history and every kind of signal in words, a reused photo beside the other', async () => {
    queueOf([held(), other]);
    const table = await screen.findByRole('table', { name: 'Listings waiting for a check' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Listing checks');
    expect(headers(table)).toEqual(['Photo', 'Listing', 'Seller', 'Why it waits', 'Decide']);
    const row = within(table).getByRole('row', { name: /iPhone 13/ });
    expect(within(row).getByRole('link', { name: 'iPhone 13' })).toHaveAttribute('href', `/detail-product/${id}`);
    expect(row).toHaveTextContent('65,000 tk');
    expect(row).toHaveTextContent('Waiting since 24 Nov 2026');
    // The seller's history.
    expect(within(row).getByRole('link', { name: 'Tanvir Hasan' })).toHaveAttribute('href', '/seller/7c9e6679-7425-40de-944b-e07fc1f90ae7');
    for (const line of ['Member since 1 Nov 2026', '4 listings', '0 completed sales', '1 report on their phones', '2 listings not approved before'])
      expect(within(row).getByText(line)).toBeInTheDocument();
    // Each signal, with what it found.
    expect(row).toHaveTextContent('A new seller over the limit: 3 live listings already, 3 allowed until a first sale');
    expect(row).toHaveTextContent('A photo is like one on another seller’s listing');
    expect(within(row).getByRole('img', { name: 'This listing’s photo' })).toHaveAttribute('src', '/uploads/mine.webp');
    expect(within(row).getByRole('img', { name: 'The other listing’s photo' })).toHaveAttribute('src', '/uploads/theirs.webp');
    expect(within(row).getByRole('link', { name: 'Galaxy S21' })).toHaveAttribute('href', `/detail-product/${theirs}`);
    expect(within(row).getByRole('link', { name: 'by Rina Das' })).toHaveAttribute('href', '/seller/55555555-5555-4555-8555-555555555555');
    expect(row).toHaveTextContent('2 of 64 points differ');
    expect(row).toHaveTextContent('Price far below the guide: 30,000 tk is 50% of the usual 60,000 tk (held below 60%)');
    expect(row).toHaveTextContent('This handset’s IMEI was reported stolen');
    expect(row).toHaveTextContent('Contact details in the description:');
    expect(within(row).getByText('01711-223344')).toBeInTheDocument();
    expect(within(row).getByText('rahim@example.com')).toBeInTheDocument();
    // The oldest first, as the API sends them; a removed listing's photo still shows, without a link.
    const second = within(table).getByRole('row', { name: /Pixel 7/ });
    expect(second).toHaveTextContent('This handset’s IMEI was on a listing an Admin removed');
    expect(second).toHaveTextContent('A listing no longer on the site');
    expect(within(second).queryByRole('link', { name: /^by / })).toBeNull();
  });

  it('asks before it approves, sends the reason when one is given, and the listing leaves the queue', async () => {
    const calls = queueOf([held()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve iPhone 13' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this listing?' });
    expect(dialog).toHaveTextContent('iPhone 13 goes live at once, and Tanvir Hasan is told it was checked.');
    expect(decisions(calls)).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Their own photo, taken again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(decisions(calls)).toEqual([{ path: `/api/admin/listing-checks/${id}/approve`, body: { reason: 'Their own photo, taken again' } }]),
    );
    expect(await screen.findByText('No listings are waiting for a check')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Listing approved: it is live');
  });

  it('approves without a reason when none is given', async () => {
    const calls = queueOf([held()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve iPhone 13' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Approve this listing?' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decisions(calls)).toEqual([{ path: `/api/admin/listing-checks/${id}/approve`, body: {} }]));
  });

  it('a listing also waiting for its seller’s number (issue 36): says so, and approved it goes live only once the number is confirmed', async () => {
    const calls = queueOf([held({ signals: [{ code: 'contact_in_description', found: ['01711-223344'] }, { code: 'number_unconfirmed' }] })]);
    const row = within(await screen.findByRole('table', { name: 'Listings waiting for a check' })).getByRole('row', { name: /iPhone 13/ });
    expect(row).toHaveTextContent('The seller has not confirmed a mobile number yet: approved, it still waits for that before it goes live.');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve iPhone 13' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this listing?' });
    expect(dialog).toHaveTextContent('iPhone 13 is approved, and goes live once Tanvir Hasan confirms their mobile number.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decisions(calls)).toEqual([{ path: `/api/admin/listing-checks/${id}/approve`, body: {} }]));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Listing approved: it goes live once its seller confirms their number'));
  });

  it('asks before it rejects, wants a reason, and sends it', async () => {
    const calls = queueOf([held()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject iPhone 13' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this listing?' });
    expect(dialog).toHaveTextContent('iPhone 13 stays off the site. Tanvir Hasan is told your reason, and may edit it to send it again.');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAccessibleDescription('The seller reads it; the audit log keeps it with your name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(reason).toHaveAccessibleDescription('The reason is required');
    expect(decisions(calls)).toEqual([]);
    await userEvent.type(reason, 'Numbers go on the order, not in the description');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(decisions(calls)).toEqual([
        { path: `/api/admin/listing-checks/${id}/reject`, body: { reason: 'Numbers go on the order, not in the description' } },
      ]),
    );
    expect(await screen.findByText('No listings are waiting for a check')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Listing rejected: the seller is told why');
  });

  it('says when no listing waits', async () => {
    queueOf([]);
    expect(await screen.findByText('No listings are waiting for a check')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Listing checks in Bangla', () => {
  beforeEach(async () => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
    await Promise.all(namespaces.map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', [intlLocale.bn]);
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it('says the queue, the signals with Bangla digits and the reject question in Bangla', async () => {
    queueOf([held()]);
    const table = await screen.findByRole('table', { name: 'যাচাইয়ের অপেক্ষায় থাকা বিজ্ঞাপন' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('বিজ্ঞাপন যাচাই');
    expect(headers(table)).toEqual(['ছবি', 'বিজ্ঞাপন', 'বিক্রেতা', 'কেন অপেক্ষায়', 'সিদ্ধান্ত']);
    expect(table).toHaveTextContent('সীমা ছাড়ানো নতুন বিক্রেতা: আগে থেকেই ৩টি চালু বিজ্ঞাপন, প্রথম বিক্রির আগ পর্যন্ত ৩টি চলে');
    expect(table).toHaveTextContent('৪টি বিজ্ঞাপন');
    expect(table).toHaveTextContent('দাম গাইডের চেয়ে অনেক কম: ৳৩০,০০০ হলো সাধারণ দাম ৳৬০,০০০-এর ৫০% (৬০%-এর নিচে হলে আটকে রাখা হয়)');
    expect(within(table).getByRole('img', { name: 'অন্য বিজ্ঞাপনটির ছবি' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'iPhone 13 বাতিল করুন' }));
    const dialog = screen.getByRole('dialog', { name: 'এই বিজ্ঞাপনটি বাতিল করবেন?' });
    expect(dialog).toHaveTextContent('iPhone 13 সাইটে আসবে না। Tanvir Hasan-কে আপনার কারণ জানানো হবে');
    expect(within(dialog).getByRole('textbox', { name: 'কারণ' })).toBeInTheDocument();
  });

  it('says the empty queue in Bangla', async () => {
    queueOf([]);
    expect(await screen.findByText('যাচাইয়ের অপেক্ষায় কোনো বিজ্ঞাপন নেই')).toBeInTheDocument();
  });
});
