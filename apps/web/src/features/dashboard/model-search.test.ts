import type { PhoneModel } from '@market/contract';
import { describe, expect, it } from 'vitest';
import { findModels, listingName } from './model-search.ts';

const model = (brand: string, name: string, nameBn: string, aliases: string[] = [], year = 2023): PhoneModel => ({
  _id: `${brand}-${name}`,
  brand: { _id: brand, category: brand },
  name,
  nameBn,
  aliases,
  variants: [{ ramGb: 8, storageGb: 128 }],
  year,
  slug: name.toLowerCase(),
});
const models = [
  model('Samsung', 'Galaxy S23', 'গ্যালাক্সি এস২৩', ['S23']),
  model('Samsung', 'Galaxy S23 Ultra', 'গ্যালাক্সি এস২৩ আল্ট্রা', ['S23 Ultra', 'S23U']),
  model('Samsung', 'Galaxy S24 Ultra', 'গ্যালাক্সি এস২৪ আল্ট্রা', ['S24U'], 2024),
  model('Xiaomi', 'Redmi Note 13 Pro+', 'রেডমি নোট ১৩ প্রো প্লাস', ['Note 13 Pro+'], 2024),
  model('Xiaomi', 'Redmi Note 13 Pro', 'রেডমি নোট ১৩ প্রো', ['Note 13 Pro'], 2024),
  model('Realme', 'Realme 11', 'রিয়েলমি ১১'),
];
const names = (text: string, brand = '') => findModels(models, text, brand).map((m) => m.name);

describe('finding a model as the seller types', () => {
  it('finds the models every typed word begins a word of, the ones whose name begins with the text first', () => {
    expect(names('s23 ul')).toEqual(['Galaxy S23 Ultra']);
    expect(names('ultra')).toEqual(['Galaxy S24 Ultra', 'Galaxy S23 Ultra']);
    expect(names('s23')).toEqual(['Galaxy S23', 'Galaxy S23 Ultra']);
    expect(names('note 13 pro+')).toEqual(['Redmi Note 13 Pro+']);
    expect(names('samsung galaxy s24')).toEqual(['Galaxy S24 Ultra']);
  });

  it('reads Bangla, with Bangla digits', () => {
    expect(names('রেডমি নোট ১৩')).toEqual(['Redmi Note 13 Pro+', 'Redmi Note 13 Pro']);
    expect(names('এস২৪')).toEqual(['Galaxy S24 Ultra']);
  });

  it('keeps to the chosen brand, and finds nothing for no text', () => {
    expect(names('ultra', 'Xiaomi')).toEqual([]);
    expect(names('  ')).toEqual([]);
    expect(findModels(models, 'g', '', 2)).toHaveLength(2);
  });

  it('names a listing with its brand in front unless the model’s name has it', () => {
    expect(listingName(models[1]!)).toBe('Samsung Galaxy S23 Ultra');
    expect(listingName(models[5]!)).toBe('Realme 11');
  });
});
