import type { MoneyOverview, Payout } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import Money from './money.tsx';
import { cellsOf, headers } from './test-fixtures.ts';

/** Issue 32: the Admins' money view, each provider reconciled, the payouts, the bank batch and a balance adjusted. */
const admin = aUser({ role: 'Admin' });
const sellerId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const overview: MoneyOverview = {
  held: 3650000,
  fees: 240000,
  refundsOwed: 0,
  sellersAvailable: 7760000,
  payouts: { waiting: { count: 1, amount: 500000 }, sending: { count: 1, amount: 2000000 }, failed: { count: 0, amount: 0 } },
  providers: [
    { provider: 'bank', books: { taken: 0, refunded: 0, paidOut: 0 }, providerSays: null, matches: null },
    { provider: 'bkash', books: { taken: 8000000, refunded: 0, paidOut: 0 }, providerSays: { taken: 7900000, refunded: 0, paidOut: 0 }, matches: false },
    { provider: 'bkash-payout', books: { taken: 0, refunded: 0, paidOut: 1234500 }, providerSays: { taken: 0, refunded: 0, paidOut: 1234500 }, matches: true },
  ],
};

const aPayout = (over: Partial<Payout> = {}): Payout => ({
  _id: '11111111-1111-4111-8111-111111111111',
  sellerId,
  sellerName: 'Rafiq Mobile House',
  amount: 2000000,
  method: 'bank',
  destination: 'Dutch-Bangla Bank ····5678 (routing 090261725)',
  state: 'sending',
  cause: 'weekly',
  providerRef: '5a1d7c5e-0000-4000-8000-000000000001',
  failure: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  settledAt: null,
  ...over,
});
const bkashPaid = aPayout({
  _id: '22222222-2222-4222-8222-222222222222',
  method: 'bkash',
  destination: 'bKash 01770618575',
  amount: 1234500,
  state: 'paid',
  cause: 'asked',
  providerRef: 'PO12345',
});

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const pageOf = (data: unknown[]) => ({ status: 200, body: { success: true, data, meta: { nextCursor: null } } });

function api(answer?: (call: Call) => { status: number; body: unknown } | undefined) {
  return fakeApi((call) => {
    const own = answer?.(call);
    if (own) return own;
    if (call.path === '/api/money-overview') return ok(overview);
    if (call.path === '/api/all-payouts') return pageOf([aPayout(), bkashPaid]);
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}

/** The URLs fetch was asked for, with their query. */
const fetched = () => vi.mocked(fetch).mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));

