import { conditions, type SearchSort } from '@market/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phonesOf, uuid, type PhoneRow } from '../../../test/search-rows.ts';
import { BitsPool } from './search-bits.ts';
import { isoMicros } from './search-cursor.ts';
import { GroupCodes } from './search-groups.ts';
import { queryIndex, type IndexAnswer, type IndexQuery } from './search-query.ts';
import { Snapshot } from './search-snapshot.ts';

/*
 * A search in the index (decision 022), on snapshots made from plain rows: every answer as the rows say it
 * should be (the filters, the total, each facet without its own filter, the order, the cursors page by page),
 * also with phones changed after the load and with a fourth condition. No database.
 */

const fourConditions = ['New', 'Excellent', 'Good', 'Fair'];
const names = ['iPhone 13', 'iPhone 13 Pro', 'iphone  13', 'iPhone 12', 'Galaxy S21', 'Galaxy 13', 'Pixel 7 Pro'];
const brands = ['apple', 'samsung', 'google'];
/** Query words and what each may mean, as the vocabulary would expand them. */
const vocabulary = [
  { word: 'iphone', means: ['iphone'] },
  { word: '13', means: ['13'] },
  { word: 'galaxi', means: ['galaxy'] },
  { word: 'pro', means: ['pro'] },
  { word: 'box', means: ['box'] },
  { word: 'phone', means: ['phone', 'iphone'] },
  { word: 'nothing', means: ['nothing'] },
];

const rowsOf = (list: readonly string[]) =>
  fc.array(
    fc.record({
      name: fc.constantFrom(...names),
      more: fc.constantFrom('', 'box', 'phone box', 'iphone'),
      created: fc.integer({ min: 0, max: 6 }).map((t) => 1_780_000_000_000_000 + t * 7),
      price: fc.integer({ min: 1, max: 8 }).map((p) => p * 5_000),
      category: fc.constantFrom(...brands),
      condition: fc.constantFrom(...list),
      verified: fc.boolean(),
      location: fc.constantFrom('Mirpur, Dhaka', 'Agrabad, Chattogram'),
      storage: fc.constantFrom(null, 64, 128),
      battery: fc.constantFrom(null, 75, 90),
      // The best deal's key: few values, so that ties (then newest first) and phones without a guide are common.
      deal: fc.constantFrom(null, 8_000, 9_500, 10_000, 12_345),
    }),
    { maxLength: 40 },
  );

const searchOf = (list: readonly string[]) =>
  fc.record({
    words: fc.uniqueArray(fc.constantFrom(...vocabulary), { maxLength: 2, selector: (w) => w.word }),
    category: fc.option(fc.subarray(brands), { nil: undefined }),
    condition: fc.option(fc.subarray([...list]), { nil: undefined }),
    minPrice: fc.option(
      fc.integer({ min: 1, max: 8 }).map((p) => p * 5_000),
      { nil: undefined },
    ),
    maxPrice: fc.option(
      fc.integer({ min: 1, max: 8 }).map((p) => p * 5_000),
      { nil: undefined },
    ),
    location: fc.option(fc.constantFrom('dhaka', 'MIRPUR', 'nowhere'), { nil: undefined }),
    storage: fc.option(fc.subarray([64, 128, 256]), { nil: undefined }),
    minBattery: fc.option(fc.constantFrom(70, 80, 95), { nil: undefined }),
    verified: fc.boolean(),
    sort: fc.constantFrom<SearchSort>('relevance', 'newest', 'price_asc', 'price_desc', 'best_deal'),
    limit: fc.integer({ min: 1, max: 6 }),
  });

type Search = Omit<IndexQuery, 'phrase' | 'after'>;

/** What the rows say a search finds: the answer worked out phone by phone. */
function expected(rows: PhoneRow[], list: readonly string[], q: Search) {
  const phones = phonesOf(rows);
  const words = (i: number) => phones.words[i]!.split(' ');
  const nameWords = (i: number) => phones.nameWords[i]!.split(' ');
  const phrase = q.words.map((w) => w.word).join(' ');
  const ok = phones.ids.map((_, i) => ({
    rest:
      q.words.every((w) => w.means.some((m) => words(i).includes(m))) &&
      (!q.location || phones.location[i]!.includes(q.location.toLowerCase())) &&
      (!q.storage?.length || q.storage.includes(phones.storage[i] ?? 0)) &&
      (q.minBattery === undefined || (phones.battery[i] ?? 0) >= q.minBattery) &&
      (!q.verified || phones.verified[i]!),
    category: !q.category?.length || q.category.includes(phones.category[i]!),
    condition: !q.condition?.length || q.condition.includes(phones.condition[i]!),
    price: phones.price[i]! >= (q.minPrice ?? -Infinity) && phones.price[i]! <= (q.maxPrice ?? Infinity),
  }));
  const count = (keep: (i: number) => boolean) => ok.filter((_, i) => keep(i)).length;
  const perCategory = new Map(brands.map((b) => [b, count((i) => ok[i]!.rest && ok[i]!.condition && ok[i]!.price && phones.category[i] === b)]));
  const perCondition = new Map(list.map((c) => [c, count((i) => ok[i]!.rest && ok[i]!.category && ok[i]!.price && phones.condition[i] === c)]));
  const unpriced = phones.price.filter((_, i) => ok[i]!.rest && ok[i]!.category && ok[i]!.condition);
  const chosen = phones.ids.flatMap((_, i) => (Object.values(ok[i]!).every(Boolean) ? [i] : []));
  const tier = (i: number) =>
    phones.nameNorm[i] === phrase
      ? 0
      : q.words.every((w) => nameWords(i).includes(w.word))
        ? 1
        : q.words.every((w) => w.means.some((m) => nameWords(i).includes(m)))
          ? 2
          : 3;
  const time = (i: number) => isoMicros(Number(phones.created[i]));
  const key = (i: number): (string | number | null)[] => {
    if (q.sort === 'relevance' && q.words.length) return [tier(i), phones.nameLen[i]!, time(i), phones.ids[i]!];
    if (q.sort === 'price_asc' || q.sort === 'price_desc') return [phones.price[i]!, phones.ids[i]!];
    if (q.sort === 'best_deal') return [phones.deal[i]!, time(i), phones.ids[i]!];
    return [time(i), phones.ids[i]!];
  };
  /**
   * Keys compared element by element: ascending for price_asc, relevance's tier and name length and best deal's deal
   * (none after any), else descending.
   */
  const compare = (a: (string | number | null)[], b: (string | number | null)[]) => {
    for (let k = 0; k < a.length; k++) {
      if (a[k] === b[k]) continue;
      if (a[k] === null || b[k] === null) return a[k] === null ? 1 : -1;
      const ascending = q.sort === 'price_asc' || (q.sort === 'relevance' && q.words.length > 0 && k < 2) || (q.sort === 'best_deal' && k === 0);
      return (a[k]! < b[k]! ? -1 : 1) * (ascending ? 1 : -1);
    }
    return 0;
  };
  const order = chosen.map((i) => ({ id: phones.ids[i]!, key: key(i) })).sort((a, b) => compare(a.key, b.key));
  return {
    total: chosen.length,
    perCategory,
    perCondition,
    price: unpriced.length ? { min: Math.min(...unpriced), max: Math.max(...unpriced) } : { min: null, max: null },
    order,
  };
}

