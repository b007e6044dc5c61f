import type { NewOrderBody, Order, PageQuery } from '@market/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments, products } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';

type PaymentRow = Pick<typeof payments.$inferSelect, 'transactionId' | 'productPrice' | 'createdAt'>;

/** An order as the API answers it; `productStatus` is its phone's (null once the phone is deleted), `payment` its record if paid. */
export const toOrder = (o: typeof orders.$inferSelect, productStatus: string | null, payment: PaymentRow | null = null): Order => ({
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
  payment: payment && { transactionId: payment.transactionId, amount: payment.productPrice, paidAt: payment.createdAt.toISOString() },
});

/** Orders with their phone's status (for `soldToAnother`) and their payment record (the receipt). */
const withStatus = (db: Db) =>
  db
    .select({
      order: orders,
      status: products.status,
      payment: { transactionId: payments.transactionId, productPrice: payments.productPrice, createdAt: payments.createdAt },
    })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .leftJoin(payments, eq(payments.orderId, orders.id));

/** Buyer name and e-mail come from the token, product name, price and image from the database. */
export async function createOrder(db: Db, buyer: AuthUser, body: NewOrderBody) {
  const [product] = await db.select().from(products).where(eq(products.id, body.productId)).limit(1);
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
    return toOrder(order!, product.status);
  } catch (err) {
    if (isUniqueViolation(err, 'orders_one_open_per_buyer_product')) throw conflict('You have already booked this product');
    throw err;
  }
}

const keys = { table: orders, id: orders.id, createdAt: orders.createdAt };

export async function listForBuyer(db: Db, buyerId: string, query: PageQuery) {
  const rows = await withStatus(db)
    .where(and(eq(orders.buyerId, buyerId), after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const { items, nextCursor } = paged(rows, query, (r) => r.order.id);
  return { items: items.map((r) => toOrder(r.order, r.status, r.payment)), nextCursor };
}

export async function getOrder(db: Db, id: string) {
  const [row] = await withStatus(db).where(eq(orders.id, id)).limit(1);
  if (!row) throw notFound('Order');
  return toOrder(row.order, row.status, row.payment);
}

export async function deleteOrder(db: Db, id: string) {
  const deleted = await db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
  if (deleted.length === 0) throw notFound('Order');
}
