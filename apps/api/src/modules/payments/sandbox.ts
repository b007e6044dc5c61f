import { randomBytes } from 'node:crypto';
import { and, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxIntents } from '../../db/schema.ts';
import { CURRENCY, type Intent, type PaymentProvider } from './provider.ts';

const toIntent = (row: typeof sandboxIntents.$inferSelect): Intent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  orderId: row.orderId,
});

/** The built-in stand-in for a card processor: it behaves like Stripe's test mode and keeps its own table. */
export function sandboxProvider(db: Db): PaymentProvider {
  return {
    name: 'sandbox',
    publishableKey: undefined,
    async createIntent({ amount, orderId }) {
      const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
      const [row] = await db.insert(sandboxIntents).values({ id, clientSecret, amount, currency: CURRENCY, orderId }).returning();
      return toIntent(row!);
    },
    async retrieveIntent(id) {
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id)).limit(1);
      return row ? toIntent(row) : null;
    },
    // As Stripe refunds in test mode: at once, in full or in part, once per payment (asked again, the same refund).
    async refund({ paymentId, amount }) {
      await db
        .update(sandboxIntents)
        .set({ refundId: `re_sbx_${randomBytes(12).toString('hex')}`, refundAmount: amount })
        .where(
          and(eq(sandboxIntents.id, paymentId), eq(sandboxIntents.status, 'succeeded'), gte(sandboxIntents.amount, amount), isNull(sandboxIntents.refundId)),
        );
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, paymentId)).limit(1);
      if (!row?.refundId) throw new Error(`the sandbox has no succeeded payment ${paymentId} of ${amount} to refund`);
      return { id: row.refundId, status: 'succeeded' };
    },
    async retrieveRefund({ id }) {
      const [row] = await db.select({ id: sandboxIntents.refundId }).from(sandboxIntents).where(eq(sandboxIntents.refundId, id)).limit(1);
      if (!row?.id) throw new Error(`the sandbox has no refund ${id}`);
      return { id: row.id, status: 'succeeded' };
    },
  };
}
