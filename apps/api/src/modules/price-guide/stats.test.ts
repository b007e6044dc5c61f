import { describe, expect, it } from 'vitest';
import { guideStats } from './stats.ts';

/** Issue 34, item 3: the guide's numbers against a fixture worked out by hand. */
describe('the price guide’s numbers', () => {
  it('takes the quartiles and the median of prices of one age', () => {
    // Sorted: 40 42 44 46 48 50 52 54 (thousand). Each weighs 1/8: the 25% mark is reached at the 2nd (42), the 50% at
    // the 4th (46), the 75% at the 6th (50).
    const prices = [50, 42, 54, 40, 46, 52, 44, 48].map((k) => ({ price: k * 1000, ageDays: 10 }));
    expect(guideStats(prices)).toEqual({ low: 42_000, median: 46_000, high: 50_000, count: 8 });
  });

  it('leaves out a price under half or over twice the plain median (a typo, a box alone)', () => {
    // Plain median of 9 prices: 50,000. 20,000 < 25,000 and 150,000 > 100,000 are left out; 25,000 and 100,000 stay.
    const prices = [20, 25, 48, 49, 50, 51, 52, 100, 150].map((k) => ({ price: k * 1000, ageDays: 0 }));
    // Kept, sorted: 25 48 49 50 51 52 100 (7, each 1/7): 25% is reached at the 2nd (2/7 = 0.29), 50% at the 4th (4/7),
    // 75% at the 6th (6/7 = 0.86; the 5th is 5/7 = 0.71).
    expect(guideStats(prices)).toEqual({ low: 48_000, median: 50_000, high: 52_000, count: 7 });
  });

  it('weighs a recent sale more: a weight that halves every 30 days', () => {
    // 60,000 today (weight 1), 40,000 and 42,000 60 days ago (0.25 each), 44,000 30 days ago (0.5): total 2.
    // Sorted: 40 (0.25) 42 (0.5 cumulative) 44 (1.0) 60 (2.0). 25% of 2 = 0.5 → 42,000; 50% = 1.0 → 44,000; 75% = 1.5 → 60,000.
    const prices = [
      { price: 60_000, ageDays: 0 },
      { price: 40_000, ageDays: 60 },
      { price: 42_000, ageDays: 60 },
      { price: 44_000, ageDays: 30 },
    ];
    expect(guideStats(prices)).toEqual({ low: 42_000, median: 44_000, high: 60_000, count: 4 });
    // The same prices all of one age: the median is the lower middle, 42,000.
    expect(guideStats(prices.map((p) => ({ ...p, ageDays: 0 })))!.median).toBe(42_000);
  });

  it('answers nothing for no prices, and the price itself for one', () => {
    expect(guideStats([])).toBeNull();
    expect(guideStats([{ price: 30_000, ageDays: 5 }])).toEqual({ low: 30_000, median: 30_000, high: 30_000, count: 1 });
  });
});
