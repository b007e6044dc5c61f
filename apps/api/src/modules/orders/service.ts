import { districtName, feeOf, isPaid, leavesFrom, type FeeTerms, type BuyerOrdersQuery, type NewOrderBody, type Order, type PageQuery } from '@market/contract';
import { districtIn } from '@market/contract/places';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bkashPayments, conversations, disputeMessages, disputes, orderEvents, orders, payments, products, refunds, reviews } from '../../db/schema.ts';
import type { DealTimerDurations } from '../../config.ts';
import { bookedEvent, lockPhoneOf, move, refuse, refusal, startTimers, stateOf, tell } from './process.ts';
import { editableUntil } from '../reviews/service.ts';
import { moneyHistory, paidOrder } from './history.ts';
import { recordAdminAct } from '../audit/service.ts';
import { toPoisha } from '../payments/provider.ts';
import { queueRefund } from '../payments/refunds.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { sellerNotSuspended } from '../products/service.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';

type PaymentRow = Pick<typeof payments.$inferSelect, 'transactionId' | 'productPrice' | 'createdAt'>;
type ReviewRow = Pick<typeof reviews.$inferSelect, 'id' | 'stars' | 'text' | 'createdAt'>;
type RefundRow = Pick<typeof refunds.$inferSelect, 'status' | 'providerRefundId' | 'amount' | 'refundedAt' | 'reason' | 'paymentId'>;
/** A dispute's message as the list's subquery reads it (JSON: its time a string). */
interface MessageRow {
  from: 'admin' | 'buyer' | 'seller';
  to: 'buyer' | 'seller' | null;
  text: string;
  at: string;
}
type DisputeRow = Pick<typeof disputes.$inferSelect, 'reason' | 'text' | 'photos' | 'openedAt' | 'decision' | 'refundAmount' | 'decidedAt'> & {
  messages?: MessageRow[] | null;
};

/** An order row with what its answer needs beside it (withStatus's row). */
interface OrderRow {
  order: typeof orders.$inferSelect;
  /** The booked phone's seller's number (null once the phone is deleted; shown only as toOrder allows). */
  phone: string | null;
  /** Its payment record (the receipt) if paid, the buyer's review, the newest refund, the dispute. */
  payment: PaymentRow | null;
  review: ReviewRow | null;
  refund: RefundRow | null;
  dispute: DisputeRow | null;
  /** The conversation of its phone and buyer (issue 33), with each side's unread count. */
  conversation: { id: string; buyerUnread: number; sellerUnread: number } | null;
}

/** An order as the API answers it. */
const toOrder = ({ order: o, phone, payment, review, refund, dispute, conversation }: OrderRow): Order => ({
  _id: o.id,
  productId: o.productId,
  productName: o.productName,
  productPrice: o.productPrice,
  productImg: o.productImg,
  buyerName: o.buyerName,
  buyerEmail: o.buyerEmail,
  meetingLocation: o.meetingLocation,
  meetingDistrict: districtName(o.meetingDistrict),
  mobileNumber: o.mobileNumber,
  state: o.state,
  paid: isPaid(o),
  payWith: o.payWith,
  fee: o.fee,
  meetingDate: o.meetingDate,
  windowEndsAt: o.state === 'handed_over' ? (o.windowEndsAt?.toISOString() ?? null) : null,
  dispute: dispute && {
    reason: dispute.reason,
    text: dispute.text,
    photos: dispute.photos,
    openedAt: dispute.openedAt.toISOString(),
    decision: dispute.decision,
    refundAmount: dispute.refundAmount,
    decidedAt: dispute.decidedAt?.toISOString() ?? null,
    messages: (dispute.messages ?? []).map((m) => ({ from: m.from, to: m.to, text: m.text, at: new Date(m.at).toISOString() })),
  },
  // Only for a booking its seller accepted, or a paid one: booking alone must not hand out numbers (issue 29).
  sellerPhone: o.acceptedAt !== null || isPaid(o) ? phone : null,
  createdAt: o.createdAt.toISOString(),
  payment: payment && { transactionId: payment.transactionId, amount: payment.productPrice, paidAt: payment.createdAt.toISOString() },
  review: review && { _id: review.id, stars: review.stars, text: review.text, editableUntil: editableUntil(review.createdAt).toISOString() },
  refund: refund && {
    status: refund.status,
    id: refund.providerRefundId,
    amount: refund.amount / 100,
    refundedAt: refund.refundedAt?.toISOString() ?? null,
    reason: refund.reason,
    ofPayment: payment !== null && refund.paymentId === payment.transactionId,
  },
  conversation: conversation && { _id: conversation.id, unread: { buyer: conversation.buyerUnread, seller: conversation.sellerUnread } },
});

