import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';
import type { Db } from './client.ts';

const db = {} as Db;
const other = {} as Db;

/** A loader that records the keys of each call and finds the even numbers. */
function evens() {
  const calls: number[][] = [];
  const load = async (_db: Db, keys: number[]) => {
    calls.push(keys);
    return new Map(keys.filter((k) => k % 2 === 0).map((k) => [k, `row ${k}`]));
  };
  return { calls, load };
}

describe('batched', () => {
  it('answers the look-ups of one round with one call, each its own row or undefined, the same key read once', async () => {
    const { calls, load } = evens();
    const get = batched(load);
    const answers = await Promise.all([2, 3, 4, 2].map((k) => get(db, k)));
    expect(answers).toEqual(['row 2', undefined, 'row 4', 'row 2']);
    expect(calls).toEqual([[2, 3, 4]]);
    expect(await get(db, 6)).toBe('row 6');
    expect(calls).toHaveLength(2);
  });

  it('keeps the batches of two databases apart, and splits a batch at its size', async () => {
    const { calls, load } = evens();
    const get = batched(load, 2);
    await Promise.all([get(db, 1), get(other, 2), get(db, 3), get(db, 4)]);
    expect(calls).toEqual([[1, 3], [2], [4]]);
  });

  it('fails every look-up of a batch whose statement failed, and only those', async () => {
    let fail = true;
    const get = batched(async (_db: Db, keys: number[]) => {
      if (fail) throw new Error('refused');
      return new Map(keys.map((k) => [k, k]));
    });
    const first = [get(db, 1), get(db, 2)];
    await expect(Promise.all(first)).rejects.toThrow('refused');
    await expect(first[1]).rejects.toThrow('refused');
    fail = false;
    expect(await get(db, 3)).toBe(3);
  });
});
