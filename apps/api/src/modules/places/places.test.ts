import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { districtIn, districts, divisions, findDistrict, findDivision } from '@market/contract/places';
import { districtRows } from '@market/contract/places-data';
import { describe, expect, it } from 'vitest';
import { csvPath, districtRows as rowsOf, placesModule, modulePath } from '../../../../../packages/contract/scripts/places.ts';

/** Issue 34: Bangladesh's places, loaded from the shared reference data, and the names people type for them. */
describe('the places module', () => {
  it('is made from the CSV file, unchanged (npm run places -w @market/contract writes it)', () => {
    const csv = readFileSync(csvPath, 'utf8');
    expect(readFileSync(modulePath, 'utf8')).toBe(placesModule(rowsOf(csv)));
    expect(districtRows).toEqual(rowsOf(csv));
    // The repository's copy is the shared reference data's, where that is at hand (../shared beside the project).
    const shared = join(import.meta.dirname, '../../../../../../shared/data/bd-districts.csv');
    if (existsSync(shared)) expect(csv).toBe(readFileSync(shared, 'utf8'));
  });

  it('holds the 8 divisions and 64 districts, each id once, each district in its division', () => {
    expect(divisions.map((d) => d.id)).toEqual(['barishal', 'chattogram', 'dhaka', 'khulna', 'mymensingh', 'rajshahi', 'rangpur', 'sylhet']);
    expect(districts).toHaveLength(64);
    expect(new Set(districts.map((d) => d.id)).size).toBe(64);
    expect(districts.filter((d) => d.division.id === 'dhaka')).toHaveLength(13);
    expect(findDistrict('coxs-bazar')).toMatchObject({ en: "Cox's Bazar", bn: 'কক্সবাজার', division: { id: 'chattogram', bn: 'চট্টগ্রাম' } });
  });

  it.each([
    ['Dhaka', 'dhaka'],
    ['ঢাকা', 'dhaka'],
    ['  DHAKA ', 'dhaka'],
    ['Chittagong', 'chattogram'],
    ['চট্টগ্রাম', 'chattogram'],
    ['Comilla', 'cumilla'],
    ['Barisal', 'barishal'],
    ['Jessore', 'jashore'],
    ['Bogra', 'bogura'],
    ["Cox's Bazar", 'coxs-bazar'],
    ['Coxs Bazar', 'coxs-bazar'],
    ['chapai nawabganj', 'chapainawabganj'],
  ])('finds the district %j as %s', (name, id) => {
    expect(findDistrict(name)?.id).toBe(id);
  });

  it('finds divisions by their names and older spellings, and nothing for a name that is neither', () => {
    expect(findDivision('Chittagong')?.id).toBe('chattogram');
    expect(findDivision('বরিশাল')?.id).toBe('barishal');
    expect(findDivision('Cumilla')).toBeUndefined();
    expect(findDistrict('Gotham')).toBeUndefined();
    expect(findDistrict('')).toBeUndefined();
  });

  it.each([
    ['Mirpur 10, Dhaka', 'dhaka'],
    ['Agrabad, Chittagong', 'chattogram'],
    ['মিরপুর ১০, ঢাকা', 'dhaka'],
    ['ঢাকায় দেখা করব', 'dhaka'],
    ['Feni Road, Narayanganj', 'narayanganj'],
    ["near Cox's Bazar beach", 'coxs-bazar'],
    ['B.Baria sadar', 'brahmanbaria'],
  ])('reads the district in the place %j (the last one named)', (text, id) => {
    expect(districtIn(text)?.id).toBe(id);
  });

  it.each(['behind the big mosque', 'Dhakashwari', 'Khulnapur Lane', 'Bholanath Street'])('finds no district in %j', (text) => {
    expect(districtIn(text)).toBeUndefined();
  });
});
