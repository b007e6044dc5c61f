import { describe, expect, it } from 'vitest';
import { levenshtein, WordFinder } from './word-finder.ts';
import { holdsPiece, MAX_EXPANSIONS, typoPieces, typosAllowed } from './word-meanings.ts';

/*
 * The search index's typo candidates (decision 038), without a database: the finder must find exactly what the
 * SQL search's `candidates` statement asks the database for, here written out as a pass over every word.
 */

/** What `candidates` selects, by reading every word: the reference the finder's layout must agree with. */
function everyWord(vocabulary: string[], word: string, forms: string[], prefix: boolean) {
  const k = typosAllowed(word);
  const swapped = k > 0 ? typoPieces(word, k).swapped : undefined;
  return vocabulary
    .filter(
      (w) =>
        forms.includes(w) ||
        (prefix && forms.some((f) => w.startsWith(f))) ||
        (k > 0 && (holdsPiece(w, word, k) || w === swapped) && Math.abs(w.length - word.length) <= k && levenshtein(w, word) <= 2 * k),
    )
    .map((w): [string, number[]] => [w, [forms.includes(w) ? 0 : 1, levenshtein(w, word), w.length]])
    .sort(([a, x], [b, y]) => x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]! || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_EXPANSIONS)
    .map(([w]) => w);
}

/** A seeded generator (mulberry32), so that a failure repeats. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A word of `min`–`max` letters from a small alphabet (so that words share pieces), and a typo or two of it. */
function words(next: () => number) {
  const letters = 'abcdeiosn';
  const word = (min: number, max: number) =>
    Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, () => letters[Math.floor(next() * letters.length)]).join('');
  const typo = (w: string) => {
    const i = Math.floor(next() * w.length);
    const c = letters[Math.floor(next() * letters.length)]!;
    const kind = Math.floor(next() * 4);
    if (kind === 0) return w.slice(0, i) + c + w.slice(i);
    if (kind === 1) return w.slice(0, i) + w.slice(i + 1);
    if (kind === 2) return w.slice(0, i) + c + w.slice(i + 1);
    return i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w;
  };
  return { word, typo };
}

describe('the search index finds typo candidates in its own vocabulary (decision 038)', () => {
  it('measures Levenshtein as PostgreSQL does: insertions, deletions and substitutions (a swap is two)', () => {
    expect(levenshtein('galaxy', 'galaxy')).toBe(0);
    expect(levenshtein('galaxy', 'galxy')).toBe(1);
    expect(levenshtein('iphone', 'iphnoe')).toBe(2);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('স্যামসাং', 'স্যামসং')).toBe(1);
    // Past a bound, any number above it (the search only asks whether a word is within 2 × its typos).
    expect(levenshtein('kitten', 'sitting', 2)).toBeGreaterThan(2);
    expect(levenshtein('kitten', 'sitting', 3)).toBe(3);
    expect(levenshtein('abc', 'abcdefgh', 2)).toBeGreaterThan(2);
  });

  it('finds what a pass over every word finds, for words with and without typos, typed and finished', async () => {
    const next = random(29);
    const { word, typo } = words(next);
    const vocabulary = [...new Set(Array.from({ length: 3_000 }, () => word(2, 14)))];
    const finder = await WordFinder.of(vocabulary);
    let typoFound = 0;
    for (let i = 0; i < 600; i++) {
      const base = vocabulary[Math.floor(next() * vocabulary.length)]!;
      const asked = i % 3 === 0 ? word(1, 13) : i % 3 === 1 ? typo(base) : typo(typo(base));
      const prefix = i % 2 === 0;
      const found = finder.find(asked, [asked], prefix);
      expect(found, `${asked} (prefix: ${prefix})`).toEqual(everyWord(vocabulary, asked, [asked], prefix));
      if (found.some((w) => w !== asked && !w.startsWith(asked))) typoFound++;
    }
    // The comparison covers typo candidates, not only exact words and prefixes.
    expect(typoFound).toBeGreaterThan(100);
  });

  it('lays out a vocabulary larger than one slice of its load (sorted in slices, then merged)', async () => {
    const next = random(3);
    const { word, typo } = words(next);
    const vocabulary = [...new Set(Array.from({ length: 120_000 }, () => word(5, 12)))];
    let pauses = 0;
    const finder = await WordFinder.of(vocabulary, async () => void pauses++);
    expect(pauses).toBeGreaterThan(4);
    for (let i = 0; i < 20; i++) {
      const asked = typo(vocabulary[Math.floor(next() * vocabulary.length)]!);
      expect(finder.find(asked, [asked], i % 2 === 0), asked).toEqual(everyWord(vocabulary, asked, [asked], i % 2 === 0));
    }
  });

  it('finds the forms of a word (a Bangla brand name, decision 032) and what each begins', async () => {
    const finder = await WordFinder.of(['samsung', 'স্যামসাং', 'স্যামসাংয়ের', 'samsungs', 'galaxy']);
    expect(finder.find('samsung', ['samsung', 'স্যামসাং'], false)).toEqual(['samsung', 'স্যামসাং', 'samsungs']);
    expect(finder.find('samsung', ['samsung', 'স্যামসাং'], true)).toEqual(['samsung', 'স্যামসাং', 'samsungs', 'স্যামসাংয়ের']);
  });

  it('finds words that joined after the layout, before and after they are merged into it', async () => {
    const next = random(7);
    const { word, typo } = words(next);
    const laid = [...new Set(Array.from({ length: 500 }, () => word(5, 12)))];
    const finder = await WordFinder.of(laid);
    const vocabulary = [...laid];
    const held = new Set(laid);
    // Past 4,096 recent words the finder merges them into its layout: the checks run on both sides of that.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2_000; i++) {
        const w = word(5, 12);
        if (held.has(w)) continue;
        held.add(w);
        vocabulary.push(w);
        finder.add(w);
      }
      expect(finder.size).toBe(vocabulary.length);
      for (let i = 0; i < 40; i++) {
        const asked = typo(vocabulary[vocabulary.length - 1 - Math.floor(next() * 2_000)]!);
        expect(finder.find(asked, [asked], i % 2 === 0), asked).toEqual(everyWord(vocabulary, asked, [asked], i % 2 === 0));
      }
    }
  });

  it('gives at most 40 words, the closest first', async () => {
    const many = Array.from({ length: 200 }, (_, i) => `phone${i}`);
    const finder = await WordFinder.of(many);
    const found = finder.find('phone', ['phone'], true);
    expect(found).toHaveLength(MAX_EXPANSIONS);
    expect(found.slice(0, 10)).toEqual(['phone0', 'phone1', 'phone2', 'phone3', 'phone4', 'phone5', 'phone6', 'phone7', 'phone8', 'phone9']);
  });
});
