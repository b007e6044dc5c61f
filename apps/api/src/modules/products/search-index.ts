import { conditions, type Condition, type SearchSort } from '@market/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

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
/** Re-read at start: changes just before the index was loaded may commit after it. */
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
      u.seller_verified, p.location, p.product_name, p.search
    from products p join users u on u.id = p.seller_id
    where p.status = 'available' and ${where} order by p.id limit ${limit}
  )
  select
    json_agg(id order by rn) as ids,
    json_agg((extract(epoch from created_at) * 1000000)::bigint::text order by rn) as created,
    json_agg(resale_price order by rn) as price,
    json_agg(category_id order by rn) as category,
    json_agg(condition order by rn) as condition,
    json_agg(seller_verified order by rn) as verified,
    json_agg(lower(location) order by rn) as location,
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

/** A sorted list of slots, by a comparison of slots. */
class SortedSlots {
  readonly slots: number[] = [];
  private readonly before: (a: number, b: number) => boolean;
  constructor(before: (a: number, b: number) => boolean) {
    this.before = before;
  }
  /** The first position whose slot does not come before `slot`. */
  position(isBefore: (s: number) => boolean, from = 0) {
    let lo = from;
    let hi = this.slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (isBefore(this.slots[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  add(slot: number) {
    this.slots.splice(
      this.position((s) => this.before(s, slot)),
      0,
      slot,
    );
  }
  remove(slot: number) {
    const at = this.position((s) => this.before(s, slot));
    if (this.slots[at] === slot) this.slots.splice(at, 1);
  }
}

interface Group {
  category: number;
  condition: number;
  verified: boolean;
  byPrice: SortedSlots;
  byNewest: SortedSlots;
}

/**
 * A word's phones, as a list of slots (ascending); once the word is in more than one phone in 32, also as
 * bits (then no larger than the list), so a common word is OR-ed in by the word, not set slot by slot.
 */
class Posting {
  readonly slots: number[] = [];
  bits: Uint32Array | undefined;
  push(s: number) {
    this.slots.push(s);
    if (this.bits) {
      if (s >>> 5 >= this.bits.length) {
        const grown = new Uint32Array(Math.max(this.bits.length * 2, (s >>> 5) + 1));
        grown.set(this.bits);
        this.bits = grown;
      }
      this.bits[s >>> 5]! |= 1 << (s & 31);
    } else if (this.slots.length >= 1024 && this.slots.length * 32 > s) {
      this.bits = new Uint32Array((s >>> 5) + 1);
      for (const t of this.slots) this.bits[t >>> 5]! |= 1 << (t & 31);
    }
  }
  addTo(words: Uint32Array) {
    const bits = this.bits;
    if (bits) {
      const n = Math.min(bits.length, words.length);
      for (let i = 0; i < n; i++) words[i]! |= bits[i]!;
      return;
    }
    const slots = this.slots;
    for (let i = 0; i < slots.length; i++) {
      const t = slots[i]!;
      words[t >>> 5]! |= 1 << (t & 31);
    }
  }
}

/**
 * Bit sets of every slot for one search, taken from a pool: at 1M phones each is 125 KB, and a search
 * needs several; allocated anew each time they would be garbage for a full collection to find.
 */
class BitsPool {
  private readonly free: Uint32Array[] = [];
  private taken = 0;
  /** Makes every set taken so far free again: at the start of a search. */
  reset() {
    this.taken = 0;
  }
  take(size: number) {
    const length = (size >>> 5) + 1;
    let words = this.free[this.taken];
    if (!words || words.length !== length) this.free[this.taken] = words = new Uint32Array(length);
    else words.fill(0);
    this.taken++;
    return new Bits(words);
  }
}

/** A set of slots as bits. */
class Bits {
  readonly words: Uint32Array;
  constructor(words: Uint32Array) {
    this.words = words;
  }
  static of(pool: BitsPool, size: number, postings: (Posting | number[] | undefined)[]) {
    const bits = pool.take(size);
    for (const p of postings) {
      if (p instanceof Posting) p.addTo(bits.words);
      else if (p) for (const t of p) bits.words[t >>> 5]! |= 1 << (t & 31);
    }
    return bits;
  }
  has(s: number) {
    return (this.words[s >>> 5]! & (1 << (s & 31))) !== 0;
  }
  /** Keeps the slots also in `other` (or, with `copy`, becomes `other`). */
  and(other: Bits, copy = false) {
    const n = Math.min(this.words.length, other.words.length);
    if (copy) this.words.set(other.words.subarray(0, n));
    else for (let i = 0; i < n; i++) this.words[i]! &= other.words[i]!;
    for (let i = n; i < this.words.length; i++) this.words[i] = 0;
    return this;
  }
}

/** The state of the phones at one moment: built once, then changed in place by the changes it hears of. */
class Snapshot {
  size = 0;
  capacity = 0;
  ids: string[] = [];
  /** The live slots (a removed phone's slot stays dead), as bits: intersected with a search's matches a word at a time. */
  aliveBits = new Uint32Array(0);
  created = new Float64Array(0);
  price = new Int32Array(0);
  category = new Uint16Array(0);
  condition = new Uint8Array(0);
  /** Brand, condition and seller verified in one number per phone: (brand × 3 + condition) × 2 + verified. */
  code = new Uint16Array(0);
  nameLen = new Int32Array(0);
  /** Normalised name → its slots (ascending): the exact model's phones, without a string read per phone. */
  readonly byName = new Map<string, number[]>();
  location: string[] = [];
  /** Per slot, its posting entries: for removal is not needed (slots are never reused), kept out. */
  readonly slotOf = new Map<string, number>();
  readonly categoryIds: string[] = [];
  readonly categoryOf = new Map<string, number>();
  readonly postings = new Map<string, Posting>();
  readonly namePostings = new Map<string, Posting>();
  readonly groups = new Map<number, Group>();
  dead = 0;
  /** What query words meant (search.ts's expansion), until a new word joins the vocabulary. */
  readonly meanings = new Map<string, string[]>();

  private grow(min: number) {
    if (min <= this.capacity) return;
    const capacity = Math.max(1024, min, this.capacity * 2);
    const grown = <T extends Uint8Array | Uint16Array | Int32Array | Float64Array>(old: T, make: (n: number) => T) => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    const aliveBits = new Uint32Array((capacity >>> 5) + 1);
    aliveBits.set(this.aliveBits);
    this.aliveBits = aliveBits;
    this.created = grown(this.created, (n) => new Float64Array(n));
    this.price = grown(this.price, (n) => new Int32Array(n));
    this.category = grown(this.category, (n) => new Uint16Array(n));
    this.condition = grown(this.condition, (n) => new Uint8Array(n));
    this.code = grown(this.code, (n) => new Uint16Array(n));
    this.nameLen = grown(this.nameLen, (n) => new Int32Array(n));
    this.capacity = capacity;
  }

  categoryIndex(id: string) {
    let i = this.categoryOf.get(id);
    if (i === undefined) {
      i = this.categoryIds.length;
      this.categoryIds.push(id);
      this.categoryOf.set(id, i);
    }
    return i;
  }

  /** Price ascending, then id ascending: the order of price_asc (price_desc is its reverse). */
  readonly priceBefore = (a: number, b: number) => this.price[a]! < this.price[b]! || (this.price[a] === this.price[b] && this.ids[a]! < this.ids[b]!);
  /** Newest first, then id descending. */
  readonly newestBefore = (a: number, b: number) => this.created[a]! > this.created[b]! || (this.created[a] === this.created[b] && this.ids[a]! > this.ids[b]!);

  /** The phone's group, by the code it was added with (so it is found again however its seller changed since). */
  private group(slot: number) {
    const key = this.code[slot]!;
    const verified = (key & 1) === 1;
    let g = this.groups.get(key);
    if (!g) {
      g = {
        category: this.category[slot]!,
        condition: this.condition[slot]!,
        verified,
        byPrice: new SortedSlots(this.priceBefore),
        byNewest: new SortedSlots(this.newestBefore),
      };
      this.groups.set(key, g);
    }
    return g;
  }

  /** Appends a batch of phones in new slots; the groups' lists are sorted afterwards when `sortLater` (a first load). */
  add(b: Batch, sortLater = false) {
    const ids = b.ids ?? [];
    const base = this.size;
    this.size += ids.length;
    this.grow(this.size);
    for (let i = 0; i < ids.length; i++) {
      const s = base + i;
      this.ids[s] = ids[i]!;
      this.aliveBits[s >>> 5]! |= 1 << (s & 31);
      this.created[s] = Number(b.created[i]);
      this.price[s] = b.price[i]!;
      this.category[s] = this.categoryIndex(b.category[i]!);
      this.condition[s] = conditions.indexOf(b.condition[i]!);
      this.code[s] = (this.category[s]! * 3 + this.condition[s]!) * 2 + (b.verified[i] ? 1 : 0);
      this.nameLen[s] = b.nameLen[i]!;
      const named = this.byName.get(b.nameNorm[i]!);
      if (named) named.push(s);
      else this.byName.set(b.nameNorm[i]!, [s]);
      this.location[s] = b.location[i]!;
      this.slotOf.set(ids[i]!, s);
      const g = this.group(s);
      if (sortLater) {
        g.byPrice.slots.push(s);
        g.byNewest.slots.push(s);
      } else {
        g.byPrice.add(s);
        g.byNewest.add(s);
      }
    }
    for (const [list, documents] of [
      [this.postings, b.words],
      [this.namePostings, b.nameWords],
    ] as const) {
      for (let i = 0; i < ids.length; i++) {
        if (!documents[i]) continue;
        for (const w of documents[i]!.split(' ')) {
          let posting = list.get(w);
          if (!posting) {
            list.set(w, (posting = new Posting()));
            this.meanings.clear();
          }
          posting.push(base + i);
        }
      }
    }
  }

  sortGroups() {
    for (const g of this.groups.values()) {
      g.byPrice.slots.sort((a, b) => (this.priceBefore(a, b) ? -1 : this.priceBefore(b, a) ? 1 : 0));
      g.byNewest.slots.sort((a, b) => (this.newestBefore(a, b) ? -1 : this.newestBefore(b, a) ? 1 : 0));
    }
  }

  /** The phone leaves every answer; its slot stays dead (posting lists are only ever appended to). */
  remove(id: string) {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    const g = this.group(s);
    g.byPrice.remove(s);
    g.byNewest.remove(s);
    this.aliveBits[s >>> 5]! &= ~(1 << (s & 31));
    this.slotOf.delete(id);
    this.dead++;
  }
}

/** A sort's order of slots, with a numeric pre-test: a slot whose (primary, secondary) is greater comes after. */
interface Order {
  before: (a: number, b: number) => boolean;
  primary: (s: number) => number;
  secondary: (s: number) => number;
  /** Relevance: the bits of the phones in tier 0, 1 and 2 (a phone in none is in tier 3). */
  tiers?: readonly [Uint32Array, Uint32Array, Uint32Array];
}

/** A bounded list of the best slots in an order: the page and the one after it. */
class Best {
  readonly slots: number[] = [];
  private readonly k: number;
  private readonly order: Order;
  /** The last slot's primary and secondary key, while the list is full: a slot above them cannot enter. */
  worstPrimary = Infinity;
  worstSecondary = Infinity;
  constructor(k: number, order: Order) {
    this.k = k;
    this.order = order;
  }
  offer(s: number) {
    const list = this.slots;
    if (list.length === this.k && !this.order.before(s, list[list.length - 1]!)) return;
    let at = list.length;
    while (at > 0 && this.order.before(s, list[at - 1]!)) at--;
    list.splice(at, 0, s);
    if (list.length > this.k) list.pop();
    if (list.length === this.k) {
      const last = list[list.length - 1]!;
      this.worstPrimary = this.order.primary(last);
      this.worstSecondary = this.order.secondary(last);
    }
  }
}

export class SearchIndex {
  private snap: Snapshot | undefined;
  private building: Promise<void> | undefined;
  /** Every change up to floor has been applied; above it, those in `applied`. */
  private floor = 0;
  private readonly applied = new Set<number>();
  private readonly gapSince = new Map<number, number>();
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
    this.building ??= this.load().finally(() => (this.building = undefined));
    return this.building;
  }

  /** Forgets everything: the next search rebuilds first. */
  reset() {
    this.snap = undefined;
  }

  private async load() {
    const [mark] = await rows<{ seq: string | null }>(this.db, sql`select max(seq)::text as seq from search_changes`);
    const snap = new Snapshot();
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const [batch] = await rows<Batch>(this.db, batchOf(sql`p.id > ${after}::uuid`, LOAD_CHUNK));
      const ids = batch?.ids ?? [];
      snap.add(batch!, true);
      if (ids.length < LOAD_CHUNK) break;
      after = ids.at(-1)!;
    }
    snap.sortGroups();
    this.snap = snap;
    this.floor = Math.max(0, Number(mark?.seq ?? 0) - START_OVERLAP);
    this.applied.clear();
    this.gapSince.clear();
  }

  /** Applies every change that had committed when this was called (joins a read that began later, if any). */
  async catchUp(): Promise<void> {
    if (!this.snap) await this.build();
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
    // Every change makes a dead slot: past as many dead as live, a fresh load (the old one answers meanwhile).
    if (snap.dead > Math.max(50_000, snap.slotOf.size)) void this.build().catch(() => undefined);
    if (Date.now() - this.lastPrune > 3_600_000) {
      this.lastPrune = Date.now();
      await this.db.execute(sql`delete from search_changes where at < now() - interval '1 day'`);
    }
  }

  /** Moves the floor over every applied change, and over gaps older than GAP_WAIT_MS (rolled back). */
  private advanceFloor(highest: number) {
    const now = Date.now();
    while (this.floor < highest) {
      const next = this.floor + 1;
      if (this.applied.delete(next)) {
        this.floor = next;
        continue;
      }
      const since = this.gapSince.get(next) ?? now;
      this.gapSince.set(next, since);
      if (now - since < GAP_WAIT_MS) break;
      this.gapSince.delete(next);
      this.floor = next;
    }
  }

  /** The phones of a search, in its order, with the total and every facet (each without its own filter). */
  query(q: IndexQuery): IndexAnswer {
    const snap = this.snap!;
    this.pool.reset();
    const categoryOk = new Uint8Array(Math.max(1, snap.categoryIds.length)).fill(q.category?.length ? 0 : 1);
    for (const id of q.category ?? []) {
      const i = snap.categoryOf.get(id);
      if (i !== undefined) categoryOk[i] = 1;
    }
    const conditionOk = new Uint8Array(conditions.length).fill(q.condition?.length ? 0 : 1);
    for (const c of q.condition ?? []) conditionOk[conditions.indexOf(c)] = 1;
    const lo = q.minPrice ?? -Infinity;
    const hi = q.maxPrice ?? Infinity;
    const perCategory = new Int32Array(snap.categoryIds.length);
    const perCondition = new Int32Array(conditions.length);
    const answer = { total: 0, min: Infinity, max: -Infinity };
    const order = this.ordering(snap, q);
    const best = new Best(q.limit + 1, order);

    if (q.words.length === 0 && !q.location) this.byGroups(snap, q, { order, categoryOk, conditionOk, lo, hi, perCategory, perCondition, answer, best });
    else {
      const text = q.words.length
        ? q.words
            .map((w) =>
              Bits.of(
                this.pool,
                snap.size,
                w.means.map((m) => snap.postings.get(m)),
              ),
            )
            .reduce((a, b) => a.and(b))
        : undefined;
      const location = q.location?.toLowerCase();
      // The live phones among the text's matches (or all of them), each counted where its filters allow
      // and, when it passes them all, kept for the page.
      const live = (text ?? this.pool.take(snap.size)).and(new Bits(snap.aliveBits), !text);
      const hits = this.scratch(0, snap.size);
      let found = 0;
      // Per code (brand, condition, verified): bit 1 the brand passes, 2 the condition, 4 the seller.
      const codes = snap.categoryIds.length * 6;
      const flags = new Uint8Array(codes);
      for (let k = 0; k < codes; k++) {
        const c = (k / 6) | 0;
        const d = (k >> 1) % 3;
        flags[k] = (categoryOk[c] ? 1 : 0) | (conditionOk[d] ? 2 : 0) | (!q.verified || k & 1 ? 4 : 0);
      }
      const ofCategory = new Int32Array(codes);
      const ofCondition = new Int32Array(codes);
      const { code, price } = snap;
      let min = Infinity;
      let max = -Infinity;
      const words = live.words;
      for (let w = 0; w < words.length; w++) {
        let bits = words[w]!;
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const s = (w << 5) + 31 - Math.clz32(low);
          const k = code[s]!;
          const f = flags[k]!;
          if (!(f & 4)) continue;
          if (location !== undefined && !snap.location[s]!.includes(location)) continue;
          const p = price[s]!;
          if (p >= lo && p <= hi) {
            if (f & 2) ofCategory[k]!++;
            if (f & 1) ofCondition[k]!++;
            if ((f & 3) === 3) hits[found++] = s;
          }
          if ((f & 3) === 3) {
            if (p < min) min = p;
            if (p > max) max = p;
          }
        }
      }
      for (let k = 0; k < codes; k++) {
        perCategory[(k / 6) | 0]! += ofCategory[k]!;
        perCondition[(k >> 1) % 3]! += ofCondition[k]!;
      }
      answer.total = found;
      answer.min = min;
      answer.max = max;
      // The page: most phones lose on one or two numbers, worked out here without a call.
      const { nameLen, created } = snap;
      const [named, exact, inName] = order.tiers ?? [];
      const sign = q.sort === 'price_desc' ? -1 : 1;
      for (let i = 0; i < found; i++) {
        const s = hits[i]!;
        let primary: number;
        let secondary = 0;
        if (named && exact && inName) {
          const w = s >>> 5;
          const bit = 1 << (s & 31);
          primary = (named[w]! & bit ? 0 : exact[w]! & bit ? 1 : inName[w]! & bit ? 2 : 3) * 65_536 + nameLen[s]!;
          secondary = -created[s]!;
        } else if (q.sort === 'newest' || q.sort === 'relevance') primary = -created[s]!;
        else primary = sign * price[s]!;
        if (primary > best.worstPrimary || (primary === best.worstPrimary && secondary > best.worstSecondary)) continue;
        if (order.isAfter(s)) best.offer(s);
      }
    }

    return {
      page: best.slots.map((s) => ({ id: snap.ids[s]!, key: order.key(s) })),
      total: answer.total,
      perCategory: new Map(snap.categoryIds.map((id, i) => [id, perCategory[i]!])),
      perCondition: new Map(conditions.map((c, i) => [c, perCondition[i]!])),
      price: answer.min !== Infinity ? { min: answer.min, max: answer.max } : { min: null, max: null },
    };
  }

  /** Without text or area: counts from each group's price-ordered list, the page from a merge of groups. */
  private byGroups(
    snap: Snapshot,
    q: IndexQuery,
    acc: {
      order: ReturnType<SearchIndex['ordering']>;
      categoryOk: Uint8Array;
      conditionOk: Uint8Array;
      lo: number;
      hi: number;
      perCategory: Int32Array;
      perCondition: Int32Array;
      answer: { total: number; min: number; max: number };
      best: Best;
    },
  ) {
    const { order } = acc;
    const inRange: { g: Group; from: number; to: number }[] = [];
    for (const g of snap.groups.values()) {
      if (q.verified && !g.verified) continue;
      const list = g.byPrice;
      const from = list.position((s) => snap.price[s]! < acc.lo);
      const to = list.position((s) => snap.price[s]! <= acc.hi, from);
      const fc = acc.categoryOk[g.category]!;
      const fd = acc.conditionOk[g.condition]!;
      if (fd) acc.perCategory[g.category]! += to - from;
      if (fc) acc.perCondition[g.condition]! += to - from;
      if (fc && fd && list.slots.length > 0) {
        acc.answer.min = Math.min(acc.answer.min, snap.price[list.slots[0]!]!);
        acc.answer.max = Math.max(acc.answer.max, snap.price[list.slots.at(-1)!]!);
        acc.answer.total += to - from;
        if (to > from) inRange.push({ g, from, to });
      }
    }
    // The page: the best few of each group after the cursor, then the best of those.
    for (const { g, from, to } of inRange) {
      const k = q.limit + 1;
      if (q.sort === 'newest' || q.sort === 'relevance') {
        const list = g.byNewest.slots;
        let taken = 0;
        for (let i = q.after ? g.byNewest.position((s) => !order.isAfter(s)) : 0; i < list.length && taken < k; i++) {
          const s = list[i]!;
          if (snap.price[s]! >= acc.lo && snap.price[s]! <= acc.hi) {
            acc.best.offer(s);
            taken++;
          }
        }
      } else if (q.sort === 'price_asc') {
        const start = q.after
          ? Math.max(
              from,
              g.byPrice.position((s) => !order.isAfter(s), from),
            )
          : from;
        for (let i = start; i < Math.min(to, start + k); i++) acc.best.offer(g.byPrice.slots[i]!);
      } else {
        // Descending: the list read backwards from the last phone before the cursor.
        const end = q.after
          ? Math.min(
              to,
              g.byPrice.position((s) => order.isAfter(s), from),
            )
          : to;
        for (let i = end - 1; i >= Math.max(from, end - k); i--) acc.best.offer(g.byPrice.slots[i]!);
      }
    }
  }

  /** The sort's order of slots, each slot's key (as the cursor writes it), and "after the cursor". */
  private ordering(snap: Snapshot, q: IndexQuery) {
    const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    if (q.sort === 'relevance' && q.words.length) {
      const exact = q.words.map((w) => Bits.of(this.pool, snap.size, [snap.namePostings.get(w.word)])).reduce((a, b) => a.and(b));
      const inName = q.words
        .map((w) =>
          Bits.of(
            this.pool,
            snap.size,
            w.means.map((m) => snap.namePostings.get(m)),
          ),
        )
        .reduce((a, b) => a.and(b));
      // Each phone's tier worked out once per search (-1: not yet).
      const named = Bits.of(this.pool, snap.size, [snap.byName.get(q.phrase)]);
      const tier = (s: number) => (named.has(s) ? 0 : exact.has(s) ? 1 : inName.has(s) ? 2 : 3);
      // Tier and name length ascending, then newest first, then id descending; numbers, no key built per phone.
      const ranked = (t: number, len: number, created: number, id: string, s: number) => {
        const ts = tier(s);
        if (ts !== t) return ts - t;
        if (snap.nameLen[s] !== len) return snap.nameLen[s]! - len;
        if (snap.created[s] !== created) return created - snap.created[s]!;
        return snap.ids[s]! === id ? 0 : snap.ids[s]! < id ? 1 : -1;
      };
      const after = q.after as [number, number, string, string] | undefined;
      const afterUs = after ? micros(after[2]) : 0;
      return {
        key: (s: number) => [tier(s), snap.nameLen[s]!, isoMicros(snap.created[s]!), snap.ids[s]!],
        before: (a: number, b: number) => ranked(tier(b), snap.nameLen[b]!, snap.created[b]!, snap.ids[b]!, a) < 0,
        primary: (s: number) => tier(s) * 65_536 + snap.nameLen[s]!,
        secondary: (s: number) => -snap.created[s]!,
        tiers: [named.words, exact.words, inName.words] as const,
        isAfter: (s: number) => !after || ranked(after[0], after[1], afterUs, after[3], s) > 0,
      };
    }
    if (q.sort === 'price_asc' || q.sort === 'price_desc') {
      const sign = q.sort === 'price_asc' ? 1 : -1;
      const after = q.after as [number, string] | undefined;
      return {
        key: (s: number) => [snap.price[s]!, snap.ids[s]!],
        before: (a: number, b: number) => (sign > 0 ? snap.priceBefore(a, b) : snap.priceBefore(b, a)),
        primary: (s: number) => sign * snap.price[s]!,
        secondary: () => 0,
        isAfter: (s: number) => !after || sign * (cmp(snap.price[s]!, after[0]) || cmp(snap.ids[s]!, after[1])) > 0,
      };
    }
    const after = q.after as [string, string] | undefined;
    const afterUs = after ? micros(after[0]) : 0;
    return {
      key: (s: number) => [isoMicros(snap.created[s]!), snap.ids[s]!],
      before: snap.newestBefore,
      primary: (s: number) => -snap.created[s]!,
      secondary: () => 0,
      isAfter: (s: number) => !after || snap.created[s]! < afterUs || (snap.created[s] === afterUs && snap.ids[s]! < after[1]),
    };
  }

  private readonly buffers: Int32Array[] = [];
  private readonly pool = new BitsPool();
  /** A reusable buffer of at least `size` slots (a search runs start to end without awaiting: one at a time). */
  private scratch(which: number, size: number) {
    if ((this.buffers[which]?.length ?? -1) < size) this.buffers[which] = new Int32Array(Math.max(size, 1024));
    return this.buffers[which]!;
  }

  /** What query words meant while the vocabulary stays as it is (bounded: cleared past 10,000 words). */
  meanings(): Map<string, string[]> {
    const known = this.snap?.meanings ?? new Map<string, string[]>();
    if (known.size > 10_000) known.clear();
    return known;
  }

  /** Phones in the index and dead slots: for the benchmark's log and the tests. */
  stats() {
    return { phones: this.snap ? this.snap.slotOf.size : 0, dead: this.snap?.dead ?? 0, words: this.snap?.postings.size ?? 0 };
  }
}

/** An ISO 8601 time with up to six decimals, as microseconds since 1970. */
export function micros(iso: string): number {
  const m = /\.(\d{1,6})Z$|([+-]\d\d:\d\d|Z)$/.exec(iso);
  const fraction = m?.[1] ?? '';
  const ms = Date.parse(fraction ? iso.replace(/\.\d+Z$/, 'Z') : iso);
  return ms * 1000 + Number(fraction.padEnd(6, '0'));
}
