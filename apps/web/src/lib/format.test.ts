import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from './i18n.ts';
import { localDate, localDateTime, localTime, money, number, priceBdt, priceTk, shortDay, storageSize } from './format.ts';

describe('formats', () => {
  it('writes taka with South Asian grouping', () => {
    expect(number(125000)).toBe('1,25,000');
    expect(number(90)).toBe('90');
  });

  it('writes money counted in poisha as taka, its poisha only when there are some', () => {
    expect(money(7760000)).toBe('৳77,600');
    expect(money(123450)).toBe('৳1,234.50');
    expect(money(5)).toBe('৳0.05');
    expect(money(0)).toBe('৳0');
    expect(money(-3000)).toBe('-৳30');
  });

  it('writes storage in GB, and a terabyte as TB', () => {
    expect(storageSize(128)).toBe('128 GB');
    expect(storageSize(1024)).toBe('1 TB');
  });

  it('writes dates day first, with the month in words, never US-style', () => {
    // Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11 (Dhaka is UTC+6).
    expect(localDate('2026-11-23T12:00:00.000Z')).toBe('23 Nov 2026');
    expect(localDateTime('2026-11-23T12:00:00.000Z')).toMatch(/^23 Nov 2026, \d{1,2}:00 [ap]m$/);
    expect(shortDay('2026-11-03')).toBe('3 Nov');
  });

  it('shows what it was given when it is not a date', () => {
    expect(localDate('soon')).toBe('soon');
    expect(shortDay('nope')).toBe('nope');
  });
});

describe('formats in Bangla', () => {
  afterEach(() => i18n.activate('en', ['en-IN']));

  it('writes prices and dates in Bangla digits, the taka sign before the amount', async () => {
    expect(priceTk(118000)).toBe('1,18,000 tk');
    expect(priceBdt(118000)).toBe('1,18,000 BDT');
    await loadCatalog('bn', 'common');
    i18n.activate('bn', ['bn-BD']);
    expect(number(118000)).toBe('১,১৮,০০০');
    expect(priceTk(118000)).toBe('৳১,১৮,০০০');
    expect(priceBdt(118000)).toBe('৳১,১৮,০০০');
    expect(money(123450)).toBe('৳১,২৩৪.৫০');
    expect(localDate('2026-11-23T12:00:00.000Z')).toMatch(/^২৩ নভে(ম্বর)?,? ২০২৬$/);
    expect(shortDay('2026-11-03')).toMatch(/^৩ নভে/);
  });

  it('says the part of the day in Bangla words, not "AM" or "PM" (issue 35)', async () => {
    await loadCatalog('bn', 'common');
    i18n.activate('bn', ['bn-BD']);
    // Noon UTC is 18:00 in Dhaka and between 1 am and 11 pm everywhere from UTC-11 to UTC+11.
    for (const time of [localDateTime('2026-11-23T12:00:00.000Z'), localTime('2026-11-23T12:00:00.000Z')]) {
      expect(time).toMatch(/[০-৯]{1,2}:০০ (ভোর|সকাল|দুপুর|বিকাল|সন্ধ্যা|রাত্রি|রাত)$/);
      expect(time).not.toMatch(/AM|PM/);
    }
  });
});
