import type { Payout } from '@market/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { api } from '../../../lib/api.ts';
import { attempt } from '../../../lib/attempt.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { localDateTime, money } from '../../../lib/format.ts';
import { translate, useT, type Key } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { paged } from '../../../lib/pages.ts';
import { useAppDispatch } from '../../../lib/shared-state.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useAllPayoutsInfiniteQuery, useSettlePayoutMutation } from './money-api.ts';
import { downloadPayoutBatch } from './payout-batch.ts';

type State = Payout['state'];
const stateIds: Record<State, Key<'admin'>> = {
  requested: 'money.state.requested',
  sending: 'money.state.sending',
  paid: 'money.state.paid',
  failed: 'money.state.failed',
};
/** The states in the order a payout goes through them (the contract's `payoutStates`, which the bundle does not carry). */
const states = Object.keys(stateIds) as State[];
const badge: Record<State, string> = { requested: 'badge-warning', sending: 'badge-info', paid: 'badge-success', failed: 'badge-error text-white' };

/** 'Download the bank batch': asked first (the batch is made once, and its payouts are being sent from then on). */
function BatchDownload() {
  const t = useT('admin');
  const { token } = useAuth();
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const download = async () => {
    setAsking(false);
    setRefusal(null);
    setBusy(true);
    try {
      await downloadPayoutBatch(token);
      notify.success(translate('money.batchDone'));
    } catch (err) {
      // 'No bank payout is waiting to be sent' stays beside the button.
      setRefusal(errorMessage(err, translate('money.batchFailed')));
    } finally {
      setBusy(false);
      // Made outside the API slice: the view and the list are asked again (their payouts are being sent now).
      dispatch(api.util.invalidateTags(['payout']));
    }
  };
  return (
    <div className="space-y-2">
      <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => setAsking(true)} disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t('money.batch')}
      </button>
      {refusal && (
        <Notice tone="error" role="alert">
          {refusal}
        </Notice>
      )}
      <ConfirmDialog
        open={asking}
        title={t('money.batchTitle')}
        text={t('money.batchText')}
        confirmLabel={t('money.batchConfirm')}
        onConfirm={() => void download()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

/**
 * Every seller's payouts, newest first, in one state or all (issue 32); the bank batch; a bank payout being sent is
 * marked paid or failed (with the reason) once the bank has answered, each asked first. `onAdjust` fills the seller's
 * id into the balance adjustment.
 */
export function PayoutList({ onAdjust }: { onAdjust(sellerId: string): void }) {
  const t = useT('admin');
  const [state, setState] = useState<State | undefined>(undefined);
  // Fetched again on every visit: payouts move by themselves (bKash's job, the weekly payouts).
  const list = useAllPayoutsInfiniteQuery(state, { refetchOnMountOrArgChange: true });
  const { rows, more } = paged(list);
  const [settle] = useSettlePayoutMutation();
  const [paying, setPaying] = useState<Payout | null>(null);
  const [failing, setFailing] = useState<Payout | null>(null);
  const texts = (p: Payout | null) => ({ amount: p ? money(p.amount) : '', to: p?.destination ?? '' });

  return (
    <section aria-labelledby="money-payouts" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="money-payouts" className="text-xl font-semibold">
          {t('money.payouts')}
        </h2>
        <label className="flex items-center gap-2 text-sm">
          {t('money.show')}
          <select
            className="select select-bordered select-sm"
            value={state ?? ''}
            onChange={(e) => setState((e.target.value || undefined) as State | undefined)}
          >
            <option value="">{t('money.every')}</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {t(stateIds[s])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="max-w-3xl text-sm">{t('money.batchIntro')}</p>
      <BatchDownload />
      <DataTable<Payout>
        caption={t('money.payoutsCaption')}
        columns={[
          { label: t('money.asked'), className: 'whitespace-nowrap align-top' },
          { label: t('money.seller'), className: 'align-top' },
          { label: t('money.amount'), className: 'whitespace-nowrap align-top' },
          { label: t('money.to'), className: 'sm:min-w-48 align-top' },
          { label: t('money.state'), className: 'sm:min-w-40 align-top' },
          { label: t('money.act'), className: 'align-top' },
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('money.empty')}
        rowKey={(p) => p._id}
        cells={(p) => [
          <div>
            <time dateTime={p.createdAt}>{localDateTime(p.createdAt)}</time>
            <span className="block text-xs text-base-content/75">{t(p.cause === 'weekly' ? 'money.cause.weekly' : 'money.cause.asked')}</span>
          </div>,
          <div>
            {p.sellerName && <span className="block font-medium">{p.sellerName}</span>}
            <span className="block font-mono text-xs wrap-anywhere">{p.sellerId}</span>
            <button
              type="button"
              className="btn btn-link btn-xs px-0"
              onClick={() => onAdjust(p.sellerId)}
              aria-label={t('money.adjustOf', { id: p.sellerName ?? p.sellerId })}
            >
              {t('money.adjustThis')}
            </button>
          </div>,
          money(p.amount),
          <span className="wrap-anywhere">{p.destination}</span>,
          <div>
            <span className={`badge ${badge[p.state]}`}>{t(stateIds[p.state])}</span>
            {p.failure && <span className="mt-1 block text-sm wrap-anywhere">{p.failure}</span>}
            {p.providerRef && <span className="mt-1 block font-mono text-xs wrap-anywhere">{t('money.ref', { ref: p.providerRef })}</span>}
          </div>,
          p.method === 'bank' && p.state === 'sending' ? (
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-outline btn-success btn-xs" onClick={() => setPaying(p)} aria-label={t('money.markPaidOf', texts(p))}>
                {t('money.markPaid')}
              </button>
              <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => setFailing(p)} aria-label={t('money.markFailedOf', texts(p))}>
                {t('money.markFailed')}
              </button>
            </div>
          ) : (
            '—'
          ),
        ]}
      />
      <ConfirmDialog
        open={paying !== null}
        title={t('money.markPaidTitle')}
        text={t('money.markPaidText', texts(paying))}
        confirmLabel={t('money.markPaid')}
        onCancel={() => setPaying(null)}
        onConfirm={() => {
          const id = paying!._id;
          setPaying(null);
          // The API keeps a reason for every outcome (the audit log's): a paid one's is the bank's confirmation.
          void attempt(() => settle({ id, outcome: 'paid', reason: translate('money.paidReason') }).unwrap(), translate('money.markedPaid'));
        }}
      />
      <ReasonDialog
        key={failing?._id ?? 'none'}
        open={failing !== null}
        title={t('money.markFailedTitle')}
        text={t('money.markFailedText', texts(failing))}
        confirmLabel={t('money.markFailed')}
        hint={t('money.failedHint')}
        onCancel={() => setFailing(null)}
        onConfirm={async (reason) => {
          const id = failing!._id;
          setFailing(null);
          await attempt(() => settle({ id, outcome: 'failed', reason }).unwrap(), translate('money.markedFailed'));
        }}
      />
    </section>
  );
}
