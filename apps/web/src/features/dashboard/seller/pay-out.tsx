import type { Earnings, Payout, PayoutMethod } from '@market/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { localDate, money } from '../../../lib/format.ts';
import { translate, useT, type Key } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { paged } from '../../../lib/pages.ts';
import { useEarningsQuery, usePayoutMethodQuery, usePayoutsInfiniteQuery, useRequestPayoutMutation } from './money-api.ts';
import { isOpen, stateIds, whereOf } from './payout-words.ts';

/** How often the page asks again while a bKash payout is on its way (it is paid within seconds to minutes). */
const WATCH_MS = 4_000;

/** Why the seller cannot ask for a payout now, from their figures and their method; null: they can (the server may still refuse). */
function whyNot(earnings: Earnings, method: PayoutMethod | null, onItsWay: boolean): Key<'dashboard'> | null {
  if (onItsWay) return 'payouts.whyOnItsWay';
  if (earnings.available <= 0) return 'payouts.whyNothing';
  if (!method) return 'payouts.whyNoMethod';
  if (!method.confirmed) return 'payouts.whyUnconfirmed';
  return null;
}

/** 'Pay me out now': all the available money to the payout method, once the seller has read how much and where. */
function PayOutButton({ earnings, method, onItsWay }: { earnings: Earnings; method: PayoutMethod | null; onItsWay: boolean }) {
  const t = useT('dashboard');
  const reasonId = useId();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [payOut, { isLoading }] = useRequestPayoutMutation();
  const why = whyNot(earnings, method, onItsWay);
  const amount = money(earnings.available);
  const where = method ? whereOf(method) : '';

  const confirm = async () => {
    setAsking(false);
    setRefusal(null);
    try {
      const payout = await payOut().unwrap();
      notify.success(translate('payouts.asked', { amount: money(payout.amount), where: payout.destination }));
    } catch (err) {
      setRefusal(errorMessage(err, translate('toast.somethingWentWrong')));
    }
  };

  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn btn-primary"
        disabled={why !== null || isLoading}
        aria-describedby={why ? reasonId : undefined}
        onClick={() => {
          setRefusal(null);
          setAsking(true);
        }}
      >
        {isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t('payouts.payNow')}
      </button>
      {why && (
        <p id={reasonId} className="text-sm text-base-content/75">
          {t(why)}
        </p>
      )}
      {refusal && (
        <Notice tone="error" role="alert">
          {refusal}
        </Notice>
      )}
      <ConfirmDialog
        open={asking}
        title={t('payouts.askTitle')}
        text={t(method?.kind === 'bank' ? 'payouts.askBank' : 'payouts.askBkash', { amount, where })}
        confirmLabel={t('payouts.askConfirm')}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

/** A payout's state in plain words: on its way, paid (and when), or failed with why, the money back in the balance. */
function PayoutState({ payout }: { payout: Payout }) {
  const t = useT('dashboard');
  const tone = payout.state === 'paid' ? 'badge-success' : payout.state === 'failed' ? 'badge-error text-white' : 'badge-info';
  return (
    <div>
      <span className={`badge ${tone} h-auto whitespace-normal`}>{t(stateIds[payout.state])}</span>
      {payout.state === 'paid' && payout.settledAt && (
        <span className="block text-xs text-base-content/75">{t('payouts.paidOn', { date: localDate(payout.settledAt) })}</span>
      )}
      {payout.state === 'failed' && (
        <span className="mt-1 block text-sm wrap-anywhere">{t('payouts.failedWhy', { reason: payout.failure ?? t('payouts.noReason') })}</span>
      )}
    </div>
  );
}

/**
 * The seller's payouts (issue 32): 'Pay me out now', then every payout, newest first. While a bKash payout is on its
 * way the list and the figures are asked again every few seconds, so it shows Paid (or Failed) without a reload; a
 * bank payout waits for the Admins' next batch, days rather than seconds, and is not watched.
 */
export function Payouts() {
  const t = useT('dashboard');
  const headingId = useId();
  // Watched (asked again) while a bKash payout of the list is on its way; the list says so once it has come.
  const [watching, setWatching] = useState(false);
  const polling = { pollingInterval: watching ? WATCH_MS : 0 };
  const list = usePayoutsInfiniteQuery(undefined, polling);
  const { rows, more } = paged(list);
  const earnings = useEarningsQuery(undefined, polling);
  const method = usePayoutMethodQuery();
  const moving = Boolean(rows?.some((p) => p.method === 'bkash' && isOpen(p)));
  if (moving !== watching) setWatching(moving);
  const { refetch } = earnings;
  const wasMoving = useRef(false);
  useEffect(() => {
    // The figures are asked once more when the payout has arrived: the last round may have read them just before.
    if (wasMoving.current && !moving) void refetch();
    wasMoving.current = moving;
  }, [moving, refetch]);

  const onItsWay = (earnings.data?.payingOut ?? 0) > 0 || Boolean(rows?.some(isOpen));
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('payouts.list')}
      </h2>
      {earnings.data && !method.isLoading && <PayOutButton earnings={earnings.data} method={method.data ?? null} onItsWay={onItsWay} />}
      <DataTable<Payout>
        caption={t('payouts.caption')}
        columns={[
          { label: t('payouts.date'), className: 'whitespace-nowrap' },
          t('payouts.amount'),
          { label: t('payouts.to'), className: 'sm:min-w-40' },
          t('payouts.how'),
          { label: t('payouts.state'), className: 'sm:min-w-56' },
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('payouts.empty')}
        rowKey={(p) => p._id}
        cells={(p) => [
          <time dateTime={p.createdAt}>{localDate(p.createdAt)}</time>,
          <span className="whitespace-nowrap font-semibold">{money(p.amount)}</span>,
          <span className="wrap-anywhere">{p.destination}</span>,
          t(p.cause === 'weekly' ? 'payouts.cause.weekly' : 'payouts.cause.asked'),
          <PayoutState payout={p} />,
        ]}
      />
    </section>
  );
}
