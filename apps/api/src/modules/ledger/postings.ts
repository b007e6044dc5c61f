import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerLines, orders } from '../../db/schema.ts';
import { account, accountOf, post, type Line } from './books.ts';

/**
 * The money of a deal's moves and of refunds, as ledger entries (issue 32, decision 052), each written in the
 * transaction of what causes it.
 */

/** A protected payment settled: the provider took it, the site holds it for the deal's seller. Its cause is the provider's payment id. */
export async function holdPayment(db: Db, p: { orderId: string; sellerId: string | null; provider: string; transactionId: string; amount: number }) {
  await post(db, [
    {
      cause: 'payment',
      causeId: p.transactionId,
      orderId: p.orderId,
      lines: [
        { account: account.provider(p.provider), amount: -p.amount },
        { account: account.held(p.sellerId ?? nobody), amount: p.amount },
      ],
    },
  ]);
}

/** The seller of a deal whose seller's account was deleted before it was paid (its money stays on the books). */
const nobody = '00000000-0000-0000-0000-000000000000';

/** What each deal of `orderIds` still holds (poisha), on which held account: the sum of its entries' lines there. */
async function stillHeld(db: Db, orderIds: string[]) {
  if (!orderIds.length) return [];
  const rows = await db
    .select({ orderId: ledgerEntries.orderId, account: ledgerLines.account, amount: sql<string>`sum(${ledgerLines.amount})` })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(and(inArray(ledgerEntries.orderId, orderIds), sql`${ledgerLines.account} like 'held:%'`))
    .groupBy(ledgerEntries.orderId, ledgerLines.account);
  return rows.map((r) => ({ orderId: r.orderId!, held: accountOf(r.account), amount: Number(r.amount) }));
}

/**
 * Deals completed (their window ran out, or an Admin released a dispute): what each still holds goes to its
 * seller, less the site's fee (the deal's, taken in proportion when part was refunded). A cash deal holds nothing
 * and moves nothing.
 */
export async function completeDeals(db: Db, orderIds: string[]) {
  const held = (await stillHeld(db, orderIds)).filter((h) => h.amount > 0);
  if (!held.length) return;
  const deals = await db
    .select({ id: orders.id, fee: orders.fee, price: orders.productPrice })
    .from(orders)
    .where(
      inArray(
        orders.id,
        held.map((h) => h.orderId),
      ),
    );
  const byId = new Map(deals.map((d) => [d.id, d]));
  await post(
    db,
    held.map((h) => {
      const deal = byId.get(h.orderId)!;
      const full = deal.price * 100;
      const fee = Math.min(h.amount, h.amount === full ? deal.fee : Math.round((deal.fee * h.amount) / full));
      return {
        cause: 'completion' as const,
        causeId: h.orderId,
        orderId: h.orderId,
        lines: [
          { account: h.held, amount: -h.amount },
          { account: account.fees, amount: fee },
          { account: account.seller(h.held.ownerId!), amount: h.amount - fee },
        ],
      };
    }),
  );
}

/**
 * A refund asked: the money is owed to the buyer until the provider confirms it. It comes from where the payment
 * is: held for the deal; the seller's and the site's once the deal completed (the completion taken back); the
 * provider's side when it never settled anything (money taken for a deal it could not pay).
 */
export async function oweRefund(db: Db, refund: { id: string; orderId: string; provider: string; paymentId: string; amount: number; reason: string }) {
  const [paid] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.cause, 'payment'), eq(ledgerEntries.causeId, refund.paymentId)));
  let from: Line[];
  if (!paid) from = [{ account: account.provider(refund.provider), amount: -refund.amount }];
  else {
    const [completion] = await db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.cause, 'completion'), eq(ledgerEntries.causeId, refund.orderId)));
    if (completion) {
      // Taken back from the seller and the site in the shares the completion gave them.
      const given = await db
        .select({ account: ledgerLines.account, amount: ledgerLines.amount })
        .from(ledgerLines)
        .where(eq(ledgerLines.entryId, completion.id));
      from = given.filter((l) => l.amount > 0).map((l) => ({ account: accountOf(l.account), amount: -Number(l.amount) }));
    } else {
      const [held] = await stillHeld(db, [refund.orderId]);
      from = [{ account: held!.held, amount: -refund.amount }];
    }
  }
  await post(db, [
    {
      cause: 'refund',
      causeId: refund.id,
      orderId: refund.orderId,
      memo: refund.reason,
      lines: [...from, { account: account.refunds, amount: refund.amount }],
    },
  ]);
}

/** The provider confirmed a refund: the money owed left through it. */
export async function refundPaid(db: Db, refund: { id: string; orderId: string; provider: string; amount: number; providerRefundId: string }) {
  await post(db, [
    {
      cause: 'refund_paid',
      causeId: refund.id,
      orderId: refund.orderId,
      memo: refund.providerRefundId,
      lines: [
        { account: account.refunds, amount: -refund.amount },
        { account: account.provider(refund.provider), amount: refund.amount },
      ],
    },
  ]);
}

/** The provider account a payout leaves through: bKash's disbursement, or the bank batch. */
export const payoutProvider = (method: 'bkash' | 'bank') => (method === 'bkash' ? 'bkash-payout' : 'bank');

/** A payout asked: the money leaves the seller's available balance, on its way. */
export const payoutAsked = (db: Db, p: { id: string; sellerId: string; amount: number }) =>
  post(db, [
    {
      cause: 'payout',
      causeId: p.id,
      lines: [
        { account: account.seller(p.sellerId), amount: -p.amount },
        { account: account.payouts(p.sellerId), amount: p.amount },
      ],
    },
  ]);

/** The provider confirmed a payout: the money left through it. */
export const payoutPaid = (db: Db, p: { id: string; sellerId: string; amount: number; method: 'bkash' | 'bank'; ref: string | null }) =>
  post(db, [
    {
      cause: 'payout_paid',
      causeId: p.id,
      memo: p.ref,
      lines: [
        { account: account.payouts(p.sellerId), amount: -p.amount },
        { account: account.provider(payoutProvider(p.method)), amount: p.amount },
      ],
    },
  ]);

/** A payout failed: the money is back in the seller's available balance, with why. */
export const payoutFailed = (db: Db, p: { id: string; sellerId: string; amount: number; failure: string }) =>
  post(db, [
    {
      cause: 'payout_failed',
      causeId: p.id,
      memo: p.failure,
      lines: [
        { account: account.payouts(p.sellerId), amount: -p.amount },
        { account: account.seller(p.sellerId), amount: p.amount },
      ],
    },
  ]);

/** An Admin's correction of a seller's available balance (poisha; negative takes away), with the reason. */
export const adjusted = (db: Db, p: { id: string; sellerId: string; amount: number; reason: string }) =>
  post(db, [
    {
      cause: 'adjustment',
      causeId: p.id,
      memo: p.reason,
      lines: [
        { account: account.adjustments, amount: -p.amount },
        { account: account.seller(p.sellerId), amount: p.amount },
      ],
    },
  ]);
