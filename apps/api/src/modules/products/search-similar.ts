import { districtById, districtIds } from '@market/contract/places';
import { districtCode, lowerBound, type Snapshot } from './search-snapshot.ts';

/*
 * Similar phones (issue 34, item 6; decision 055): from the search index, not the database. A phone is similar when it
 * is the same model (its name, normalised as the index keeps names) or the same brand within a price band; those
 * nearest first: the same model before the price band, then the same district, then the same division, then the
 * nearest price, then the newest.
 */

/** How far from the phone's price a phone of its brand is still in its band: a quarter either way. */
export const PRICE_BAND = 0.25;

export interface SimilarTo {
  id: string;
  categoryId: string;
  /** The name normalised as the index keeps it (lower case, each run of other characters one space). */
  nameNorm: string;
  price: number;
  /** The district's id, or null. */
  district: string | null;
}

/** The name as the index keeps it (search-loader.ts: `regexp_replace(lower(name), '[^[:alnum:]]+', ' ', 'g')`, trimmed). */
export const normalName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();

/** Each district's division, by the index's district numbers (0: none). */
const divisionOfCode = ['', ...districtIds.map((id) => districtById(id)!.division.id)];

/** Up to `limit` phones like `phone`, the most alike first: their ids. */
export function similarIn(snap: Snapshot, phone: SimilarTo, limit: number): string[] {
  const brand = snap.categoryOf.get(phone.categoryId);
  const lo = Math.ceil(phone.price * (1 - PRICE_BAND));
  const hi = Math.floor(phone.price * (1 + PRICE_BAND));
  const sameModel = new Set(snap.byName.get(phone.nameNorm) ?? []);
  const candidates = new Set<number>(sameModel);
  if (brand !== undefined) {
    // The brand's groups were laid out in price order at load: each one's band is a slice.
    for (const r of snap.ranges) {
      if (snap.groups.brand(r.code) !== brand) continue;
      const from = lowerBound(r.start, r.end, (s) => snap.price[s]! < lo);
      const to = lowerBound(from, r.end, (s) => snap.price[s]! <= hi);
      for (let s = from; s < to; s++) candidates.add(s);
    }
    // Phones added since, one by one.
    for (let s = snap.laid; s < snap.size; s++) {
      if (snap.groups.brand(snap.code[s]!) === brand && snap.price[s]! >= lo && snap.price[s]! <= hi) candidates.add(s);
    }
  }
  const district = districtCode(phone.district);
  const division = divisionOfCode[district] ?? '';
  const place = (s: number) => {
    const d = snap.district[s]!;
    if (d !== 0 && d === district) return 2;
    return d !== 0 && division !== '' && divisionOfCode[d] === division ? 1 : 0;
  };
  const ranked = [...candidates]
    .filter((s) => snap.alive.has(s) && snap.ids[s] !== phone.id)
    .map((s) => ({ s, model: sameModel.has(s) ? 1 : 0, place: place(s), gap: Math.abs(snap.price[s]! - phone.price) }));
  ranked.sort(
    (a, b) => b.model - a.model || b.place - a.place || a.gap - b.gap || snap.created[b.s]! - snap.created[a.s]! || (snap.ids[a.s]! < snap.ids[b.s]! ? -1 : 1),
  );
  return ranked.slice(0, limit).map((r) => snap.ids[r.s]!);
}
