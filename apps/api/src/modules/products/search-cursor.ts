import { isUuid, type SearchSort } from '@market/contract';
import { badRequest } from '../../errors.ts';

/*
 * A search's cursor (decision 020): the sort's key of the last phone of a page, opaque to clients (base64url
 * of JSON). Times in it carry microseconds (decision 022); a cursor written with milliseconds is still read.
 */

/**
 * The sort's key of a phone: relevance [tier, name length, created, id], newest [created, id], price [price, id],
 * best deal [price over its guide's median × 10,000 (null: no guide), created, id].
 */
export type Key = [number, number, string, string] | [string, string] | [number, string] | [number | null, string, string];

export const encodeCursor = (sort: SearchSort, key: Key) => Buffer.from(JSON.stringify({ s: sort, k: key })).toString('base64url');

export function decodeCursor(cursor: string, sort: SearchSort): Key {
  const refused = () => badRequest('bad_search_cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const { s, k } = (parsed ?? {}) as { s?: unknown; k?: unknown };
  if (s !== sort || !Array.isArray(k)) throw refused();
  const isId = (v: unknown) => typeof v === 'string' && isUuid(v);
  const isTime = (v: unknown) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/.test(v) && !Number.isNaN(micros(v));
  const isInt = (v: unknown) => Number.isInteger(v);
  const isIntOrNull = (v: unknown) => v === null || (Number.isSafeInteger(v) && (v as number) >= 0);
  const shapes: Record<SearchSort, ((v: unknown) => boolean)[]> = {
    relevance: [isInt, isInt, isTime, isId],
    newest: [isTime, isId],
    price_asc: [isInt, isId],
    price_desc: [isInt, isId],
    best_deal: [isIntOrNull, isTime, isId],
  };
  const shape = shapes[sort];
  if (k.length !== shape.length || !shape.every((ok, i) => ok(k[i]))) throw refused();
  // Times with six decimals, as the keys are written (a cursor from before had three).
  return k.map((v, i) => (shape[i] === isTime ? isoMicros(micros(v as string)) : v)) as Key;
}

/** Microseconds since 1970 as the cursor writes a time: ISO 8601 in UTC with six decimals. */
export const isoMicros = (us: number) => new Date(Math.floor(us / 1000)).toISOString().slice(0, 23) + String(us % 1000).padStart(3, '0') + 'Z';

/** An ISO 8601 time with up to six decimals, as microseconds since 1970. */
export function micros(iso: string): number {
  const m = /\.(\d{1,6})Z$|([+-]\d\d:\d\d|Z)$/.exec(iso);
  const fraction = m?.[1] ?? '';
  const ms = Date.parse(fraction ? iso.replace(/\.\d+Z$/, 'Z') : iso);
  return ms * 1000 + Number(fraction.padEnd(6, '0'));
}
