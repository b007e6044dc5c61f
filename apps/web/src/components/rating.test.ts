import { describe, expect, it } from 'vitest';
import { rating, shownRating } from './rating.ts';

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

describe('shownRating', () => {
  it("before the first review: the spec's formula, said to be that", () => {
    expect(shownRating(true, { average: null, count: 0 })).toMatchObject({ value: 5, label: 'Rating 5', note: 'No reviews yet: starting score' });
    expect(shownRating(false, { average: null, count: 0 })).toMatchObject({ value: 4, label: 'Rating 4' });
  });

  it('with reviews: their mean and how many, whatever the formula would say', () => {
    expect(shownRating(true, { average: 3.5, count: 2 })).toEqual({ value: 3.5, label: 'Rating 3.5 from 2 reviews', note: '2 reviews' });
    expect(shownRating(false, { average: 5, count: 1 })).toEqual({ value: 5, label: 'Rating 5 from 1 review', note: '1 review' });
  });
});
