import { i18n } from '@lingui/core';
import { intlLocale, type Earnings as Figures, type Payout, type PayoutMethod } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import Earnings from './earnings.tsx';

/** Issue 32: where a seller is paid (a bKash wallet confirmed by an SMS code, or a bank account), 'Pay me out now', the payouts. */
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const wallet = '01770618575';

const figures = (over: Partial<Figures> = {}): Figures => ({
  held: 0,
  available: 1234500,
  payingOut: 0,
  paidOut: 0,
  fees: { percent: 3, minimum: 30 },
  payoutMinimum: 500,
  ...over,
});
const aWallet = (confirmed: boolean): PayoutMethod => ({
  kind: 'bkash',
  wallet,
  accountName: null,
  accountNumberEnd: null,
  bankName: null,
  routingNumber: null,
  confirmed,
  updatedAt: confirmed ? '2026-11-28T10:05:00.000Z' : '2026-11-28T10:00:00.000Z',
});
const aPayout = (over: Partial<Payout> = {}): Payout => ({
  _id: '11111111-1111-4111-8111-111111111111',
  sellerId: seller._id,
  sellerName: seller.name,
  amount: 1234500,
  method: 'bkash',
  destination: `bKash ${wallet}`,
  state: 'requested',
  cause: 'asked',
  providerRef: null,
  failure: null,
  createdAt: '2026-11-28T11:00:00.000Z',
  settledAt: null,
  ...over,
});

const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
const pageOf = (data: unknown[]) => ({ status: 200, body: { success: true, data, meta: { nextCursor: null } } });
const refusal = (status: number, code: string, params?: Record<string, unknown>) => ({
  status,
  body: { success: false, message: code, code, ...(params ? { params } : {}) },
});

