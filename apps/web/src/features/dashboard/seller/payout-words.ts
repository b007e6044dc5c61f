import type { Payout, PayoutMethod } from '@market/contract';
import { translate, type Key } from '../../../lib/i18n.ts';

/** Where a payout goes, as the seller reads it: 'bKash 01770618575', or the bank and the account's last 4 digits. */
export const whereOf = (m: PayoutMethod) =>
  m.kind === 'bkash'
    ? translate('payouts.toWallet', { wallet: m.wallet ?? '' })
    : translate('payouts.toBank', { bank: m.bankName ?? '', end: m.accountNumberEnd ?? '' });

/** A payout asked and not yet paid or failed: the next one waits for it. */
export const isOpen = (p: Pick<Payout, 'state'>) => p.state === 'requested' || p.state === 'sending';

/** Each state of a payout in the seller's words (being sent and waiting for the bank's batch are both on their way). */
export const stateIds: Record<Payout['state'], Key<'dashboard'>> = {
  requested: 'payouts.state.requested',
  sending: 'payouts.state.sending',
  paid: 'payouts.state.paid',
  failed: 'payouts.state.failed',
};
