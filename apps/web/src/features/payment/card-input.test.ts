import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './card-input.ts';

describe('card fields as they are typed', () => {
  it('groups the card number in fours and keeps only digits, 19 at most', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000 0000-0000 0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('1234567890123456789012')).toBe('1234 5678 9012 3456 789');
  });

  it('adds the slash after the month: 1229 is 12 / 29', () => {
    expect(formatExpiry('1229')).toBe('12 / 29');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12 / 2')).toBe('12 / 2');
    expect(formatExpiry('12/29')).toBe('12 / 29');
    expect(formatExpiry('12 / 2029')).toBe('12 / 20');
  });

  it('keeps four digits of the CVC', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });
});
