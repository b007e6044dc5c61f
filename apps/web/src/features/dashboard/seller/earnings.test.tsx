import { i18n } from '@lingui/core';
import { intlLocale, type Earnings as Figures, type Sale } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import Earnings from './earnings.tsx';

/** Issue 32: the seller's money, their sales page by page, and the sales as a CSV file. */
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });

const figures: Figures = { held: 3650000, available: 7760000, payingOut: 123450, paidOut: 0, fees: { percent: 3, minimum: 30 }, payoutMinimum: 500 };

const aSale = (n: number, overrides: Partial<Sale> = {}): Sale => ({
  orderId: `00000000-0000-4000-8000-00000000000${n}`,
  productName: `Pixel 7a no. ${n}`,
  buyerName: 'Mitu Akter',
  price: 80000,
  payWith: 'protected',
  state: 'completed',
  held: 0,
  fee: 240000,
  net: 7760000,
  refunded: 0,
  bookedAt: '2026-11-23T12:00:00.000Z',
  ...overrides,
});
const firstPage = [aSale(1), aSale(2, { productName: 'Galaxy A54', payWith: 'cash', fee: 0, net: 3650000, price: 36500 })];
const secondPage = [aSale(3, { productName: 'Realme C55', state: 'handed_over', held: 2500000, fee: 0, net: 0, price: 25000 })];

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const pageOf = (data: Sale[], nextCursor: string | null) => ({ status: 200, body: { success: true, data, meta: { nextCursor } } });

/** The API: the figures, then the sales a page at a time (the first page says more follow). */
function api(sales: Sale[][] = [firstPage, secondPage]) {
  const calls = fakeApi(({ path }: Call) => {
    if (path === '/api/earnings') return ok(figures);
    if (path === '/api/earnings/sales') {
      const n = calls.filter((c) => c.path === path).length - 1;
      return pageOf(sales[n] ?? [], n + 1 < sales.length ? sales[n]!.at(-1)!.orderId : null);
    }
    return { status: 404, body: { success: false, message: 'not found' } };
  });
  return calls;
}

/** The URLs fetch was asked for, as the browser sends them (their query too). */
const fetchedUrls = () => vi.mocked(fetch).mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));

const figure = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;

describe('Earnings', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the four figures in taka (poisha when there are some), the fee terms and the sales, then the next page on Load more', async () => {
    api();
    renderAt('/dashboard/earnings', <Earnings />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Earnings' })).toBeInTheDocument();
    await screen.findByText('Held for deals not yet completed');
    expect(figure('Held for deals not yet completed')).toHaveTextContent('৳36,500');
    expect(figure('Available')).toHaveTextContent('৳77,600');
    expect(figure('Being paid out')).toHaveTextContent('৳1,234.50');
    expect(figure('Paid out')).toHaveTextContent('৳0');
    expect(screen.getByText('The site keeps 3% of a protected sale (at least ৳30); cash deals owe no fee.')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'My sales, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Phone', 'Buyer', 'Booked', 'How paid', 'Status', 'Price', 'Fee', 'Net to you', 'Refunded']);
    const protectedSale = within(table).getByRole('row', { name: /Pixel 7a no\. 1/ });
    expect(
      within(protectedSale)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Mitu Akter', '23 Nov 2026', 'Protected payment', 'Completed', '৳80,000', '৳2,400', '৳77,600', '—None']);
    // A cash deal owes no fee: its price is all the seller's.
    const cash = within(table).getByRole('row', { name: /Galaxy A54/ });
    expect(
      within(cash)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Mitu Akter', '23 Nov 2026', 'Cash at the meeting', 'Completed', '৳36,500', '—None', '৳36,500', '—None']);
    expect(within(table).queryByRole('row', { name: /Realme C55/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const held = await within(table).findByRole('row', { name: /Realme C55/ });
    // Handed over, not yet completed: its money is held, none of it the seller's yet.
    expect(held).toHaveTextContent('৳25,000 held until the deal completes');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The next page was asked for after the first one's last sale.
    expect(fetchedUrls().filter((u) => u.includes('/api/earnings/sales'))).toEqual([
      `${location.origin}/api/earnings/sales?limit=50`,
      `${location.origin}/api/earnings/sales?limit=50&cursor=${firstPage[1]!.orderId}`,
    ]);
  });

  it('downloads the sales as CSV with the session token, under the name the server gave it', async () => {
    api();
    // The CSV comes as a file, not as JSON: the other calls go on to the API above.
    const json = vi.mocked(fetch).getMockImplementation()!;
    const csv: Request[] = [];
    vi.mocked(fetch).mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname !== '/api/earnings/sales.csv') return json(request);
      csv.push(request);
      return new Response('booked,phone,buyer,paid with,state,price,held,fee,net,refunded,deal\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="sales-2026-11-25.csv"' },
      });
    });
    // jsdom has no object URLs.
    const made = vi.fn<(blob: Blob) => string>(() => 'blob:http://localhost:3000/sales');
    Object.assign(URL, { createObjectURL: made, revokeObjectURL: vi.fn() });
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });

    renderAt('/dashboard/earnings', <Earnings />);
    await screen.findByRole('table', { name: 'My sales, newest first' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:http://localhost:3000/sales', download: 'sales-2026-11-25.csv' }]));
    expect(csv).toHaveLength(1);
    expect(csv[0]!.method).toBe('GET');
    // The session's token, raw, as the API slice sends it.
    expect(csv[0]!.headers.get('authorization')).toBe((JSON.parse(localStorage.getItem('auth')!) as { token: string }).token);
    expect(await made.mock.calls[0]![0].text()).toMatch(/^booked,phone,buyer,/);
    // The link was only a means: it is gone from the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says so when there are no sales yet, with nothing to download', async () => {
    api([[]]);
    renderAt('/dashboard/earnings', <Earnings />);
    expect(await screen.findByText('No sales yet: a phone paid for through the site, or a cash deal completed, shows here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  describe('in Bangla', () => {
    beforeEach(async () => {
      await Promise.all([loadCatalog('bn', 'dashboard'), loadCatalog('bn', 'common')]);
      i18n.activate('bn', [intlLocale.bn]);
    });
    afterEach(() => i18n.activate('en', [intlLocale.en]));

    it('writes the figures and the sales in Bangla digits', async () => {
      api([firstPage]);
      renderAt('/dashboard/earnings', <Earnings />);
      expect(await screen.findByRole('heading', { level: 1, name: 'আয়' })).toBeInTheDocument();
      await screen.findByText('অসম্পন্ন ডিলের জন্য জমা');
      expect(figure('অসম্পন্ন ডিলের জন্য জমা')).toHaveTextContent('৳৩৬,৫০০');
      expect(figure('পরিশোধ চলছে')).toHaveTextContent('৳১,২৩৪.৫০');
      expect(screen.getByText('সুরক্ষিত পেমেন্টে বিক্রির ৩% সাইট রাখে (সর্বনিম্ন ৳৩০); নগদ লেনদেনে কোনো ফি নেই।')).toBeInTheDocument();
      const row = within(await screen.findByRole('table', { name: 'আমার বিক্রি, নতুনগুলো আগে' })).getByRole('row', { name: /Pixel 7a no\. 1/ });
      expect(row).toHaveTextContent('৳৮০,০০০৳২,৪০০৳৭৭,৬০০');
      expect(screen.getByRole('button', { name: 'CSV ডাউনলোড করুন' })).toBeInTheDocument();
    });
  });
});
