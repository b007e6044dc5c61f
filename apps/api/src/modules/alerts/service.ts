import { maxSavedSearches, type KeptQuery, type PageQuery, type SavedQuery, type SavedSearch, type SaveSearchBody } from '@market/contract';
import { findDistrict, findDivision } from '@market/contract/places';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedSearches, searchAlerts } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import { readQuery } from '../products/query-words.ts';

/*
 * Saved searches (issue 34, item 5; decision 056): a person's searches kept with how often they want to hear of them,
 * each laid out for matching (match.ts) when it is saved.
 */

type Row = typeof savedSearches.$inferSelect;

const isEmpty = (v: unknown) => v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const sortedSet = <T>(list: T[] | undefined) => (list ? [...new Set(list)].sort() : undefined);

/**
 * The filters as kept, the same search written one way: its words trimmed, lists sorted and each value once, division
 * and district as ids, and a typed place that names a district or division (`location=ঢাকা`) kept as that place.
 */
export function keptQuery(q: SavedQuery): SavedQuery {
  const named = q.location ? findDistrict(q.location) : undefined;
  const namedDivision = q.location && !named ? findDivision(q.location) : undefined;
  const kept: SavedQuery = {
    q: q.q?.trim().replace(/\s+/g, ' '),
    category: sortedSet(q.category),
    condition: sortedSet(q.condition),
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    location: named || namedDivision ? undefined : q.location?.trim(),
    division: q.division ?? namedDivision?.id,
    district: q.district ?? named?.id,
    verified: q.verified === 'true' ? 'true' : undefined,
    storage: q.storage ? [...new Set(q.storage)].sort((a, b) => a - b) : undefined,
    minBattery: q.minBattery,
  };
  return Object.fromEntries(Object.entries(kept).filter(([, v]) => !isEmpty(v))) as SavedQuery;
}

/** One text per search: its keys in order. */
const keyOf = (q: SavedQuery) => JSON.stringify(Object.fromEntries(Object.entries(q).sort(([a], [b]) => a.localeCompare(b))));

/**
 * A kept search laid out for matching (decision 056): its words as the search reads them ('আইফোন' is 'iphone'), and
 * the keys it could be anchored on, each one every phone it matches surely has: one of its words, or else its brand;
 * with its district or division joined on when it names one ('w:iphone@d:dhaka'), else '*'. `saveSearch` anchors it on
 * the one fewest searches share, so no key gathers everyone's.
 */
export function layout(q: SavedQuery) {
  const words = [...new Set((q.q ? readQuery(`${q.q} `) : []).map((w) => w.word))];
  const place = q.district ? `@d:${q.district}` : q.division ? `@v:${q.division}` : '';
  const bases = words.length ? words.map((w) => `w:${w}`) : q.category?.length === 1 ? [`c:${q.category[0]}`] : [];
  const anchors = bases.length ? bases.map((b) => b + place) : [place ? place.slice(1) : '*'];
  return {
    anchors,
    fields: {
      words,
      categories: q.category ?? [],
      conditions: q.condition ?? [],
      minPrice: q.minPrice ?? null,
      maxPrice: q.maxPrice ?? null,
      area: q.location ? q.location.toLowerCase() : null,
      district: q.district ?? null,
      division: q.division ?? null,
      verified: q.verified === 'true',
      storage: q.storage ?? [],
      minBattery: q.minBattery ?? null,
    },
  };
}

/** Of a search's possible anchors, the one the fewest searches are anchored on now (the longest word on a tie). */
export async function leastShared(db: Db, anchors: string[]): Promise<string> {
  if (anchors.length === 1) return anchors[0]!;
  const rows = await db
    .select({ anchor: savedSearches.anchor, n: count() })
    .from(savedSearches)
    .where(inArray(savedSearches.anchor, anchors))
    .groupBy(savedSearches.anchor);
  const shared = new Map(rows.map((r) => [r.anchor, r.n]));
  return leastOf(anchors, (a) => shared.get(a) ?? 0);
}

/** The anchor `shared` says the fewest searches have, the longest on a tie. */
export const leastOf = (anchors: string[], shared: (anchor: string) => number) =>
  [...anchors].sort((a, b) => shared(a) - shared(b) || b.length - a.length || a.localeCompare(b))[0]!;

const matchCount = sql<number>`(select count(*)::int from ${searchAlerts} a where a.saved_search_id = ${savedSearches.id})`;
const lastMatch = sql<string | null>`(select max(a.created_at) from ${searchAlerts} a where a.saved_search_id = ${savedSearches.id})`;

const toSavedSearch = (r: Row, matches: number, lastMatchAt: string | Date | null): SavedSearch => ({
  _id: r.id,
  query: r.query as KeptQuery,
  frequency: r.frequency,
  createdAt: r.createdAt.toISOString(),
  matches,
  lastMatchAt: lastMatchAt === null ? null : new Date(lastMatchAt).toISOString(),
});

/** "Alert me": the search kept for its person, at most `maxSavedSearches` of them, each once. */
export async function saveSearch(db: Db, userId: string, body: SaveSearchBody): Promise<SavedSearch> {
  const query = keptQuery(body.query);
  return db.transaction(async (tx) => {
    // One person's saves one after another: the limit holds under two at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${userId}`}))`);
    const [kept] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if ((kept?.n ?? 0) >= maxSavedSearches) throw conflict('too_many_saved_searches', { max: maxSavedSearches });
    const { anchors, fields } = layout(query);
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, query, queryKey: keyOf(query), frequency: body.frequency, anchor: await leastShared(tx as unknown as Db, anchors), ...fields })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('search_already_saved');
    return toSavedSearch(row, 0, null);
  });
}

const keys = { table: savedSearches, id: savedSearches.id, createdAt: savedSearches.createdAt };

/** A person's saved searches, the newest first, each with how many phones it matched and when it last did. */
/** Saved searches as answered: each with how many phones it matched and when it last did (one statement). */
const withMatches = (db: Db) => db.select({ row: savedSearches, matches: matchCount, lastMatchAt: lastMatch }).from(savedSearches);

export async function listSavedSearches(db: Db, userId: string, query: PageQuery) {
  const rows = await withMatches(db)
    .where(and(eq(savedSearches.userId, userId), after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const { items, nextCursor } = paged(rows, query, (r) => r.row.id);
  return { items: items.map((r) => toSavedSearch(r.row, r.matches, r.lastMatchAt)), nextCursor };
}

/** How often a saved search tells (the access rule has checked it is the caller's). */
export async function setFrequency(db: Db, id: string, frequency: Row['frequency']): Promise<SavedSearch> {
  await db.update(savedSearches).set({ frequency }).where(eq(savedSearches.id, id));
  const [r] = await withMatches(db).where(eq(savedSearches.id, id));
  if (!r) throw notFound('Search');
  return toSavedSearch(r.row, r.matches, r.lastMatchAt);
}

export async function deleteSavedSearch(db: Db, id: string) {
  await db.delete(savedSearches).where(eq(savedSearches.id, id));
  return { deleted: true as const };
}
