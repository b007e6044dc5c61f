import { conditions } from '@market/contract';

/*
 * A phone's group in the search index (decision 022): its brand, its condition and whether its seller is
 * verified, as one number. The index lays each group's phones side by side and counts the facets a group at
 * a time, so a code is made and read back only here, both from the same list of conditions: a condition
 * added to the list changes every code, and never lets two groups share one.
 */
export class GroupCodes {
  readonly conditions: readonly string[];
  /** Codes per brand: each condition, sellers verified or not. */
  private readonly perBrand: number;

  constructor(conditionList: readonly string[]) {
    this.conditions = conditionList;
    this.perBrand = conditionList.length * 2;
  }

  /** How many codes this many brands have: they are 0 … count - 1. */
  count(brands: number) {
    return brands * this.perBrand;
  }

  /** The code of a brand (its number), a condition and the seller's verified flag. */
  code(brand: number, condition: string, verified: boolean) {
    const c = this.conditions.indexOf(condition);
    if (c < 0) throw new Error(`Not a condition: ${condition}`);
    return brand * this.perBrand + c * 2 + (verified ? 1 : 0);
  }

  brand(code: number) {
    return Math.floor(code / this.perBrand);
  }

  /** The condition's place in the list. */
  condition(code: number) {
    return (code >> 1) % this.conditions.length;
  }

  verified(code: number) {
    return (code & 1) === 1;
  }
}

/** The codes of the conditions a listing can have. */
export const groupCodes = new GroupCodes(conditions);
