import type { Order } from '@market/contract';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDateTime, priceTk } from '../../../lib/format.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { DealTimeline } from '../deal-timeline.tsx';
import { DisputeThread } from '../dispute-thread.tsx';
import { useDecideDisputeMutation, useDisputesInfiniteQuery } from './api.ts';
import { AskDialog } from './ask-dialog.tsx';
import { SplitDialog } from './split-dialog.tsx';

type Decision = 'refund' | 'release' | 'split';

/**
 * The Admin's Disputes (issue 31, decision 051): the protected deals whose buyer opened a dispute in the complaint
 * window, newest first, with the buyer's reason, words and photos and the deal's history; each is decided once,
 * with a reason (audited): the buyer refunded in full, the money released to the seller, or split between them: whole
 * taka back to the buyer, the rest to the seller (issue 32). Before deciding, an Admin may ask either side a question
 * (issue 32): the questions and the sides' answers show under the buyer's words, oldest first.
 */
export default function Disputes() {
  const t = useT('admin');
  const words = useT('dashboard');
  const list = useDisputesInfiniteQuery();
  const { rows, more } = paged(list);
  const [decide] = useDecideDisputeMutation();
  const [deciding, setDeciding] = useState<{ order: Order; decision: Decision } | null>(null);
  const [asking, setAsking] = useState<{ order: Order; to: 'buyer' | 'seller' } | null>(null);
  const texts = deciding && { product: deciding.order.productName, buyer: deciding.order.buyerName, amount: priceTk(deciding.order.productPrice) };
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('disputes.title')}</h1>
      <DataTable
        caption={t('disputes.caption')}
        columns={[t('disputes.deal'), t('disputes.said'), t('disputes.photos'), t('disputes.opened'), t('disputes.decide')]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('disputes.empty')}
        rowKey={(o) => o._id}
        cells={(o) => [
          <div className="wrap-anywhere">
            <span className="flex items-center gap-1 font-semibold">
              {o.productName}
              <DealTimeline order={o} side="buyer" />
            </span>
            <span className="block">{priceTk(o.productPrice)}</span>
            <span className="block text-xs text-base-content/75">
              {o.buyerName} · {o.buyerEmail}
            </span>
          </div>,
          <div className="max-w-md wrap-anywhere">
            <span className="badge badge-warning h-auto">{o.dispute && words(`dispute.reason.${o.dispute.reason}`)}</span>
            <p className="mt-1 whitespace-pre-line">{o.dispute?.text}</p>
            {o.dispute && <DisputeThread messages={o.dispute.messages} reader="admin" />}
            <span className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-outline btn-primary btn-xs"
                onClick={() => setAsking({ order: o, to: 'buyer' })}
                aria-label={t('disputes.askBuyerLabel', { buyer: o.buyerName, product: o.productName })}
              >
                {t('disputes.askBuyer')}
              </button>
              <button
                type="button"
                className="btn btn-outline btn-primary btn-xs"
                onClick={() => setAsking({ order: o, to: 'seller' })}
                aria-label={t('disputes.askSellerLabel', { product: o.productName })}
              >
                {t('disputes.askSeller')}
              </button>
            </span>
          </div>,
          o.dispute?.photos.length ? (
            <ul className="flex flex-wrap gap-2">
              {o.dispute.photos.map((url, i) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer">
                    <img
                      src={url}
                      alt={t('disputes.photo', { n: i + 1, product: o.productName })}
                      width="64"
                      height="64"
                      className="h-16 w-16 rounded object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            '—'
          ),
          o.dispute ? <time dateTime={o.dispute.openedAt}>{localDateTime(o.dispute.openedAt)}</time> : '—',
          <span className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-warning btn-xs"
              onClick={() => setDeciding({ order: o, decision: 'refund' })}
              aria-label={t('disputes.refundLabel', { product: o.productName, buyer: o.buyerName })}
            >
              {t('disputes.refund')}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-xs"
              onClick={() => setDeciding({ order: o, decision: 'release' })}
              aria-label={t('disputes.releaseLabel', { product: o.productName })}
            >
              {t('disputes.release')}
            </button>
            {/* A split gives back at least a taka and less than the price: a phone of one taka has none. */}
            {o.productPrice > 1 && (
              <button
                type="button"
                className="btn btn-outline btn-xs"
                onClick={() => setDeciding({ order: o, decision: 'split' })}
                aria-label={t('disputes.splitLabel', { product: o.productName, buyer: o.buyerName })}
              >
                {t('disputes.split')}
              </button>
            )}
          </span>,
        ]}
      />
      <ReasonDialog
        key={deciding ? `${deciding.order._id}-${deciding.decision}` : 'none'}
        open={deciding !== null && deciding.decision !== 'split'}
        title={deciding?.decision === 'release' ? t('disputes.release') : t('disputes.refund')}
        text={texts ? t(deciding!.decision === 'release' ? 'disputes.releaseText' : 'disputes.refundText', texts) : ''}
        confirmLabel={deciding?.decision === 'release' ? t('disputes.release') : t('disputes.refund')}
        onCancel={() => setDeciding(null)}
        onConfirm={async (reason) => {
          const { order, decision } = deciding!;
          setDeciding(null);
          await attempt(() => decide({ id: order._id, decision, reason }).unwrap(), translate('disputes.decided'));
        }}
      />
      <SplitDialog
        order={deciding?.decision === 'split' ? deciding.order : null}
        onCancel={() => setDeciding(null)}
        onConfirm={async (refundAmount, reason) => {
          const { order } = deciding!;
          setDeciding(null);
          await attempt(() => decide({ id: order._id, decision: 'split', refundAmount, reason }).unwrap(), translate('disputes.decided'));
        }}
      />
      {asking && <AskDialog key={`${asking.order._id}-${asking.to}`} order={asking.order} to={asking.to} onClose={() => setAsking(null)} />}
    </section>
  );
}
