import type { NewOrderBody, Order, PageQuery } from '@market/contract';
import { and, eq, isNull, not, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments, products, reviews } from '../../db/schema.ts';
import { editableUntil } from '../reviews/service.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { sellerNotSuspended } from '../products/service.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';

type PaymentRow = Pick<typeof payments.$inferSelect, 'transactionId' | 'productPrice' | 'createdAt'>;
type ReviewRow = Pick<typeof reviews.$inferSelect, 'id' | 'stars' | 'text' | 'createdAt'>;

/** The booked phone's status and its seller's number (null once the phone is deleted). */
interface Booked {
  status: string | null;
  phone: string | null;
}

/** An order as the API answers it, with what it needs of its phone; `payment` its record if paid, `review` the buyer's. */
export const toOrder = (
  o: typeof orders.$inferSelect,
  { status: productStatus, phone }: Booked,
  payment: PaymentRow | null = null,
  review: ReviewRow | null = null,
): Order => ({
  _id: o.id,
  productId: o.productId,
  productName: o.productName,
  productPrice: o.productPrice,
  productImg: o.productImg,
  buyerName: o.buyerName,
  buyerEmail: o.buyerEmail,
  meetingLocation: o.meetingLocation,
  mobileNumber: o.mobileNumber,
  paid: o.paid,
  soldToAnother: !o.paid && productStatus === 'sold',
  declined: o.declinedAt !== null,
  sellerPhone: phone,
  createdAt: o.createdAt.toISOString(),
  payment: payment && { transactionId: payment.transactionId, amount: payment.productPrice, paidAt: payment.createdAt.toISOString() },
  review: review && { _id: review.id, stars: review.stars, text: review.text, editableUntil: editableUntil(review.createdAt).toISOString() },
});

/** Orders with their phone's status (for `soldToAnother`), their payment record (the receipt) and the buyer's review. */
const withStatus = (db: Db) =>
  db
    .select({
      order: orders,
      status: products.status,
      phone: products.phoneNumber,
      payment: { transactionId: payments.transactionId, productPrice: payments.productPrice, createdAt: payments.createdAt },
      review: { id: reviews.id, stars: reviews.stars, text: reviews.text, createdAt: reviews.createdAt },
    })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(reviews, eq(reviews.orderId, orders.id));

/** Buyer name and e-mail come from the token, product name, price and image from the database. */
export async function createOrder(db: Db, buyer: AuthUser, body: NewOrderBody) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, body.productId), sellerNotSuspended))
    .limit(1);
  // A suspended seller's phone is on no public page: it cannot be booked either.
  if (!product) throw notFound('Product');
  if (product.status !== 'available') throw conflict('This product is already sold');
  try {
    const [order] = await db
      .insert(orders)
      .values({
        productId: product.id,
        buyerId: buyer.id,
        productName: product.productName,
        productPrice: product.resalePrice,
        productImg: product.img,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        meetingLocation: body.meetingLocation,
        mobileNumber: body.mobileNumber,
      })
      .returning();
    return toOrder(order!, { status: product.status, phone: product.phoneNumber });
  } catch (err) {
    // The buyer's unpaid booking of this phone is open or was declined: the index holds either way; say which.
    if (!isUniqueViolation(err, 'orders_one_open_per_buyer_product')) throw err;
    const [declined] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.buyerId, buyer.id), eq(orders.productId, product.id), not(orders.paid), not(isNull(orders.declinedAt))))
      .limit(1);
    throw conflict(declined ? 'The seller declined your booking of this phone: it cannot be booked again' : 'You have already booked this product');
  }
}

const keys = { table: orders, id: orders.id, createdAt: orders.createdAt };

/** A page of orders, newest first. */
async function list(db: Db, where: SQL, query: PageQuery) {
  const rows = await withStatus(db)
    .where(and(where, after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const { items, nextCursor } = paged(rows, query, (r) => r.order.id);
  return { items: items.map((r) => toOrder(r.order, r, r.payment, r.review)), nextCursor };
}

export const listForBuyer = (db: Db, buyerId: string, query: PageQuery) => list(db, eq(orders.buyerId, buyerId), query);
/** The bookings of the seller's phones (a deleted phone's bookings are no longer anyone's). */
export const listForSeller = (db: Db, sellerId: string, query: PageQuery) => list(db, eq(products.sellerId, sellerId), query);

/**
 * The seller turns a booking down: it can no longer be paid, and its buyer cannot book the phone again.
 * One statement, so a payment settling at the same moment (it locks the order row) either comes first
 * (the booking is paid: 409) or finds it declined.
 */
export async function declineBooking(db: Db, id: string) {
  const [declined] = await db
    .update(orders)
    .set({ declinedAt: new Date() })
    .where(and(eq(orders.id, id), not(orders.paid), isNull(orders.declinedAt)))
    .returning({ id: orders.id });
  if (!declined) {
    const [order] = await db.select({ paid: orders.paid }).from(orders).where(eq(orders.id, id)).limit(1);
    if (!order) throw notFound('Booking');
    throw conflict(order.paid ? 'This booking is paid: it cannot be declined' : 'This booking is already declined');
  }
  return getOrder(db, id);
}

export async function getOrder(db: Db, id: string) {
  const [row] = await withStatus(db).where(eq(orders.id, id)).limit(1);
  if (!row) throw notFound('Order');
  return toOrder(row.order, row, row.payment, row.review);
}

export async function deleteOrder(db: Db, id: string) {
  const deleted = await db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
  if (deleted.length === 0) throw notFound('Order');
}
