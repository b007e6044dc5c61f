import type { Order } from '@market/contract';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { priceTk } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useDeleteOrderMutation, useMyOrdersInfiniteQuery } from './api.ts';
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
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  // A paid or refunded order is the record of money paid: its buyer can only take it off this list (issue 17).
  const [hiding, setHiding] = useState<Order | null>(null);
  const [reviewing, setReviewing] = useState<Order | null>(null);
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
          o.meetingLocation,
          <SellerNumber order={o} />,
          <OrderStatus order={o} />,
          <ReviewCell order={o} now={now} onReview={() => setReviewing(o)} />,
          o.paid || o.refund ? (
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
        title={t(hiding?.paid === false ? 'myOrders.hideRefundedTitle' : 'myOrders.hidePaidTitle')}
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
    </section>
  );
}

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
  // A review comes from a paid deal; one refunded keeps a review written before, and takes no new one.
  if (!order.review && order.state !== 'paid') return '—';
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
