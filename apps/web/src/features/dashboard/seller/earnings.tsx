import { poishaOf, type Earnings as Figures, type Sale } from '@market/contract';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { localDate, money, number } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { paged } from '../../../lib/pages.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { DealBadge } from './deal-badge.tsx';
import { useEarningsQuery, useSalesInfiniteQuery } from './money-api.ts';
import { Payouts } from './pay-out.tsx';
import { PayoutMethodSection } from './payout-method.tsx';
import { downloadSalesCsv } from './sales-csv.ts';

/** The four figures of the seller's money, in poisha (the ledger's): held, available, being paid out, paid out. */
function MoneyFigures({ earnings }: { earnings: Figures }) {
  const t = useT('dashboard');
  const figures = [
    ['earnings.held', earnings.held],
    ['earnings.available', earnings.available],
    ['earnings.payingOut', earnings.payingOut],
    ['earnings.paidOut', earnings.paidOut],
  ] as const;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {figures.map(([label, amount]) => (
        <div key={label} className="stat rounded-xl bg-base-100 shadow-sm ring-1 ring-base-200">
          <dt className="stat-title whitespace-normal">{t(label)}</dt>
          <dd className={`stat-value text-2xl tabular-nums wrap-anywhere ${amount < 0 ? 'text-error' : 'text-primary'}`}>{money(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An amount of a sale, or a dash where there is none (no fee on a cash deal, nothing given back). */
function Amount({ poisha }: { poisha: number }) {
  const t = useT('dashboard');
  if (poisha !== 0) return <span className="whitespace-nowrap">{money(poisha)}</span>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('earnings.none')}</span>
    </>
  );
}

/** The sales list's 'Download CSV': the file is fetched with the session's token (a plain link would carry none). */
function DownloadCsv() {
  const t = useT('dashboard');
  const { token } = useAuth();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadSalesCsv(token);
    } catch (err) {
      notify.error(errorMessage(err, t('earnings.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => void download()} disabled={busy}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {t('earnings.download')}
    </button>
  );
}

/**
 * The seller's Earnings (issue 32): what the site holds for their deals not yet completed, what is theirs to be paid
 * out, what is being paid out and what was; the site's fee terms; where they are paid, 'Pay me out now' and their
 * payouts; and every sale, newest first, with its fee, what reached them and anything given back, to page through or
 * download as CSV.
 */
export default function Earnings() {
  const t = useT('dashboard');
  const earnings = useEarningsQuery();
  const list = useSalesInfiniteQuery();
  const { rows, more } = paged(list);
  const fees = earnings.data?.fees;
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">{t('dashMenu.earnings')}</h1>
      <h2 className="sr-only">{t('earnings.figures')}</h2>
      {earnings.isLoading ? (
        <Spinner label={t('earnings.loading')} />
      ) : earnings.data ? (
        <MoneyFigures earnings={earnings.data} />
      ) : (
        <Notice tone="error" role="alert">
          {errorMessage(earnings.error, t('earnings.failed'))}
        </Notice>
      )}
      {fees && <p className="text-base-content/75">{t('earnings.terms', { percent: number(fees.percent), minimum: money(poishaOf(fees.minimum)) })}</p>}
      <PayoutMethodSection />
      <Payouts />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{t('earnings.sales')}</h2>
        {rows && rows.length > 0 && <DownloadCsv />}
      </div>
      <DataTable<Sale>
        caption={t('earnings.caption')}
        columns={[
          { label: t('bookings.phone'), rowHeader: true },
          t('bookings.buyer'),
          t('bookings.booked'),
          t('earnings.paidWith'),
          t('dashCol.status'),
          t('dashCol.price'),
          t('earnings.fee'),
          t('earnings.net'),
          t('earnings.refunded'),
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('earnings.empty')}
        rowKey={(s) => s.orderId}
        cells={(s) => [
          <span className="wrap-anywhere">{s.productName}</span>,
          <span className="wrap-anywhere">{s.buyerName}</span>,
          <time dateTime={s.bookedAt} className="whitespace-nowrap">
            {localDate(s.bookedAt)}
          </time>,
          t(s.payWith === 'cash' ? 'orderStatus.cash' : 'orderStatus.protected'),
          <DealBadge deal={s} />,
          <span className="whitespace-nowrap">{money(poishaOf(s.price))}</span>,
          <Amount poisha={s.fee} />,
          <div>
            <Amount poisha={s.net} />
            {s.held > 0 && <span className="block text-xs text-base-content/75">{t('earnings.heldNow', { amount: money(s.held) })}</span>}
          </div>,
          <Amount poisha={s.refunded} />,
        ]}
      />
    </section>
  );
}
