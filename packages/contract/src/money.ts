/**
 * Money through the site (issue 32, decision 052), as plain data the API and the web share (no zod: the web reads
 * it). Amounts of money are integers in poisha (1 taka = 100 poisha); a phone's price is whole taka.
 */

/** The site's fee on a protected sale: a share of the price, at least a minimum, never more than the price. Cash deals owe none. */
export interface FeeTerms {
  /** Percent of the price (e.g. 3 or 2.5). */
  percent: number;
  /** The least fee, in whole taka. */
  minimum: number;
}

/** Poisha in a taka. */
export const POISHA = 100;

/** A whole-taka price in poisha. */
export const poishaOf = (taka: number): number => Math.round(taka * POISHA);

/** The fee of a protected sale at `priceTaka` under `terms`, in poisha (the deal keeps it from its booking on). */
export const feeOf = (priceTaka: number, terms: FeeTerms): number => {
  const price = poishaOf(priceTaka);
  return Math.min(price, Math.max(poishaOf(terms.minimum), Math.round((price * Math.round(terms.percent * 100)) / 10_000)));
};

/**
 * The ledger's kinds of account. Each account's balance is the money it holds now; `provider` accounts are the
 * world's side of a payment provider (what came in through it, negative, plus what went back or out through it).
 * - provider: one per provider (sandbox, stripe, bkash for payments and refunds; bkash-payout and bank for payouts)
 * - held: one per seller, the protected payments of their deals not yet completed or refunded
 * - seller: one per seller, what they may be paid out (available)
 * - payouts: one per seller, payouts asked of a provider and not yet confirmed or failed
 * - refunds: refunds owed to buyers, asked of the provider and not yet confirmed
 * - fees: the site's fees
 * - adjustments: the site's side of an Admin's adjustment of a seller's balance
 */
export const ledgerAccountKinds = ['provider', 'held', 'seller', 'payouts', 'refunds', 'fees', 'adjustments'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

/**
 * What caused a ledger entry; with its cause's id, unique: the same cause is never written twice.
 * - payment: a protected payment settled (provider → held)
 * - completion: a protected deal completed, by its window or an Admin's release (held → fees + seller)
 * - refund: a refund asked (held, or seller + fees of a completed deal, or the provider for money that settled nothing → refunds)
 * - refund_paid: the provider confirmed a refund (refunds → provider)
 * - payout: a payout asked (seller → payouts); payout_paid: confirmed (payouts → provider); payout_failed: back (payouts → seller)
 * - adjustment: an Admin's correction of a seller's balance, with a reason (adjustments ↔ seller)
 */
export const ledgerCauses = ['payment', 'completion', 'refund', 'refund_paid', 'payout', 'payout_paid', 'payout_failed', 'adjustment'] as const;
export type LedgerCause = (typeof ledgerCauses)[number];
