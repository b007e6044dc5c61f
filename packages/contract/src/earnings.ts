import { z } from 'zod';
import { Id } from './common.ts';
import { dealStates, payWays } from './deal.ts';

/** The site's fee terms (issue 32): a share of a protected sale's price, at least a minimum in taka; cash deals owe none. */
export const Fees = z.object({
  percent: z.number().describe('Percent of the price'),
  minimum: z.number().int().describe('The least fee, in taka'),
});
export type Fees = z.infer<typeof Fees>;

/** A seller's money (issue 32), in poisha: what the site holds for their deals, what they may be paid, what was paid. */
export const Earnings = z.object({
  held: z.number().int().describe('Protected payments of deals not yet completed'),
  available: z.number().int().describe('Completed sales not yet paid out (negative when a refund after completion took back more)'),
  payingOut: z.number().int().describe('Payouts asked and not yet confirmed'),
  paidOut: z.number().int().describe('Payouts the provider confirmed'),
  fees: Fees,
  payoutMinimum: z.number().int().describe('The least payout, in taka'),
});
export type Earnings = z.infer<typeof Earnings>;

/** One of a seller's sales: a deal paid through the site (whatever became of it), or a completed cash deal. Money in poisha. */
export const Sale = z.object({
  orderId: Id,
  productName: z.string(),
  buyerName: z.string(),
  /** The phone's price, in taka. */
  price: z.number().int(),
  payWith: z.enum(payWays),
  state: z.enum(dealStates),
  /** Held for the deal now (a protected deal not yet completed). */
  held: z.number().int(),
  /** The site's fee taken (at completion), and what reached the seller's balance (price − fee − what was refunded). */
  fee: z.number().int(),
  net: z.number().int(),
  /** Given back to the buyer. */
  refunded: z.number().int(),
  bookedAt: z.iso.datetime(),
});
export type Sale = z.infer<typeof Sale>;
