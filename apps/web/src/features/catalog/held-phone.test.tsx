import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser, fakeApi, renderAt, signIn } from '../../test-utils.tsx';
import { DetailPage } from './detail-page.tsx';

/** Issue 36: a listing held for a check is not public; its seller opening its page sees it with its check. */
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const held = aProduct({
  productName: 'Pixel 7',
  status: 'pending',
  check: { state: 'waiting', signals: ['photo_reused'], reason: null, since: '2026-11-24T10:00:00.000Z', hours: 4 },
});

/** The public page answers 404 for a held listing; the owner's answer is the seller's (and Admins') only. */
function open(owner: boolean) {
  fakeApi(({ path }) =>
    owner && path === `/api/own-product/${held._id}`
      ? { status: 200, body: { success: true, data: held } }
      : { status: 404, body: { success: false, message: 'Product not found' } },
  );
  renderAt(`/detail-product/${held._id}`, <DetailPage />, '/detail-product/:id');
}

describe('a held listing’s page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows its seller the listing with its check instead of Book Now, and the way to edit it', async () => {
    signIn(seller);
    open(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel 7' })).toBeInTheDocument();
    const notice = screen.getByRole('heading', { level: 2, name: 'Waiting for a check' }).parentElement!;
    expect(notice).toHaveTextContent('A person checks it before buyers see it, usually within 4 hours.');
    expect(notice).toHaveTextContent('A photo is like one on another seller’s listing');
    expect(within(notice).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/dashboard/edit-product/${held._id}`);
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
  });

  it('is not found for anyone else', async () => {
    signIn(aUser({ role: 'Buyer' }));
    open(false);
    expect(await screen.findByRole('link', { name: 'Back to Home' })).toBeInTheDocument();
    expect(screen.queryByText('Pixel 7')).toBeNull();
  });
});
