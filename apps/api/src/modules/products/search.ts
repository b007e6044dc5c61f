import { conditions, type Product, type SearchAnswer, type SearchQuery, type SearchSort, type Suggestion } from '@market/contract';
import { and, eq, sql } from 'drizzle-orm';
import { perDb, type Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { toProduct, type ProductRow } from './dto.ts';
import { readQuery } from './query-words.ts';
import { decodeCursor, encodeCursor, type Key } from './search-cursor.ts';
import type { SearchIndex } from './search-index.ts';
import { getProduct, listCategories, select, sellerNotSuspended } from './service.ts';
import { normalName } from './search-similar.ts';
import { expand, type Lookup, type Word } from './word-meanings.ts';
import { districtCode } from './search-snapshot.ts';
import { districts, findDistrict, findDivision } from '@market/contract/places';

/** The districts (ids) a division or a district chosen in a search stands for. */
export function chosenDistricts(place: { division?: string | undefined; district?: string | undefined }): string[] | undefined {
  if (place.district) return [place.district];
  if (place.division) return districts.filter((d) => d.division.id === place.division).map((d) => d.id);
  return undefined;
}

/** The districts a location typed as words names: "ঢাকা" and "Chittagong" stand for their districts (or, failing that, a division). */
export function namedDistricts(location: string | undefined): string[] | undefined {
  if (!location) return undefined;
  const district = findDistrict(location);
  return chosenDistricts(district ? { district: district.id } : { division: findDivision(location)?.id });
}

const codesOf = (ids: string[] | undefined) => ids && new Set(ids.map(districtCode));

/*
 * GET /api/products (decision 020). A query's words are matched against each phone's search
 * document (name, brand, description: the trigger of migration 0006). Each word stands for itself
 * and for the vocabulary words it may mean: the words it begins (the last word, while typing) and,
 * like Meilisearch's default, the words one typo away (5+ letters) or two (9+). Every word must match.
 * The search index answers which phones and the counts (decision 022); the same search in SQL alone, its
 * oracle, lives with the tests (apps/api/test/search-oracle.ts).
 */

export { queryWords } from './query-words.ts';
export { typoCost, typoDistance, typosAllowed } from './word-meanings.ts';

/** The query's words, each with what it may mean, and the phrase an exact model name equals. */
export async function textOf(
  lookup: Lookup,
  q: string | undefined,
  known?: Map<string, string[]>,
  deadline?: number,
): Promise<{ words: Word[]; phrase: string }> {
  const words = q ? readQuery(q) : [];
  // While typing, the last word is unfinished: it also means the words it begins.
  return { words: words.length ? await expand(lookup, words, !/\s$/.test(q!), known, deadline) : [], phrase: words.map((w) => w.word).join(' ') };
}

interface Counts {
  brands: { _id: string; category: string }[];
  perCategory: Map<string, number>;
  perCondition: Map<string, number>;
  total: number;
  price: { min: number | null; max: number | null };
}

/** The answer from up to limit + 1 rows in order (one more: there is a next page) and the counts. */
export function answer<R extends ProductRow>(limit: number, sort: SearchSort, rows: R[], keyOf: (r: R) => Key, counts: Counts): SearchAnswer {
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

/** The phones of these ids that are still for sale, as the API answers them, in the ids' order (a phone sold meanwhile is left out). */
export async function availableInOrder(db: Db, ids: string[]): Promise<Product[]> {
  const rows = ids.length ? await availableByIds(db).execute({ ids }) : [];
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProduct(row)] : [];
  });
}

/**
 * Up to `limit` phones for sale like this one (issue 34, item 6; search-similar.ts): the same model, or its brand near
 * its price, the nearest districts first. The phone itself may be sold: its page shows them too.
 */
export async function similarProducts(db: Db, index: SearchIndex, id: string, limit = 8): Promise<Product[]> {
  const phone = await getProduct(db, id);
  await index.catchUp();
  const ids = index.similar(
    {
      id: phone._id,
      categoryId: phone.categoryId._id,
      nameNorm: normalName(phone.productName),
      price: phone.resalePrice,
      district: phone.district?._id ?? null,
    },
    limit,
  );
  return availableInOrder(db, ids);
}

/** Which phones and the counts from the index; their rows from the database, by id. */
async function fromIndex(db: Db, index: SearchIndex, query: SearchQuery, budgetMs = Infinity) {
  // The budget counts from here: time spent waiting for the index to catch up (on PGlite, behind other queries) is spent.
  const deadline = performance.now() + budgetMs;
  await index.catchUp();
  const text = await textOf(index.findWords, query.q, index.meanings(), deadline);
  const wanted = query.sort ?? 'relevance';
  const sort: SearchSort = wanted === 'relevance' && text.words.length === 0 ? 'newest' : wanted;
  const found = index.query({
    ...text,
    category: query.category,
    condition: query.condition,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    location: query.location,
    locationDistricts: codesOf(namedDistricts(query.location)),
    districts: codesOf(chosenDistricts(query)),
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
