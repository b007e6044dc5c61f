import { conditions, isUuid, type SearchAnswer, type SearchQuery, type SearchSort, type Suggestion } from '@market/contract';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { perDb, type Db } from '../../db/client.ts';
import { categories, products, searchWords, users } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { productColumns, toProduct, type ProductRow } from './dto.ts';
import { readQuery, type QueryWord } from './query-words.ts';
import { isoMicros, micros, type SearchIndex } from './search-index.ts';
import { listCategories, select, sellerNotSuspended } from './service.ts';

/*
 * GET /api/products (decision 020). A query's words are matched against each phone's search
 * document (name, brand, description: the trigger of migration 0006). Each word stands for itself
 * and for the vocabulary words it may mean: the words it begins (the last word, while typing) and,
 * like Meilisearch's default, the words one typo away (5+ letters) or two (9+). Every word must match.
 */

const MAX_EXPANSIONS = 40;

export { queryWords } from './query-words.ts';

/** How many typos a word may carry: none below 5 letters, one from 5, two from 9. */
export const typosAllowed = (word: string) => (word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0);

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbours, each one typo ('iphnoe' is one typo from 'iphone'; plain Levenshtein counts two).
 */
export function typoDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** Typos between two words as Meilisearch counts them: one on the first letter costs two ('iphone' is not 'phone'). */
export const typoCost = (a: string, b: string) => typoDistance(a, b) + (a[0] === b[0] ? 0 : 1);

/** A lexeme written for a tsquery: quoted, so that no character of it is read as an operator. */
const lexeme = (word: string, weights = '') => `'${word.replace(/['\\]/g, '\\$&')}'${weights ? `:${weights}` : ''}`;

interface Word {
  word: string;
  /** The word itself, the words it begins (last word only) and the words within its typos. */
  means: string[];
}

/**
 * Each query word with what it may mean, from the vocabulary of every search document. `known`: what
 * words meant before, kept by the search index until a new word joins its vocabulary.
 */
async function expand(db: Db, words: QueryWord[], prefixLast: boolean, known?: Map<string, string[]>): Promise<Word[]> {
  return Promise.all(
    words.map(async ({ word, also }, i) => {
      const prefix = prefixLast && i === words.length - 1;
      // The word and its other spellings (a Bangla brand's, decision 032) each mean themselves and, while typed,
      // the words they begin; typos are forgiven the word only (a Bangla spelling is no typo of its English word).
      const forms = [word, ...also];
      const key = `${prefix ? '*' : ''}${forms.join(' ')}`;
      const meant = known?.get(key);
      if (meant) return { word, means: meant };
      const k = typosAllowed(word);
      const conditions: SQL[] = [inArray(searchWords.word, forms)];
      if (prefix) conditions.push(...forms.map((f) => sql`starts_with(${searchWords.word}, ${f})`));
      // Candidates by Levenshtein (a swap counts two there), kept when the swap-aware distance allows them.
      if (k > 0)
        conditions.push(
          sql`(length(${searchWords.word}) between ${word.length - k} and ${word.length + k} and levenshtein(${searchWords.word}, ${word}) <= ${2 * k})`,
        );
      const rows = await db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(or(...conditions))
        .orderBy(desc(inArray(searchWords.word, forms)), sql`levenshtein(${searchWords.word}, ${word})`, asc(sql`length(${searchWords.word})`))
        .limit(MAX_EXPANSIONS);
      const close = rows.map((r) => r.word).filter((w) => forms.includes(w) || (prefix && forms.some((f) => w.startsWith(f))) || typoCost(w, word) <= k);
      const means = [...new Set([word, ...close])];
      known?.set(key, means);
      return { word, means };
    }),
  );
}

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

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The query's words, each with what it may mean, and the phrase an exact model name equals. */
async function textOf(db: Db, q: string | undefined, known?: Map<string, string[]>): Promise<{ words: Word[]; phrase: string }> {
  const words = q ? readQuery(q) : [];
  // While typing, the last word is unfinished: it also means the words it begins.
  return { words: words.length ? await expand(db, words, !/\s$/.test(q!), known) : [], phrase: words.map((w) => w.word).join(' ') };
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

/** The sort's key of a row, and the cursor that names it: opaque to clients (base64url of JSON). */
type Key = [number, number, string, string] | [string, string] | [number, string];

const encodeCursor = (sort: SearchSort, key: Key) => Buffer.from(JSON.stringify({ s: sort, k: key })).toString('base64url');

function decodeCursor(cursor: string, sort: SearchSort): Key {
  const refused = () => badRequest('bad_search_cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const { s, k } = (parsed ?? {}) as { s?: unknown; k?: unknown };
  if (s !== sort || !Array.isArray(k)) throw refused();
  const isId = (v: unknown) => typeof v === 'string' && isUuid(v);
  const isTime = (v: unknown) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/.test(v) && !Number.isNaN(micros(v));
  const isInt = (v: unknown) => Number.isInteger(v);
  const shapes: Record<SearchSort, ((v: unknown) => boolean)[]> = {
    relevance: [isInt, isInt, isTime, isId],
    newest: [isTime, isId],
    price_asc: [isInt, isId],
    price_desc: [isInt, isId],
  };
  const shape = shapes[sort];
  if (k.length !== shape.length || !shape.every((ok, i) => ok(k[i]))) throw refused();
  // Times with six decimals, as the keys are written (a cursor from before had three).
  return k.map((v, i) => (shape[i] === isTime ? isoMicros(micros(v as string)) : v)) as Key;
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
async function fromIndex(db: Db, index: SearchIndex, query: SearchQuery) {
  await index.catchUp();
  const text = await textOf(db, query.q, index.meanings());
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
export async function searchProducts(db: Db, query: SearchQuery, index: SearchIndex): Promise<SearchAnswer> {
  const [{ sort, found, ordered }, brands] = await Promise.all([fromIndex(db, index, query), listCategories(db)]);
  return answer(query.limit, sort, ordered, (r) => r.key, { brands, ...found, perCondition: found.perCondition as Map<string, number> });
}

const SUGGESTIONS = 6;
/** Matches read to find the suggestions: enough for six different names among near-copies of one listing. */
const SUGGESTION_POOL = 60;

/**
 * What the search box offers while a buyer types: the names of the best matches (same matching and
 * ranking as the search), each name once however many phones carry it. Picking one searches for it.
 */
export async function suggestProducts(db: Db, q: string, index: SearchIndex): Promise<Suggestion[]> {
  const names = await suggestionPool(db, index, q);
  const byName = new Map<string, Suggestion>();
  for (const row of names) {
    const key = row.productName.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!byName.has(key) && byName.size < SUGGESTIONS) byName.set(key, { productName: row.productName.trim(), category: row.category });
  }
  return [...byName.values()];
}

async function suggestionPool(db: Db, index: SearchIndex, q: string) {
  if (readQuery(q).length === 0) return [];
  const { ordered } = await fromIndex(db, index, { q, limit: SUGGESTION_POOL });
  return ordered.slice(0, SUGGESTION_POOL).map((r) => ({ productName: r.product.productName, category: r.categoryName }));
}