/** Orders with what their answers need (OrderRow). */
const withStatus = (db: Db) =>
  db
    .select({
      order: orders,
      phone: products.phoneNumber,
      payment: { transactionId: payments.transactionId, productPrice: payments.productPrice, createdAt: payments.createdAt },
      review: { id: reviews.id, stars: reviews.stars, text: reviews.text, createdAt: reviews.createdAt },
      refund: {
        status: refunds.status,
        providerRefundId: refunds.providerRefundId,
        amount: refunds.amount,
        refundedAt: refunds.refundedAt,
        reason: refunds.reason,
        paymentId: refunds.paymentId,
      },
      dispute: {
        reason: disputes.reason,
        text: disputes.text,
        photos: disputes.photos,
        openedAt: disputes.openedAt,
        decision: disputes.decision,
        refundAmount: disputes.refundAmount,
        decidedAt: disputes.decidedAt,
        messages: sql<
          MessageRow[] | null
        >`(select json_agg(json_build_object('from', m.from_role, 'to', m.to_role, 'text', m.text, 'at', m.at) order by m.at, m.id) from ${disputeMessages} m where m.order_id = ${disputes.orderId})`,
      },
      conversation: { id: conversations.id, buyerUnread: conversations.buyerUnread, sellerUnread: conversations.sellerUnread },
    })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .leftJoin(disputes, eq(disputes.orderId, orders.id))
    .leftJoin(conversations, and(eq(conversations.productId, orders.productId), eq(conversations.buyerId, orders.buyerId)))
    // The order's newest refund (an order may have had two payments given back).
    .leftJoin(refunds, eq(refunds.id, sql`(select r.id from ${refunds} r where r.order_id = ${orders.id} order by r.created_at desc, r.id desc limit 1)`));

/** Buyer name and e-mail come from the token, product name, price and image from the database. */
export async function createOrder(db: Db, buyer: AuthUser, body: NewOrderBody, timers: DealTimerDurations, fees: FeeTerms) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, body.productId), sellerNotSuspended))
    .limit(1);
  // A suspended seller's phone is on no public page, nor one waiting for a check (issue 36): neither can be booked.
  if (!product || product.status === 'pending') throw notFound('Product');
  if (product.status !== 'available')
    throw conflict(product.status === 'reserved' ? 'product_reserved' : product.status === 'expired' ? 'listing_expired' : 'product_sold');
  try {
    const order = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orders)
        .values({
          productId: product.id,
          buyerId: buyer.id,
          sellerId: product.sellerId,
          productName: product.productName,
          productPrice: product.resalePrice,
          productImg: product.img,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          meetingLocation: body.meetingLocation,
          meetingDistrict: body.meetingDistrict ?? districtIn(body.meetingLocation)?.id ?? product.district,
          mobileNumber: body.mobileNumber,
          payWith: body.payWith,
          meetingDate: body.meetingDate,
          // The site's fee under the terms of today, should the deal complete paid through the site (issue 32).
          fee: body.payWith === 'protected' ? feeOf(product.resalePrice, fees) : 0,
        })
        .returning();
      await tx.insert(orderEvents).values(bookedEvent(row!.id, buyer.id));
      await tell(tx as unknown as Db, 'book', row!.id);
      await startTimers(tx as unknown as Db, 'book', row!.id, timers);
      return row!;
    });
    return getOrder(db, order.id);
  } catch (err) {
    // The buyer's unpaid booking of this phone is open or was declined: the index holds either way; say which.
    if (!isUniqueViolation(err, 'orders_one_open_per_buyer_product')) throw err;
    const [declined] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.buyerId, buyer.id), eq(orders.productId, product.id), eq(orders.state, 'declined')))
      .limit(1);
    throw conflict(declined ? 'booking_declined' : 'already_booked');
  }
}

