import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { oweRefund, refundPaid } from '../ledger/postings.ts';
import type { Refunder } from './provider.ts';

export type RefundRow = typeof refunds.$inferSelect;

export interface RefundRequest {
  orderId: string;
  provider: string;
  paymentId: string;
  /** In poisha, what the provider took. */
  amount: number;
  reason: string;
  requestedBy?: string | null;
}

/**
 * Asks for the refund of a payment, once: the refund's row and the job that carries it out are written
 * together (in the caller's transaction when there is one). Asked again for the same payment, the refund
 * already there is the answer, and `created` is false.
 */
export async function queueRefund(db: Db, request: RefundRequest): Promise<{ refund: RefundRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(refunds)
      .values({ ...request, requestedBy: request.requestedBy ?? null })
      .onConflictDoNothing({ target: refunds.paymentId })
      .returning();
    if (created) {
      // Owed to the buyer from where the money is (the ledger), until the provider confirms.
      await oweRefund(tx as unknown as Db, created);
      await enqueueJob(tx as unknown as Db, 'refund', { refundId: created.id });
      return { refund: created, created: true };
    }
    const [existing] = await tx.select().from(refunds).where(eq(refunds.paymentId, request.paymentId)).limit(1);
    return { refund: existing!, created: false };
  });
}

/**
 * The job of a refund: asks the provider that took the money to give it back (the same refund however often
 * it is asked), and records it once the provider confirms. Until then it throws, and the queue tries again.
 */
export function refundJob(db: Db, providers: Partial<Record<string, Refunder>>) {
  return async ({ refundId }: { refundId: string }) => {
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
    if (!refund || refund.status === 'refunded') return;
    const provider = providers[refund.provider];
    if (!provider) throw new Error(`the payment provider ${refund.provider} is not configured on this server`);
    const answer = refund.providerRefundId
      ? await provider.retrieveRefund({ id: refund.providerRefundId, paymentId: refund.paymentId })
      : await provider.refund({ paymentId: refund.paymentId, amount: refund.amount, key: refund.id });
    const pending = and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'));
    if (answer.status === 'succeeded') {
      // Recorded once (only a pending refund becomes refunded), with the money leaving the books in the same transaction.
      await db.transaction(async (tx) => {
        const [done] = await tx.update(refunds).set({ status: 'refunded', providerRefundId: answer.id, refundedAt: new Date() }).where(pending).returning();
        if (done) await refundPaid(tx as unknown as Db, { ...done, providerRefundId: answer.id });
      });
      return;
    }
    await db.update(refunds).set({ providerRefundId: answer.id }).where(pending);
    throw new Error(`the refund ${answer.id} is ${answer.status} at ${provider.name}`);
  };
}
