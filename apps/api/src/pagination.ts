import type { PageQuery } from '@market/contract';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** Lists are newest first; a cursor is the id of the last row of the previous page. */
export interface Keyset {
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
}

/** Rows strictly after the cursor's row in (created_at desc, id desc) order. */
export function after(keys: Keyset, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  // A row comparison, so the (…, created_at, id) indexes serve it as a range, however deep the page.
  return sql`(${keys.createdAt}, ${keys.id}) < (select ${keys.createdAt}, ${keys.id} from ${keys.table} where ${keys.id} = ${cursor})`;
}

export const newestFirst = (keys: Keyset) => [desc(keys.createdAt), desc(keys.id)];

/** Fetches one row more than the page to know whether another page follows. */
export function paged<T>(rows: T[], query: PageQuery, idOf: (row: T) => string) {
  const more = rows.length > query.limit;
  const items = more ? rows.slice(0, query.limit) : rows;
  const last = items.at(-1);
  return { items, nextCursor: more && last ? idOf(last) : null };
}
