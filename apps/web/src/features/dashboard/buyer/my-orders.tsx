import { historyStates, type DealState, type Order } from '@market/contract';
import { useState } from 'react';
import { PlaceText } from '../../../components/places.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { localDay, priceTk } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useAnswerDisputeOrderMutation, useCallOffOrderMutation, useDeleteOrderMutation, useMyOrdersInfiniteQuery } from './api.ts';
import { CallOff } from '../call-off.tsx';
import { DealMessages } from '../deal-messages.tsx';
import { DisputeLine } from '../dispute-line.tsx';
import { DisputeDialog, disputable } from './dispute-dialog.tsx';
import { paged } from '../../../lib/pages.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Stars } from '../../../components/stars.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { OrderStatus } from '../order-status.tsx';
import { ReviewDialog } from './review-dialog.tsx';

export default function MyOrders() {
  const { user } = useAuth();
  const list = useMyOrdersInfiniteQuery(user?._id ?? '', { skip: !user });
  const { rows, more } = paged(list);
  const [remove] = useDeleteOrderMutation();
  const [callOff] = useCallOffOrderMutation();
  const [answerDispute] = useAnswerDisputeOrderMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  // A paid or refunded order is the record of money paid: its buyer can only take it off this list (issue 17).
  const [hiding, setHiding] = useState<Order | null>(null);
  const [reviewing, setReviewing] = useState<Order | null>(null);
  const [disputing, setDisputing] = useState<Order | null>(null);
  // When the page opened: a review's Edit shows while its 30 days last.
  const [now] = useState(() => Date.now());
  const t = useT('dashboard');
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('dashMenu.myOrders')}</h1>
      <DataTable
        caption={t('myOrders.caption')}
        columns={[
          t('dashCol.image'),
          t('dashCol.name'),
          { label: t('dashCol.price'), className: 'whitespace-nowrap' },
          t('myOrders.location'),
          t('myOrders.sellerNumber'),
          t('dashCol.status'),
          t('myOrders.review'),
          t('dashCol.delete'),
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('myOrders.empty')}
        rowKey={(o) => o._id}
        cells={(o) => [
          <img src={o.productImg} alt={o.productName} width="48" height="48" className="h-12 w-12 rounded-lg object-cover" loading="lazy" />,
          o.productName,
          priceTk(o.productPrice),
          <div>
            <span className="block">
              <PlaceText area={o.meetingLocation} district={o.meetingDistrict} />
            </span>
            <span className="block text-sm text-base-content/75">{t('orderStatus.meetsOn', { date: localDay(o.meetingDate) })}</span>
          </div>,
          <SellerNumber order={o} />,
          <div className="flex flex-col items-start gap-1">
            <OrderStatus order={o} />
            <span className="text-xs text-base-content/75">{t(o.payWith === 'cash' ? 'orderStatus.cash' : 'orderStatus.protected')}</span>
            <DealMessages order={o} side="buyer" />
            <CallOff order={o} side="buyer" callOff={(id) => callOff(id).unwrap()} />
            <DisputeLine order={o} side="buyer" answer={(id, text) => answerDispute({ id, text }).unwrap()} />
            {disputable(o, now) && (
              <button
                type="button"
                // Filled: yellow words on white fall short of the contrast axe asks for.
                className="btn btn-warning btn-xs"
                onClick={() => setDisputing(o)}
                aria-label={t('dispute.label', { product: o.productName })}
              >
                {t('dispute.button')}
              </button>
            )}
          </div>,
          <ReviewCell order={o} now={now} onReview={() => setReviewing(o)} />,
          o.paid || o.refund || isHistory(o.state) ? (
            <button type="button" className="btn btn-outline btn-xs" onClick={() => setHiding(o)} aria-label={t('myOrders.hideLabel', { name: o.productName })}>
              {t('myOrders.hide')}
            </button>
          ) : (
            <DeleteButton label={t('myOrders.deleteLabel', { name: o.productName })} onClick={() => ask(o._id)} />
          ),
        ]}
      />
      {dialog}
      <ConfirmDialog
        open={hiding !== null}
        title={t(hiding?.paid ? 'myOrders.hidePaidTitle' : hiding?.refund ? 'myOrders.hideRefundedTitle' : 'myOrders.hideDealTitle')}
        text={t('myOrders.hideText')}
        confirmLabel={t('myOrders.hideConfirm')}
        onCancel={() => setHiding(null)}
        onConfirm={async () => {
          const id = hiding!._id;
          setHiding(null);
          await attempt(() => remove(id).unwrap(), t('myOrders.hidden'));
        }}
      />
      {reviewing && <ReviewDialog key={reviewing._id} order={reviewing} onClose={() => setReviewing(null)} />}
      {disputing && <DisputeDialog key={disputing._id} order={disputing} onClose={() => setDisputing(null)} />}
    </section>
  );
}

/** A deal that is history (a sale made or money moved): its buyer only takes it off their list. */
const isHistory = (state: DealState) => (historyStates as readonly DealState[]).includes(state);

/** The seller's number once the seller accepted (or the order is paid: issue 29); until then what it waits for. */
function SellerNumber({ order: o }: { order: Order }) {
  const t = useT('dashboard');
  if (o.sellerPhone) return <PhoneLink number={o.sellerPhone} />;
  // Only a requested booking waits for the seller's accept; any other state has the number or no longer needs it.
  if (o.state !== 'requested' || o.refund) return '—';
  return <span className="text-sm text-base-content/75">{t('myOrders.waitingForAccept')}</span>;
}

/** A paid order's review: the button to write one, or the stars given and (for 30 days) a way to change them. */
function ReviewCell({ order, now, onReview }: { order: Order; now: number; onReview(): void }) {
  const t = useT('dashboard');
  // A review comes from a completed deal (issue 31); one refunded keeps a review written before, and takes no new one.
  if (!order.review && order.state !== 'completed') return '—';
  if (!order.review) {
    return (
      <button
        type="button"
        className="btn btn-outline btn-primary btn-xs whitespace-nowrap"
        onClick={onReview}
        aria-label={t('myOrders.rateLabel', { name: order.productName })}
      >
        {t('myOrders.rate')}
      </button>
    );
  }
  const editable = new Date(order.review.editableUntil).getTime() > now;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Stars value={order.review.stars} />
      {editable && (
        <button type="button" className="btn btn-ghost btn-xs" onClick={onReview} aria-label={t('myOrders.editReviewLabel', { name: order.productName })}>
          {t('dashList.edit')}
        </button>
      )}
    </span>
  );
}
