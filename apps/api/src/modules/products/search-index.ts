import { conditions, type Condition, type SearchSort } from '@market/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Bits, BitsPool, LONG, Posting } from './search-bits.ts';
import { groupCodes } from './search-groups.ts';

/*
 * The in-process search index (decision 022): every available phone in typed arrays, a posting list per
 * word of the search documents, and per brand × condition × verified group the phones in price order and
 * in newest order. PostgreSQL stays the truth: the index is built from it, follows it through the
 * search_changes rows its triggers write (read before every search, so a search sees every write that
 * finished before it began, on any instance), and the SQL search is its fallback and its test oracle.
 * It answers which phones, in which order, and the counts; the rows themselves come from the database.
 */

const LOAD_CHUNK = 100_000;
/** A gap in the change sequence (a transaction still open, or one rolled back) is waited for this long. */
const GAP_WAIT_MS = 30_000;
/** At load, the changes this far below the sequence's last number that had not committed yet are applied afterwards. */
const START_OVERLAP = 1_000;

export interface IndexQuery {
  /** Each query word with the words it may mean (empty: no text). */
  words: { word: string; means: string[] }[];
  /** The query's words as one phrase: a name equal to it is the exact model. */
  phrase: string;
  category?: string[] | undefined;
  condition?: Condition[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  location?: string | undefined;
  /** Storage sizes (GB), any of them; battery health at least this (%): a phone that does not say is left out. */
  storage?: number[] | undefined;
  minBattery?: number | undefined;
  verified: boolean;
  sort: SearchSort;
  /** The key of the last phone of the page before, in the sort's order. */
  after?: (string | number)[] | undefined;
  limit: number;
}

export interface IndexAnswer {
  /** Up to limit + 1 phones (one more: there is a next page), each with its key in the sort's order. */
  page: { id: string; key: (string | number)[] }[];
  total: number;
  perCategory: Map<string, number>;
  perCondition: Map<Condition, number>;
  price: { min: number | null; max: number | null };
}

/** Phones as the database sends them to the index: one array per column, and per word the positions holding it. */
interface Batch {
  ids: string[] | null;
  created: string[];
  price: number[];
  category: string[];
  condition: Condition[];
  verified: boolean[];
  location: string[];
  storage: (number | null)[];
  battery: (number | null)[];
  nameNorm: string[];
  nameLen: number[];
  /** Each phone's search document: its words, and those of its name, each list joined by spaces (a word has none). */
  words: string[];
  nameWords: string[];
}

/**
 * The available phones that `where` picks (up to `limit`, by id), in one row of JSON arrays: parsing one
 * large JSON text is many times faster than a row per phone with array columns. The name is normalised
 * and measured with the same expressions the SQL search ranks by.
 */
const batchOf = (where: ReturnType<typeof sql>, limit: number) => sql`
  with batch as (
    select row_number() over (order by p.id) - 1 as rn, p.id, p.created_at, p.resale_price, p.category_id, p.condition,
      u.seller_verified, p.location, p.storage_gb, p.battery_health, p.product_name, p.search
    from products p join users u on u.id = p.seller_id
    where p.status = 'available' and u.suspended_at is null and ${where} order by p.id limit ${limit}
  )
  select
    json_agg(id order by rn) as ids,
    json_agg((extract(epoch from created_at) * 1000000)::bigint::text order by rn) as created,
    json_agg(resale_price order by rn) as price,
    json_agg(category_id order by rn) as category,
    json_agg(condition order by rn) as condition,
    json_agg(seller_verified order by rn) as verified,
    json_agg(lower(location) order by rn) as location,
    json_agg(storage_gb order by rn) as storage,
    json_agg(battery_health order by rn) as battery,
    json_agg(trim(regexp_replace(lower(product_name), '[^[:alnum:]]+', ' ', 'g')) order by rn) as "nameNorm",
    json_agg(length(product_name) order by rn) as "nameLen",
    json_agg(array_to_string(tsvector_to_array(search), ' ') order by rn) as words,
    json_agg(array_to_string(tsvector_to_array(ts_filter(search, '{a}')), ' ') order by rn) as "nameWords"
  from batch`;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Microseconds since 1970 as the cursor writes a time: ISO 8601 in UTC with six decimals. */
export const isoMicros = (us: number) => new Date(Math.floor(us / 1000)).toISOString().slice(0, 23) + String(us % 1000).padStart(3, '0') + 'Z';

/** Each column of the phones a load read, in one batch. */
const columns = [
  'ids',
  'created',
  'price',
  'category',
  'condition',
  'verified',
  'location',
  'storage',
  'battery',
  'nameNorm',
  'nameLen',
  'words',
  'nameWords',
] as const;

/** Lets other requests run between slices of a long load (at 1M phones it is seconds of work). */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Comparisons or phones between pauses. */
const SLICE = 200_000;
const ADD_SLICE = 5_000;

async function joined(batches: Batch[]) {
  const all: Record<string, unknown[]> = {};
  for (const c of columns) {
    all[c] = batches.flatMap((b): unknown[] => b[c] ?? []);
    await pause();
  }
  return all as unknown as Batch;
}

/** The numbers 0 … n - 1 sorted by `before` (a stable merge sort), pausing between slices. */
async function sortedSlots(n: number, before: (a: number, b: number) => boolean) {
  let from = Int32Array.from({ length: n }, (_, i) => i);
  let into = new Int32Array(n);
  const RUN = 32;
  let work = 0;
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(n, lo + RUN);
    for (let i = lo + 1; i < hi; i++) {
      const x = from[i]!;
      let j = i - 1;
      for (; j >= lo && before(x, from[j]!); j--) from[j + 1] = from[j]!;
      from[j + 1] = x;
    }
    if ((work += RUN * 8) > SLICE) {
      work = 0;
      await pause();
    }
  }
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) into[k++] = before(from[j]!, from[i]!) ? from[j++]! : from[i++]!;
      while (i < mid) into[k++] = from[i++]!;
      while (j < hi) into[k++] = from[j++]!;
      if ((work += hi - lo) > SLICE) {
        work = 0;
        await pause();
      }
    }
    [from, into] = [into, from];
  }
  return from;
}

