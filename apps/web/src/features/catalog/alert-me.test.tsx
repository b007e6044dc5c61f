import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import { AlertMe } from './alert-me.tsx';

/** Issue 34: "Alert me" keeps the search on the page (its filters, not its order), at once or daily. */
describe('Alert me', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the search’s filters with the chosen frequency, and says it is saved', async () => {
    signIn(aUser({ role: 'Buyer' }));
    const calls = fakeApi(({ method }: Call) =>
      method === 'POST'
        ? {
            status: 201,
            body: {
              success: true,
              data: { _id: '00000000-0000-4000-8000-000000000001', query: {}, frequency: 'daily', createdAt: '', matches: 0, lastMatchAt: null },
            },
          }
        : { status: 404, body: {} },
    );
    renderAt('/search', <AlertMe args={{ q: 'galaxy s21', district: 'dhaka', sort: 'price_asc', maxPrice: 50000 }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Alert me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert me of new phones like these' });
    await userEvent.click(screen.getByRole('radio', { name: 'Once a day, in one e-mail' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save the alert' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/saved-searches',
      body: { query: { q: 'galaxy s21', district: 'dhaka', maxPrice: 50000 }, frequency: 'daily' },
    });
    // Saved: the dialog closes (the toast says so).
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('leads a visitor to the login', () => {
    fakeApi(() => ({ status: 404, body: {} }));
    renderAt('/search', <AlertMe args={{ q: 'pixel' }} />);
    expect(screen.getByRole('link', { name: 'Alert me' })).toHaveAttribute('href', '/login');
  });

  it('shows nothing for a search of nothing (an order alone)', () => {
    fakeApi(() => ({ status: 404, body: {} }));
    signIn(aUser({ role: 'Buyer' }));
    renderAt('/search', <AlertMe args={{ sort: 'newest' }} />);
    expect(screen.queryByText('Alert me')).toBeNull();
  });

  it('shows nothing to an Admin', () => {
    fakeApi(() => ({ status: 404, body: {} }));
    signIn(aUser({ role: 'Admin' }));
    renderAt('/search', <AlertMe args={{ q: 'pixel' }} />);
    expect(screen.queryByText('Alert me')).toBeNull();
  });
});
