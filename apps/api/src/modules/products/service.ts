import type { NewProductBody } from '@market/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, orders, products, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { productColumns, toProduct } from './dto.ts';

async function list(db: Db, where: SQL | undefined) {
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where)
    .orderBy(desc(products.createdAt), products.id);
  return rows.map(toProduct);
}

const available = eq(products.status, 'available');

export const listAdvertised = (db: Db) => list(db, and(eq(products.advertise, true), available));
export const listInCategory = (db: Db, categoryId: string) => list(db, and(eq(products.categoryId, categoryId), available));
export const listBySeller = (db: Db, sellerId: string) => list(db, eq(products.sellerId, sellerId));
export const listReported = (db: Db) => list(db, eq(products.report, true));

export async function getProduct(db: Db, id: string) {
  const [product] = await list(db, eq(products.id, id));
  if (!product) throw notFound('Product');
  return product;
}

/** The latest calendar date anywhere (UTC+14): a seller's local "today" is never later, whatever the server's clock zone. */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

export async function createProduct(db: Db, sellerId: string, body: NewProductBody) {
  if (body.purchase > latestToday()) throw badRequest('purchase cannot be in the future');
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, body.categoryId)).limit(1);
  if (!category) throw badRequest('categoryId does not name a category');
  // status, advertise, report and the date are the server's, whatever the client sent.
  const [row] = await db
    .insert(products)
    .values({ ...body, sellerId, status: 'available', advertise: false, report: false })
    .returning({ id: products.id });
  return getProduct(db, row!.id);
}

export async function advertiseProduct(db: Db, id: string) {
  const [row] = await db
    .update(products)
    .set({ advertise: true })
    .where(and(eq(products.id, id), available, eq(products.advertise, false)))
    .returning({ id: products.id });
  if (!row) {
    const current = await getProduct(db, id);
    throw conflict(current.advertise ? 'This product is already advertised' : 'Only an available product can be advertised');
  }
  return getProduct(db, id);
}

export async function reportProduct(db: Db, id: string) {
  const [row] = await db.update(products).set({ report: true }).where(eq(products.id, id)).returning({ id: products.id });
  if (!row) throw notFound('Product');
  return getProduct(db, id);
}

/** Open bookings of the product go with it; paid orders keep their own copy. */
export async function deleteProduct(db: Db, id: string) {
  await db.transaction(async (tx) => {
    await tx.delete(orders).where(and(eq(orders.productId, id), eq(orders.paid, false)));
    const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (deleted.length === 0) throw notFound('Product');
  });
}