/** The first position in [from, to) for which `isBefore` is false (it is true for a first stretch, then false). */
function lowerBound(from: number, to: number, isBefore: (i: number) => boolean) {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isBefore(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The phones of one group (brand × condition × seller verified, as one code), laid side by side at load in price order. */
interface Range {
  code: number;
  start: number;
  end: number;
}

/** The state of the phones at one moment: laid out once at load, then changed in place by the changes it hears of. */
class Snapshot {
  size = 0;
  capacity = 0;
  ids: string[] = [];
  /** The live slots: a removed phone's slot stays dead (slots are never reused). */
  alive = new Bits(new Uint32Array(1));
  created = new Float64Array(0);
  price = new Int32Array(0);
  /** Brand, condition and seller verified in one number per phone (search-groups.ts). */
  code = new Uint16Array(0);
  nameLen = new Int32Array(0);
  /** Storage (GB) and battery health (%) per slot; 0 where the listing does not say. */
  storage = new Int32Array(0);
  battery = new Uint8Array(0);
  /** Normalised name → its slots (ascending): the exact model's phones, without a string read per phone. */
  readonly byName = new Map<string, number[]>();
  location: string[] = [];
  readonly slotOf = new Map<string, number>();
  readonly categoryIds: string[] = [];
  readonly categoryOf = new Map<string, number>();
  readonly postings = new Map<string, Posting>();
  readonly namePostings = new Map<string, Posting>();
  dead = 0;
  /** What query words meant (search.ts's expansion), until a new word joins the vocabulary. */
  readonly meanings = new Map<string, string[]>();
  /**
   * The slots below `laid` were laid out at load: each group's phones side by side in price order (`ranges`),
   * so a group is counted a bit-set word at a time; `orders` holds them in each sort's order. Phones added
   * since (a change is a removal and an addition) come after, and are looked at one by one.
   */
  laid = 0;
  ranges: Range[] = [];
  orders = { price: new Int32Array(0), newest: new Int32Array(0), length: new Int32Array(0) };
  /** Where each name length (up to LONG) starts in `orders.length`; [LONG + 1] is its end. */
  lengthStart = new Int32Array(LONG + 2);

  /** These phones (read in id order), laid out by group and price, with each sort's order; in slices between pauses. */
  static async laidOut(batches: Batch[]) {
    const snap = new Snapshot();
    const all = await joined(batches);
    const n = all.ids?.length ?? 0;
    const code = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      code[i] = snap.codeOf(all.category[i]!, all.condition[i]!, all.verified[i]!);
      if (i % SLICE === 0) await pause();
    }
    // Stable: phones of one group at one price stay in id order. Each slot's rank in id order is then byGroup[slot].
    const rank = await sortedSlots(n, (a, b) => code[a]! < code[b]! || (code[a] === code[b] && all.price[a]! < all.price[b]!));
    snap.grow(n);
    for (let from = 0; from < n; from += ADD_SLICE) {
      snap.add(all, rank, from, Math.min(n, from + ADD_SLICE));
      await pause();
    }
    snap.laid = n;
    for (let s = 0; s < n; s++) {
      const last = snap.ranges.at(-1);
      if (last && last.code === snap.code[s]) last.end = s + 1;
      else snap.ranges.push({ code: snap.code[s]!, start: s, end: s + 1 });
    }
    // The orders of priceBefore, newestBefore and lengthBefore, with numbers for the ids.
    const { price, created, nameLen } = snap;
    const newest = (a: number, b: number) => created[a]! > created[b]! || (created[a] === created[b] && rank[a]! > rank[b]!);
    snap.orders = {
      price: await sortedSlots(n, (a, b) => price[a]! < price[b]! || (price[a] === price[b] && rank[a]! < rank[b]!)),
      newest: await sortedSlots(n, newest),
      length: await sortedSlots(n, (a, b) => nameLen[a]! < nameLen[b]! || (nameLen[a] === nameLen[b] && newest(a, b))),
    };
    const byLength = snap.orders.length;
    for (let l = 0, i = 0; l <= LONG + 1; l++) {
      while (i < n && Math.min(nameLen[byLength[i]!]!, LONG) < l) i++;
      snap.lengthStart[l] = i;
    }
    return snap;
  }

  private grow(min: number) {
    if (min <= this.capacity) return;
    const capacity = Math.max(1024, min, this.capacity * 2);
    const grown = <T extends Uint8Array | Uint16Array | Int32Array | Float64Array>(old: T, make: (n: number) => T) => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    const alive = new Uint32Array((capacity >>> 5) + 1);
    alive.set(this.alive.words);
    this.alive = new Bits(alive);
    this.created = grown(this.created, (n) => new Float64Array(n));
    this.price = grown(this.price, (n) => new Int32Array(n));
    this.code = grown(this.code, (n) => new Uint16Array(n));
    this.nameLen = grown(this.nameLen, (n) => new Int32Array(n));
    this.storage = grown(this.storage, (n) => new Int32Array(n));
    this.battery = grown(this.battery, (n) => new Uint8Array(n));
    this.capacity = capacity;
  }

  private codeOf(category: string, condition: Condition, verified: boolean) {
    let c = this.categoryOf.get(category);
    if (c === undefined) {
      c = this.categoryIds.length;
      this.categoryIds.push(category);
      this.categoryOf.set(category, c);
    }
    return groupCodes.code(c, condition, verified);
  }

  /** Price ascending, then id ascending: the order of price_asc (price_desc is its reverse). */
  readonly priceBefore = (a: number, b: number) => this.price[a]! < this.price[b]! || (this.price[a] === this.price[b] && this.ids[a]! < this.ids[b]!);
  /** Newest first, then id descending. */
  readonly newestBefore = (a: number, b: number) => this.created[a]! > this.created[b]! || (this.created[a] === this.created[b] && this.ids[a]! > this.ids[b]!);
  /** Relevance within a tier: the shorter name first, then newest first. */
  readonly lengthBefore = (a: number, b: number) => this.nameLen[a]! < this.nameLen[b]! || (this.nameLen[a] === this.nameLen[b] && this.newestBefore(a, b));

  /** Appends phones `from` … `to` - 1 of a batch (taken in `order`, when given) in new slots. */
  add(b: Batch, order?: Int32Array, from = 0, to = b.ids?.length ?? 0) {
    const ids = b.ids ?? [];
    const base = this.size - from;
    this.size += to - from;
    this.grow(this.size);
    for (let i = from; i < to; i++) {
      const j = order ? order[i]! : i;
      const s = base + i;
      this.ids[s] = ids[j]!;
      this.alive.set(s);
      this.created[s] = Number(b.created[j]);
      this.price[s] = b.price[j]!;
      this.code[s] = this.codeOf(b.category[j]!, b.condition[j]!, b.verified[j]!);
      this.nameLen[s] = b.nameLen[j]!;
      this.storage[s] = b.storage[j] ?? 0;
      this.battery[s] = b.battery[j] ?? 0;
      const named = this.byName.get(b.nameNorm[j]!);
      if (named) named.push(s);
      else this.byName.set(b.nameNorm[j]!, [s]);
      this.location[s] = b.location[j]!;
      this.slotOf.set(ids[j]!, s);
    }
    for (const [list, documents] of [
      [this.postings, b.words],
      [this.namePostings, b.nameWords],
    ] as const) {
      for (let i = from; i < to; i++) {
        const j = order ? order[i]! : i;
        if (!documents[j]) continue;
        for (const w of documents[j]!.split(' ')) {
          let posting = list.get(w);
          if (!posting) {
            list.set(w, (posting = new Posting()));
            this.meanings.clear();
          }
          posting.push(base + i, b.nameLen[j]!);
        }
      }
    }
  }

  /** The phone leaves every answer; its slot stays dead (posting lists are only ever appended to). */
  remove(id: string) {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    this.alive.clear(s);
    this.slotOf.delete(id);
    this.dead++;
  }
}

/** A sort, as the page is chosen by it. */
interface Ordering {
  /** The laid-out slots in this order (read backwards for price_desc). */
  list: Int32Array;
  backwards: boolean;
  /** The stretches of the list where the page may lie (from the cursor, when `fromCursor`), in ascending positions. */
  stretches: (fromCursor: boolean) => [number, number][];
  /** Relevance: the tier of the cursor's phone (tiers before it are done). */
  cursorTier: number;
  hasCursor: boolean;
  /** Within one tier. */
  before: (a: number, b: number) => boolean;
  /** Comes after the cursor, within the cursor's tier. */
  isAfter: (s: number) => boolean;
  /** The key the cursor writes. */
  key: (s: number, tier: number) => (string | number)[];
}

/**
 * The first `need` members of a set met reading these stretches of a list (each backwards when `backwards`,
 * the last stretch first); undefined past `budget` steps (they lie far in: looking at them all is cheaper).
 */
function readList(list: Int32Array, stretches: [number, number][], backwards: boolean, set: Bits, need: number, budget: number) {
  const got: number[] = [];
  const { words } = set;
  let steps = 0;
  for (let k = 0; k < stretches.length; k++) {
    const [from, to] = stretches[backwards ? stretches.length - 1 - k : k]!;
    const step = backwards ? -1 : 1;
    for (let i = backwards ? to - 1 : from; i >= from && i < to; i += step) {
      if (++steps > budget) return undefined;
      const s = list[i]!;
      if (words[s >>> 5]! & (1 << (s & 31)) && got.push(s) === need) return got;
    }
  }
  return got;
}

/** A bounded list of the best slots in an order. */
class Best {
  readonly slots: number[] = [];
  private readonly k: number;
  private readonly before: (a: number, b: number) => boolean;
  constructor(k: number, before: (a: number, b: number) => boolean) {
    this.k = k;
    this.before = before;
  }
  offer(s: number) {
    const list = this.slots;
    if (list.length === this.k && !this.before(s, list[list.length - 1]!)) return;
    let at = list.length;
    while (at > 0 && this.before(s, list[at - 1]!)) at--;
    list.splice(at, 0, s);
    if (list.length > this.k) list.pop();
  }
}

export class SearchIndex {
  private snap: Snapshot | undefined;
  private building: Promise<void> | undefined;
  /** Counts resets: a load begun before one is thrown away. */
  private generation = 0;
  /** Every change up to floor has been applied; above it, those in `applied`. */
  private floor = 0;
  private readonly applied = new Set<number>();
  /** The highest change number seen, and when, each time it grew: a gap below one seen GAP_WAIT_MS ago is given up. */
  private seen: { seq: number; at: number }[] = [];
  private pulling: Promise<void> | undefined;
  private pullTicket = 0;
  private pulledTicket = 0;
  private lastPrune = 0;

  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  get ready() {
    return this.snap !== undefined;
  }

  /** Builds the index from the database (again, when the rows changed behind its back: tests empty tables). */
  build(): Promise<void> {
    if (!this.building) {
      const building = this.load(this.generation).finally(() => {
        if (this.building === building) this.building = undefined;
      });
      this.building = building;
    }
    return this.building;
  }

  /** Forgets everything, a load under way too: the next search rebuilds first. */
  reset() {
    this.snap = undefined;
    this.building = undefined;
    this.generation++;
  }

  private async load(generation: number) {
    // The changes committed now are in the rows read next; those not yet committed are applied when they are.
    const [last] = await rows<{ seq: string }>(this.db, sql`select (case when is_called then last_value else 0 end)::text as seq from search_changes_seq_seq`);
    const mark = Number(last!.seq);
    const floor = Math.max(0, mark - START_OVERLAP);
    const committed = await rows<{ seq: string }>(this.db, sql`select seq::text as seq from search_changes where seq > ${floor} and seq <= ${mark}`);
    const batches: Batch[] = [];
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const [batch] = await rows<Batch>(this.db, batchOf(sql`p.id > ${after}::uuid`, LOAD_CHUNK));
      const ids = batch?.ids ?? [];
      batches.push(batch!);
      if (ids.length < LOAD_CHUNK) break;
      after = ids.at(-1)!;
    }
    const snap = await Snapshot.laidOut(batches);
    if (generation !== this.generation) return;
    this.snap = snap;
    this.floor = floor;
    this.applied.clear();
    for (const c of committed) this.applied.add(Number(c.seq));
    this.seen = [{ seq: mark, at: Date.now() }];
    this.advanceFloor(mark);
  }

  /** Applies every change that had committed when this was called (joins a read that began later, if any). */
  async catchUp(): Promise<void> {
    while (!this.snap) await this.build();
    const ticket = ++this.pullTicket;
    while (this.pulledTicket < ticket) {
      this.pulling ??= this.pull().finally(() => (this.pulling = undefined));
      await this.pulling;
    }
  }

  private async pull() {
    const upTo = this.pullTicket;
    const snap = this.snap!;
    const changes = await rows<{ seq: string; product_id: string }>(
      this.db,
      sql`select seq::text as seq, product_id from search_changes where seq > ${this.floor} order by search_changes.seq`,
    );
    const fresh = changes.filter((c) => !this.applied.has(Number(c.seq)));
    if (fresh.length > 0) {
      const ids = [...new Set(fresh.map((c) => c.product_id))];
      const [current] = await rows<Batch>(
        this.db,
        batchOf(
          sql`p.id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
          ids.length,
        ),
      );
      // Rebuilt meanwhile: the new snapshot reads these changes itself.
      if (this.snap !== snap) return;
      for (const id of ids) snap.remove(id);
      snap.add(current!);
      for (const c of fresh) this.applied.add(Number(c.seq));
    }
    this.advanceFloor(changes.length ? Number(changes.at(-1)!.seq) : this.floor);
    this.pulledTicket = upTo;
    // Every change makes a dead slot and a phone outside the layout: past as many dead as live, or one added
    // for every eight laid out, a fresh load (the old one answers meanwhile).
    const added = snap.size - snap.laid;
    if (snap.dead > Math.max(50_000, snap.slotOf.size) || added > Math.max(20_000, snap.laid / 8)) void this.build().catch(() => undefined);
    if (Date.now() - this.lastPrune > 3_600_000) {
      this.lastPrune = Date.now();
      await this.db.execute(sql`delete from search_changes where at < now() - interval '1 day'`);
    }
  }

  /**
   * Moves the floor over every applied change, and over gaps below a number seen committed GAP_WAIT_MS ago:
   * a number is taken before any higher one, so its transaction has been open that long (rolled back).
   */
  private advanceFloor(highest: number) {
    const now = Date.now();
    if (highest > (this.seen.at(-1)?.seq ?? 0)) this.seen.push({ seq: highest, at: now });
    let givenUp = 0;
    while (this.seen.length > 0 && now - this.seen[0]!.at >= GAP_WAIT_MS) givenUp = this.seen.shift()!.seq;
    if (givenUp > 0) this.seen.unshift({ seq: givenUp, at: 0 });
    while (this.floor < highest) {
      const next = this.floor + 1;
      if (!this.applied.delete(next) && next >= givenUp) break;
      this.floor = next;
    }
  }

  /** The phones of a search, in its order, with the total and every facet (each without its own filter). */
  query(q: IndexQuery): IndexAnswer {
    const snap = this.snap!;
    const pool = this.pool;
    pool.reset();
    const flags = this.flags(snap, q);
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
      for (const s of matches.slots()) if (!snap.location[s]!.includes(area)) matches.clear(s);
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
    const perCondition = new Int32Array(conditions.length);
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
      if (f & 2) perCategory[groupCodes.brand(r.code)]! += n;
      if (f & 1) perCondition[groupCodes.condition(r.code)]! += n;
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
      if (f & 2) perCategory[groupCodes.brand(k)]!++;
      if (f & 1) perCondition[groupCodes.condition(k)]!++;
      if ((f & 3) !== 3) continue;
      total++;
      chosen.set(s);
    }

    // The page: tier by tier (relevance; other sorts have one), the best of each until the page is full.
    const order = this.ordering(snap, q, lo, hi);
    const tiers = q.sort === 'relevance' && q.words.length ? this.tiers(snap, q, chosen, total) : [{ set: chosen, count: total }];
    const page: { s: number; tier: number }[] = [];
    let t = 0;
    for (const tier of tiers) {
      if (page.length > q.limit) break;
      if (t >= order.cursorTier) {
        const fromCursor = order.hasCursor && t === order.cursorTier;
        for (const s of this.best(snap, tier, q.limit + 1 - page.length, order, fromCursor)) page.push({ s, tier: t });
      }
      t++;
    }

    return {
      page: page.map(({ s, tier }) => ({ id: snap.ids[s]!, key: order.key(s, tier) })),
      total,
      perCategory: new Map(snap.categoryIds.map((id, i) => [id, perCategory[i]!])),
      perCondition: new Map(conditions.map((c, i) => [c, perCondition[i]!])),
      price: min !== Infinity ? { min, max } : { min: null, max: null },
    };
  }

  /** Per group code: bit 1 the brand passes, 2 the condition, 4 the seller. */
  private flags(snap: Snapshot, q: IndexQuery) {
    const categoryOk = new Uint8Array(Math.max(1, snap.categoryIds.length)).fill(q.category?.length ? 0 : 1);
    for (const id of q.category ?? []) {
      const i = snap.categoryOf.get(id);
      if (i !== undefined) categoryOk[i] = 1;
    }
    const conditionOk = new Uint8Array(conditions.length).fill(q.condition?.length ? 0 : 1);
    for (const c of q.condition ?? []) conditionOk[conditions.indexOf(c)] = 1;
    const flags = new Uint8Array(groupCodes.count(snap.categoryIds.length));
    for (let k = 0; k < flags.length; k++) {
      flags[k] = (categoryOk[groupCodes.brand(k)] ? 1 : 0) | (conditionOk[groupCodes.condition(k)] ? 2 : 0) | (!q.verified || groupCodes.verified(k) ? 4 : 0);
    }
    return flags;
  }

  /**
   * Relevance's tiers of the chosen phones, each worked out when the page comes to it: 0 named the query
   * exactly, 1 every word whole in the name, 2 in the name as typed or near, 3 the rest.
   */
  private *tiers(snap: Snapshot, q: IndexQuery, chosen: Bits, total: number) {
    const pool = this.pool;
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

  /**
   * The first `need` phones of a set in the sort's order (after the cursor, when `fromCursor`). A large set
   * is met soon reading the sort's list (about need × length / count steps); a small one is cheaper looked
   * at whole. Phones added since the load are not in the list: each is looked at.
   */
  private best(snap: Snapshot, { set, count }: { set: Bits; count: number }, need: number, o: Ordering, fromCursor: boolean) {
    if (count === 0) return [];
    const best = new Best(need, o.before);
    const stretches = o.stretches(fromCursor);
    const length = stretches.reduce((n, [from, to]) => n + to - from, 0);
    // In steps of reading the list (a few ns each): looking at every member costs a word at a time and tens of ns a member.
    const whole = set.words.length + count * 10;
    const read = (need * length) / count < whole ? readList(o.list, stretches, o.backwards, set, need, whole) : undefined;
    if (read) {
      for (const s of read) best.offer(s);
      for (const s of set.slots(snap.laid, snap.size)) if (!fromCursor || o.isAfter(s)) best.offer(s);
    } else for (const s of set.slots()) if (!fromCursor || o.isAfter(s)) best.offer(s);
    return best.slots;
  }

  /** The sort's order, the stretches of its list worth reading, "after the cursor" and the key a cursor writes. */
  private ordering(snap: Snapshot, q: IndexQuery, lo: number, hi: number): Ordering {
    const { price, ids, created, nameLen, orders, lengthStart } = snap;
    /** The first position of `list` from which `isAfter` holds (it holds from some position on). */
    const cursorAt = (list: Int32Array, from: number, to: number, isAfter: (s: number) => boolean) => lowerBound(from, to, (i) => !isAfter(list[i]!));
    if (q.sort === 'relevance' && q.words.length) {
      const after = q.after as [number, number, string, string] | undefined;
      const us = after ? micros(after[2]) : 0;
      const isAfter = (s: number) =>
        !after || nameLen[s]! > after[1] || (nameLen[s] === after[1] && (created[s]! < us || (created[s] === us && ids[s]! < after[3])));
      // Only the name lengths a match can have: each word's meanings name them.
      const lengths = new Uint32Array(4).fill(-1 >>> 0);
      for (const w of q.words) {
        const any = new Uint32Array(4);
        for (const m of w.means) snap.postings.get(m)?.lengths.forEach((bits, i) => (any[i]! |= bits));
        for (let i = 0; i < 4; i++) lengths[i]! &= any[i]!;
      }
      return {
        list: orders.length,
        backwards: false,
        cursorTier: after?.[0] ?? 0,
        hasCursor: after !== undefined,
        before: snap.lengthBefore,
        isAfter,
        stretches: (fromCursor) => {
          const from = fromCursor ? cursorAt(orders.length, 0, orders.length.length, isAfter) : 0;
          const out: [number, number][] = [];
          for (let l = 0; l <= LONG; l++) {
            if (!(lengths[l >>> 5]! & (1 << (l & 31)))) continue;
            const a = Math.max(from, lengthStart[l]!);
            const b = lengthStart[l + 1]!;
            if (a < b) out.push([a, b]);
          }
          return out;
        },
        key: (s, tier) => [tier, nameLen[s]!, isoMicros(created[s]!), ids[s]!],
      };
    }
    if (q.sort === 'price_asc' || q.sort === 'price_desc') {
      const after = q.after as [number, string] | undefined;
      const asc = q.sort === 'price_asc';
      const list = orders.price;
      // Between the price bounds; read forwards from the cursor (ascending) or backwards from it (descending).
      const from = lowerBound(0, list.length, (i) => price[list[i]!]! < lo);
      const to = lowerBound(from, list.length, (i) => price[list[i]!]! <= hi);
      const isAfter = (s: number) =>
        !after ||
        (asc ? price[s]! > after[0] || (price[s] === after[0] && ids[s]! > after[1]) : price[s]! < after[0] || (price[s] === after[0] && ids[s]! < after[1]));
      return {
        list,
        backwards: !asc,
        cursorTier: 0,
        hasCursor: after !== undefined,
        before: asc ? snap.priceBefore : (a, b) => snap.priceBefore(b, a),
        isAfter,
        stretches: (fromCursor) => {
          if (!fromCursor) return [[from, to]];
          return asc ? [[cursorAt(list, from, to, isAfter), to]] : [[from, lowerBound(from, to, (i) => isAfter(list[i]!))]];
        },
        key: (s) => [price[s]!, ids[s]!],
      };
    }
    const after = q.after as [string, string] | undefined;
    const us = after ? micros(after[0]) : 0;
    const isAfter = (s: number) => !after || created[s]! < us || (created[s] === us && ids[s]! < after[1]);
    return {
      list: orders.newest,
      backwards: false,
      cursorTier: 0,
      hasCursor: after !== undefined,
      before: snap.newestBefore,
      isAfter,
      stretches: (fromCursor) => [[fromCursor ? cursorAt(orders.newest, 0, orders.newest.length, isAfter) : 0, orders.newest.length]],
      key: (s) => [isoMicros(created[s]!), ids[s]!],
    };
  }

  private readonly pool = new BitsPool();

  /** What query words meant while the vocabulary stays as it is (bounded: cleared past 10,000 words). */
  meanings(): Map<string, string[]> {
    const known = this.snap?.meanings ?? new Map<string, string[]>();
    if (known.size > 10_000) known.clear();
    return known;
  }

  /** Phones in the index, those of them in the layout made at load, dead slots, …: for the log and the tests. */
  stats() {
    const snap = this.snap;
    return {
      phones: snap?.slotOf.size ?? 0,
      laidOut: snap?.alive.count(0, snap.laid) ?? 0,
      dead: snap?.dead ?? 0,
      words: snap?.postings.size ?? 0,
      /** Changes applied above a gap in their numbers (a transaction still open or rolled back). */
      aboveGap: this.applied.size,
    };
  }
}

/** An ISO 8601 time with up to six decimals, as microseconds since 1970. */
export function micros(iso: string): number {
  const m = /\.(\d{1,6})Z$|([+-]\d\d:\d\d|Z)$/.exec(iso);
  const fraction = m?.[1] ?? '';
  const ms = Date.parse(fraction ? iso.replace(/\.\d+Z$/, 'Z') : iso);
  return ms * 1000 + Number(fraction.padEnd(6, '0'));
}
