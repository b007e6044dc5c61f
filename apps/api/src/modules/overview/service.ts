import type { AdminOverview, BuyerOverview, Period, SellerOverview } from '@market/contract';
import { and, count, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { orders, products, users } from '../../db/schema.ts';
import { paidOrder } from '../orders/history.ts';

/** How far back each period looks, and PostgreSQL's name for it. */
const spans: Record<Period, { count: number; unit: 'day' | 'week' | 'month' }> = {
  Daily: { count: 30, unit: 'day' },
  Weekly: { count: 12, unit: 'week' },
  Monthly: { count: 12, unit: 'month' },
};
const DHAKA_MS = 6 * 3600_000;

/** Periods are counted in Bangladesh time (UTC+6, no summer time), where the market is: the date each one starts. */
const start = (column: PgColumn, period: Period) =>
  sql<string>`to_char(date_trunc('${sql.raw(spans[period].unit)}', ${column} at time zone 'Asia/Dhaka'), 'YYYY-MM-DD')`;

/** The first days (Dhaka) of the last periods, oldest first: 30 days, 12 weeks from Monday, or 12 months. */
function lastPeriods(period: Period = 'Daily', now = new Date()): string[] {
  const today = new Date(now.getTime() + DHAKA_MS);
  today.setUTCHours(0, 0, 0, 0);
  const { count, unit } = spans[period];
  if (unit === 'week') today.setUTCDate(today.getUTCDate() - ((today.getUTCDay() + 6) % 7));
  if (unit === 'month') today.setUTCDate(1);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(today);
    const back = count - 1 - i;
    if (unit === 'month') d.setUTCMonth(d.getUTCMonth() - back);
    else d.setUTCDate(d.getUTCDate() - back * (unit === 'week' ? 7 : 1));
    return d.toISOString().slice(0, 10);
  });
}

/** Rows per period (Daily unless asked) since the first one began (midnight in Dhaka), and `extra` of each. */
async function perPeriod(
  db: Db,
  table: typeof products | typeof orders,
  { where, extra, period = 'Daily' }: { where?: SQL; extra?: SQL<number>; period?: Period } = {},
) {
  const firsts = lastPeriods(period);
  const since = new Date(Date.parse(`${firsts[0]}T00:00:00Z`) - DHAKA_MS);
  const rows = await db
    .select({ date: start(table.createdAt, period), count: count(), extra: extra ?? sql<number>`0` })
    .from(table)
    .where(and(gte(table.createdAt, since), where))
    .groupBy(start(table.createdAt, period));
  const found = new Map(rows.map((r) => [r.date, { count: Number(r.count), extra: Number(r.extra) }]));
  return firsts.map((date) => ({ date, count: found.get(date)?.count ?? 0, extra: found.get(date)?.extra ?? 0 }));
}

const total = async (db: Db, table: typeof products | typeof orders | typeof users, where?: SQL) =>
  Number((await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0);

export async function adminOverview(db: Db, period: Period): Promise<AdminOverview> {
  const [totalProduct, totalSeller, totalBuyer, counts] = await Promise.all([
    total(db, products),
    total(db, users, eq(users.role, 'Seller')),
    total(db, users, eq(users.role, 'Buyer')),
    perPeriod(db, products, { period }),
  ]);
  return { totalProduct, totalSeller, totalBuyer, period, productsPerPeriod: counts.map(({ date, count }) => ({ date, count })) };
}

export async function buyerOverview(db: Db, buyerId: string): Promise<BuyerOverview> {
  const mine = eq(orders.buyerId, buyerId);
  const [totalOrders, totalPaidOrders, days] = await Promise.all([
    total(db, orders, mine),
    total(db, orders, and(mine, paidOrder)),
    perPeriod(db, orders, { where: mine, extra: sql<number>`count(*) filter (where ${paidOrder})` }),
  ]);
  return {
    totalOrders,
    totalPaidOrders,
    ordersPerDay: days.map((d) => ({ date: d.date, orders: d.count, paid: d.extra })),
  };
}

export async function sellerOverview(db: Db, sellerId: string): Promise<SellerOverview> {
  const own = eq(products.sellerId, sellerId);
  const onOwn = sql`${orders.productId} in (select ${products.id} from ${products} where ${own})`;
  const [sellerProducts, totalOrders, paidOrders, productDays, orderDays] = await Promise.all([
    total(db, products, own),
    total(db, orders, onOwn),
    total(db, orders, and(onOwn, paidOrder)),
    perPeriod(db, products, { where: own }),
    perPeriod(db, orders, { where: onOwn }),
  ]);
  return {
    sellerProducts,
    orderCount: [{ totalOrders }],
    paidOrderCount: [{ totalOrders: paidOrders }],
    perDay: productDays.map((d, i) => ({ date: d.date, products: d.count, orders: orderDays[i]!.count })),
  };
}
