import { errorMessage, type BkashCreated, type ErrorCode } from '@market/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bkashPayments } from '../../db/schema.ts';
import { AppError, appError } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Refunder } from '../payments/provider.ts';
import { findOrder, payable, settle } from '../payments/service.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { BkashError, type BkashClient, type BkashPayment } from './client.ts';

/** Why a return did not pay: a code of the contract's list and its message's values (the route says it in the buyer's language). */
export interface Refusal {
  code: ErrorCode;
  params?: Readonly<Record<string, string | number>>;
}
export type CallbackResult = { orderId: string | null; result: 'success' | 'failure' | 'cancel'; refusal?: Refusal };

/** bKash's refusal as a 502 the buyer reads: bKash's own words, or that it could not be reached. */
const providerError = (err: unknown): never => {
  throw err instanceof BkashError ? appError(502, 'bkash_refused', { detail: err.message }) : appError(502, 'bkash_unreachable');
};
/** bKash's refusal in our words: its 2023 (insufficient balance) said plainly, any other with bKash's own message. */
const refusalOf = (err: unknown): Refusal =>
  !(err instanceof BkashError)
    ? { code: 'bkash_unreachable' }
    : err.code === '2023'
      ? { code: 'bkash_insufficient_balance' }
      : { code: 'bkash_refused', params: { detail: err.message } };
/** When a payment's late check runs: after bKash's page has closed (it expires after 15 minutes at the stand-in). */
const CHECK_AFTER_MS = 30 * 60_000;

/**
 * The merchant's side of bKash Tokenized Checkout (issue 17). Create: a payment at bKash for the order's own
 * price, recorded with its order here. Callback: whatever the browser brings back, bKash is asked — execute,
 * then query — and the order is settled only when bKash says this payment, of this order's invoice, is
 * Completed in BDT; its trxID is the order's transaction id. Settling is the cards' (`settle`): exactly once,
 * and money that cannot settle the order (sold meanwhile) is refunded.
 */
