import { describe, expect, it } from 'vitest';
import { rating } from './rating.ts';

const product = (sellerVerified: boolean, report: boolean) => ({ report, sellerId: { sellerVerified } });

describe('rating', () => {
  it.each([
    [false, false, 4],
    [true, false, 5],
    [false, true, 3.5],
    [true, true, 4.5],
  ])('verified seller %s, reported %s → %s', (verified, reported, expected) => {
    expect(rating(product(verified, reported))).toBe(expected);
  });
});
