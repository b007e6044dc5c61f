import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { phonesOf, uuid, type PhoneRow } from '../../../test/search-rows.ts';
import type { Db } from '../../db/client.ts';
import { loadPhones, readChanges, readPhones } from './search-loader.ts';

/*
 * What the search index reads (decision 022), from a stand-in that answers the loader's statements as the
 * database would: the sequence's last number, search_changes, and the phones as one row of JSON arrays
 * (every array null when no phone matched). The SQL itself runs on both databases in search-index.test.ts.
 */

const dialect = new PgDialect();

function database(rows: PhoneRow[], changes: { seq: number; id: number }[] = [], last = changes.at(-1)?.seq ?? 0) {
  /** What was asked, in order: the sequence's last number, changes committed by it, changes after one, phones. */
  const asked: string[] = [];
  const answer = (text: string, params: unknown[]): unknown[] => {
    if (text.includes('search_changes_seq_seq')) {
      asked.push('last number');
      return [{ seq: String(last) }];
    }
    if (text.includes('from search_changes')) {
      const after = changes.filter((c) => c.seq > Number(params[0]));
      if (text.includes('order by')) {
        asked.push(`changes after ${params[0]}`);
        return after.map((c) => ({ seq: String(c.seq), product_id: uuid(c.id) }));
      }
      asked.push(`committed in ${params[0]}…${params[1]}`);
      return after.filter((c) => c.seq <= Number(params[1])).map((c) => ({ seq: String(c.seq) }));
    }
    asked.push(`phones ${params.join(' ')}`);
    const limit = Number(params.at(-1));
    const picked = text.includes('p.id in (')
      ? rows.filter((r) => params.slice(0, -1).includes(uuid(r.id)))
      : rows.filter((r) => uuid(r.id) > String(params[0])).sort((a, b) => a.id - b.id);
    const phones = phonesOf(picked.slice(0, limit));
    return [Object.fromEntries(Object.entries(phones).map(([column, list]) => [column, list.length ? list : null]))];
  };
  const db = {
    execute: async (query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return { rows: answer(text, params) };
    },
  } as unknown as Db;
  return { db, asked };
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: n - i, name: `Phone ${n - i}`, price: 1000 * (n - i) }));

describe('the loader', () => {
  it('notes the last change number and the changes committed up to it first, then reads every phone in id order, a batch at a time', async () => {
    const { db, asked } = database(rows(5), [{ seq: 3, id: 1 }]);
    const { start, phones } = await loadPhones(db, 2);
    expect(asked).toEqual(['last number', 'committed in 0…3', `phones 00000000-0000-0000-0000-000000000000 2`, `phones ${uuid(2)} 2`, `phones ${uuid(4)} 2`]);
    expect(start).toEqual({ mark: 3, floor: 0, committed: [3] });
    expect(phones).toEqual(phonesOf(rows(5)));
  });

  it('reads one batch more when the last was full, and an empty table as no phones', async () => {
    const full = database(rows(4));
    expect((await loadPhones(full.db, 2)).phones).toEqual(phonesOf(rows(4)));
    expect(full.asked.filter((a) => a.startsWith('phones'))).toHaveLength(3);
    const { phones } = await loadPhones(database([]).db, 2);
    expect(phones).toEqual(phonesOf([]));
    expect(Object.values(phones).every((column) => Array.isArray(column) && column.length === 0)).toBe(true);
  });

  it('looks back 1,000 changes from the mark for those committed: older ones it takes as done', async () => {
    const changes = [
      { seq: 400, id: 1 },
      { seq: 600, id: 1 },
      { seq: 1500, id: 1 },
      { seq: 1501, id: 1 },
    ];
    const { start } = await loadPhones(database([], changes, 1500).db);
    expect(start).toEqual({ mark: 1500, floor: 500, committed: [600, 1500] });
  });

  it('reads the phones of changes as they are now (those gone are not among them), and the changes in order as numbers', async () => {
    const changes = [
      { seq: 7, id: 2 },
      { seq: 8, id: 9 },
    ];
    const { db, asked } = database(rows(3), changes);
    expect(await readPhones(db, [uuid(2), uuid(9)])).toEqual(phonesOf([{ id: 2, name: 'Phone 2', price: 2000 }]));
    expect(await readPhones(db, [uuid(9)])).toEqual(phonesOf([]));
    expect(await readChanges(db, 7)).toEqual([{ seq: 8, productId: uuid(9) }]);
    expect(asked).toEqual([`phones ${uuid(2)} ${uuid(9)} 2`, `phones ${uuid(9)} 1`, 'changes after 7']);
  });
});