/** Every page of a search, each asked with the key of the last phone of the one before. */
function pages(snap: Snapshot, q: Search) {
  const pool = new BitsPool();
  const answers: IndexAnswer[] = [];
  let after: (string | number | null)[] | undefined;
  for (;;) {
    const answer = queryIndex(snap, pool, { ...q, phrase: q.words.map((w) => w.word).join(' '), after });
    answers.push(answer);
    if (answer.page.length <= q.limit) return answers;
    after = answer.page[q.limit - 1]!.key;
  }
}

const withoutZeros = (m: Map<string, number>) => Object.fromEntries([...m].filter(([, n]) => n > 0));

describe.each([
  ['the conditions a listing has', conditions],
  ['a fourth condition', fourConditions],
])('a search in the index, with %s', (_, list) => {
  it('finds what the rows say: the total, each facet without its own filter, the price bounds, the order and the cursors', async () => {
    await fc.assert(
      fc.asyncProperty(rowsOf(list), rowsOf(list), fc.array(fc.nat(), { maxLength: 10 }), searchOf(list), async (loaded, changed, removed, q) => {
        // Loaded at first; then some removed, some changed (a removal and an addition) and some added after the layout.
        let rows: PhoneRow[] = loaded.map((r, i) => ({ ...r, id: i + 1 }));
        const snap = await Snapshot.laidOut(phonesOf(rows), new GroupCodes(list));
        const gone = new Set(removed.map((n) => (n % (loaded.length + 1)) + 1));
        const later = changed.map((r, i) => ({ ...r, id: i % 3 === 0 ? i + 1 : 1000 + i }));
        for (const id of [...gone, ...later.map((r) => r.id)]) snap.remove(uuid(id));
        snap.add(phonesOf(later));
        rows = [...rows.filter((r) => !gone.has(r.id) && !later.some((l) => l.id === r.id)), ...later];

        const want = expected(rows, list, q);
        const answers = pages(snap, q);
        for (const a of answers) {
          expect(a.total).toBe(want.total);
          expect(withoutZeros(a.perCategory)).toEqual(withoutZeros(want.perCategory));
          expect(a.perCondition).toEqual(want.perCondition);
          expect(a.price).toEqual(want.price);
        }
        expect(answers.flatMap((a) => a.page.slice(0, q.limit))).toEqual(want.order);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a search in the index', () => {
  it('ranks by relevance: the exact model, every word whole in the name, in the name as meant, the rest', async () => {
    const snap = await Snapshot.laidOut(
      phonesOf([
        { id: 1, name: 'iPhone 13', more: 'box' },
        { id: 2, name: 'Box for iPhone 13 Pro' },
        { id: 3, name: 'Phone 13', more: 'box' },
        { id: 4, name: 'Galaxy S21', more: 'iphone 13' },
      ]),
    );
    const q = { words: [vocabulary[5]!, vocabulary[1]!], phrase: 'phone 13', verified: false, sort: 'relevance' as const, limit: 10 };
    const found = queryIndex(snap, new BitsPool(), q).page;
    expect(found.map((p) => [p.id, p.key[0]])).toEqual([
      [uuid(3), 0],
      [uuid(1), 2],
      [uuid(2), 2],
      [uuid(4), 3],
    ]);
  });

  it('counts a fourth condition under its own name', async () => {
    const rows = fourConditions.map((condition, i) => ({ id: i + 1, name: 'iPhone 13', condition, category: brands[i % 2]!, verified: i < 2 }));
    const snap = await Snapshot.laidOut(phonesOf(rows), new GroupCodes(fourConditions));
    const answer = queryIndex(snap, new BitsPool(), { words: [], phrase: '', verified: false, sort: 'newest', limit: 10, condition: ['Fair'] });
    expect(answer.total).toBe(1);
    expect(Object.fromEntries(answer.perCondition)).toEqual({ New: 1, Excellent: 1, Good: 1, Fair: 1 });
    expect(Object.fromEntries(answer.perCategory)).toEqual({ apple: 0, samsung: 1 });
  });
});
