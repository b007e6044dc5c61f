import { conditions, type SearchAnswer, type SearchQuery, type SearchSort, type Suggestion } from '@market/contract';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { perDb, type Db } from '../../db/client.ts';
import { categories, products, users } from '../../db/schema.ts';
import { productColumns, toProduct, type ProductRow } from './dto.ts';
import { readQuery } from './query-words.ts';
import { decodeCursor, encodeCursor, type Key } from './search-cursor.ts';
import type { SearchIndex } from './search-index.ts';
import { listCategories, select, sellerNotSuspended } from './service.ts';
import { escapeLike, expand, type Word } from './word-meanings.ts';

/*
 * GET /api/products (decision 020). A query's words are matched against each phone's search
 * document (name, brand, description: the trigger of migration 0006). Each word stands for itself
 * and for the vocabulary words it may mean: the words it begins (the last word, while typing) and,
 * like Meilisearch's default, the words one typo away (5+ letters) or two (9+). Every word must match.
 */

export { queryWords } from './query-words.ts';
export { typoCost, typoDistance, typosAllowed } from './word-meanings.ts';

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

/** The query's words, each with what it may mean, and the phrase an exact model name equals. */
async function textOf(db: Db, q: string | undefined, known?: Map<string, string[]>, deadline?: number): Promise<{ words: Word[]; phrase: string }> {
  const words = q ? readQuery(q) : [];
  // While typing, the last word is unfinished: it also means the words it begins.
  return { words: words.length ? await expand(db, words, !/\s$/.test(q!), known, deadline) : [], phrase: words.map((w) => w.word).join(' ') };
}

async function plan(db: Db, query: SearchQuery): Promise<Plan> {
  const rest: SQL[] = [eq(products.status, 'available'), sellerNotSuspended];
  let tier: SQL<number> | null = null;
  const { words: expanded, phrase } = await textOf(db, query.q);
  if (expanded.length > 0) {
    const any = tsquery(expanded, (w) => w.means);
    rest.push(sql`${products.search} @@ ${any}::tsquery`);
    tier = sql<number>`case
      when trim(regexp_replace(lower(${products.productName}), '[^[:alnum:]]+', ' ', 'g')) = ${phrase} then 0
      when ${products.search} @@ ${tsquery(expanded, (w) => [w.word], 'A')}::tsquery then 1
      when ${products.search} @@ ${tsquery(expanded, (w) => w.means, 'A')}::tsquery then 2
      else 3 end`;
  }
  if (query.location) rest.push(sql`${products.location} ilike ${`%${escapeLike(query.location)}%`}`);
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

/** The ORDER BY of a sort, and the condition "after this key" in that order. */
function ordering(sort: SearchSort, tier: SQL<number> | null) {
  const newest = [desc(products.createdAt), desc(products.id)];
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
      .select({ ...productColumns, tier: p.tier ?? sql<number>`0`, nameLength, createdKey })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(users, eq(users.id, products.sellerId))
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
    return [r.product.resalePrice, r.product.id];
  };
  return answer(query.limit, sort, rows, keyOf, { brands, perCategory, perCondition, total, price });
}

interface Counts {
  brands: { _id: string; category: string }[];
  perCategory: Map<string, number>;
  perCondition: Map<string, number>;
  total: number;
  price: { min: number | null; max: number | null };
}

/** The answer from up to limit + 1 rows in order (one more: there is a next page) and the counts. */
function answer<R extends ProductRow>(limit: number, sort: SearchSort, rows: R[], keyOf: (r: R) => Key, counts: Counts): SearchAnswer {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    success: true,
    data: page.map((r) => toProduct(r)),
    meta: {
      nextCursor: rows.length > limit && last ? encodeCursor(sort, keyOf(last)) : null,
      total: counts.total,
      facets: {
        categories: counts.brands.map((c) => ({ _id: c._id, category: c.category, count: counts.perCategory.get(c._id) ?? 0 })),
        conditions: conditions.map((condition) => ({ condition, count: counts.perCondition.get(condition) ?? 0 })),
        price: counts.price,
      },
    },
  };
}

/** The rows of the phones with these ids that are still available. */
const availableByIds = perDb((db) =>
  select(db, and(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`, eq(products.status, 'available'), sellerNotSuspended)).prepare('search_rows'),
);

/** Which phones and the counts from the index; their rows from the database, by id. */
async function fromIndex(db: Db, index: SearchIndex, query: SearchQuery, budgetMs = Infinity) {
  // The budget counts from here: time spent waiting for the index to catch up (on PGlite, behind other queries) is spent.
  const deadline = performance.now() + budgetMs;
  await index.catchUp();
  const text = await textOf(db, query.q, index.meanings(), deadline);
  const wanted = query.sort ?? 'relevance';
  const sort: SearchSort = wanted === 'relevance' && text.words.length === 0 ? 'newest' : wanted;
  const found = index.query({
    ...text,
    category: query.category,
    condition: query.condition,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    location: query.location,
    storage: query.storage,
    minBattery: query.minBattery,
    verified: query.verified === 'true',
    sort,
    after: query.cursor ? decodeCursor(query.cursor, sort) : undefined,
    limit: query.limit,
  });
  const ids = found.page.map((p) => p.id);
  const rows = ids.length ? await availableByIds(db).execute({ ids }) : [];
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  // A phone sold between the index's answer and this read is left out.
  const ordered = found.page.flatMap((p) => {
    const row = byId.get(p.id);
    return row ? [{ ...row, key: p.key as Key }] : [];
  });
  return { sort, found, ordered };
}

/** GET /api/products, from the search index (decision 022). */
export async function searchProducts(db: Db, query: SearchQuery, index: SearchIndex, budgetMs?: number): Promise<SearchAnswer> {
  const [{ sort, found, ordered }, brands] = await Promise.all([fromIndex(db, index, query, budgetMs), listCategories(db)]);
  return answer(query.limit, sort, ordered, (r) => r.key, { brands, ...found });
}

const SUGGESTIONS = 6;
/** Matches read to find the suggestions: enough for six different names among near-copies of one listing. */
const SUGGESTION_POOL = 60;

/**
 * What the search box offers while a buyer types: the names of the best matches (same matching and
 * ranking as the search), each name once however many phones carry it. Picking one searches for it.
 */
export async function suggestProducts(db: Db, q: string, index: SearchIndex, budgetMs?: number): Promise<Suggestion[]> {
  const names = await suggestionPool(db, index, q, budgetMs);
  const byName = new Map<string, Suggestion>();
  for (const row of names) {
    const key = row.productName.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!byName.has(key) && byName.size < SUGGESTIONS) byName.set(key, { productName: row.productName.trim(), category: row.category });
  }
  return [...byName.values()];
}

async function suggestionPool(db: Db, index: SearchIndex, q: string, budgetMs?: number) {
  if (readQuery(q).length === 0) return [];
  const { ordered } = await fromIndex(db, index, { q, limit: SUGGESTION_POOL }, budgetMs);
  return ordered.slice(0, SUGGESTION_POOL).map((r) => ({ productName: r.product.productName, category: r.categoryName }));
}
