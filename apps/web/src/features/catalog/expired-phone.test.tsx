import type { Product } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify.ts';
import { aProduct, aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import { DetailPage } from './detail-page.tsx';

// The toasts (react-hot-toast needs a browser's matchMedia): what the page says, recorded.
vi.mock('../../lib/notify.ts', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));

/** Issue 36: an expired listing's page says so, with phones like it; its seller renews it there. */
const expired = aProduct({ status: 'expired' });
const like = aProduct({ _id: '00000000-0000-4000-8000-000000000777', productName: 'iPhone 13 mini', resalePrice: 55000 });
const owner = aUser({ _id: expired.sellerId._id, role: 'Seller', emailVerified: true });
const buyer = aUser({ role: 'Buyer', emailVerified: true });
const until = '2027-02-01T10:00:00.000Z';

/** The phone's page's calls; PUT renew-product puts it back on sale. */
function phoneApi() {
  let product: Product = expired;
  return fakeApi(({ method, path }: Call) => {
    if (method === 'PUT' && path === `/api/renew-product/${expired._id}`) {
      product = { ...expired, status: 'available' };
      return { status: 200, body: { success: true, data: { ...product, expiresAt: until } } };
    }
    if (path === `/api/detail-product/${expired._id}`) return { status: 200, body: { success: true, data: product } };
    if (path === `/api/similar-products/${expired._id}`) return { status: 200, body: { success: true, data: [like] } };
    if (path === '/api/favourites/ids') return { status: 200, body: { success: true, data: { ids: [] } } };
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}
const open = () => renderAt(`/detail-product/${expired._id}`, <DetailPage />, '/detail-product/:id');

describe('an expired listing’s page', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(notify.success).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells a visitor it has expired, with phones like it; nothing to book, message, save or report', async () => {
    signIn(buyer);
    const calls = phoneApi();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This listing has expired' })).toBeInTheDocument();
    expect(screen.getByText(/The seller of this iPhone 13 has not said it is still for sale/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More Apple phones' })).toHaveAttribute('href', `/category/${expired.categoryId._id}`);
    const section = await screen.findByRole('region', { name: 'Similar phones' });
    expect(section.querySelector(`a[href="/detail-product/${like._id}"]`)).toHaveTextContent('iPhone 13 mini');
    // The hearts come with the saved ids: the only one is the similar phone's.
    expect((await screen.findAllByRole('button', { name: 'Save' })).map((heart) => section.contains(heart))).toEqual([true]);
    expect(calls.some((c) => c.path === '/api/favourites/ids')).toBe(true);
    // The notice, above the similar phones (whose own cards have their hearts).
    const notice = within(screen.getByRole('heading', { level: 1 }).parentElement!);
    for (const name of [/Book Now/, /Message/, /^Save/, /Report/, /Renew/]) expect(notice.queryByRole('button', { name })).toBeNull();
    expect(notice.queryByRole('link', { name: /Message|Log in|Edit/ })).toBeNull();
  });

  it('offers its seller Renew (no question) and Edit; renewed, the page is the listing again', async () => {
    signIn(owner);
    const calls = phoneApi();
    open();
    expect(await screen.findByText(/Your listing of iPhone 13 expired and left search/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/dashboard/edit-product/${expired._id}`);
    expect(screen.queryByRole('link', { name: 'More Apple phones' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Renewed: on sale until 1 Feb 2027'));
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 13' })).toBeInTheDocument();
    expect(screen.queryByText('This listing has expired')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([`/api/renew-product/${expired._id}`]);
  });
});