const keys = { table: orders, id: orders.id, createdAt: orders.createdAt };

/** A page of orders, newest first. */
export async function list(db: Db, where: SQL, query: PageQuery) {
  const rows = await withStatus(db)
    .where(and(where, after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const { items, nextCursor } = paged(rows, query, (r) => r.order.id);
  return { items: items.map(toOrder), nextCursor };
}

/** The buyer's orders, but for the paid ones they took off their list and the bookings they cancelled. */
/** A buyer's orders, newest first; with `productId`, those of that phone only (its page asks: issue 35). */
export const listForBuyer = (db: Db, buyerId: string, query: BuyerOrdersQuery) =>
  list(
    db,
    and(
      eq(orders.buyerId, buyerId),
      isNull(orders.hiddenAt),
      ne(orders.state, 'cancelled'),
      query.productId === undefined ? undefined : eq(orders.productId, query.productId),
    )!,
    query,
  );
/** Every paid order, for the Admin's Payments page. */
export const listPaid = (db: Db, query: PageQuery) => list(db, paidOrder, query);
/** The bookings of the seller's phones (a deleted phone's bookings are no longer anyone's). */
export const listForSeller = (db: Db, sellerId: string, query: PageQuery) => list(db, eq(products.sellerId, sellerId), query);

/**
 * The seller turns a booking down (requested or accepted): it can no longer be paid, and its buyer cannot book the
 * phone again. One statement, so a payment settling at the same moment (it locks the order row) either comes
 * first (the booking is paid: 409) or finds it declined.
 */
export async function declineBooking(db: Db, id: string, seller: AuthUser) {
  const moved = await move(db, 'decline', eq(orders.id, id), { role: 'seller', id: seller.id });
  if (!moved.length) await refuse(db, 'decline', id, 'Booking');
  return getOrder(db, id);
}

/**
 * The seller accepts a requested booking (issue 29): its buyer now sees the seller's number, and the phone is reserved
 * for them (issue 31). Only while the phone is for sale; one conditional statement after the phone's row is locked,
 * so a decline, a cancel, a payment or another accept of the phone at the same moment comes first or after, never half.
 */
export async function acceptBooking(db: Db, id: string, seller: AuthUser) {
  const moved = await move(
    db,
    'accept',
    eq(orders.id, id),
    { role: 'seller', id: seller.id },
    {
      set: sql`accepted_at = now()`,
      when: sql`exists (select 1 from ${products} where ${products.id} = ${orders.productId} and ${products.status} = 'available')`,
    },
  );
  if (!moved.length) {
    // Still requested, so its phone was not for sale: reserved for another buyer, or sold.
    if ((await stateOf(db, id)) === 'requested' && (await phoneStatusOf(db, id)) === 'reserved') throw conflict('product_reserved');
    await refuse(db, 'accept', id, 'Booking');
  }
  return getOrder(db, id);
}

/** The status of a booked phone now (null once it is deleted). */
async function phoneStatusOf(db: Db, orderId: string) {
  const [row] = await db.select({ status: products.status }).from(orders).innerJoin(products, eq(products.id, orders.productId)).where(eq(orders.id, orderId));
  return row?.status ?? null;
}

/**
 * Queues the refund of a deal's payment, in full unless `amount` (poisha) says less (issue 17, 31, 32): through bKash when bKash took it (its trxID is the
 * transaction id), else the configured card provider. Once per payment (`created` false the second time).
 */
export async function refundPayment(
  db: Db,
  payment: { transactionId: string; productPrice: number },
  request: { orderId: string; reason: string; requestedBy: string | null; provider: string; amount?: number },
) {
  const [viaBkash] = await db.select({ id: bkashPayments.paymentId }).from(bkashPayments).where(eq(bkashPayments.trxId, payment.transactionId)).limit(1);
  return queueRefund(db, {
    orderId: request.orderId,
    provider: viaBkash ? 'bkash' : request.provider,
    paymentId: payment.transactionId,
    amount: request.amount ?? toPoisha(payment.productPrice),
    reason: request.reason,
    requestedBy: request.requestedBy,
  });
}

export async function getOrder(db: Db, id: string) {
  const [row] = await withStatus(db).where(eq(orders.id, id)).limit(1);
  if (!row) throw notFound('Order');
  return toOrder(row);
}

/**
 * The spec's delete of an order. An open one (requested or accepted) its buyer cancels: it leaves their list, and
 * its seller keeps it as 'cancelled by the buyer' (issue 29: booking and deleting left no trace); one that is over
 * (declined, closed, cancelled) its buyer only takes off their list; an Admin's delete removes a booking no money
 * moved for. A paid or refunded one is money history (the payment or refund, the counts, the seller's records, a
 * review): its buyer only takes it off their list, and nobody else may remove it (the database refuses it too). The
 * row is locked, so a payment settling now comes first or after.
 */
export async function deleteOrder(db: Db, id: string, actor: AuthUser): Promise<{ hidden: boolean }> {
  return db.transaction(async (tx) => {
    await lockPhoneOf(tx as unknown as Db, id);
    const [order] = await tx
      .select({ history: sql<boolean>`${moneyHistory}`, buyerId: orders.buyerId, state: orders.state })
      .from(orders)
      .where(eq(orders.id, id))
      .limit(1)
      .for('update');
    if (!order) throw notFound('Order');
    const byBuyer = order.buyerId === actor.id;
    if (byBuyer && leavesFrom('cancel', order.state)) {
      await move(tx as unknown as Db, 'cancel', eq(orders.id, id), { role: 'buyer', id: actor.id });
      return { hidden: true };
    }
    if (!order.history && !byBuyer) {
      await tx.delete(orders).where(eq(orders.id, id));
      return { hidden: false };
    }
    if (!byBuyer) throw conflict('order_paid_cannot_delete');
    if (order.state !== 'cancelled')
      await tx
        .update(orders)
        .set({ hiddenAt: sql`coalesce(${orders.hiddenAt}, now())` })
        .where(eq(orders.id, id));
    return { hidden: true };
  });
}

/**
 * An Admin gives a paid order's payment back (issue 17): the refund and its job are queued and the act is
 * audited, all in one transaction; the provider that took the money refunds it (the job). Once per payment.
 */
export async function refundOrder(db: Db, admin: AuthUser, id: string, reason: string, provider: string, also?: (tx: Db) => Promise<void>) {
  await db.transaction(async (tx) => {
    await lockPhoneOf(tx as unknown as Db, id);
    const [row] = await tx
      .select({ order: orders, payment: payments })
      .from(orders)
      .leftJoin(payments, eq(payments.orderId, orders.id))
      .where(eq(orders.id, id))
      .limit(1)
      .for('update', { of: orders });
    if (!row) throw notFound('Order');
    const { order, payment } = row;
    if (!payment) throw refusal('refund', order.state);
    const { created } = await refundPayment(tx as unknown as Db, payment, { orderId: id, reason, requestedBy: admin.id, provider });
    if (!created) throw refusal('refund', 'refunded');
    // The refund of the payment that paid it: the deal is over, refunded.
    if (!(await move(tx as unknown as Db, 'refund', eq(orders.id, id), { role: 'admin', id: admin.id })).length)
      await refuse(tx as unknown as Db, 'refund', id);
    await recordAdminAct(tx as unknown as Db, admin, {
      action: 'refund-order',
      target: { kind: 'order', id, label: `${order.productName} · ${order.buyerName} <${order.buyerEmail}>` },
      reason,
    });
    // What the refund decides besides (a dispute's decision), in the same transaction.
    await also?.(tx as unknown as Db);
  });
  return getOrder(db, id);
}
