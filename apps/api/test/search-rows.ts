import type { Phones } from '../src/modules/products/search-loader.ts';

/*
 * Phones for the search index's unit tests, from plain rows: what the loader would read from the database,
 * without one (the words of a document as the 'simple' text search configuration splits a plain name).
 */

export interface PhoneRow {
  /** A number here, a uuid in the index (in the same order). */
  id: number;
  name: string;
  /** Words beside the name's (brand, description). */
  more?: string;
  /** Microseconds since 1970. */
  created?: number;
  price?: number;
  category?: string;
  condition?: string;
  verified?: boolean;
  location?: string;
  /** The district's id; none when not given. */
  district?: string | null;
  storage?: number | null;
  battery?: number | null;
  /** The best deal sort's key (price over its guide's median × 10,000); none when not given. */
  deal?: number | null;
}

export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** A document's words as tsvector_to_array lists them: each once, sorted. */
const documentOf = (words: string[]) => [...new Set(words)].sort().join(' ');

/** The phones of these rows in id order, as the loader hands them to the index. */
export function phonesOf(rows: PhoneRow[]): Phones {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  return {
    ids: sorted.map((r) => uuid(r.id)),
    created: sorted.map((r) => String(r.created ?? 1_780_000_000_000_000 + r.id)),
    price: sorted.map((r) => r.price ?? 50_000),
    category: sorted.map((r) => r.category ?? 'apple'),
    condition: sorted.map((r) => r.condition ?? 'Good'),
    verified: sorted.map((r) => r.verified ?? false),
    location: sorted.map((r) => (r.location ?? 'Mirpur, Dhaka').toLowerCase()),
    district: sorted.map((r) => r.district ?? null),
    storage: sorted.map((r) => r.storage ?? null),
    battery: sorted.map((r) => r.battery ?? null),
    nameNorm: sorted.map((r) => wordsOf(r.name).join(' ')),
    nameLen: sorted.map((r) => r.name.length),
    deal: sorted.map((r) => r.deal ?? null),
    words: sorted.map((r) => documentOf(wordsOf(`${r.name} ${r.more ?? ''}`))),
    nameWords: sorted.map((r) => documentOf(wordsOf(r.name))),
  };
}
