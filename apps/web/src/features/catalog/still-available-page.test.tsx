import type { ListingTerm } from '@market/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDate } from '../../lib/format.ts';
import { fakeApi, renderAt, type Call } from '../../test-utils.tsx';
import { StillAvailablePage } from './still-available-page.tsx';

/** Issue 36: the expiry reminder's one tap, opened signed out. */
const DAY = 86_400_000;
const key = `3f6c1e2a-8b4d-4c1e-9a7f-2d5b8c9e0a11.1790000000.${'A'.repeat(43)}`;
const term = (overrides: Partial<ListingTerm> = {}): ListingTerm => ({
  productId: '3f6c1e2a-8b4d-4c1e-9a7f-2d5b8c9e0a11',
  productName: 'Galaxy S21',
  img: '/uploads/0b5e2c1d-7a4f-4e3b-8c9d-1f2e3a4b5c6d.webp',
  status: 'available',
  expiresAt: new Date(Date.now() + 3 * DAY).toISOString(),
  link: 'due',
  ...overrides,
});
const ok = (data: ListingTerm) => ({ status: 200, body: { success: true, data } });
const open = () => renderAt(`/still-available/${key}`, <StillAvailablePage />, '/still-available/:token');

describe('the "Still available" page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the phone and its end; opening it renews nothing, the button does: "Renewed: on sale until …"', async () => {
    const shown = term();
    const renewed = term({ expiresAt: new Date(Date.now() + 60 * DAY).toISOString(), link: 'renewed' });
    const calls = fakeApi(({ path }: Call) => (path === '/api/still-available' ? ok(renewed) : ok(shown)));
    open();
    expect(
      await screen.findByText(`On sale until ${localDate(shown.expiresAt)}. Still have the phone? Tap the button and it stays on sale 60 more days.`),
    ).toBeInTheDocument();
    expect(screen.getByText('Galaxy S21')).toBeInTheDocument();
    expect(document.querySelector('main img')).toHaveAttribute('src', shown.img);
    expect(calls).toEqual([{ method: 'POST', path: '/api/listing-term', body: { token: key } }]);

    await userEvent.click(screen.getByRole('button', { name: 'Still available' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Renewed: on sale until ${localDate(renewed.expiresAt)}`);
    expect(screen.queryByRole('button', { name: 'Still available' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See its page' })).toHaveAttribute('href', `/detail-product/${shown.productId}`);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/listing-term', 'POST /api/still-available']);
    expect(calls[1]!.body).toEqual({ token: key });
  });

  it('an expired listing: when it expired, and the button brings it back', async () => {
    const shown = term({ status: 'expired', expiresAt: new Date(Date.now() - DAY).toISOString() });
    fakeApi(() => ok(shown));
    open();
    expect(await screen.findByText(new RegExp(`^It expired on ${localDate(shown.expiresAt)} and left search`))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Still available' })).toBeEnabled();
  });

  it('a link used already: "Already renewed", no button', async () => {
    const shown = term({ link: 'renewed', expiresAt: new Date(Date.now() + 59 * DAY).toISOString() });
    const calls = fakeApi(() => ok(shown));
    open();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`Already renewed: on sale until ${localDate(shown.expiresAt)}`));
    expect(screen.queryByRole('button', { name: 'Still available' })).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/listing-term']);
  });

  it('a link that is not valid: why, in words, and the way to My Products', async () => {
    fakeApi(() => ({
      status: 400,
      body: { success: false, code: 'renew_link_invalid', message: 'This link is not valid: renew the listing from My Products' },
    }));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid: renew the listing from My Products');
    expect(screen.getByRole('link', { name: 'My Products' })).toHaveAttribute('href', '/dashboard/myProduct');
    expect(screen.queryByRole('button', { name: 'Still available' })).toBeNull();
  });

  it('a listing that can no longer be renewed (sold since the mail): said when the button is pressed', async () => {
    fakeApi(({ path }: Call) =>
      path === '/api/still-available'
        ? { status: 409, body: { success: false, code: 'listing_not_renewable', message: 'Only a listing on sale or expired can be renewed' } }
        : ok(term()),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Still available' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a listing on sale or expired can be renewed');
    expect(screen.queryByRole('button', { name: 'Still available' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My Products' })).toBeInTheDocument();
  });
});
