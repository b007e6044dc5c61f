import type { MailPreferences } from '@market/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import { MailChoices } from './mail-choices.tsx';

/** Issue 31, item 6: which notifications also come by e-mail, one box per kind the person's side is told of. */
function server(start: MailPreferences['mailOff']) {
  let kept = start;
  return (call: Call) => {
    if (call.method === 'PUT' && call.path === '/api/notifications/preferences') kept = (call.body as MailPreferences).mailOff;
    return { status: 200, body: { success: true, data: { mailOff: kept } } };
  };
}
const boxes = async () =>
  (await screen.findAllByRole('checkbox')).map((b) => `${(b as HTMLInputElement).checked ? '[x]' : '[ ]'} ${b.closest('label')!.textContent}`);

describe('E-mails about your deals', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("a seller's kinds, ticked unless switched off; unticking one keeps it off at once and says so", async () => {
    signIn(aUser({ role: 'Seller' }));
    const calls = fakeApi(server(['refund']));
    renderAt('/dashboard/account', <MailChoices />);
    expect(await screen.findByRole('group', { name: 'E-mails about your deals' })).toBeInTheDocument();
    expect(await boxes()).toEqual([
      '[x] Someone books one of my phones',
      '[x] A booking expires unanswered',
      '[x] A buyer cancels a booking',
      '[x] One of my phones is paid for',
      '[x] A deal of mine is completed',
      '[x] A buyer opens a dispute',
      '[x] A dispute is decided for the seller, or split',
      '[x] A handover locks after wrong codes',
      '[x] A deal is called off',
      '[ ] A payment is refunded',
      '[x] The meeting day of a deal',
      '[x] A buyer reviews me',
      '[x] A report of mine is looked at and dismissed',
      '[x] A report of mine is acted on',
      '[x] An administrator removes one of my listings',
      '[x] My account is suspended',
      '[x] My account is reinstated',
      '[x] An administrator asks me about a dispute',
      '[x] A payout is sent to me',
      '[x] A payout to me fails',
      '[x] My payout method changes',
      '[x] Messages I have not read for 15 minutes (one e-mail for them all)',
      '[x] A phone I saved gets cheaper',
      '[x] A phone I saved is sold',
      '[x] A phone I saved expires',
      '[x] A phone matching a saved search set to tell me at once',
      '[x] One of my listings waits for a check',
      '[x] A listing of mine is approved after its check',
      '[x] A listing of mine is not approved',
      '[x] A listing of mine expires in 5 days',
      '[x] A listing of mine expired',
      '[x] An administrator verified my seller account',
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Someone books one of my phones' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your choice is saved.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ mailOff: ['refund', 'book'] }]);
    await waitFor(async () => expect(await boxes()).toContain('[ ] Someone books one of my phones'));
  });

  it("a buyer's kinds; an unconfirmed address is told that mails wait for it", async () => {
    signIn(aUser({ role: 'Buyer', emailVerified: false }));
    fakeApi(server([]));
    renderAt('/dashboard/account', <MailChoices />);
    expect(await boxes()).toEqual([
      '[x] The seller accepts my booking',
      '[x] The seller declines my booking',
      '[x] A booking expires unanswered',
      '[x] The seller confirms the handover of a phone I bought',
      '[x] A deal of mine is completed',
      '[x] A dispute is decided for the seller, or split',
      '[x] A phone I booked goes to another buyer',
      '[x] A handover locks after wrong codes',
      '[x] A deal is called off',
      '[x] A payment is refunded',
      '[x] The meeting day of a deal',
      '[x] A report of mine is looked at and dismissed',
      '[x] A report of mine is acted on',
      // A buyer's account can be suspended too (issue 35, item 17).
      '[x] My account is suspended',
      '[x] My account is reinstated',
      '[x] An administrator asks me about a dispute',
      '[x] Messages I have not read for 15 minutes (one e-mail for them all)',
      '[x] A phone I saved gets cheaper',
      '[x] A phone I saved is sold',
      '[x] A phone I saved expires',
      '[x] A phone matching a saved search set to tell me at once',
    ]);
    expect(screen.getByText('E-mails go only to a confirmed address: confirm yours to get them.')).toBeInTheDocument();
  });

  it('an Admin, told of no deal, has nothing to choose and asks nothing', async () => {
    signIn(aUser({ role: 'Admin' }));
    const calls = fakeApi(server([]));
    renderAt(
      '/dashboard/account',
      <>
        <h1>Account</h1>
        <MailChoices />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(calls).toEqual([]);
  });
});