/** The API as a seller's Earnings asks it; `world` is what the server holds now, changed by the calls as the server would. */
function api(
  world: { method: PayoutMethod | null; figures: Figures; payouts: Payout[] },
  answer?: (call: Call) => { status: number; body: unknown } | undefined,
) {
  return fakeApi((call: Call) => {
    const own = answer?.(call);
    if (own) return own;
    if (call.path === '/api/earnings') return ok(world.figures);
    if (call.path === '/api/earnings/sales') return pageOf([]);
    if (call.path === '/api/payout-method' && call.method === 'GET') return ok(world.method);
    if (call.path === '/api/payouts' && call.method === 'GET') return pageOf(world.payouts);
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}

const section = () => screen.getByRole('region', { name: 'Where we pay you' });
const payouts = () => screen.getByRole('region', { name: 'Payouts' });

describe('Earnings: where we pay you, and payouts', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sets a bKash wallet, then confirms it with the code sent by SMS: a wrong code says how many tries are left', async () => {
    const world = { method: null as PayoutMethod | null, figures: figures(), payouts: [] };
    const calls = api(world, ({ method, path, body }) => {
      if (method === 'PUT' && path === '/api/payout-method') return ok((world.method = aWallet(false)));
      if (method === 'POST' && path === '/api/payout-method/confirm') {
        if ((body as { code: string }).code !== '482913') return refusal(400, 'sms_code_wrong', { left: 4 });
        return ok((world.method = aWallet(true)));
      }
      return undefined;
    });
    renderAt('/dashboard/earnings', <Earnings />);
    expect(await within(await screen.findByRole('region', { name: 'Where we pay you' })).findByText(/^No payout method yet/)).toBeInTheDocument();
    // No method: nothing can be paid out yet, and the page says why.
    const payNow = await within(payouts()).findByRole('button', { name: 'Pay me out now' });
    expect(payNow).toBeDisabled();
    expect(payNow).toHaveAccessibleDescription('Add where we pay you first.');

    const form = within(section()).getByRole('form', { name: 'Where we pay you' });
    expect(within(form).getByRole('radio', { name: 'A bKash wallet' })).toBeChecked();
    const number = within(form).getByLabelText('bKash number');
    await userEvent.type(number, '0123');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(number).toHaveAccessibleDescription('bKash number must be a Bangladeshi mobile number: 01 and 9 more digits (+880 in front is fine)');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.clear(number);
    await userEvent.type(number, '+880 1770-618575');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    // The wallet as typed: the server reads every way of writing it.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/api/payout-method', body: { kind: 'bkash', wallet: '+880 1770-618575' } },
      ]),
    );
    expect(await within(section()).findByText('We sent a 6-digit code by SMS to 01770618575; it lasts 10 minutes.')).toBeInTheDocument();
    expect(within(section()).getByText('bKash wallet 01770618575')).toBeInTheDocument();
    expect(within(section()).getByText('Not confirmed yet')).toBeInTheDocument();
    expect(within(payouts()).getByRole('button', { name: 'Pay me out now' })).toHaveAccessibleDescription(
      'Confirm your bKash wallet first, with the code we sent to it.',
    );

    const code = within(section()).getByLabelText('Code from the SMS');
    await userEvent.type(code, '123');
    await userEvent.click(within(section()).getByRole('button', { name: 'Confirm' }));
    expect(code).toHaveAccessibleDescription('Code from the SMS must be the 6 digits of the code we sent');
    await userEvent.clear(code);
    await userEvent.type(code, '111111');
    await userEvent.click(within(section()).getByRole('button', { name: 'Confirm' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('That is not the code we sent: 4 tries left');

    await userEvent.clear(code);
    await userEvent.type(code, '482913');
    await userEvent.click(within(section()).getByRole('button', { name: 'Confirm' }));
    expect(await within(section()).findByText('Ready for payouts')).toBeInTheDocument();
    expect(within(section()).queryByLabelText('Code from the SMS')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/payout-method/confirm').map((c) => c.body)).toEqual([{ code: '111111' }, { code: '482913' }]);
    await waitFor(() => expect(within(payouts()).getByRole('button', { name: 'Pay me out now' })).toBeEnabled());
  });

  it('sends the same wallet again for a new code', async () => {
    const world = { method: aWallet(false) as PayoutMethod | null, figures: figures(), payouts: [] };
    const calls = api(world, ({ method }) =>
      method === 'PUT' ? ok((world.method = { ...aWallet(false), updatedAt: '2026-11-28T10:09:00.000Z' })) : undefined,
    );
    renderAt('/dashboard/earnings', <Earnings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ kind: 'bkash', wallet }]));
  });

  it("checks a bank account's fields as the server does before sending it", async () => {
    const world = { method: aWallet(true) as PayoutMethod | null, figures: figures(), payouts: [] };
    const calls = api(world, ({ method, body }) =>
      method === 'PUT'
        ? ok(
            (world.method = {
              kind: 'bank',
              wallet: null,
              accountName: 'Nadia Rahman',
              accountNumberEnd: '5678',
              bankName: 'Dutch-Bangla Bank, Gulshan',
              routingNumber: (body as { routingNumber: string }).routingNumber,
              confirmed: true,
              updatedAt: '2026-11-28T12:00:00.000Z',
            }),
          )
        : undefined,
    );
    renderAt('/dashboard/earnings', <Earnings />);
    expect(await screen.findByText('bKash wallet 01770618575')).toBeInTheDocument();
    await userEvent.click(within(section()).getByRole('button', { name: 'Change' }));
    const form = within(section()).getByRole('form', { name: 'Where we pay you' });
    await userEvent.click(within(form).getByRole('radio', { name: 'A bank account' }));
    expect(within(form).queryByLabelText('bKash number')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText("Account holder's name")).toHaveAccessibleDescription("Enter the account holder's name");
    expect(within(form).getByLabelText('Account number')).toHaveAccessibleDescription('Enter the account number');
    expect(within(form).getByLabelText('Bank and branch')).toHaveAccessibleDescription('Enter the bank and branch');
    expect(within(form).getByLabelText('Routing number')).toHaveAccessibleDescription('Enter the routing number');

    await userEvent.type(within(form).getByLabelText("Account holder's name"), 'Nadia Rahman');
    await userEvent.type(within(form).getByLabelText('Account number'), '12345');
    await userEvent.type(within(form).getByLabelText('Bank and branch'), 'Dutch-Bangla Bank, Gulshan');
    await userEvent.type(within(form).getByLabelText('Routing number'), '0902612');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText('Account number')).toHaveAccessibleDescription('Account number must be the account number: 10 to 17 digits');
    expect(within(form).getByLabelText('Routing number')).toHaveAccessibleDescription("Routing number must be the branch's routing number: 9 digits");
    expect(within(form).getByLabelText("Account holder's name")).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    // Grouped as on a cheque book: sent as plain digits.
    await userEvent.clear(within(form).getByLabelText('Account number'));
    await userEvent.type(within(form).getByLabelText('Account number'), '1234-5678 5678');
    await userEvent.clear(within(form).getByLabelText('Routing number'));
    await userEvent.type(within(form).getByLabelText('Routing number'), '090 261 725');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { kind: 'bank', accountName: 'Nadia Rahman', accountNumber: '123456785678', bankName: 'Dutch-Bangla Bank, Gulshan', routingNumber: '090261725' },
      ]),
    );
    expect(
      await within(section()).findByText('Dutch-Bangla Bank, Gulshan, account of Nadia Rahman ending 5678 (routing number 090261725)'),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('form')).toBeNull();
  });

  it('asks for a payout after saying how much and where, then shows it on its way and the figures again', async () => {
    const world = { method: aWallet(true) as PayoutMethod | null, figures: figures(), payouts: [] as Payout[] };
    const calls = api(world, ({ method, path }) => {
      if (method !== 'POST' || path !== '/api/payouts') return undefined;
      world.payouts = [aPayout()];
      world.figures = figures({ available: 0, payingOut: 1234500 });
      return ok(world.payouts[0], 201);
    });
    renderAt('/dashboard/earnings', <Earnings />);
    expect(
      await within(await screen.findByRole('region', { name: 'Payouts' })).findByText('No payouts yet: ask for one above, or wait for the weekly payout'),
    ).toBeInTheDocument();
    const payNow = await within(payouts()).findByRole('button', { name: 'Pay me out now' });
    await waitFor(() => expect(payNow).toBeEnabled());
    await userEvent.click(payNow);
    const dialog = screen.getByRole('dialog', { name: 'Pay out now?' });
    expect(dialog).toHaveTextContent('৳12,345 to bKash 01770618575: it reaches the wallet within minutes.');
    const earningsAsked = calls.filter((c) => c.path === '/api/earnings').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay me out' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/payouts', body: {} }]));
    // The list and the figures are asked again: the payout is on its way, nothing is left to pay out.
    const table = await within(payouts()).findByRole('table', { name: 'My payouts, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['28 Nov 2026', '৳12,345', 'bKash 01770618575', 'Asked by you', 'On its way']);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/earnings').length).toBeGreaterThan(earningsAsked));
    expect(await screen.findByText('Being paid out', { selector: 'dt' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Being paid out', { selector: 'dt' }).nextElementSibling).toHaveTextContent('৳12,345'));
    expect(within(payouts()).getByRole('button', { name: 'Pay me out now' })).toHaveAccessibleDescription(
      'A payout is on its way: ask for the next one when it has arrived.',
    );
  });

  it("shows the server's refusal, and each payout's state in plain words", async () => {
    const world = {
      method: aWallet(true) as PayoutMethod | null,
      figures: figures({ available: 30000 }),
      payouts: [
        aPayout({
          _id: '22222222-2222-4222-8222-222222222222',
          state: 'paid',
          cause: 'weekly',
          settledAt: '2026-11-21T09:00:00.000Z',
          createdAt: '2026-11-21T08:00:00.000Z',
        }),
        aPayout({
          _id: '33333333-3333-4333-8333-333333333333',
          state: 'failed',
          failure: 'bKash: the wallet is not an account',
          createdAt: '2026-11-20T08:00:00.000Z',
        }),
      ],
    };
    api(world, ({ method }) => (method === 'POST' ? refusal(409, 'payout_below_minimum', { minimum: 500 }) : undefined));
    renderAt('/dashboard/earnings', <Earnings />);
    const table = await screen.findByRole('table', { name: 'My payouts, newest first' });
    const [, paid, failed] = within(table).getAllByRole('row');
    expect(paid).toHaveTextContent('21 Nov 2026৳12,345bKash 01770618575Weekly payoutPaidon 21 Nov 2026');
    expect(failed).toHaveTextContent('Asked by youFailedbKash: the wallet is not an account — the money is back in your balance');

    const payNow = await within(payouts()).findByRole('button', { name: 'Pay me out now' });
    await waitFor(() => expect(payNow).toBeEnabled());
    await userEvent.click(payNow);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Pay out now?' })).getByRole('button', { name: 'Pay me out' }));
    expect(await within(payouts()).findByRole('alert')).toHaveTextContent('A payout is at least 500 taka: your available balance is less');
  });

  it('says there is nothing to pay out while nothing is available', async () => {
    api({ method: aWallet(true), figures: figures({ available: 0, held: 5000000 }), payouts: [] });
    renderAt('/dashboard/earnings', <Earnings />);
    const payNow = await within(await screen.findByRole('region', { name: 'Payouts' })).findByRole('button', { name: 'Pay me out now' });
    expect(payNow).toBeDisabled();
    expect(payNow).toHaveAccessibleDescription('Nothing to pay out yet: the money of a deal is yours to be paid once the deal completes.');
  });

  describe('in Bangla', () => {
    beforeEach(async () => {
      await Promise.all([loadCatalog('bn', 'dashboard'), loadCatalog('bn', 'common'), loadCatalog('bn', 'forms'), loadCatalog('bn', 'errors')]);
      i18n.activate('bn', [intlLocale.bn]);
    });
    afterEach(() => i18n.activate('en', [intlLocale.en]));

    it('says where the seller is paid, the code, the payout and its state in Bangla', async () => {
      const world = {
        method: aWallet(false) as PayoutMethod | null,
        figures: figures(),
        payouts: [aPayout({ state: 'paid', settledAt: '2026-11-28T11:05:00.000Z' })],
      };
      api(world, ({ method }) => {
        if (method === 'POST') return refusal(400, 'sms_code_expired');
        return undefined;
      });
      renderAt('/dashboard/earnings', <Earnings />);
      const where = await screen.findByRole('region', { name: 'আপনাকে কোথায় টাকা পাঠাব' });
      expect(await within(where).findByText('বিকাশ ওয়ালেট 01770618575')).toBeInTheDocument();
      expect(within(where).getByText('এখনো নিশ্চিত হয়নি')).toBeInTheDocument();
      expect(within(where).getByText('01770618575 নম্বরে আমরা এসএমএসে ৬ অঙ্কের একটি কোড পাঠিয়েছি; এটি ১০ মিনিট কাজ করবে।')).toBeInTheDocument();
      const code = within(where).getByLabelText('এসএমএসের কোড');
      await userEvent.click(within(where).getByRole('button', { name: 'নিশ্চিত করুন' }));
      expect(code).toHaveAccessibleDescription('এসএমএসে আসা কোডটি লিখুন');
      await userEvent.type(code, '১২৩৪৫৬');
      await userEvent.click(within(where).getByRole('button', { name: 'নিশ্চিত করুন' }));
      expect(await within(where).findByRole('alert')).toHaveTextContent('কোডটির মেয়াদ শেষ (কোড ১০ মিনিট থাকে): নতুন কোড চান');
      expect(within(where).getByRole('button', { name: 'নতুন কোড পাঠান' })).toBeInTheDocument();

      const list = screen.getByRole('region', { name: 'পেআউট' });
      const payNow = await within(list).findByRole('button', { name: 'এখনই টাকা তুলুন' });
      expect(payNow).toHaveAccessibleDescription('আগে আমাদের পাঠানো কোড দিয়ে আপনার বিকাশ ওয়ালেট নিশ্চিত করুন।');
      const table = await within(list).findByRole('table', { name: 'আমার পেআউট, নতুনগুলো আগে' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['চাওয়ার তারিখ', 'পরিমাণ', 'কোথায়', 'কীভাবে', 'অবস্থা']);
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('২৮ নভে, ২০২৬৳১২,৩৪৫bKash 01770618575আপনি চেয়েছেনপরিশোধ হয়েছে২৮ নভে, ২০২৬ তারিখে');
    });

    it('asks before a payout in Bangla: how much and where', async () => {
      api({ method: aWallet(true), figures: figures(), payouts: [] });
      renderAt('/dashboard/earnings', <Earnings />);
      const payNow = await within(await screen.findByRole('region', { name: 'পেআউট' })).findByRole('button', { name: 'এখনই টাকা তুলুন' });
      await waitFor(() => expect(payNow).toBeEnabled());
      await userEvent.click(payNow);
      expect(screen.getByRole('dialog', { name: 'এখনই টাকা তুলবেন?' })).toHaveTextContent('৳১২,৩৪৫ যাবে বিকাশ 01770618575-এ: কয়েক মিনিটের মধ্যে ওয়ালেটে পৌঁছাবে।');
    });
  });
});
