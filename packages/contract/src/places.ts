import { districtRows } from './places-data.ts';

/**
 * Bangladesh's divisions and districts (issue 34, decision 055): the names come from the shared reference data
 * (`reference/bd-districts.csv`, made into `places-data.ts` by a script), each place has a plain id (its English name in
 * lower case, words joined by '-': 'dhaka', 'coxs-bazar'), and a name typed in English, in Bangla or in a common older
 * spelling ('Chittagong', 'Comilla') finds it.
 */
export interface Division {
  id: string;
  en: string;
  bn: string;
}

export interface District extends Division {
  division: Division;
}

/** A name as it is compared: Unicode's composed form, lower case, no apostrophes or dots, one space between words. */
export const placeKey = (name: string) =>
  name
    .normalize('NFC')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[\s\-_/,]+/g, ' ')
    .trim();

const idOf = (en: string) => placeKey(en).replace(/ /g, '-');

const divisionsById = new Map<string, Division>();
for (const [en, bn] of districtRows) if (!divisionsById.has(idOf(en))) divisionsById.set(idOf(en), { id: idOf(en), en, bn });

/** The 8 divisions, in English alphabetical order. */
export const divisions: readonly Division[] = [...divisionsById.values()].sort((a, b) => a.en.localeCompare(b.en));

/** The 64 districts, in English alphabetical order, each with its division. */
export const districts: readonly District[] = districtRows
  .map(([divisionEn, , en, bn]) => ({ id: idOf(en), en, bn, division: divisionsById.get(idOf(divisionEn))! }))
  .sort((a, b) => a.en.localeCompare(b.en));

export const districtIds = districts.map((d) => d.id) as [string, ...string[]];

const districtsById = new Map(districts.map((d) => [d.id, d]));
export const districtById = (id: string): District | undefined => districtsById.get(id);

/**
 * Spellings still in common use for places renamed in 2018 and earlier, and everyday variants (the official names
 * and the Bangla ones need no entry). Keyed by `placeKey`, valued by the place's id.
 */
const olderSpellings: Record<string, string> = {
  chittagong: 'chattogram',
  ctg: 'chattogram',
  comilla: 'cumilla',
  barisal: 'barishal',
  jessore: 'jashore',
  bogra: 'bogura',
  dacca: 'dhaka',
  'cox bazar': 'coxs-bazar',
  coxsbazar: 'coxs-bazar',
  'chapai nawabganj': 'chapainawabganj',
  nawabganj: 'chapainawabganj',
  jhalokati: 'jhalakathi',
  jhalokathi: 'jhalakathi',
  jhalakati: 'jhalakathi',
  maulvibazar: 'moulvibazar',
  'moulvi bazar': 'moulvibazar',
  netrakona: 'netrokona',
  laxmipur: 'lakshmipur',
  khagrachari: 'khagrachhari',
  kishorganj: 'kishoreganj',
  narshingdi: 'narsingdi',
  munshigonj: 'munshiganj',
  bbaria: 'brahmanbaria',
  hobiganj: 'habiganj',
  sirajgonj: 'sirajganj',
  gopalgonj: 'gopalganj',
  // Bangla spellings of the older names.
  চিটাগাং: 'chattogram',
  কুমিল্লা: 'cumilla',
  বরিশাল: 'barishal',
  যশোর: 'jashore',
  বগুড়া: 'bogura',
};

/** Every name a district is known by (key → id): its English and Bangla names and the older spellings. */
const districtNames = new Map<string, string>();
/** Every name a division is known by. */
const divisionNames = new Map<string, string>();
for (const d of districts) {
  districtNames.set(placeKey(d.en), d.id);
  districtNames.set(placeKey(d.bn), d.id);
}
for (const d of divisions) {
  divisionNames.set(placeKey(d.en), d.id);
  divisionNames.set(placeKey(d.bn), d.id);
}
for (const [name, id] of Object.entries(olderSpellings)) {
  if (districtsById.has(id)) districtNames.set(placeKey(name), id);
  if (divisionsById.has(id)) divisionNames.set(placeKey(name), id);
}

/** The district a name (id, English, Bangla or an older spelling, any case) stands for. */
export const findDistrict = (name: string): District | undefined => {
  const key = placeKey(name);
  return districtsById.get(districtNames.get(key) ?? key.replace(/ /g, '-'));
};

/** The division a name (id, English, Bangla or an older spelling, any case) stands for. */
export const findDivision = (name: string): Division | undefined => {
  const key = placeKey(name);
  return divisionsById.get(divisionNames.get(key) ?? key.replace(/ /g, '-'));
};

const bangla = /[\u0980-\u09FF]/;
/** Names longest first, so "Cox's Bazar" is taken before a shorter name inside it. */
const searchable = [...districtNames].sort((a, b) => b[0].length - a[0].length);

/**
 * The district a free-text place names ("Agrabad, Chittagong", "মিরপুর ১০, ঢাকা"), or undefined when it names none. An
 * English name must stand as whole words; a Bangla one may carry an ending ("ঢাকায়"). When several districts are
 * named, the last one counts: people write the area first and the district after it.
 */
export function districtIn(text: string): District | undefined {
  const haystack = ` ${placeKey(text)} `;
  let best: { at: number; id: string } | undefined;
  for (const [name, id] of searchable) {
    let from = 0;
    for (;;) {
      const at = haystack.indexOf(name, from);
      if (at < 0) break;
      from = at + 1;
      const before = haystack[at - 1] ?? ' ';
      const after = haystack[at + name.length] ?? ' ';
      const wordStart = bangla.test(name) ? !bangla.test(before) : !/[\p{L}\p{N}]/u.test(before);
      const wordEnd = bangla.test(name) || !/[\p{L}\p{N}]/u.test(after);
      if (wordStart && wordEnd && (!best || at > best.at)) best = { at, id };
    }
  }
  return best ? districtsById.get(best.id) : undefined;
}
