import type { SearchAnswer } from '@market/contract';
import { describe, expect, it } from 'vitest';
import { drops } from './search-filters.tsx';

const apple = '5f0c1f55-7c1a-4b55-9a0e-1d7f1b8c2a11';
const samsung = '6a1d2e66-8d2b-4c66-8b1f-2e8a2c9d3b22';
const meta = (brands: number[], conditions: number[]): SearchAnswer['meta'] => ({
  nextCursor: null,
  total: 0,
  facets: {
    categories: [
      { _id: apple, category: 'Apple', count: brands[0]! },
      { _id: samsung, category: 'Samsung', count: brands[1]! },
    ],
    conditions: [
      { condition: 'Excellent', count: conditions[0]! },
      { condition: 'Good', count: conditions[1]! },
      { condition: 'Fair', count: conditions[2]! },
    ],
    price: { min: null, max: null },
  },
});

describe('with no match, the filters to remove, the narrowest first', () => {
  it('ranks by what each removal brings back, as the facets count it; unknown gains next; a removal that finds nothing last', () => {
    const args = { q: 'galaxy', category: [apple], condition: ['Fair' as const], minPrice: 90_000, location: 'Sylhet' };
    // Without the brand filter: 0 + 7 phones; without the condition filter: 1 + 0 + 0 = 1.
    const offers = drops(args, meta([0, 7], [1, 0, 0]));
    expect(offers.map((d) => [d.label, d.finds])).toEqual([
      ['Apple', 7],
      ['Fair', 1],
      ['price range', null],
      ['area “Sylhet”', null],
    ]);
    expect(offers[0]!.next).toEqual({ q: 'galaxy', category: undefined, condition: ['Fair'], minPrice: 90_000, location: 'Sylhet' });
    expect(drops(args, meta([0, 0], [0, 2, 0])).map((d) => d.label)).toEqual(['Fair', 'price range', 'area “Sylhet”', 'Apple']);
  });

  it('removes several brands or conditions as one filter', () => {
    const offers = drops({ category: [apple, samsung], condition: ['Good', 'Fair'] }, meta([3, 4], [0, 0, 0]));
    expect(offers.map((d) => d.label)).toEqual(['brand filter', 'condition filter']);
    expect(offers[0]!.finds).toBe(7);
  });

  it('offers to remove the storage and battery health filters (their gains unknown)', () => {
    expect(drops({ storage: [128], minBattery: 90 }, meta([0, 0], [0, 0, 0])).map((d) => [d.label, d.next])).toEqual([
      ['128 GB', { storage: undefined, minBattery: 90 }],
      ['battery ≥ 90%', { storage: [128], minBattery: undefined }],
    ]);
    expect(drops({ storage: [128, 1024] }, undefined).map((d) => d.label)).toEqual(['storage filter']);
  });
});
