import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { SaveButton } from '../../components/save-button.tsx';
import { notify } from '../../lib/notify.ts';
import { aProduct, aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import { ProductCard } from './product-card.tsx';
import { inBangla } from './test-fixtures.ts';

// The toasts (react-hot-toast needs a browser's matchMedia): what the heart says, recorded.
vi.mock('../../lib/notify.ts', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));

/** Issue 34: a phone's heart, for a signed-in Buyer or Seller, turning at once and back when the server refuses. */
const buyer = aUser({ role: 'Buyer' });
const phone = aProduct({ _id: '22222222-2222-4222-8222-222222222222' });

/** The server: the saved ids, and saving answers `saving` (200, or a refusal). */
function server(
  ids: string[],
  saving: { status: number; body: unknown } = { status: 200, body: { success: true, data: { productId: phone._id, saved: true } } },
) {
  let kept = [...ids];
  return fakeApi(({ method, path }: Call) => {
    if (path === '/api/favourites/ids') return { status: 200, body: { success: true, data: { ids: kept } } };
    if (method === 'PUT' && path === `/api/favourites/${phone._id}`) {
      if (saving.status === 200) kept = [phone._id, ...kept];
      return saving;
    }
    if (method === 'DELETE' && path === `/api/favourites/${phone._id}`) {
      kept = kept.filter((id) => id !== phone._id);
      return { status: 200, body: { success: true, data: { productId: phone._id, saved: false } } };
    }
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}

describe("a phone's heart", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('saves and unsaves from the card: a toggle button named Save, then Saved, 44 px to touch, beside the link', async () => {
    signIn(buyer);
    const calls = server([]);
    renderAt('/', <ProductCard product={phone} />);
    const heart = await screen.findByRole('button', { name: 'Save', pressed: false });
    expect(heart).toHaveClass('h-11', 'w-11');
    // Not inside the card's link: a button in a link is no button.
    expect(heart.closest('a')).toBeNull();
    await userEvent.click(heart);
    await screen.findByRole('button', { name: 'Saved', pressed: true });
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([`/api/favourites/${phone._id}`]);
    await userEvent.click(screen.getByRole('button', { name: 'Saved' }));
    await screen.findByRole('button', { name: 'Save', pressed: false });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/favourites/${phone._id}`)).toBe(true);
  });

  it('turns back and says why when the server refuses', async () => {
    signIn(buyer);
    server([], { status: 409, body: { success: false, code: 'product_sold', message: 'This product is already sold' } });
    show(<SaveButton product={phone} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false'));
    expect(notify.error).toHaveBeenCalledWith('This product is already sold');
  });

  it('is not there signed out, for an Admin, or on one’s own phone; shows a phone saved before as saved', async () => {
    const calls = server([phone._id]);
    for (const user of [null, aUser({ role: 'Admin' }), aUser({ _id: phone.sellerId._id, role: 'Seller' })]) {
      localStorage.clear();
      if (user) signIn(user);
      show(<SaveButton product={phone} />);
      expect(screen.queryByRole('button')).toBeNull();
      cleanup();
    }
    // None of them asked for saved ids.
    expect(calls).toEqual([]);
    signIn(buyer);
    show(<SaveButton product={phone} />);
    expect(await screen.findByRole('button', { name: 'Saved', pressed: true })).toBeInTheDocument();
  });

  it('is not offered on a sold phone not saved before', async () => {
    signIn(buyer);
    const calls = server([]);
    show(<SaveButton product={{ ...phone, status: 'sold' }} />);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/favourites/ids']));
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe("a phone's heart in Bangla", () => {
  inBangla();
  afterEach(() => vi.unstubAllGlobals());

  it('is named in Bangla', async () => {
    localStorage.clear();
    signIn(buyer);
    server([]);
    renderAt('/', <SaveButton product={phone} />);
    await userEvent.click(await screen.findByRole('button', { name: 'সেভ করুন', pressed: false }));
    expect(await screen.findByRole('button', { name: 'সেভ করা হয়েছে', pressed: true })).toBeInTheDocument();
  });
});

const show = (element: ReactNode) => renderAt('/', element);
