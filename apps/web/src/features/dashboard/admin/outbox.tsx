import type { MailStatus } from '@market/contract';
import { DataTable } from '../../../components/data-table.tsx';
import { localDateTime, number } from '../../../lib/format.ts';
import { useT, type Key } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { useOutboxInfiniteQuery } from './api.ts';
import { MailText } from './mail-text.tsx';

const badge: Record<MailStatus, string> = { pending: 'badge-warning', sent: 'badge-success', failed: 'badge-error text-white' };
/** Each status (the contract's code) as the Admin reads it. */
const statusIds: Record<MailStatus, Key<'admin'>> = { pending: 'outbox.pending', sent: 'outbox.sent', failed: 'outbox.failed' };

/** The mails the site sends, newest first; with no mail server configured, their text (and links) too. */
export default function Outbox() {
  const t = useT('admin');
  // Fetched again on every visit: mails arrive whenever someone signs up or asks for a link.
  const list = useOutboxInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const { rows: mails, more } = paged(list);
  const { isLoading, isFetching, refetch } = list;

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('outbox.title')}</h1>
        <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching && !isLoading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t('outbox.refresh')}
        </button>
      </div>
      <p className="mb-4 max-w-3xl text-sm">{t('outbox.intro')}</p>
      <DataTable
        caption={t('outbox.title')}
        columns={[
          // Wide enough to read in the wide table; below 640 px each mail is a card instead.
          { label: t('outbox.to'), className: 'sm:min-w-48 align-top' },
          { label: t('outbox.subject'), className: 'sm:min-w-40 align-top' },
          { label: t('outbox.status'), className: 'align-top' },
          { label: t('outbox.created'), className: 'whitespace-nowrap align-top' },
          { label: t('outbox.text'), className: 'sm:min-w-72 max-w-xl align-top' },
        ]}
        rows={mails}
        loading={isLoading}
        more={more}
        empty={t('outbox.empty')}
        rowKey={(m) => m._id}
        cells={(m) => [
          m.to,
          m.subject,
          // With its text here, a pending mail is one no mail server will take: it waits on this page.
          <>
            <span className={`badge ${badge[m.status]}`}>
              {t(m.status === 'pending' && m.text !== null && m.attempts === 0 ? 'outbox.keptHere' : statusIds[m.status])}
            </span>
            {m.attempts > 0 && <p className="mt-1 text-xs">{t('outbox.attempts', { count: m.attempts, shown: number(m.attempts) })}</p>}
            {m.lastError && <p className="mt-1 text-xs text-error">{m.lastError}</p>}
          </>,
          <time dateTime={m.createdAt}>{localDateTime(m.createdAt)}</time>,
          m.text === null ? (
            <p className="text-sm italic">{t('outbox.noText')}</p>
          ) : (
            <details>
              <summary className="cursor-pointer text-sm font-semibold">{t('outbox.showText')}</summary>
              <MailText text={m.text} />
            </details>
          ),
        ]}
      />
    </section>
  );
}
