import type { ReactNode } from 'react';
import type { More } from '../lib/pages.ts';
import { LoadMore } from './load-more.tsx';
import { Spinner } from './spinner.tsx';

interface Props<T> {
  caption: string;
  columns: string[];
  rows: T[] | undefined;
  loading: boolean;
  empty: string;
  row(item: T, index: number): ReactNode;
  rowKey(item: T): string;
  /** A paged list: 'Load more' under the table while more rows follow. */
  more?: More;
}

/** A table with the three states every list has: loading, empty (the spec's text), populated. */
export function DataTable<T>({ caption, columns, rows, loading, empty, row, rowKey, more }: Props<T>) {
  if (loading) return <Spinner label={`Loading ${caption.toLowerCase()}`} />;
  if (!rows || rows.length === 0) return <p className="py-12 text-center text-xl font-semibold text-base-content/70">{empty}</p>;
  return (
    <>
      <div className="overflow-x-auto rounded-xl bg-base-100 ring-1 ring-base-200">
        <table className="table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={`${c}-${i}`} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((item, i) => (
              <tr key={rowKey(item)}>{row(item, i)}</tr>
            ))}
          </tbody>
        </table>
      </div>
      {more && <LoadMore more={more} />}
    </>
  );
}
