import { Bits, type BitsPool } from './search-bits.ts';
import { best, ordering, type OrderQuery } from './search-order.ts';
import { lowerBound, type Snapshot } from './search-snapshot.ts';

/*
 * A search in the index (decision 022): the matches as a bit set, counted a group at a time for the total
 * and every facet, and the page chosen among them in the sort's order (relevance tier by tier).
 */

export interface IndexQuery extends OrderQuery {
  /** The query's words as one phrase: a name equal to it is the exact model. */
  phrase: string;
  category?: string[] | undefined;
  condition?: string[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  location?: string | undefined;
  /** The districts a place named in `location` stands for (`districtCode`s): a phone there matches too. */
  locationDistricts?: Set<number> | undefined;
  /** Only phones in these districts (`districtCode`s): a division or a district chosen. */
  districts?: Set<number> | undefined;
  /** Storage sizes (GB), any of them; battery health at least this (%): a phone that does not say is left out. */
  storage?: number[] | undefined;
  minBattery?: number | undefined;
  verified: boolean;
  limit: number;
}

export interface IndexAnswer {
  /** Up to limit + 1 phones (one more: there is a next page), each with its key in the sort's order. */
  page: { id: string; key: (string | number | null)[] }[];
  total: number;
  perCategory: Map<string, number>;
  perCondition: Map<string, number>;
  price: { min: number | null; max: number | null };
}

/** The phones of a search, in its order, with the total and every facet (each without its own filter). */
export function queryIndex(snap: Snapshot, pool: BitsPool, q: IndexQuery): IndexAnswer {
  pool.reset();
  const { groups } = snap;
  const flags = flagsOf(snap, q);
  const lo = q.minPrice ?? -Infinity;
  const hi = q.maxPrice ?? Infinity;
  // The live phones the text lets through (all of them without text), then the area.
  const matches = q.words.length
    ? q.words
        .map((w) =>
          Bits.of(
            pool,
            snap.size,
            w.means.map((m) => snap.postings.get(m)),
          ),
        )
        .reduce((a, b) => a.and(b))
        .and(snap.alive)
    : pool.take(snap.size).and(snap.alive, true);
  if (q.location) {
    const area = q.location.toLowerCase();
    const named = q.locationDistricts;
    for (const s of matches.slots()) if (!snap.location[s]!.includes(area) && !named?.has(snap.district[s]!)) matches.clear(s);
  }
  if (q.districts) {
    const wanted = q.districts;
    for (const s of matches.slots()) if (!wanted.has(snap.district[s]!)) matches.clear(s);
  }
  if (q.storage?.length) {
    const sizes = new Set(q.storage);
    for (const s of matches.slots()) if (!sizes.has(snap.storage[s]!)) matches.clear(s);
  }
  if (q.minBattery !== undefined) {
    for (const s of matches.slots()) if (snap.battery[s]! < q.minBattery) matches.clear(s);
  }

  // The counts, a group at a time: each facet leaves its own filter out; the price bounds leave out the price.
  const perCategory = new Int32Array(snap.categoryIds.length);
  const perCondition = new Int32Array(groups.conditions.length);
  let total = 0;
  let min = Infinity;
  let max = -Infinity;
  /** The matches that pass every filter: the page is chosen among them. */
  const chosen = pool.take(snap.size);
  const { price, code } = snap;
  for (const r of snap.ranges) {
    const f = flags[r.code]!;
    if (!(f & 4)) continue;
    const from = lowerBound(r.start, r.end, (s) => price[s]! < lo);
    const to = lowerBound(from, r.end, (s) => price[s]! <= hi);
    const n = matches.count(from, to);
    if (f & 2) perCategory[groups.brand(r.code)]! += n;
    if (f & 1) perCondition[groups.condition(r.code)]! += n;
    if ((f & 3) !== 3) continue;
    total += n;
    matches.copyTo(chosen, from, to);
    const first = matches.first(r.start, r.end);
    if (first < 0) continue;
    min = Math.min(min, price[first]!);
    max = Math.max(max, price[matches.last(r.start, r.end)]!);
  }
  for (const s of matches.slots(snap.laid, snap.size)) {
    const k = code[s]!;
    const f = flags[k]!;
    if (!(f & 4)) continue;
    const p = price[s]!;
    if ((f & 3) === 3) {
      min = Math.min(min, p);
      max = Math.max(max, p);
    }
    if (p < lo || p > hi) continue;
    if (f & 2) perCategory[groups.brand(k)]!++;
    if (f & 1) perCondition[groups.condition(k)]!++;
    if ((f & 3) !== 3) continue;
    total++;
    chosen.set(s);
  }

  // The page: tier by tier (relevance; other sorts have one), the best of each until the page is full.
  const order = ordering(snap, q, lo, hi);
  const tiers = q.sort === 'relevance' && q.words.length ? tiersOf(snap, pool, q, chosen, total) : [{ set: chosen, count: total }];
  const page: { s: number; tier: number }[] = [];
  let t = 0;
  for (const tier of tiers) {
    if (page.length > q.limit) break;
    if (t >= order.cursorTier) {
      const fromCursor = order.hasCursor && t === order.cursorTier;
      for (const s of best(snap, tier, q.limit + 1 - page.length, order, fromCursor)) page.push({ s, tier: t });
    }
    t++;
  }

  return {
    page: page.map(({ s, tier }) => ({ id: snap.ids[s]!, key: order.key(s, tier) })),
    total,
    perCategory: new Map(snap.categoryIds.map((id, i) => [id, perCategory[i]!])),
    perCondition: new Map(groups.conditions.map((c, i) => [c, perCondition[i]!])),
    price: min !== Infinity ? { min, max } : { min: null, max: null },
  };
}

/** Per group code: bit 1 the brand passes, 2 the condition, 4 the seller. */
function flagsOf(snap: Snapshot, q: IndexQuery) {
  const { groups } = snap;
  const categoryOk = new Uint8Array(Math.max(1, snap.categoryIds.length)).fill(q.category?.length ? 0 : 1);
  for (const id of q.category ?? []) {
    const i = snap.categoryOf.get(id);
    if (i !== undefined) categoryOk[i] = 1;
  }
  const conditionOk = new Uint8Array(groups.conditions.length).fill(q.condition?.length ? 0 : 1);
  for (const c of q.condition ?? []) conditionOk[groups.conditions.indexOf(c)] = 1;
  const flags = new Uint8Array(groups.count(snap.categoryIds.length));
  for (let k = 0; k < flags.length; k++) {
    flags[k] = (categoryOk[groups.brand(k)] ? 1 : 0) | (conditionOk[groups.condition(k)] ? 2 : 0) | (!q.verified || groups.verified(k) ? 4 : 0);
  }
  return flags;
}

/**
 * Relevance's tiers of the chosen phones, each worked out when the page comes to it: 0 named the query
 * exactly, 1 every word whole in the name, 2 in the name as typed or near, 3 the rest.
 */
function* tiersOf(snap: Snapshot, pool: BitsPool, q: IndexQuery, chosen: Bits, total: number) {
  const all = (sets: Bits[]) => sets.reduce((a, b) => a.and(b));
  const sources = [
    () => snap.byName.has(q.phrase) && Bits.of(pool, snap.size, [snap.byName.get(q.phrase)]),
    () => q.words.every((w) => snap.namePostings.has(w.word)) && all(q.words.map((w) => Bits.of(pool, snap.size, [snap.namePostings.get(w.word)]))),
    () =>
      q.words.every((w) => w.means.some((m) => snap.namePostings.has(m))) &&
      all(
        q.words.map((w) =>
          Bits.of(
            pool,
            snap.size,
            w.means.map((m) => snap.namePostings.get(m)),
          ),
        ),
      ),
  ];
  let rest = chosen;
  let left = total;
  for (const source of sources) {
    const names = left > 0 && source();
    if (!names) {
      yield { set: rest, count: 0 };
      continue;
    }
    if (rest === chosen) rest = pool.take(snap.size).and(chosen, true);
    const set = pool.take(snap.size);
    const count = rest.moveShared(names, set);
    left -= count;
    yield { set, count };
  }
  yield { set: rest, count: left };
}
