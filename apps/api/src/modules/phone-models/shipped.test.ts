import { modelIn, modelWords, NewPhoneModelBody, slugOf } from '@market/contract';
import { describe, expect, it } from 'vitest';
import { seedCategories } from '../../db/seed-data.ts';
import { parseModels, shippedModels } from './shipped.ts';

/** Issue 34, item 1: the catalogue this release ships (seed-assets/phone-models.csv), and how a free name finds its model. */
const models = shippedModels();
/** The shop's brands (the categories every installation gets): the catalogue's are exactly these. */
const brands = seedCategories.map((c) => c.name);

describe('the shipped catalogue', () => {
  it('holds at least 150 models of the sixteen brands sold in Bangladesh: the shop’s categories, each with models', () => {
    expect(models.length).toBeGreaterThanOrEqual(150);
    expect(brands).toHaveLength(16);
    expect(new Set(models.map((m) => m.brand))).toEqual(new Set(brands));
  });

  it('gives every model a Bangla name, variants an Admin could have typed, and names and addresses no other model of its brand has', () => {
    const seen = new Set<string>();
    for (const m of models) {
      expect(m.nameBn, m.name).toMatch(/^[\u0980-\u09FF ()+]+$/);
      // Every row is a body the Admin's form would accept.
      expect(NewPhoneModelBody.safeParse({ categoryId: '00000000-0000-4000-8000-000000000000', ...m }).success, m.name).toBe(true);
      // One model may list two spellings the comparison reads alike ("S25+", "S25 Plus": a search reads them apart).
      const keys = new Set([`slug:${slugOf(m.name)}`, ...[m.name, ...m.aliases].map((n) => `name:${modelWords(n)}`)]);
      for (const key of keys) expect(seen.has(`${m.brand}:${key}`), `${m.brand} ${m.name}: ${key}`).toBe(false);
      for (const key of keys) seen.add(`${m.brand}:${key}`);
    }
  });

  it('refuses a line that does not read, naming it', () => {
    expect(() => parseModels('brand,model,bn,aliases,variants,year\nSamsung,Galaxy X,গ্যালাক্সি এক্স,,8-128,2024')).toThrow(/line 2/);
    expect(() => parseModels('brand,model\n')).toThrow(/header/);
  });
});

describe('the model a free name names', () => {
  const of = (brand: string) => models.filter((m) => m.brand === brand);
  it.each([
    ['Samsung', 'Samsung Galaxy S23 Ultra 256GB, like new', 'Galaxy S23 Ultra'],
    ['Samsung', 'S23U 12/256 official', 'Galaxy S23 Ultra'],
    ['Samsung', 'galaxy s23 fresh', 'Galaxy S23'],
    ['Apple', 'iPhone 13 Pro Max 256', 'iPhone 13 Pro Max'],
    ['Apple', 'আইফোন ১৩ প্রো ম্যাক্স', 'iPhone 13 Pro Max'],
    ['Xiaomi', 'Redmi Note 13 Pro+ 5G', 'Redmi Note 13 Pro+'],
    ['Xiaomi', 'Redmi Note 13 Pro 8/256', 'Redmi Note 13 Pro'],
  ])('%s "%s" is the %s', (brand, free, name) => {
    expect(modelIn(free, of(brand))?.name).toBe(name);
  });

  it('finds none in a name that names no model, nor in a word that only holds a name ("S230")', () => {
    expect(modelIn('My old phone', of('Samsung'))).toBeUndefined();
    expect(modelIn('Galaxy S230', of('Samsung'))).toBeUndefined();
  });

  it('finds none where the name is followed by a word of another model the list lacks ("Reno 9 Pro" is no "Reno 9")', () => {
    const reno = [{ name: 'Reno 9', aliases: [] }];
    expect(modelIn('Oppo Reno 9 Pro 12/256', reno)).toBeUndefined();
    expect(modelIn('Oppo Reno 9 Plus', reno)).toBeUndefined();
    expect(modelIn('Oppo Reno 9 5G, Reno 9 Pro box', reno)).toBe(reno[0]);
    expect(modelIn('Oppo Reno 9 12/256', reno)).toBe(reno[0]);
  });
});
