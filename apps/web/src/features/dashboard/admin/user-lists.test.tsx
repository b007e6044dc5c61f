import type { SellerRow, User } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { page } from '../test-fixtures.ts';
import AllBuyers from './all-buyers.tsx';
import AllSellers from './all-sellers.tsx';
import { cellsOf, headers } from './test-fixtures.ts';

vi.mock('../../../lib/notify.ts', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));

/** Issue 35, items 15 and 17: what All Sellers shows to judge a verification by, Verify asking first, a buyer's suspension, the search. */
const aSeller = (overrides: Partial<SellerRow> = {}): SellerRow => ({
  ...aUser({ _id: '11111111-1111-4111-8111-111111111111', name: 'Tanvir Hasan', email: 'tanvir@example.com', role: 'Seller' }),
  memberSince: '2026-03-05T10:00:00.000Z',
  liveListings: 2,
  listings: 5,
  completedSales: 3,
  reports: 1,
  numberConfirmed: true,
  ...overrides,
});

/** The list's page for a GET, the changed account for a PUT. */
function serve(rows: unknown[], changed: Partial<User> = {}) {
  return fakeApi((call: Call) => (call.method === 'PUT' ? { status: 200, body: { success: true, data: { ...(rows[0] as User), ...changed } } } : page(rows)));
}
/** The query of every list request made so far. */
const listQueries = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([request]) => new URL((request as Request).url))
    .filter((url) => /all-(seller|buyer)$/.test(url.pathname))
    .map((url) => url.searchParams.get('q'));

describe('All Sellers', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('shows each seller’s join date, listings, completed sales, reports and whether their bKash number is confirmed', async () => {
    serve([
      aSeller(),
      aSeller({
        _id: '22222222-2222-4222-8222-222222222222',
        name: 'Rina Das',
        liveListings: 0,
        listings: 0,
        completedSales: 0,
        reports: 0,
        numberConfirmed: false,
        sellerVerified: true,
      }),
    ]);
    renderAt('/dashboard/allSellers', <AllSellers />);
    const table = await screen.findByRole('table', { name: 'All sellers' });
    expect(headers(table)).toEqual(['Image', 'Name', 'Email', 'Record', 'Verification', 'Suspension', 'Delete']);
    const record = (row: number) =>
      within(cellsOf(table, row)[3]!)
        .getAllByRole('definition')
        .map((d, i) => `${within(cellsOf(table, row)[3]!).getAllByRole('term')[i]!.textContent}: ${d.textContent}`);
    expect(record(0)).toEqual(['Joined: 5 Mar 2026', 'Listings: 2 on sale of 5', 'Completed sales: 3', 'Reports: 1', 'bKash number: Confirmed']);
    expect(within(cellsOf(table, 0)[3]!).getByText('5 Mar 2026')).toHaveAttribute('datetime', '2026-03-05T10:00:00.000Z');
    expect(record(1)).toEqual(['Joined: 5 Mar 2026', 'Listings: 0 on sale of 0', 'Completed sales: 0', 'Reports: 0', 'bKash number: Not confirmed']);
    expect(cellsOf(table, 1)[4]).toHaveTextContent('Verified');
  });

  it('Verify asks first, with what follows and a reason, and sends the reason only once given', async () => {
    const calls = serve([aSeller()], { sellerVerified: true });
    renderAt('/dashboard/allSellers', <AllSellers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Tanvir Hasan' }));
    const dialog = screen.getByRole('dialog', { name: 'Verify this seller?' });
    expect(dialog).toHaveTextContent('Tanvir Hasan gets the Verified badge on their phones and their seller page, and is told by e-mail.');
    const puts = () => calls.filter((c) => c.method === 'PUT');
    expect(puts()).toEqual([]);

    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(reason).toHaveAccessibleDescription('The reason is required');
    expect(puts()).toEqual([]);

    await userEvent.type(reason, 'Checked the trade licence');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(puts()).toEqual([
        { method: 'PUT', path: '/api/verify-seller/11111111-1111-4111-8111-111111111111', body: { reason: 'Checked the trade licence' } },
      ]),
    );
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Seller verified successfully'));
  });

  it('Cancel sends nothing', async () => {
    const calls = serve([aSeller()]);
    renderAt('/dashboard/allSellers', <AllSellers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Tanvir Hasan' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Verify this seller?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('All Buyers', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('suspends a buyer with a reason, asked first', async () => {
    const calls = serve([aUser()], { suspended: true });
    renderAt('/dashboard/allBuyers', <AllBuyers />);
    const table = await screen.findByRole('table', { name: 'All buyers' });
    expect(headers(table)).toEqual(['Image', 'Name', 'email', 'Suspension', 'delete']);
    await userEvent.click(screen.getByRole('button', { name: 'Suspend Mitu Akter' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend this buyer?' });
    expect(dialog).toHaveTextContent('Mitu Akter is signed out and cannot sign in or book until you reinstate them.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Booked phones and never came');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/api/suspend-buyer/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', body: { reason: 'Booked phones and never came' } },
      ]),
    );
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Buyer suspended'));
  });

  it('a suspended buyer says so, and Reinstate asks why', async () => {
    const calls = serve([aUser({ suspended: true })]);
    renderAt('/dashboard/allBuyers', <AllBuyers />);
    const table = await screen.findByRole('table', { name: 'All buyers' });
    expect(cellsOf(table, 0)[3]).toHaveTextContent('SuspendedReinstate');
    await userEvent.click(screen.getByRole('button', { name: 'Reinstate Mitu Akter' }));
    const dialog = screen.getByRole('dialog', { name: 'Reinstate this buyer?' });
    expect(dialog).toHaveTextContent('Mitu Akter can sign in and book again.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The complaint was false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/reinstate-buyer/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d']),
    );
  });
});

describe('searching a user list by name or e-mail', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('puts the words in the address and asks the server for them; emptying the box shows everyone again', async () => {
    const found = aUser({ _id: '33333333-3333-4333-8333-333333333333', name: 'মিতু 100% Phones' });
    // The server's answer to what was asked: the one match for a search, everyone without.
    fakeApi(() => (listQueries().at(-1) ? page([found]) : page([aUser(), found])));
    const { router } = renderAt('/dashboard/allBuyers', <AllBuyers />);
    const rows = async () => within(await screen.findByRole('table', { name: 'All buyers' })).getAllByRole('row').length - 1;
    await waitFor(async () => expect(await rows()).toBe(2));
    const box = screen.getByRole('searchbox', { name: 'Search by name or e-mail' });
    await userEvent.type(box, '  মিতু 100%{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${encodeURIComponent('মিতু 100%').replace(/%20/g, '+')}`));
    await waitFor(() => expect(listQueries().at(-1)).toBe('মিতু 100%'));
    await waitFor(async () => expect(await rows()).toBe(1));
    expect(box).toHaveValue('মিতু 100%');
    await userEvent.clear(box);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(async () => expect(await rows()).toBe(2));
  });

  it('a reloaded address keeps the search: the box shows it and the list is asked for it', async () => {
    serve([aSeller()]);
    renderAt('/dashboard/allSellers?q=tanvir', <AllSellers />);
    await screen.findByRole('table', { name: 'All sellers' });
    expect(screen.getByRole('searchbox', { name: 'Search by name or e-mail' })).toHaveValue('tanvir');
    expect(listQueries()).toEqual(['tanvir']);
  });
});