export function bkashCheckout(db: Db, client: BkashClient) {
  const mark = (paymentId: string, set: Partial<typeof bkashPayments.$inferInsert>) =>
    db
      .update(bkashPayments)
      .set(set)
      .where(and(eq(bkashPayments.paymentId, paymentId), eq(bkashPayments.status, 'created')));

  return {
    async create(orderId: string, buyer: AuthUser, callbackURL: string): Promise<BkashCreated> {
      const order = await findOrder(db, orderId);
      const problem = await payable(db, order);
      if (problem) throw problem;
      const created = await client.createPayment({ amount: order.productPrice, invoice: order.id, payerReference: buyer.id, callbackURL }).catch(providerError);
      await db.transaction(async (tx) => {
        await tx.insert(bkashPayments).values({ paymentId: created.paymentID, orderId: order.id, amount: order.productPrice });
        // Should the buyer pay on bKash's page and never come back, bKash is asked later all the same.
        await enqueueJob(tx as unknown as Db, 'bkash-check', { paymentId: created.paymentID }, new Date(Date.now() + CHECK_AFTER_MS));
      });
      return { paymentID: created.paymentID, bkashURL: created.bkashURL };
    },

    /** The job of a payment's late check: as a return that says nothing, once its time on bKash's page is over. */
    async check(paymentId: string) {
      const [row] = await db.select({ status: bkashPayments.status }).from(bkashPayments).where(eq(bkashPayments.paymentId, paymentId)).limit(1);
      if (row?.status !== 'created') return;
      const done = await this.callback(paymentId, undefined);
      // bKash out of reach: the queue tries again later.
      if (done.result === 'failure' && done.refusal?.code === 'bkash_unreachable') throw new Error(errorMessage('bkash_unreachable'));
    },

    async callback(paymentId: string, status: string | undefined): Promise<CallbackResult> {
      const [row] = await db.select().from(bkashPayments).where(eq(bkashPayments.paymentId, paymentId)).limit(1);
      // Not a payment this shop created (made up, or another merchant's): nothing to do, nothing said about it.
      if (!row) return { orderId: null, result: 'failure', refusal: { code: 'bkash_not_started_here' } };
      const orderId = row.orderId;
      const cancelled = { orderId, result: 'cancel' as const, refusal: { code: 'bkash_cancelled' as const } };
      // Anyone can send a cancel (the return is an unsigned GET): only bKash's own word closes the payment.
      // Otherwise nothing changes, and the late check still asks bKash about it.
      let found;
      if (status === 'cancel') {
        try {
          found = await client.queryPayment(paymentId);
        } catch {
          return cancelled;
        }
        if (found.transactionStatus === 'Cancelled') await mark(paymentId, { status: 'cancelled' });
        if (found.transactionStatus !== 'Completed' || !found.trxID) return cancelled;
        return this.settled(orderId, paymentId, { ...found, trxID: found.trxID });
      }
      let refusal: Refusal | undefined;
      try {
        await client.executePayment(paymentId);
      } catch (err) {
        // Executed before (a replayed callback), not authorised, or bKash out of reach: the query says which.
        refusal = refusalOf(err);
      }
      try {
        found = await client.queryPayment(paymentId);
      } catch (err) {
        // Nothing is decided: coming back here later asks bKash again.
        return { orderId, result: 'failure', refusal: refusalOf(err) };
      }
      if (found.transactionStatus !== 'Completed' || !found.trxID) {
        // A failure bKash gave a reason for (the balance) says it; any other, that it did not go through.
        const failed: Refusal =
          status === 'success'
            ? (refusal ?? { code: 'bkash_payment_state', params: { status: found.transactionStatus } })
            : refusal?.code === 'bkash_insufficient_balance'
              ? refusal
              : { code: 'bkash_not_completed' };
        await mark(paymentId, { status: 'failed', message: errorMessage(failed.code, failed.params) });
        return { orderId, result: 'failure', refusal: failed };
      }
      return this.settled(orderId, paymentId, { ...found, trxID: found.trxID });
    },

    /** bKash says the payment is Completed: the order is settled if it is this order's, in BDT. */
    async settled(orderId: string, paymentId: string, found: BkashPayment & { trxID: string }): Promise<CallbackResult> {
      if ((found.merchantInvoice ?? found.merchantInvoiceNumber) !== orderId || found.currency !== 'BDT') {
        return { orderId, result: 'failure', refusal: { code: 'bkash_other_order' } };
      }
      await db.update(bkashPayments).set({ status: 'completed', trxId: found.trxID, message: null }).where(eq(bkashPayments.paymentId, paymentId));
      const intent = { id: found.trxID, clientSecret: '', status: 'succeeded', amount: Math.round(Number(found.amount) * 100), currency: 'bdt', orderId };
      try {
        await settle(db, 'bkash', intent, orderId);
        return { orderId, result: 'success' };
      } catch (err) {
        if (err instanceof AppError) return { orderId, result: 'failure', refusal: { code: err.code, ...(err.params && { params: err.params }) } };
        throw err;
      }
    },
  };
}

/** bKash gives money back for the refund queue: the payment is found by its trxID (our transaction id). */
export function bkashRefunder(db: Db, client: BkashClient): Refunder {
  const paymentOf = async (trxId: string) => {
    const [row] = await db.select().from(bkashPayments).where(eq(bkashPayments.trxId, trxId)).limit(1);
    if (!row) throw new Error(`no bKash payment has the trxID ${trxId}`);
    return row.paymentId;
  };
  const asked = async (trxId: string) => {
    const r = await client.refundStatus({ paymentID: await paymentOf(trxId), trxID: trxId });
    return { id: r.refundTrxID, status: r.transactionStatus === 'Completed' ? ('succeeded' as const) : ('pending' as const) };
  };
  return {
    name: 'bkash',
    async refund({ paymentId: trxId, amount }) {
      try {
        const r = await client.refund({ paymentID: await paymentOf(trxId), trxID: trxId, amount: amount / 100, reason: 'Refund from Resale Phones' });
        return { id: r.refundTrxID, status: r.transactionStatus === 'Completed' ? 'succeeded' : 'pending' };
      } catch (err) {
        // Refunded before (the answer was lost): bKash says so; its refund is the answer.
        if (err instanceof BkashError && err.code === '2071') return asked(trxId);
        throw err;
      }
    },
    retrieveRefund: ({ paymentId }) => asked(paymentId),
  };
}
