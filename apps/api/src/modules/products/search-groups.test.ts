import { conditions } from '@market/contract';
import { describe, expect, it } from 'vitest';
import { GroupCodes } from './search-groups.ts';

/* A phone's group code (brand × condition × verified): one encoder and its decoder, both from the list of conditions. */

const fourConditions = ['New', 'Excellent', 'Good', 'Fair'];

describe.each([
  ['the three conditions a listing has', conditions],
  ['a list of four conditions', fourConditions],
])('group codes for %s', (_, list) => {
  const groups = new GroupCodes(list);
  const brands = 7;

  it('gives every brand, condition and verified flag its own code, read back as it was made', () => {
    const seen = new Set<number>();
    for (let brand = 0; brand < brands; brand++) {
      list.forEach((condition, c) => {
        for (const verified of [false, true]) {
          const code = groups.code(brand, condition, verified);
          expect({ brand: groups.brand(code), condition: groups.condition(code), verified: groups.verified(code) }).toEqual({ brand, condition: c, verified });
          seen.add(code);
        }
      });
    }
    // Every code of these brands is one group: 0 … count - 1, none shared, none left over.
    expect(seen.size).toBe(brands * list.length * 2);
    expect(Math.max(...seen)).toBe(groups.count(brands) - 1);
  });

  it('reads every code below count as a brand below the number of brands', () => {
    for (let code = 0; code < groups.count(brands); code++) {
      expect(groups.brand(code)).toBeLessThan(brands);
      expect(groups.code(groups.brand(code), list[groups.condition(code)]!, groups.verified(code))).toBe(code);
    }
  });
});

describe('group codes', () => {
  it('refuse a condition not in their list', () => {
    expect(() => new GroupCodes(conditions).code(0, 'New', false)).toThrow(/Not a condition/);
  });
});
