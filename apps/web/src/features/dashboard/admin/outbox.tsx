import type { MailStatus } from '@market/contract';
import { DataTable } from '../../../components/data-table.tsx';
import { localDateTime } from '../../../lib/format.ts';
import { paged } from '../../../lib/pages.ts';
import { useOutboxInfiniteQuery } from '../api.ts';
import { MailText } from './mail-text.tsx';

const badge: Record<MailStatus, string> = { pending: 'badge-warning', sent: 'badge-success', failed: 'badge-error text-white' };

/** The mails the site sends, newest first; with no mail server configured, their text (and links) too. */
export default function Outbox() {
  // Fetched again on every visit: mails arrive whenever someone signs up or asks for a link.
  const list = useOutboxInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const { rows: mails, more } = paged(list);
  const { isLoading, isFetching, refetch } = list;

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Outbox</h1>
        <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching && !isLoading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Refresh
        </button>
      </div>
      <p className="mb-4 max-w-3xl text-sm">
        The mails this site sends, newest first. While no mail server is configured they wait here, and their links can be opened from this page.
      </p>
      <DataTable
        caption="Outbox"
        columns={[
          // Wide enough to read in the wide table; below 640 px each mail is a card instead.
          { label: 'To', className: 'sm:min-w-48 align-top' },
          { label: 'Subject', className: 'sm:min-w-40 align-top' },
          { label: 'Status', className: 'align-top' },
          { label: 'Created', className: 'whitespace-nowrap align-top' },
          { label: 'Text', className: 'sm:min-w-72 max-w-xl align-top' },
        ]}
        rows={mails}
        loading={isLoading}
        more={more}
        empty="no mails found"
        rowKey={(m) => m._id}
        cells={(m) => [
          m.to,
          m.subject,
          // With its text here, a pending mail is one no mail server will take: it waits on this page.
          <>
            <span className={`badge ${badge[m.status]}`}>{m.status === 'pending' && m.text !== null && m.attempts === 0 ? 'kept here' : m.status}</span>
            {m.attempts > 0 && <p className="mt-1 text-xs">{m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`}</p>}
            {m.lastError && <p className="mt-1 text-xs text-error">{m.lastError}</p>}
          </>,
          <time dateTime={m.createdAt}>{localDateTime(m.createdAt)}</time>,
          m.text === null ? (
            <p className="text-sm italic">Sent mails keep no text: their links are secrets</p>
          ) : (
            <details>
              <summary className="cursor-pointer text-sm font-semibold">Show text</summary>
              <MailText text={m.text} />
            </details>
          ),
        ]}
      />
    </section>
  );
}
