import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';
import type { More } from '../lib/pages.ts';
import { LoadMore } from './load-more.tsx';
import { Spinner } from './spinner.tsx';

/** A column: its header, and classes for its cells (e.g. a width that only makes sense in the wide table). */
export interface Column {
  label: string;
  className?: string;
  /** The cell names its row (a `th scope="row"`), like the index of My Products. */
  rowHeader?: boolean;
}

interface Props<T> {
  caption: string;
  columns: Array<string | Column>;
  rows: T[] | undefined;
  loading: boolean;
  empty: string;
  /** One cell per column, in column order. */
  cells(item: T, index: number): ReactNode[];
  rowKey(item: T): string;
  /** A paged list: 'Load more' under the table while more rows follow. */
  more?: More;
}

const asColumn = (c: string | Column): Column => (typeof c === 'string' ? { label: c } : c);

/**
 * A table with the three states every list has: loading, empty (the spec's text), populated.
 * Below 640 px each row shows as a card (index.css, `.data-table`): every cell carries its column's
 * label, so the actions stay in view instead of behind a sideways scroll. The explicit roles keep
 * the table's semantics for screen readers once CSS changes its display.
 */
export function DataTable<T>({ caption, columns, rows, loading, empty, cells, rowKey, more }: Props<T>) {
  const t = useT();
  if (loading) return <Spinner label={t('table.loading', { what: caption.toLowerCase() })} />;
  if (!rows || rows.length === 0) return <p className="py-12 text-center text-xl font-semibold text-base-content/70">{empty}</p>;
  const cols = columns.map(asColumn);
  return (
    <>
      <div className="sm:overflow-x-auto sm:rounded-xl sm:bg-base-100 sm:ring-1 sm:ring-base-200">
        <table className="data-table table" role="table">
          <caption className="sr-only">{caption}</caption>
          <thead role="rowgroup">
            <tr role="row">
              {cols.map((c, i) => (
                <th key={`${c.label}-${i}`} scope="col" role="columnheader">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((item, i) => (
              <tr key={rowKey(item)} role="row">
                {cells(item, i).map((content, j) => {
                  const c = cols[j] ?? { label: '' };
                  return c.rowHeader ? (
                    <th key={j} scope="row" role="rowheader" data-label={c.label} className={c.className}>
                      {content}
                    </th>
                  ) : (
                    <td key={j} role="cell" data-label={c.label} className={c.className}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more && <LoadMore more={more} />}
    </>
  );
}
