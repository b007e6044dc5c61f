/*
 * Sets of slots for the search index (decision 022): a word's posting list, and bit sets (one bit per
 * slot, 32 to a word) with counting and copying over a range of slots, so a group of phones laid out
 * side by side is counted a word at a time, not a phone at a time.
 */

/** The number of bits set in a 32-bit word. */
export function popcount(x: number) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Name lengths from this one on count as one. */
export const LONG = 127;

/** The slot of the lowest bit set in word `w` (the bits not 0). */
const lowest = (w: number, bits: number) => (w << 5) + 31 - Math.clz32(bits & -bits);

/**
 * A word's phones, as a list of slots (ascending); once the word is in more than one phone in 32, also as
 * bits (then no larger than the list), so a common word is OR-ed in by the word, not set slot by slot.
 */
export class Posting {
  readonly slots: number[] = [];
  bits: Uint32Array | undefined;
  /** The name lengths of its phones (up to LONG; longer ones as LONG), as bits: a search skips the lengths none has. */
  readonly lengths = new Uint32Array(4);
  push(s: number, nameLen: number) {
    const l = Math.min(nameLen, LONG);
    this.lengths[l >>> 5]! |= 1 << (l & 31);
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
export class BitsPool {
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
export class Bits {
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
  set(s: number) {
    this.words[s >>> 5]! |= 1 << (s & 31);
  }
  clear(s: number) {
    this.words[s >>> 5]! &= ~(1 << (s & 31));
  }
  /** Keeps the slots also in `other` (or, with `copy`, becomes `other`). */
  and(other: Bits, copy = false) {
    const n = Math.min(this.words.length, other.words.length);
    if (copy) this.words.set(other.words.subarray(0, n));
    else for (let i = 0; i < n; i++) this.words[i]! &= other.words[i]!;
    for (let i = n; i < this.words.length; i++) this.words[i] = 0;
    return this;
  }
  /** Moves the slots also in `other` out of this set into `into` (empty before); returns how many. */
  moveShared(other: Bits, into: Bits) {
    const n = Math.min(this.words.length, other.words.length, into.words.length);
    const { words } = this;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const shared = words[i]! & other.words[i]!;
      if (shared === 0) continue;
      into.words[i] = shared;
      words[i]! ^= shared;
      count += popcount(shared);
    }
    return count;
  }
  /** The slots set in [from, to). */
  count(from: number, to: number) {
    if (from >= to) return 0;
    const { words } = this;
    const first = from >>> 5;
    const last = (to - 1) >>> 5;
    const head = -1 << (from & 31);
    const tail = -1 >>> (31 - ((to - 1) & 31));
    if (first === last) return popcount(words[first]! & head & tail);
    let n = popcount(words[first]! & head) + popcount(words[last]! & tail);
    for (let i = first + 1; i < last; i++) n += popcount(words[i]!);
    return n;
  }
  /** Sets in `into` the slots of [from, to) set here (`into` has none of them set before). */
  copyTo(into: Bits, from: number, to: number) {
    if (from >= to) return;
    const { words } = this;
    const first = from >>> 5;
    const last = (to - 1) >>> 5;
    const head = -1 << (from & 31);
    const tail = -1 >>> (31 - ((to - 1) & 31));
    if (first === last) {
      into.words[first]! |= words[first]! & head & tail;
      return;
    }
    into.words[first]! |= words[first]! & head;
    into.words.set(words.subarray(first + 1, last), first + 1);
    into.words[last]! |= words[last]! & tail;
  }
  /** The lowest slot set in [from, to), or -1. */
  first(from: number, to: number) {
    if (from >= to) return -1;
    const { words } = this;
    const last = (to - 1) >>> 5;
    for (let w = from >>> 5; w <= last; w++) {
      let bits = words[w]!;
      if (w === from >>> 5) bits &= -1 << (from & 31);
      if (w === last) bits &= -1 >>> (31 - ((to - 1) & 31));
      if (bits !== 0) return lowest(w, bits);
    }
    return -1;
  }
  /** The highest slot set in [from, to), or -1. */
  last(from: number, to: number) {
    if (from >= to) return -1;
    const { words } = this;
    const first = from >>> 5;
    for (let w = (to - 1) >>> 5; w >= first; w--) {
      let bits = words[w]!;
      if (w === first) bits &= -1 << (from & 31);
      if (w === (to - 1) >>> 5) bits &= -1 >>> (31 - ((to - 1) & 31));
      if (bits !== 0) return (w << 5) + 31 - Math.clz32(bits);
    }
    return -1;
  }
  /** The slots set in [from, to), ascending (for few slots: each is a call). */
  *slots(from = 0, to = this.words.length * 32) {
    if (from >= to) return;
    const last = (to - 1) >>> 5;
    for (let w = from >>> 5; w <= last; w++) {
      let bits = this.words[w]!;
      if (w === from >>> 5) bits &= -1 << (from & 31);
      if (w === last) bits &= -1 >>> (31 - ((to - 1) & 31));
      while (bits !== 0) {
        const s = lowest(w, bits);
        bits &= bits - 1;
        yield s;
      }
    }
  }
}
