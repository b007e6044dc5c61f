import { afterEach, describe, expect, it, vi } from 'vitest';
import { phonesOf, uuid, type PhoneRow } from '../../../test/search-rows.ts';
import { ChangeFeed, type ChangeSource } from './search-changes.ts';
import type { Change } from './search-loader.ts';
import { Snapshot } from './search-snapshot.ts';

/*
 * The search index's change feed (decision 022) over plain rows: the numbered changes committed so far and
 * the phones as they are now, as search_changes and the products table would give them. No database.
 */

/** search_changes and the available phones, as a test writes them. */
function database(rows: PhoneRow[]) {
  const phones = new Map(rows.map((r) => [r.id, r]));
  const changes: Change[] = [];
  const reads: string[][] = [];
  const source: ChangeSource = {
    changes: async (seq) => changes.filter((c) => c.seq > seq).sort((a, b) => a.seq - b.seq),
    phones: async (ids) => {
      reads.push(ids);
      return phonesOf([...phones.values()].filter((r) => ids.includes(uuid(r.id))));
    },
  };
  /** A write that commits with this change number (numbers are taken in order, but may commit out of it). */
  const write = (seq: number, id: number, row?: Omit<PhoneRow, 'id'>) => {
    if (row) phones.set(id, { ...row, id });
    else phones.delete(id);
    changes.push({ seq, productId: uuid(id) });
  };
  return { source, write, reads };
}

/** The phones a snapshot holds, each as its id's last digit and its price. */
const held = (snap: Snapshot) => [...snap.slotOf.values()].map((s) => `${snap.ids[s]!.slice(-1)} ${snap.price[s]}`).sort();

async function start(rows: PhoneRow[], mark = 0, committed: number[] = []) {
  const snap = await Snapshot.laidOut(phonesOf(rows));
  const feed = new ChangeFeed();
  feed.restart({ mark, floor: 0, committed });
  return { snap, feed };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the change feed', () => {
  it('applies each change committed since the load: a phone changed, one added, one gone', async () => {
    const loaded = [
      { id: 1, name: 'iPhone 13', price: 80_000 },
      { id: 2, name: 'iPhone 12', price: 60_000 },
    ];
    const db = database(loaded);
    const { snap, feed } = await start(loaded);
    db.write(1, 1, { name: 'iPhone 13', price: 70_000 });
    db.write(2, 3, { name: 'Pixel 7', price: 30_000 });
    db.write(3, 2);
    expect(await feed.pull(db.source, snap, () => true)).toBe(true);
    expect(held(snap)).toEqual(['1 70000', '3 30000']);
    expect({ dead: snap.dead, laid: snap.laid, size: snap.size, aboveGap: feed.aboveGap }).toEqual({ dead: 2, laid: 2, size: 4, aboveGap: 0 });
    // Nothing new: nothing read again.
    await feed.pull(db.source, snap, () => true);
    expect(db.reads).toEqual([[uuid(1), uuid(3), uuid(2)]]);
  });

  it("does not apply again the changes the load's rows already hold (committed by the mark)", async () => {
    const db = database([{ id: 1, name: 'iPhone 13', price: 70_000 }]);
    db.write(1, 1, { name: 'iPhone 13', price: 70_000 });
    db.write(2, 1, { name: 'iPhone 13', price: 70_000 });
    const { snap, feed } = await start([{ id: 1, name: 'iPhone 13', price: 70_000 }], 2, [1, 2]);
    await feed.pull(db.source, snap, () => true);
    expect(db.reads).toEqual([]);
    expect(snap.dead).toBe(0);
  });

  it('applies a change that commits after a higher one, and waits for a gap 30 s before giving it up, every gap at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = database([]);
    const { snap, feed } = await start([]);
    db.write(2, 2, { name: 'iPhone 12', price: 2 });
    db.write(5, 5, { name: 'iPhone 15', price: 5 });
    await feed.pull(db.source, snap, () => true);
    // 1, 3 and 4 are still open: 2 and 5 are applied above the gap.
    expect(feed.aboveGap).toBe(2);
    db.write(3, 3, { name: 'iPhone 13', price: 3 });
    await feed.pull(db.source, snap, () => true);
    expect(held(snap)).toEqual(['2 2', '3 3', '5 5']);
    expect(feed.aboveGap).toBe(3);
    vi.setSystemTime(Date.now() + 29_000);
    await feed.pull(db.source, snap, () => true);
    expect(feed.aboveGap).toBe(3);
    vi.setSystemTime(Date.now() + 1_000);
    await feed.pull(db.source, snap, () => true);
    // 1 and 4 given up (rolled back): every change up to 5 is behind the floor.
    expect(feed.aboveGap).toBe(0);
    // A change numbered below the floor now is never read.
    db.write(4, 4, { name: 'iPhone 14', price: 4 });
    await feed.pull(db.source, snap, () => true);
    expect(held(snap)).toEqual(['2 2', '3 3', '5 5']);
  });

  it('applies nothing to a snapshot replaced while it read, and the changes stay to be applied', async () => {
    const db = database([]);
    const { snap, feed } = await start([]);
    db.write(1, 1, { name: 'iPhone 11', price: 1 });
    expect(await feed.pull(db.source, snap, () => false)).toBe(false);
    expect(snap.size).toBe(0);
    expect(await feed.pull(db.source, snap, () => true)).toBe(true);
    expect(held(snap)).toEqual(['1 1']);
  });
});