describe('Money', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(admin);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the figures, and each provider against the books: matches, does not match, not compared', async () => {
    api();
    renderAt('/dashboard/money', <Money />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Money' })).toBeInTheDocument();
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;
    expect(await screen.findByText('Held for deals not yet completed', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Held for deals not yet completed')).toHaveTextContent('৳36,500');
    expect(figure('Fees earned')).toHaveTextContent('৳2,400');
    expect(figure('Sellers may be paid')).toHaveTextContent('৳77,600');
    expect(figure('Payouts waiting')).toHaveTextContent('৳5,0001 payout');
    expect(figure('Payouts being sent')).toHaveTextContent('৳20,0001 payout');

    const table = screen.getByRole('table', { name: 'Each provider: what the books say against what the provider says' });
    expect(headers(table)).toEqual(['Provider', 'Taken', 'Refunded', 'Paid out', 'Compared']);
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(
      within(row('Bank transfers'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Books: ৳0Provider: no report', 'Books: ৳0Provider: no report', 'Books: ৳0Provider: no report', 'Not compared']);
    expect(
      within(row('bKash payments'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Books: ৳80,000Provider: ৳79,000', 'Books: ৳0Provider: ৳0', 'Books: ৳0Provider: ৳0', 'Does not match']);
    expect(within(row('bKash payouts')).getAllByRole('cell').at(-1)).toHaveTextContent('Matches');
    expect(within(row('bKash payouts')).getAllByRole('cell')[2]).toHaveTextContent('Books: ৳12,345Provider: ৳12,345');
  });

  it('lists the payouts in the state chosen', async () => {
    const calls = api();
    renderAt('/dashboard/money', <Money />);
    const table = await screen.findByRole('table', { name: "Sellers' payouts, newest first" });
    expect(headers(table)).toEqual(['Asked', 'Seller', 'Amount', 'To', 'State', 'Act']);
    expect(cellsOf(table, 0)[2]).toHaveTextContent('৳20,000');
    expect(cellsOf(table, 0)[4]).toHaveTextContent('Being sent');
    expect(cellsOf(table, 1)[4]).toHaveTextContent('PaidRef. PO12345');
    // Only a bank payout being sent can be marked.
    expect(within(table).getAllByRole('button', { name: /^Mark (paid|failed): the payout/ })).toHaveLength(2);

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Failed');
    await waitFor(() =>
      expect(
        fetched()
          .filter((u) => u.includes('/api/all-payouts'))
          .at(-1),
      ).toBe(`${location.origin}/api/all-payouts?state=failed&limit=50`),
    );
    expect(calls.some((c) => c.path === '/api/all-payouts')).toBe(true);
  });

  it('marks a bank payout paid, or failed with the reason, each asked first', async () => {
    const calls = api(({ method, path, body }) =>
      method === 'PUT' ? ok(aPayout({ state: (body as { outcome: 'paid' | 'failed' }).outcome, _id: path.split('/').at(-1)! })) : undefined,
    );
    renderAt('/dashboard/money', <Money />);
    const table = await screen.findByRole('table', { name: "Sellers' payouts, newest first" });
    const to = 'Dutch-Bangla Bank ····5678 (routing 090261725)';
    await userEvent.click(within(table).getByRole('button', { name: `Mark paid: the payout of ৳20,000 to ${to}` }));
    const paid = screen.getByRole('dialog', { name: 'Mark this payout paid?' });
    expect(paid).toHaveTextContent(`৳20,000 to ${to}: the bank has confirmed the transfer. The seller is told it was sent. This cannot be undone.`);
    await userEvent.click(within(paid).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: `/api/payout/${aPayout()._id}`, body: { outcome: 'paid', reason: 'The bank confirmed the transfer' } },
      ]),
    );

    await userEvent.click(within(table).getByRole('button', { name: `Mark failed: the payout of ৳20,000 to ${to}` }));
    const failed = screen.getByRole('dialog', { name: 'Mark this payout failed?' });
    expect(failed).toHaveTextContent(`৳20,000 to ${to} go back to the seller's available balance, and the seller is told why. This cannot be undone.`);
    // No reason: asked for, nothing sent.
    await userEvent.click(within(failed).getByRole('button', { name: 'Mark failed' }));
    expect(within(failed).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('The reason is required');
    await userEvent.type(within(failed).getByRole('textbox', { name: 'Reason' }), 'The bank returned it: the account is closed');
    await userEvent.click(within(failed).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ outcome: 'failed', reason: 'The bank returned it: the account is closed' });
  });

  it('downloads the bank batch with the session token after asking, and says so when none waits', async () => {
    api();
    const json = vi.mocked(fetch).getMockImplementation()!;
    const batches: Request[] = [];
    let waiting = true;
    vi.mocked(fetch).mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname !== '/api/payout-batches') return json(request);
      batches.push(request);
      if (!waiting) {
        const body = { success: false, message: 'No bank payout is waiting to be sent', code: 'no_bank_payouts_waiting' };
        return new Response(JSON.stringify(body), { status: 409, headers: { 'content-type': 'application/json' } });
      }
      waiting = false;
      return new Response('payout,account name,account number,bank,routing number,amount (taka),reference\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="payouts-5a1d7c5e.csv"' },
      });
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://localhost:3000/batch'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    renderAt('/dashboard/money', <Money />);
    const download = await screen.findByRole('button', { name: 'Download the bank batch' });
    await userEvent.click(download);
    const dialog = screen.getByRole('dialog', { name: 'Send the waiting bank payouts?' });
    expect(dialog).toHaveTextContent('The file is made once: keep it.');
    // Cancel makes no batch.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(batches).toHaveLength(0);

    await userEvent.click(download);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Send the waiting bank payouts?' })).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['payouts-5a1d7c5e.csv']));
    expect(batches[0]!.method).toBe('POST');
    expect(batches[0]!.headers.get('authorization')).toBe((JSON.parse(localStorage.getItem('auth')!) as { token: string }).token);
    // Its payouts are being sent now: the view and the list are asked again.
    await waitFor(() => expect(fetched().filter((u) => u.endsWith('/api/money-overview')).length).toBeGreaterThan(1));

    await userEvent.click(download);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Send the waiting bank payouts?' })).getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No bank payout is waiting to be sent');
    expect(saved).toHaveLength(1);
  });

  it("adjusts a seller's balance: the id from a payout, whole taka with a sign, the reason, asked first", async () => {
    const calls = api(({ method, path }) => (method === 'POST' && path === `/api/seller-balance/${sellerId}` ? ok({ available: 7710000 }) : undefined));
    renderAt('/dashboard/money', <Money />);
    const form = await screen.findByRole('region', { name: "Adjust a seller's balance" });
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust the balance' }));
    expect(within(form).getByLabelText('Seller id')).toHaveAccessibleDescription('Enter the seller id');
    expect(within(form).getByLabelText('Amount (taka; a minus takes away)')).toHaveAccessibleDescription('Enter the amount in taka');
    expect(within(form).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('The reason is required');

    const table = await screen.findByRole('table', { name: "Sellers' payouts, newest first" });
    await userEvent.click(within(table).getAllByRole('button', { name: 'Adjust balance of seller Rafiq Mobile House' })[0]!);
    expect(within(form).getByLabelText('Seller id')).toHaveValue(sellerId);
    const amount = within(form).getByLabelText('Amount (taka; a minus takes away)');
    expect(amount).toHaveFocus();
    for (const typed of ['0', '12.5', '-10000001', 'fifty']) {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      expect(amount).toHaveAccessibleDescription('Enter a whole number of taka, not 0, at most 1,00,00,000 either way');
    }
    await userEvent.clear(amount);
    await userEvent.type(amount, '-500');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason' }), 'A refund by hand was paid twice');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust the balance' }));
    const dialog = screen.getByRole('dialog', { name: "Take ৳500 from this seller's balance?" });
    expect(dialog).toHaveTextContent(`Seller ${sellerId}. Reason: A refund by hand was paid twice.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust the balance' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', path: `/api/seller-balance/${sellerId}`, body: { amount: -500, reason: 'A refund by hand was paid twice' } },
      ]),
    );
    await waitFor(() => expect(amount).toHaveValue(''));
  });
});
