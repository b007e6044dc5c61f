import type { OutboxSms } from '@market/contract';
import { DataTable } from '../../../components/data-table.tsx';
import { localDateTime, number } from '../../../lib/format.ts';
import { useT, type Key } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { useSmsOutboxInfiniteQuery } from './api.ts';

type Status = OutboxSms['status'];
const badge: Record<Status, string> = { pending: 'badge-warning', sent: 'badge-success', failed: 'badge-error text-white' };
/** Each status as the mail Outbox says it. */
const statusIds: Record<Status, Key<'admin'>> = { pending: 'outbox.pending', sent: 'outbox.sent', failed: 'outbox.failed' };
/** What each kind of message is (the server's code); a kind this app does not know is shown as the code. */
const kindIds: Record<string, Key<'admin'>> = { 'payout-number': 'smsOutbox.kind.payoutNumber', 'seller-number': 'smsOutbox.kind.sellerNumber' };

/**
 * The text messages the site sends (issue 32: the codes that confirm a seller's bKash wallet), newest first; with no
 * SMS gateway configured, their words too, as the mail Outbox shows its mails.
 */
export default function SmsOutbox() {
  const t = useT('admin');
  // Fetched again on every visit: a code is sent whenever a seller sets a wallet.
  const list = useSmsOutboxInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const { rows, more } = paged(list);
  const { isLoading, isFetching, refetch } = list;

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('smsOutbox.title')}</h1>
        <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching && !isLoading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t('outbox.refresh')}
        </button>
      </div>
      <p className="mb-4 max-w-3xl text-sm">{t('smsOutbox.intro')}</p>
      <DataTable
        caption={t('smsOutbox.title')}
        columns={[
          { label: t('outbox.to'), className: 'whitespace-nowrap align-top' },
          { label: t('smsOutbox.kind'), className: 'align-top' },
          { label: t('outbox.status'), className: 'align-top' },
          { label: t('outbox.created'), className: 'whitespace-nowrap align-top' },
          { label: t('outbox.text'), className: 'sm:min-w-72 max-w-xl align-top' },
        ]}
        rows={rows}
        loading={isLoading}
        more={more}
        empty={t('smsOutbox.empty')}
        rowKey={(m) => m._id}
        cells={(m) => [
          <span className="font-mono">{m.to}</span>,
          kindIds[m.kind] ? t(kindIds[m.kind]!) : m.kind,
          // With its words here, a pending message is one no gateway will take: it waits on this page.
          <>
            <span className={`badge ${badge[m.status]}`}>
              {t(m.status === 'pending' && m.text !== null && m.attempts === 0 ? 'outbox.keptHere' : statusIds[m.status])}
            </span>
            {m.attempts > 0 && <p className="mt-1 text-xs">{t('outbox.attempts', { count: m.attempts, shown: number(m.attempts) })}</p>}
            {m.lastError && <p className="mt-1 text-xs text-error wrap-anywhere">{m.lastError}</p>}
          </>,
          <time dateTime={m.createdAt}>{localDateTime(m.createdAt)}</time>,
          m.text === null ? <p className="text-sm italic">{t('smsOutbox.noText')}</p> : <p className="text-sm wrap-anywhere">{m.text}</p>,
        ]}
      />
    </section>
  );
}
