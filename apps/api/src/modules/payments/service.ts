import { leavesFrom, type Payment } from '@market/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments, products, users } from '../../db/schema.ts';
import { AppError, appError, badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { CURRENCY, toPoisha, type Intent, type PaymentProvider } from './provider.ts';
import { queueRefund } from './refunds.ts';
import { holdPayment } from '../ledger/postings.ts';
import { move, refusal } from '../orders/process.ts';

const toPayment = (p: typeof payments.$inferSelect): Payment => ({
  buyerName: p.buyerName,
  productPrice: p.productPrice,
  transactionId: p.transactionId,
  orderId: p.orderId,
  productId: p.productId,
  productName: p.productName,
});

/** Why an order cannot be paid now, or null when it can: a protected deal, its phone for sale or held for it, its seller not suspended. */
export async function payable(db: Db, order: typeof orders.$inferSelect): Promise<AppError | null> {
  if (!leavesFrom('pay', order.state)) return refusal('pay', order.state);
  if (order.payWith === 'cash') return conflict('order_pays_at_meeting');
  if (!order.productId) return conflict('product_gone');
  const [product] = await db
    .select({ status: products.status, heldBy: products.heldBy, suspended: users.suspendedAt })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, order.productId))
    .limit(1);
  if (!product) return conflict('product_gone');
  if (product.status === 'sold') return conflict('sold_to_another_buyer');
  // Reserved for another buyer (their deal was accepted or paid first); reserved for this one, it is theirs to pay.
  if (product.status === 'reserved' && product.heldBy !== order.id) return conflict('product_reserved');
  // Money is not sent to a seller an Admin has suspended (issue 16).
  if (product.suspended) return conflict('seller_suspended');
  return null;
}

export async function findOrder(db: Db, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw notFound('Order');
  return order;
}

/** An intent for the order's own price: whatever the browser says the price is, is ignored. */
export async function createPaymentIntent(db: Db, provider: PaymentProvider, orderId: string) {
  const order = await findOrder(db, orderId);
  const problem = await payable(db, order);
  if (problem) throw problem;
  const intent = await provider.createIntent({ amount: toPoisha(order.productPrice), orderId: order.id });
  return {
    clientSecret: intent.clientSecret,
    intentId: intent.id,
    amount: order.productPrice,
    provider: provider.name,
    publishableKey: provider.publishableKey ?? null,
  };
}

/** The payment row of a paid order: its own copies of names and price, which outlive deletions (decision 004). */
export const paymentOf = (order: typeof orders.$inferSelect, transactionId: string) => ({
  orderId: order.id,
  productId: order.productId!,
  buyerId: order.buyerId,
  buyerName: order.buyerName,
  productName: order.productName,
  productPrice: order.productPrice,
  transactionId,
});

/**
 * Records a payment only once the provider confirms that this intent succeeded for this
 * order's amount. Exactly once: the order and product rows are locked, and unique keys on
 * order, transaction and product back it up. The same intent again answers the payment already recorded.
 */
export async function recordPayment(db: Db, provider: PaymentProvider, orderId: string, transactionId: string) {
  const intent = await provider.retrieveIntent(transactionId);
  if (!intent) throw badRequest('unknown_payment');
  return settle(db, provider.name, intent, orderId);
}

/**
 * Settles an order with a payment its provider says succeeded. Money taken for this order that cannot settle
 * it (the phone was sold to another buyer meanwhile, the order was paid by another payment, declined or
 * deleted, the price changed) is given back: a refund is queued, and the answer says so (issue 17).
 */
export async function settle(db: Db, providerName: string, intent: Intent, orderId: string) {
  if (intent.orderId !== orderId) throw badRequest('payment_other_order');
  if (intent.status !== 'succeeded') throw appError(402, 'payment_not_succeeded');
  try {
    return await settleOnce(db, providerName, intent, orderId);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await queueRefund(db, { orderId, provider: providerName, paymentId: intent.id, amount: intent.amount, reason: err.message });
    throw appError(err.status, 'payment_refunded', { reason: err.message, reasonCode: err.code });
  }
}

async function settleOnce(db: Db, providerName: string, intent: Intent, orderId: string) {
  try {
    return await db.transaction(async (tx) => {
      // One sale per phone: payments for different orders of the same phone queue on the product row, locked first
      // (a phone, then its bookings: the order every writer of both keeps, or two of them deadlock), and each one
      // after the first finds it sold. (A unique index on payments.product_id backs this up.)
      const [booked] = await tx.select({ productId: orders.productId }).from(orders).where(eq(orders.id, orderId)).limit(1);
      if (booked?.productId) await tx.select({ id: products.id }).from(products).where(eq(products.id, booked.productId)).limit(1).for('no key update');
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
      if (!order) throw notFound('Order');
      if (intent.amount !== toPoisha(order.productPrice) || intent.currency !== CURRENCY) throw badRequest('amount_mismatch');
      const [existing] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
      if (existing) {
        if (existing.transactionId === intent.id) return { payment: toPayment(existing), created: false };
        throw conflict('order_paid');
      }
      const problem = await payable(tx as unknown as Db, order);
      if (problem) throw problem;
      const [payment] = await tx.insert(payments).values(paymentOf(order, intent.id)).returning();
      // Paid, held by the site: the phone is reserved for this buyer until the handover (issue 31), off every list.
      await move(tx as unknown as Db, 'pay', eq(orders.id, order.id), { role: 'buyer', id: order.buyerId });
      // The site holds the money for the seller until the deal completes (the ledger, issue 32).
      await holdPayment(tx as unknown as Db, {
        orderId: order.id,
        sellerId: order.sellerId,
        provider: providerName,
        transactionId: intent.id,
        amount: intent.amount,
      });
      return { payment: toPayment(payment!), created: true };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another request recorded this payment at the same moment.
    const [existing] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
    if (existing?.transactionId === intent.id) return { payment: toPayment(existing), created: false };
    if (isUniqueViolation(err, 'payments_one_per_product')) throw conflict('sold_to_another_buyer');
    throw conflict('order_paid');
  }
}
