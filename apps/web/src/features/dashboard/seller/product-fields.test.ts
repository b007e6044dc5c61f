import { describe, expect, it } from 'vitest';
import { yearsSince } from './product-fields.ts';

/** Issue 35, item 14: the form asks for the purchase date only; the spec's years of use are worked out from it. */
describe('the years of use a purchase date makes', () => {
  it('are the years to today, to a tenth', () => {
    expect(yearsSince('2024-02-10', '2026-11-29')).toBe(2.8);
    expect(yearsSince('2025-11-29', '2026-11-29')).toBe(1);
    expect(yearsSince('2026-05-29', '2026-11-29')).toBe(0.5);
  });

  it('are at least a tenth (the spec asks for more than 0): a phone bought this week, or a date not yet checked', () => {
    expect(yearsSince('2026-11-28', '2026-11-29')).toBe(0.1);
    expect(yearsSince('2026-11-29', '2026-11-29')).toBe(0.1);
    expect(yearsSince('', '2026-11-29')).toBe(0.1);
  });
});
