import type { SearchSort } from '@market/contract';
import { LONG, type Bits } from './search-bits.ts';
import { isoMicros, micros } from './search-cursor.ts';
import { lowerBound, type Snapshot } from './search-snapshot.ts';

/*
 * The page of a search in the index (decision 022): a sort's order over the snapshot, and the best phones
 * of a set in it, found by reading the sort's list from the cursor or by looking at each member.
 */

/** A sort, as the page is chosen by it. */
export interface Ordering {
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
  key: (s: number, tier: number) => (string | number | null)[];
}

/** What of a search the order depends on. */
export interface OrderQuery {
  /** Each query word with the words it may mean (empty: no text). */
  words: { word: string; means: string[] }[];
  sort: SearchSort;
  /** The key of the last phone of the page before, in the sort's order. */
  after?: (string | number | null)[] | undefined;
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

/**
 * The first `need` phones of a set in the sort's order (after the cursor, when `fromCursor`). A large set
 * is met soon reading the sort's list (about need × length / count steps); a small one is cheaper looked
 * at whole. Phones added since the load are not in the list: each is looked at.
 */
export function best(snap: Snapshot, { set, count }: { set: Bits; count: number }, need: number, o: Ordering, fromCursor: boolean) {
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
export function ordering(snap: Snapshot, q: OrderQuery, lo: number, hi: number): Ordering {
  const { price, ids, created, nameLen, deal, orders, lengthStart } = snap;
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
  if (q.sort === 'best_deal') {
    // The whole list (a deal is not a price: the price bounds do not narrow it), from the cursor on.
    const after = q.after as [number | null, string, string] | undefined;
    const us = after ? micros(after[1]) : 0;
    const d = after ? (after[0] ?? Infinity) : 0;
    const isAfter = (s: number) => !after || deal[s]! > d || (deal[s] === d && (created[s]! < us || (created[s] === us && ids[s]! < after[2])));
    const list = orders.deal;
    return {
      list,
      backwards: false,
      cursorTier: 0,
      hasCursor: after !== undefined,
      before: snap.dealBefore,
      isAfter,
      stretches: (fromCursor) => [[fromCursor ? cursorAt(list, 0, list.length, isAfter) : 0, list.length]],
      key: (s) => [deal[s] === Infinity ? null : deal[s]!, isoMicros(created[s]!), ids[s]!],
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
