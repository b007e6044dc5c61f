import type { SearchAnswer, SearchQuery, SearchSort } from '@market/contract';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { categories, priceGuide, products, users } from '../src/db/schema.ts';
import { productColumns } from '../src/modules/products/dto.ts';
import { decodeCursor, type Key } from '../src/modules/products/search-cursor.ts';
import { answer, chosenDistricts, namedDistricts, textOf } from '../src/modules/products/search.ts';
import { listCategories, sellerNotSuspended } from '../src/modules/products/service.ts';
import { candidatesOfAll, escapeLike, type Word } from '../src/modules/products/word-meanings.ts';

/*
 * The search in SQL alone (decision 020): the oracle the search index is compared against (decision 022),
 * page by page. It reads the same query words and writes the same answer and cursors as GET /api/products,
 * and works out the rest from the database: every match counted, grouped and ranked by PostgreSQL.
 */

/** A lexeme written for a tsquery: quoted, so that no character of it is read as an operator. */
const lexeme = (word: string, weights = '') => `'${word.replace(/['\\]/g, '\\$&')}'${weights ? `:${weights}` : ''}`;

/** A tsquery: every word, each as any of what it may mean, optionally only in the given weights (A: the name). */
const tsquery = (words: Word[], pick: (w: Word) => string[], weights = '') =>
  words
    .map(
      (w) =>
        `(${pick(w)
          .map((m) => lexeme(m, weights))
          .join(' | ')})`,
    )
    .join(' & ');

interface Plan {
  where: SQL;
  /** The filters one at a time, so a facet can leave its own out. */
  filters: { category?: SQL; condition?: SQL; price?: SQL; rest: SQL };
  /** Relevance: 0 the exact name, 1 every word as typed in the name, 2 every word in the name, 3 elsewhere. */
  tier: SQL<number> | null;
}

async function plan(db: Db, query: SearchQuery): Promise<Plan> {
  const rest: SQL[] = [eq(products.status, 'available'), sellerNotSuspended];
  let tier: SQL<number> | null = null;
  const { words: expanded, phrase } = await textOf((asks) => candidatesOfAll(db, asks), query.q);
  if (expanded.length > 0) {
    const any = tsquery(expanded, (w) => w.means);
    rest.push(sql`${products.search} @@ ${any}::tsquery`);
    tier = sql<number>`case
      when trim(regexp_replace(lower(${products.productName}), '[^[:alnum:]]+', ' ', 'g')) = ${phrase} then 0
      when ${products.search} @@ ${tsquery(expanded, (w) => [w.word], 'A')}::tsquery then 1
      when ${products.search} @@ ${tsquery(expanded, (w) => w.means, 'A')}::tsquery then 2
      else 3 end`;
  }
  if (query.location) {
    const named = namedDistricts(query.location);
    const area = sql`${products.location} ilike ${`%${escapeLike(query.location)}%`}`;
    rest.push(named ? or(area, inArray(products.district, named))! : area);
  }
  const chosen = chosenDistricts(query);
  if (chosen) rest.push(inArray(products.district, chosen));
  if (query.verified === 'true') rest.push(eq(users.sellerVerified, true));
  if (query.storage?.length) rest.push(inArray(products.storageGb, query.storage));
  if (query.minBattery !== undefined) rest.push(sql`${products.batteryHealth} >= ${query.minBattery}`);
  const filters: Plan['filters'] = { rest: and(...rest)! };
  if (query.category?.length) filters.category = inArray(products.categoryId, query.category);
  if (query.condition?.length) filters.condition = inArray(products.condition, query.condition);
  if (query.minPrice !== undefined || query.maxPrice !== undefined) {
    filters.price = and(
      query.minPrice !== undefined ? sql`${products.resalePrice} >= ${query.minPrice}` : undefined,
      query.maxPrice !== undefined ? sql`${products.resalePrice} <= ${query.maxPrice}` : undefined,
    );
  }
  return { where: and(filters.rest, filters.category, filters.condition, filters.price)!, filters, tier };
}

/** Rows that pass every one of `filters` but at most one (those given); undefined when that is every row. */
function atMostOneFailed(filters: (SQL | undefined)[]): SQL | undefined {
  const given = filters.filter((x): x is SQL => x !== undefined);
  if (given.length < 2) return undefined;
  return or(...given.map((_, skip) => and(...given.filter((__, i) => i !== skip))));
}

