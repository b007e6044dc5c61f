import type { Order } from '@market/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { taka } from '../../../lib/format.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useDeleteOrderMutation, useMyOrdersInfiniteQuery } from '../api.ts';
import { paged } from '../../../lib/pages.ts';
import { Stars } from '../../../components/stars.tsx';
import { ReviewDialog } from './review-dialog.tsx';

export default function MyOrders() {
  const { user } = useAuth();
  const list = useMyOrdersInfiniteQuery(user?._id ?? '', { skip: !user });
  const { rows, more } = paged(list);
  const [remove] = useDeleteOrderMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  const [reviewing, setReviewing] = useState<Order | null>(null);
  // When the page opened: a review's Edit shows while its 30 days last.
  const [now] = useState(() => Date.now());
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">My Orders</h1>
      <DataTable
        caption="My orders"
        columns={['Image', 'Name', { label: 'Price', className: 'whitespace-nowrap' }, 'Location', "Seller's number", 'Status', 'Review', 'Delete']}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no orders found"
        rowKey={(o) => o._id}
        cells={(o) => [
          <img src={o.productImg} alt={o.productName} width="48" height="48" className="h-12 w-12 rounded-lg object-cover" loading="lazy" />,
          o.productName,
          `${taka(o.productPrice)} tk`,
          o.meetingLocation,
          o.sellerPhone ? <PhoneLink number={o.sellerPhone} /> : '—',
          o.paid ? (
            <span className="badge badge-success">Paid</span>
          ) : o.declined ? (
            <span className="badge badge-ghost whitespace-nowrap">Declined by seller</span>
          ) : o.soldToAnother ? (
            <span className="badge badge-ghost whitespace-nowrap">Sold to another buyer</span>
          ) : (
            <Link to={`/dashboard/payment/${o._id}`} className="btn btn-primary btn-xs">
              Pay
            </Link>
          ),
          <ReviewCell order={o} now={now} onReview={() => setReviewing(o)} />,
          <DeleteButton label={`Delete order of ${o.productName}`} onClick={() => ask(o._id)} />,
        ]}
      />
      {dialog}
      {reviewing && <ReviewDialog key={reviewing._id} order={reviewing} onClose={() => setReviewing(null)} />}
    </section>
  );
}

/** A paid order's review: the button to write one, or the stars given and (for 30 days) a way to change them. */
function ReviewCell({ order, now, onReview }: { order: Order; now: number; onReview(): void }) {
  if (!order.paid) return '—';
  if (!order.review) {
    return (
      <button
        type="button"
        className="btn btn-outline btn-primary btn-xs whitespace-nowrap"
        onClick={onReview}
        aria-label={`Rate the seller of ${order.productName}`}
      >
        Rate the seller
      </button>
    );
  }
  const editable = new Date(order.review.editableUntil).getTime() > now;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Stars value={order.review.stars} />
      {editable && (
        <button type="button" className="btn btn-ghost btn-xs" onClick={onReview} aria-label={`Change your review of ${order.productName}`}>
          Edit
        </button>
      )}
    </span>
  );
}
