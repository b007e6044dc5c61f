import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phonesOf, uuid, type PhoneRow } from '../../../test/search-rows.ts';
import { LONG } from './search-bits.ts';
import { GroupCodes } from './search-groups.ts';
import { lowerBound, Snapshot, sortedSlots } from './search-snapshot.ts';

/* The search index's laid-out snapshot (decision 022), made from plain rows: no database. */

const rows: PhoneRow[] = [
  { id: 1, name: 'iPhone 13', price: 60_000, category: 'apple', condition: 'Good', verified: true, created: 100 },
  { id: 2, name: 'iPhone 12', price: 40_000, category: 'apple', condition: 'Good', verified: true, created: 300 },
  { id: 3, name: 'Galaxy S21', price: 40_000, category: 'samsung', condition: 'Fair', created: 300 },
  { id: 4, name: 'iPhone 13 Pro Max', price: 40_000, category: 'apple', condition: 'Good', verified: true, created: 200 },
  { id: 5, name: 'iPhone 13', price: 90_000, category: 'apple', condition: 'Excellent', created: 50, more: 'box charger' },
  { id: 6, name: 'Galaxy A54 5G', price: 20_000, category: 'samsung', condition: 'Fair', created: 400 },
];

const idsAt = (snap: Snapshot, slots: Iterable<number>) => [...slots].map((s) => snap.ids[s]);

describe('a snapshot laid out at load', () => {
  it('lays each group (brand × condition × verified) side by side, in price order, ties in id order', async () => {
    const snap = await Snapshot.laidOut(phonesOf(rows));
    expect(snap.laid).toBe(6);
    const groups = snap.ranges.map((r) => ({
      brand: snap.categoryIds[snap.groups.brand(r.code)],
      condition: snap.groups.conditions[snap.groups.condition(r.code)],
      verified: snap.groups.verified(r.code),
      ids: idsAt(
        snap,
        Array.from({ length: r.end - r.start }, (_, i) => r.start + i),
      ),
    }));
    expect(groups).toEqual([
      { brand: 'apple', condition: 'Excellent', verified: false, ids: [uuid(5)] },
      { brand: 'apple', condition: 'Good', verified: true, ids: [uuid(2), uuid(4), uuid(1)] },
      { brand: 'samsung', condition: 'Fair', verified: false, ids: [uuid(6), uuid(3)] },
    ]);
    // Ranges follow one another and cover every slot.
    expect(snap.ranges.map((r) => [r.start, r.end])).toEqual([
      [0, 1],
      [1, 4],
      [4, 6],
    ]);
  });

  it("holds the laid-out slots in each sort's order: price then id, newest then id descending, name length then newest", async () => {
    const snap = await Snapshot.laidOut(phonesOf(rows));
    expect(idsAt(snap, snap.orders.price)).toEqual([6, 2, 3, 4, 1, 5].map(uuid));
    expect(idsAt(snap, snap.orders.newest)).toEqual([6, 3, 2, 4, 1, 5].map(uuid));
    expect(idsAt(snap, snap.orders.length)).toEqual([2, 1, 5, 3, 6, 4].map(uuid));
    // Where each name length starts in the length order: 'iPhone 12' and 'iPhone 13' are 9 letters, 'Galaxy S21' 10.
    expect([snap.lengthStart[9], snap.lengthStart[10], snap.lengthStart[11], snap.lengthStart[LONG + 1]]).toEqual([0, 3, 4, 6]);
  });

  it("holds them in the best deal's order: the lowest deal first, those without a guide last, each tie newest first", async () => {
    const deals = [9_000, null, 9_000, 11_000, null, 7_500];
    const snap = await Snapshot.laidOut(phonesOf(rows.map((r, i) => ({ ...r, deal: deals[i] }))));
    // 6 (7,500); 3 and 1 (9,000: created 300, 100); 4 (11,000); 2 and 5 without a guide (created 300, 50).
    expect(idsAt(snap, snap.orders.deal)).toEqual([6, 3, 1, 4, 2, 5].map(uuid));
  });

  it("knows each word's phones, the words of their names apart, and each normalised name's phones", async () => {
    const snap = await Snapshot.laidOut(phonesOf(rows));
    const phonesWith = (word: string, list = snap.postings) => idsAt(snap, list.get(word)?.slots ?? []).sort();
    expect(phonesWith('iphone')).toEqual([1, 2, 4, 5].map(uuid));
    expect(phonesWith('box')).toEqual([uuid(5)]);
    expect(phonesWith('box', snap.namePostings)).toEqual([]);
    expect(idsAt(snap, snap.byName.get('iphone 13')!).sort()).toEqual([uuid(1), uuid(5)]);
  });

  it('takes its conditions from its group codes: a fourth condition is a group of its own', async () => {
    const snap = await Snapshot.laidOut(
      phonesOf([
        { id: 1, name: 'a', condition: 'New' },
        { id: 2, name: 'b', condition: 'Fair' },
      ]),
      new GroupCodes(['New', 'Excellent', 'Good', 'Fair']),
    );
    expect(snap.ranges.map((r) => snap.groups.conditions[snap.groups.condition(r.code)])).toEqual(['New', 'Fair']);
  });
});

describe('a snapshot changed after its load', () => {
  it('leaves a dead slot for a removed phone and puts an added one after the layout; a new word forgets the meanings', async () => {
    const snap = await Snapshot.laidOut(phonesOf(rows));
    snap.meanings.set('iphon', ['iphone']);
    snap.remove(uuid(2));
    snap.remove(uuid(99));
    snap.add(phonesOf([{ id: 2, name: 'iPhone 12', price: 35_000 }]));
    expect(snap.meanings.size).toBe(1);
    snap.add(phonesOf([{ id: 7, name: 'Pixel 7' }]));
    expect(snap.meanings.size).toBe(0);
    expect({ size: snap.size, laid: snap.laid, dead: snap.dead, phones: snap.slotOf.size }).toEqual({ size: 8, laid: 6, dead: 1, phones: 7 });
    const slot = snap.slotOf.get(uuid(2))!;
    expect(slot).toBe(6);
    expect(snap.price[slot]).toBe(35_000);
    expect(snap.alive.count(0, snap.laid)).toBe(5);
    expect(snap.alive.count(snap.laid, snap.size)).toBe(2);
  });

  it('grows its arrays past their first capacity', async () => {
    const snap = await Snapshot.laidOut(phonesOf([]));
    const many = Array.from({ length: 3000 }, (_, i) => ({ id: i + 1, name: `phone ${i}`, price: i }));
    snap.add(phonesOf(many.slice(0, 1000)));
    snap.add(phonesOf(many.slice(1000)));
    expect(snap.capacity).toBeGreaterThanOrEqual(3000);
    expect(snap.price[2999]).toBe(2999);
    expect(snap.alive.count(0, snap.size)).toBe(3000);
  });
});

describe('sorting and searching slots', () => {
  it('sorts stably, as Array.prototype.sort does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }), async (keys) => {
        const sorted = await sortedSlots(keys.length, (a, b) => keys[a]! < keys[b]!);
        const expected = keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]!);
        expect([...sorted]).toEqual(expected);
      }),
    );
  });

  it('finds the first position where a condition stops holding', () => {
    const list = [1, 3, 3, 5, 8];
    for (const x of [0, 1, 3, 4, 8, 9]) expect(lowerBound(0, list.length, (i) => list[i]! < x)).toBe(list.filter((v) => v < x).length);
    expect(lowerBound(2, 2, () => true)).toBe(2);
  });
});
