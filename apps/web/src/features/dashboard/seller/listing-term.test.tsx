import type { Product } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { aProduct, aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { page } from '../test-fixtures.ts';
import MyProducts from './my-products.tsx';

// The toasts (react-hot-toast needs a browser's matchMedia): what the page says, recorded.
vi.mock('../../../lib/notify.ts', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));

/** Issue 36: a listing's 60-day term in My Products, and renewing it without a question. */
const DAY = 86_400_000;
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const fresh = aProduct({ _id: '11111111-1111-4111-8111-111111111111', productName: 'iPhone 13', expiresAt: inDays(40) });
const ending = aProduct({ _id: '22222222-2222-4222-8222-222222222222', productName: 'Galaxy S21', expiresAt: inDays(2.5) });
const expired = aProduct({ _id: '33333333-3333-4333-8333-333333333333', productName: 'Pixel 7', status: 'expired', expiresAt: inDays(-3) });

/** The seller's list, and renewals as the API does them: a new 60-day term, an expired one back on sale. */
function sellerApi(listings: Product[]) {
  const rows = new Map(listings.map((p) => [p._id, p]));
  const calls = fakeApi(({ method, path }: Call) => {
    const renewing = /^\/api\/renew-product\/(.+)$/.exec(path)?.[1];
    if (method === 'PUT' && renewing) {
      const renewed = { ...rows.get(renewing)!, status: 'available' as const, expiresAt: inDays(60) };
      rows.set(renewing, renewed);
      return { status: 200, body: { success: true, data: renewed } };
    }
    return page([...rows.values()]);
  });
  return calls;
}
const rowOf = async (name: RegExp) => within(await screen.findByRole('table', { name: 'My products' })).getByRole('row', { name });
const renewals = (calls: Call[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

describe('My Products: a listing’s term (issue 36)', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
    vi.mocked(notify.success).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says until when each listing on sale stays; 5 days or less before its end, how many and "Still available"', async () => {
    sellerApi([fresh, ending]);
    renderAt('/dashboard/myProduct', <MyProducts />);
    const far = await rowOf(/iPhone 13/);
    expect(far).toHaveTextContent(`On sale until ${localDate(fresh.expiresAt!)}`);
    expect(within(far).queryByText(/Expires in/)).toBeNull();
    expect(within(far).queryByRole('button', { name: /Still available/ })).toBeNull();
    const near = await rowOf(/Galaxy S21/);
    expect(within(near).getByText('Expires in 3 days')).toBeInTheDocument();
    expect(within(near).getByRole('button', { name: 'Still available: keep Galaxy S21 on sale' })).toBeInTheDocument();
  });

  it('"Still available" renews at once, with no question: a toast says until when, and the row shows it', async () => {
    const calls = sellerApi([fresh, ending]);
    renderAt('/dashboard/myProduct', <MyProducts />);
    await userEvent.click(within(await rowOf(/Galaxy S21/)).getByRole('button', { name: 'Still available: keep Galaxy S21 on sale' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const until = localDate(inDays(60));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(`Renewed: on sale until ${until}`));
    await waitFor(async () => expect(within(await rowOf(/Galaxy S21/)).queryByText(/Expires in/)).toBeNull());
    expect(await rowOf(/Galaxy S21/)).toHaveTextContent(`On sale until ${until}`);
    expect(renewals(calls)).toEqual([`PUT /api/renew-product/${ending._id}`]);
  });

  it('an expired listing: its Expired badge, Renew (back on sale) and Edit; no Advertise', async () => {
    const calls = sellerApi([fresh, expired]);
    renderAt('/dashboard/myProduct', <MyProducts />);
    const row = await rowOf(/Pixel 7/);
    expect(within(row).getByText('expired')).toHaveClass('badge');
    expect(row).not.toHaveTextContent(/On sale until/);
    expect(within(row).getByRole('link', { name: 'Edit Pixel 7' })).toHaveAttribute('href', `/dashboard/edit-product/${expired._id}`);
    expect(within(row).queryByRole('button', { name: 'Advertise' })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Renew Pixel 7' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(`Renewed: on sale until ${localDate(inDays(60))}`));
    await waitFor(async () => expect(within(await rowOf(/Pixel 7/)).getByText('available')).toBeInTheDocument());
    expect(within(await rowOf(/Pixel 7/)).queryByRole('button', { name: 'Renew Pixel 7' })).toBeNull();
    expect(renewals(calls)).toEqual([`PUT /api/renew-product/${expired._id}`]);
  });

  it('says why in words when a renewal is refused (sold meanwhile)', async () => {
    fakeApi(({ method }: Call) =>
      method === 'PUT'
        ? { status: 409, body: { success: false, code: 'listing_not_renewable', message: 'Only a listing on sale or expired can be renewed' } }
        : page([expired]),
    );
    renderAt('/dashboard/myProduct', <MyProducts />);
    await userEvent.click(within(await rowOf(/Pixel 7/)).getByRole('button', { name: 'Renew Pixel 7' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(expect.stringMatching(/can be renewed/)));
    expect(notify.success).not.toHaveBeenCalled();
  });
});
