import { guideDays, minGuideSales, type Condition, type KeyGuide, type ModelPrices, type PriceGuide } from '@market/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { modelAt } from '../phone-models/catalogue.ts';
import { priceGuide } from '../../db/schema.ts';
import { guideStats, type Priced } from './stats.ts';

/** A key of the guide: a catalogue model, a storage size and a condition. */
export interface GuideKey {
  modelId: string;
  storageGb: number;
  condition: Condition;
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
/** A number's last ten digits: 01712-345678, +8801712345678 and 8801712345678 are one number. */
const lastTen = (column: ReturnType<typeof sql>) => sql`right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10)`;

/**
 * The sales the guide counts, of a key or of a whole model: deals completed in the last `guideDays` days (cash or
 * protected), with their age in days. Left out: a deal ever disputed or refunded (a refunded one is no longer
 * completed), one whose buyer's number is the seller's (the listing's number, or the bKash wallet they are paid on),
 * and one whose buyer signed in from a browser the seller signed in from (decision 059): the same people on both sides.
 */
async function countedSales(db: Db, which: ReturnType<typeof sql>) {
  return rows<Priced & { day: string; storageGb: number; condition: Condition }>(
    db,
    sql`select o.product_price as price, extract(epoch from now() - e.at) / 86400 as "ageDays",
        to_char(e.at at time zone 'Asia/Dhaka', 'YYYY-MM-DD') as day, p.storage_gb as "storageGb", p.condition
      from products p
      join orders o on o.product_id = p.id and o.state = 'completed'
      join lateral (select max(at) as at from order_events where order_id = o.id and to_state = 'completed') e on true
      where ${which}
        and e.at > now() - make_interval(days => ${guideDays})
        and not exists (select 1 from order_events d where d.order_id = o.id and d.to_state = 'disputed')
        and ${lastTen(sql`o.mobile_number`)} <> ${lastTen(sql`p.phone_number`)}
        and not exists (select 1 from payout_methods m where m.user_id = p.seller_id and m.wallet is not null
          and ${lastTen(sql`m.wallet`)} = ${lastTen(sql`o.mobile_number`)})
        and not exists (select 1 from user_devices s join user_devices b on b.device = s.device
          where s.user_id = p.seller_id and b.user_id = o.buyer_id)
      order by e.at, o.id`,
  );
}

const ofKey = (key: GuideKey) => sql`p.phone_model_id = ${key.modelId} and p.storage_gb = ${key.storageGb} and p.condition = ${key.condition}`;
const salesOf = (db: Db, key: GuideKey) => countedSales(db, ofKey(key));

/** What the key's phones for sale ask (their sellers not suspended, not hidden). */
/** A phone `p` for sale that anyone sees: available, not hidden, its seller not suspended. */
const forSaleNow = sql`p.status = 'available' and p.hidden_at is null and p.seller_id not in (select id from users where suspended_at is not null)`;

async function askingOf(db: Db, key: GuideKey) {
  return rows<Priced>(db, sql`select p.resale_price as price, 0 as "ageDays" from products p where ${ofKey(key)} and ${forSaleNow}`);
}

/** The key's row, if it was ever counted. */
async function rowOf(db: Db, key: GuideKey) {
  const [row] = await db
    .select()
    .from(priceGuide)
    .where(and(eq(priceGuide.phoneModelId, key.modelId), eq(priceGuide.storageGb, key.storageGb), eq(priceGuide.condition, key.condition)))
    .limit(1);
  return row;
}

/**
 * Counts the key again from its sales and asking prices, and keeps the numbers (one row per key). Answers whether
 * they changed: most of the sweep's recounts change nothing a page shows.
 */
export async function recount(db: Db, key: GuideKey) {
  const sales = guideStats((await salesOf(db, key)).map((s) => ({ price: Number(s.price), ageDays: Number(s.ageDays) })));
  const asking = guideStats((await askingOf(db, key)).map((s) => ({ price: Number(s.price), ageDays: 0 })));
  const numbers = {
    sales: sales?.count ?? 0,
    salesLow: sales?.low ?? null,
    salesMedian: sales?.median ?? null,
    salesHigh: sales?.high ?? null,
    asking: asking?.count ?? 0,
    askingLow: asking?.low ?? null,
    askingMedian: asking?.median ?? null,
    askingHigh: asking?.high ?? null,
  };
  const before = await rowOf(db, key);
  const values = { ...numbers, countedAt: sql`now()` };
  await db
    .insert(priceGuide)
    .values({ phoneModelId: key.modelId, storageGb: key.storageGb, condition: key.condition, ...values })
    .onConflictDoUpdate({ target: [priceGuide.phoneModelId, priceGuide.storageGb, priceGuide.condition], set: values });
  return !before || Object.entries(numbers).some(([k, v]) => before[k as keyof typeof numbers] !== v);
}

/**
 * The guide for a key, as a page shows it: the sales' numbers once there are `minGuideSales`, else the asking prices
 * (labelled so), else null.
 */
export async function guideFor(db: Db, key: GuideKey): Promise<PriceGuide | null> {
  const row = await rowOf(db, key);
  return row ? shown(row) : null;
}

function shown(row: typeof priceGuide.$inferSelect): PriceGuide | null {
  if (row.sales >= minGuideSales)
    return { basis: 'sales', low: row.salesLow!, median: row.salesMedian!, high: row.salesHigh!, count: row.sales, days: guideDays };
  if (row.asking > 0) return { basis: 'asking', low: row.askingLow!, median: row.askingMedian!, high: row.askingHigh!, count: row.asking, days: guideDays };
  return null;
}

/** The order of conditions on a page: best first. */
const conditionOrder: Record<Condition, number> = { Excellent: 0, Good: 1, Fair: 2 };

/**
 * A model's public page (issue 34): the guide of each of its keys that has one (storage ascending, best condition
 * first), the sales counted (oldest first: the chart's points) and how many of its phones are for sale. 404 when the
 * address names no model.
 */
export async function modelPrices(db: Db, brandSlug: string, modelSlug: string): Promise<ModelPrices> {
  const model = await modelAt(db, brandSlug, modelSlug);
  if (!model) throw notFound('Model');
  const [keys, sales, [forSale]] = await Promise.all([
    db.select().from(priceGuide).where(eq(priceGuide.phoneModelId, model._id)),
    countedSales(db, sql`p.phone_model_id = ${model._id}`),
    rows<{ count: number }>(db, sql`select count(*)::int as count from products p where p.phone_model_id = ${model._id} and ${forSaleNow}`),
  ]);
  const guides = keys
    .map((row) => ({ storageGb: row.storageGb, condition: row.condition, guide: shown(row) }))
    .filter((k): k is KeyGuide => k.guide !== null)
    .sort((a, b) => a.storageGb - b.storageGb || conditionOrder[a.condition] - conditionOrder[b.condition]);
  return {
    model,
    guides,
    sales: sales.map((s) => ({ day: s.day, price: Number(s.price), storageGb: s.storageGb, condition: s.condition })),
    forSale: forSale?.count ?? 0,
    days: guideDays,
  };
}

/** The 'price-guide' job: count a key again (queued by a deal's completion or refund, a listing's write, the sweep); whether its numbers changed. */
export const priceGuideJob = (db: Db) => (key: GuideKey) => recount(db, key);

/** Keys counted again per sweep: their sales age a day between sweeps. */
const SWEEP_KEYS = 500;

/**
 * The sweep: keys counted more than a day ago are counted again (sales age out of the 90 days, weights change).
 * Answers how many were queued. Two instances sweeping at once may queue a key twice: counting is idempotent.
 */
export async function sweepGuide(db: Db) {
  const stale = await db
    .select({ modelId: priceGuide.phoneModelId, storageGb: priceGuide.storageGb, condition: priceGuide.condition })
    .from(priceGuide)
    .where(lt(priceGuide.countedAt, sql`now() - interval '1 day'`))
    .orderBy(priceGuide.countedAt)
    .limit(SWEEP_KEYS);
  for (const key of stale) await enqueueJob(db, 'price-guide', key);
  return stale.length;
}
