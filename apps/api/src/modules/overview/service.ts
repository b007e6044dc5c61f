import type { AdminOverview, BuyerOverview, SellerOverview } from '@market/contract';
import { and, count, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { orders, products, users } from '../../db/schema.ts';

const DAYS = 30;
/** Days are counted in Bangladesh time, where the market is. */
const day = (column: PgColumn) => sql<string>`to_char(${column} at time zone 'Asia/Dhaka', 'YYYY-MM-DD')`;

/** The last 30 calendar days (Dhaka), oldest first. */
export function lastDays(now = new Date()): string[] {
  const dhaka = new Date(now.getTime() + 6 * 3600_000);
  return Array.from({ length: DAYS }, (_, i) => {
    const d = new Date(dhaka);
    d.setUTCDate(d.getUTCDate() - (DAYS - 1 - i));
    return d.toISOString().slice(0, 10);
  });
}

const since = () => new Date(Date.now() - DAYS * 86400_000);

async function perDay(db: Db, table: typeof products | typeof orders, where: SQL | undefined, extra?: SQL<number>) {
  const rows = await db
    .select({ date: day(table.createdAt), count: count(), extra: extra ?? sql<number>`0` })
    .from(table)
    .where(and(gte(table.createdAt, since()), where))
    .groupBy(day(table.createdAt));
  return new Map(rows.map((r) => [r.date, { count: Number(r.count), extra: Number(r.extra) }]));
}

const total = async (db: Db, table: typeof products | typeof orders | typeof users, where?: SQL) =>
  Number((await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0);

export async function adminOverview(db: Db): Promise<AdminOverview> {
  const [totalProduct, totalSeller, totalBuyer, days] = await Promise.all([
    total(db, products),
    total(db, users, eq(users.role, 'Seller')),
    total(db, users, eq(users.role, 'Buyer')),
    perDay(db, products, undefined),
  ]);
  return {
    totalProduct,
    totalSeller,
    totalBuyer,
    productsPerDay: lastDays().map((date) => ({ date, count: days.get(date)?.count ?? 0 })),
  };
}

export async function buyerOverview(db: Db, buyerId: string): Promise<BuyerOverview> {
  const mine = eq(orders.buyerId, buyerId);
  const [totalOrders, totalPaidOrders, days] = await Promise.all([
    total(db, orders, mine),
    total(db, orders, and(mine, eq(orders.paid, true))),
    perDay(db, orders, mine, sql<number>`count(*) filter (where ${orders.paid})`),
  ]);
  return {
    totalOrders,
    totalPaidOrders,
    ordersPerDay: lastDays().map((date) => ({ date, orders: days.get(date)?.count ?? 0, paid: days.get(date)?.extra ?? 0 })),
  };
}

export async function sellerOverview(db: Db, sellerId: string): Promise<SellerOverview> {
  const own = eq(products.sellerId, sellerId);
  const onOwn = sql`${orders.productId} in (select ${products.id} from ${products} where ${own})`;
  const [sellerProducts, totalOrders, paidOrders, productDays, orderDays] = await Promise.all([
    total(db, products, own),
    total(db, orders, onOwn),
    total(db, orders, and(onOwn, eq(orders.paid, true))),
    perDay(db, products, own),
    perDay(db, orders, onOwn),
  ]);
  return {
    sellerProducts,
    orderCount: [{ totalOrders }],
    paidOrderCount: [{ totalOrders: paidOrders }],
    perDay: lastDays().map((date) => ({
      date,
      products: productDays.get(date)?.count ?? 0,
      orders: orderDays.get(date)?.count ?? 0,
    })),
  };
}
