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
  it("before the first review: a new seller, with the spec's formula as the starting score, said to be that", () => {
    expect(shownRating(true, { average: null, count: 0 })).toMatchObject({
      value: 5,
      fresh: true,
      label: 'Starting score: 5 out of 5',
      note: 'New seller, no reviews yet',
    });
    expect(shownRating(false, { average: null, count: 0 })).toMatchObject({ value: 4, label: 'Starting score: 4 out of 5' });
  });

  it('with reviews: their mean and how many, whatever the formula would say', () => {
    expect(shownRating(true, { average: 3.5, count: 2 })).toEqual({ value: 3.5, label: 'Rating 3.5 from 2 reviews', note: '2 reviews' });
    expect(shownRating(false, { average: 5, count: 1 })).toEqual({ value: 5, label: 'Rating 5 from 1 review', note: '1 review' });
  });
});
