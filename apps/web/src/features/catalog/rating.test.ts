import { describe, expect, it } from 'vitest';
import { rating } from './rating.ts';

const product = (sellerVerified: boolean, report: boolean) => ({ report, sellerId: { sellerVerified } });

describe('rating', () => {
  it.each([
    [false, false, 4],
    [true, false, 5],
    // A report alone no longer lowers it (issue 16).
    [false, true, 4],
    [true, true, 5],
  ])('verified seller %s, reported %s → %s', (verified, reported, expected) => {
    expect(rating(product(verified, reported))).toBe(expected);
  });
});