const nameLength = sql<number>`length(${products.productName})`;
/** created_at as a cursor writes it: exact to the microsecond (a Date would cut it to the millisecond). */
const createdKey = sql<string>`to_char(${products.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The guide of a phone's key (model × storage × condition), joined to the phones: the best deal sort's. */
const ofKey = and(
  eq(priceGuide.phoneModelId, products.phoneModelId),
  eq(priceGuide.storageGb, products.storageGb),
  eq(priceGuide.condition, products.condition),
);
/** The median the key's guide shows (migration 0044's guide_median): the sales' from 5 sales, else the asking prices'. */
const shownMedian = sql`guide_median(${priceGuide.sales}, ${priceGuide.salesMedian}, ${priceGuide.asking}, ${priceGuide.askingMedian})`;
/** Best deal: the price over that median, × 10,000, rounded (a bigint: text or a number, as the driver reads it); null without one. */
const deal = sql<string | number | null>`round(${products.resalePrice} * 10000.0 / nullif(${shownMedian}, 0))::bigint`;

/** The ORDER BY of a sort, and the condition "after this key" in that order. */
function ordering(sort: SearchSort, tier: SQL<number> | null) {
  const newest = [desc(products.createdAt), desc(products.id)];
  const olderThan = (c: string, id: string) => sql`(${products.createdAt}, ${products.id}) < (${c}::timestamptz, ${id}::uuid)`;
  switch (sort) {
    case 'relevance':
      return {
        orderBy: [asc(tier!), asc(nameLength), ...newest],
        after: ([t, l, c, id]: Key) =>
          sql`(${tier} > ${t} or (${tier} = ${t} and ${nameLength} > ${l}) or (${tier} = ${t} and ${nameLength} = ${l} and (${products.createdAt}, ${products.id}) < (${c}::timestamptz, ${id}::uuid)))`,
      };
    case 'price_asc':
      return {
        orderBy: [asc(products.resalePrice), asc(products.id)],
        after: ([p, id]: Key) => sql`(${products.resalePrice}, ${products.id}) > (${p}, ${id}::uuid)`,
      };
    case 'price_desc':
      return {
        orderBy: [desc(products.resalePrice), desc(products.id)],
        after: ([p, id]: Key) => sql`(${products.resalePrice}, ${products.id}) < (${p}, ${id}::uuid)`,
      };
    case 'best_deal':
      // The lowest deal first, those without a guide after every one with; then newest first.
      return {
        orderBy: [sql`${deal} asc nulls last`, ...newest],
        after: ([d, c, id]: Key) =>
          d === null
            ? sql`(${deal} is null and ${olderThan(c as string, id as string)})`
            : sql`(${deal} > ${d} or ${deal} is null or (${deal} = ${d} and ${olderThan(c as string, id as string)}))`,
      };
    default:
      return { orderBy: newest, after: ([c, id]: Key) => sql`(${products.createdAt}, ${products.id}) < (${c}::timestamptz, ${id}::uuid)` };
  }
}

/** The same answer read from the database alone: the search index's test oracle (decision 022). */
export async function searchInSql(db: Db, query: SearchQuery): Promise<SearchAnswer> {
  const p = await plan(db, query);
  // Relevance needs a text to be relevant to: without one, the newest come first.
  const wanted = query.sort ?? 'relevance';
  const sort: SearchSort = wanted === 'relevance' && !p.tier ? 'newest' : wanted;
  const { orderBy, after } = ordering(sort, p.tier);
  const start = query.cursor ? after(decodeCursor(query.cursor, sort)) : undefined;

  // The rows of the page (their seller joined for the card), and in one scan of the phones that pass the
  // filters other than brand, condition and price: the total and every facet, each counted with every
  // filter but its own (FILTER clauses over brand × condition groups, summed here).
  const { filters: f } = p;
  const all = (...conditions: (SQL | undefined)[]) => and(sql`true`, ...conditions)!;
  const facetScan = db
    .select({
      category: products.categoryId,
      condition: products.condition,
      matches: sql<number>`count(*) filter (where ${all(f.category, f.condition, f.price)})::int`,
      ofCategory: sql<number>`count(*) filter (where ${all(f.condition, f.price)})::int`,
      ofCondition: sql<number>`count(*) filter (where ${all(f.category, f.price)})::int`,
      min: sql<number | null>`min(${products.resalePrice}) filter (where ${all(f.category, f.condition)})`,
      max: sql<number | null>`max(${products.resalePrice}) filter (where ${all(f.category, f.condition)})`,
    })
    .from(products);
  const [rows, brands, groups] = await Promise.all([
    db
      .select({ ...productColumns, tier: p.tier ?? sql<number>`0`, nameLength, createdKey, deal })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(priceGuide, ofKey)
      .where(and(p.where, start))
      .orderBy(...orderBy)
      .limit(query.limit + 1),
    listCategories(db),
    // The seller is joined only when the search asks for verified sellers. Only phones that fail at most
    // one of brand, condition and price count anywhere: said first, these cheap tests spare the text match.
    (query.verified === 'true' ? facetScan.innerJoin(users, eq(users.id, products.sellerId)) : facetScan)
      .where(and(atMostOneFailed([f.category, f.condition, f.price]), f.rest))
      .groupBy(products.categoryId, products.condition),
  ]);

  const perCategory = new Map<string, number>();
  const perCondition = new Map<string, number>();
  let total = 0;
  const price: { min: number | null; max: number | null } = { min: null, max: null };
  for (const g of groups) {
    perCategory.set(g.category, (perCategory.get(g.category) ?? 0) + g.ofCategory);
    perCondition.set(g.condition, (perCondition.get(g.condition) ?? 0) + g.ofCondition);
    total += g.matches;
    if (g.min !== null && (price.min === null || Number(g.min) < price.min)) price.min = Number(g.min);
    if (g.max !== null && (price.max === null || Number(g.max) > price.max)) price.max = Number(g.max);
  }
  const keyOf = (r: (typeof rows)[number]): Key => {
    if (sort === 'relevance') return [Number(r.tier), Number(r.nameLength), r.createdKey, r.product.id];
    if (sort === 'newest') return [r.createdKey, r.product.id];
    if (sort === 'best_deal') return [r.deal === null ? null : Number(r.deal), r.createdKey, r.product.id];
    return [r.product.resalePrice, r.product.id];
  };
  return answer(query.limit, sort, rows, keyOf, { brands, perCategory, perCondition, total, price });
}
