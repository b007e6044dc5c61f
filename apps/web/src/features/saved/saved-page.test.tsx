import type { SavedPhone } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import { page } from '../dashboard/test-fixtures.ts';
import SavedPage from './saved-page.tsx';

/** Issue 34: the phones a buyer saved, the latest first, each marked when no longer simply for sale. */
const buyer = aUser({ role: 'Buyer' });
const phone = aProduct({ _id: '22222222-2222-4222-8222-222222222222', productName: 'Galaxy S23', resalePrice: 70000 });
const saved = (n: number, overrides: Partial<SavedPhone>): SavedPhone => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  productId: phone._id,
  productName: 'Galaxy S23',
  state: 'available',
  savedAt: '2026-11-27T10:00:00.000Z',
  product: phone,
  ...overrides,
});
const rows = [saved(1, {}), saved(2, { productId: '33333333-3333-4333-8333-333333333333', productName: 'Pixel 7', state: 'removed', product: null })];

describe('Saved', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(buyer);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the saved phones with their price or their state; a heart removes one', async () => {
    let kept = rows;
    const calls = fakeApi(({ method, path }: Call) => {
      if (path === '/api/favourites/ids') return { status: 200, body: { success: true, data: { ids: kept.map((r) => r.productId) } } };
      if (method === 'DELETE') {
        kept = kept.filter((r) => path !== `/api/favourites/${r.productId}`);
        return { status: 200, body: { success: true, data: { productId: phone._id, saved: false } } };
      }
      return page(kept);
    });
    renderAt('/dashboard/saved', <SavedPage />);
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Galaxy S23' })).toHaveAttribute('href', `/detail-product/${phone._id}`);
    expect(items[0]).toHaveTextContent('70,000 tk');
    expect(items[1]).toHaveTextContent('Pixel 7');
    expect(items[1]).toHaveTextContent('No longer on the site');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    await userEvent.click(await within(items[0]!).findByRole('button', { name: 'Saved', pressed: true }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/favourites/${phone._id}`)).toBe(true);
  });

  it('marks an expired phone (issue 36) as such, still linked: its seller may renew it', async () => {
    const expired = aProduct({ ...phone, status: 'expired' });
    fakeApi(({ path }: Call) =>
      path === '/api/favourites/ids'
        ? { status: 200, body: { success: true, data: { ids: [phone._id] } } }
        : page([saved(1, { state: 'expired', product: expired })]),
    );
    renderAt('/dashboard/saved', <SavedPage />);
    const [item] = await screen.findAllByRole('listitem');
    expect(within(item!).getByText('Expired')).toHaveClass('badge');
    expect(within(item!).getByRole('link', { name: 'Galaxy S23' })).toHaveAttribute('href', `/detail-product/${phone._id}`);
    // Saved before it expired: its heart still takes it off the list.
    expect(await within(item!).findByRole('button', { name: 'Saved', pressed: true })).toBeInTheDocument();
  });

  it('says how to save a phone while there is none', async () => {
    fakeApi(({ path }) => (path === '/api/favourites/ids' ? { status: 200, body: { success: true, data: { ids: [] } } } : page([])));
    renderAt('/dashboard/saved', <SavedPage />);
    expect(await screen.findByText(/Nothing saved yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse phones' })).toHaveAttribute('href', '/');
  });
});
