import { Bits, LONG, Posting } from './search-bits.ts';
import { groupCodes, type GroupCodes } from './search-groups.ts';
import { pause, type Phones } from './search-loader.ts';
import { WordFinder } from './word-finder.ts';
import { districtIds } from '@market/contract/places';

const districtCodes = new Map(districtIds.map((id, i) => [id, i + 1]));
/** A district's number in the index (0: none, or one this code does not know). */
export const districtCode = (id: string | null) => (id === null ? 0 : (districtCodes.get(id) ?? 0));

/*
 * The search index's phones at one moment (decision 022): typed arrays by slot, a posting list per word, and
 * the layout made at load: each group's phones (brand × condition × verified) side by side in price order,
 * and the laid-out slots in each sort's order. Changes then remove phones and add them in new slots after it.
 */

/** Comparisons or phones between pauses. */
const SLICE = 200_000;
const ADD_SLICE = 5_000;

/** The numbers 0 … n - 1 sorted by `before` (a stable merge sort), pausing between slices. */
export async function sortedSlots(n: number, before: (a: number, b: number) => boolean) {
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
export function lowerBound(from: number, to: number, isBefore: (i: number) => boolean) {
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
export interface Range {
  code: number;
  start: number;
  end: number;
}

/** The state of the phones at one moment: laid out once at load, then changed in place by the changes it hears of. */
export class Snapshot {
  size = 0;
  capacity = 0;
  ids: string[] = [];
  /** The live slots: a removed phone's slot stays dead (slots are never reused). */
  alive = new Bits(new Uint32Array(1));
  created = new Float64Array(0);
  price = new Int32Array(0);
  /** Brand, condition and seller verified in one number per phone (`groups`). */
  code = new Uint16Array(0);
  nameLen = new Int32Array(0);
  /** The best deal sort's key (price over its key's guide median, × 10,000): Infinity where the phone has no guide. */
  deal = new Float64Array(0);
  /** Storage (GB) and battery health (%) per slot; 0 where the listing does not say. */
  storage = new Int32Array(0);
  battery = new Uint8Array(0);
  /** Normalised name → its slots (ascending): the exact model's phones, without a string read per phone. */
  readonly byName = new Map<string, number[]>();
  location: string[] = [];
  /** The district per slot: 1 + its place in the contract's `districts`, 0 where the listing names none. */
  district = new Uint8Array(0);
  readonly slotOf = new Map<string, number>();
  readonly categoryIds: string[] = [];
  readonly categoryOf = new Map<string, number>();
  readonly postings = new Map<string, Posting>();
  readonly namePostings = new Map<string, Posting>();
  dead = 0;
  /** What query words meant (search.ts's expansion), until a new word joins the vocabulary. */
  readonly meanings = new Map<string, string[]>();
  /** The vocabulary (the words of `postings`), laid out for typo candidates once the phones are (decision 038). */
  finder: WordFinder | undefined;
  /**
   * The slots below `laid` were laid out at load: each group's phones side by side in price order (`ranges`),
   * so a group is counted a bit-set word at a time; `orders` holds them in each sort's order. Phones added
   * since (a change is a removal and an addition) come after, and are looked at one by one.
   */
  laid = 0;
  ranges: Range[] = [];
  orders = { price: new Int32Array(0), newest: new Int32Array(0), length: new Int32Array(0), deal: new Int32Array(0) };
  /** Where each name length (up to LONG) starts in `orders.length`; [LONG + 1] is its end. */
  lengthStart = new Int32Array(LONG + 2);
  readonly groups: GroupCodes;

  constructor(groups = groupCodes) {
    this.groups = groups;
  }

  /** These phones (read in id order), laid out by group and price, with each sort's order; in slices between pauses. */
  static async laidOut(all: Phones, groups = groupCodes) {
    const snap = new Snapshot(groups);
    const n = all.ids.length;
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
    // The orders of priceBefore, newestBefore, lengthBefore and dealBefore, with numbers for the ids.
    const { price, created, nameLen, deal } = snap;
    const newest = (a: number, b: number) => created[a]! > created[b]! || (created[a] === created[b] && rank[a]! > rank[b]!);
    snap.orders = {
      price: await sortedSlots(n, (a, b) => price[a]! < price[b]! || (price[a] === price[b] && rank[a]! < rank[b]!)),
      newest: await sortedSlots(n, newest),
      length: await sortedSlots(n, (a, b) => nameLen[a]! < nameLen[b]! || (nameLen[a] === nameLen[b] && newest(a, b))),
      deal: await sortedSlots(n, (a, b) => deal[a]! < deal[b]! || (deal[a] === deal[b] && newest(a, b))),
    };
    const byLength = snap.orders.length;
    for (let l = 0, i = 0; l <= LONG + 1; l++) {
      while (i < n && Math.min(nameLen[byLength[i]!]!, LONG) < l) i++;
      snap.lengthStart[l] = i;
    }
    snap.finder = await WordFinder.of(snap.postings.keys(), pause);
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
    this.deal = grown(this.deal, (n) => new Float64Array(n));
    this.storage = grown(this.storage, (n) => new Int32Array(n));
    this.battery = grown(this.battery, (n) => new Uint8Array(n));
    this.district = grown(this.district, (n) => new Uint8Array(n));
    this.capacity = capacity;
  }

  private codeOf(category: string, condition: string, verified: boolean) {
    let c = this.categoryOf.get(category);
    if (c === undefined) {
      c = this.categoryIds.length;
      this.categoryIds.push(category);
      this.categoryOf.set(category, c);
    }
    return this.groups.code(c, condition, verified);
  }

  /** Price ascending, then id ascending: the order of price_asc (price_desc is its reverse). */
  readonly priceBefore = (a: number, b: number) => this.price[a]! < this.price[b]! || (this.price[a] === this.price[b] && this.ids[a]! < this.ids[b]!);
  /** Newest first, then id descending. */
  readonly newestBefore = (a: number, b: number) => this.created[a]! > this.created[b]! || (this.created[a] === this.created[b] && this.ids[a]! > this.ids[b]!);
  /** Relevance within a tier: the shorter name first, then newest first. */
  readonly lengthBefore = (a: number, b: number) => this.nameLen[a]! < this.nameLen[b]! || (this.nameLen[a] === this.nameLen[b] && this.newestBefore(a, b));
  /** Best deal: the lowest price for its key's guide first, those without a guide last; then newest first. */
  readonly dealBefore = (a: number, b: number) => this.deal[a]! < this.deal[b]! || (this.deal[a] === this.deal[b] && this.newestBefore(a, b));

  /** Appends phones `from` … `to` - 1 (taken in `order`, when given) in new slots. */
  add(b: Phones, order?: Int32Array, from = 0, to = b.ids.length) {
    const ids = b.ids;
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
      this.deal[s] = b.deal[j] ?? Infinity;
      this.storage[s] = b.storage[j] ?? 0;
      this.battery[s] = b.battery[j] ?? 0;
      const named = this.byName.get(b.nameNorm[j]!);
      if (named) named.push(s);
      else this.byName.set(b.nameNorm[j]!, [s]);
      this.location[s] = b.location[j]!;
      this.district[s] = districtCode(b.district[j] ?? null);
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
            if (list === this.postings) this.finder?.add(w);
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
