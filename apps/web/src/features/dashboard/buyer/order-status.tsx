import type { Order } from '@market/contract';
import { Link } from 'react-router';
import { localDate, taka } from '../../../lib/format.ts';

/** Money given back for an order (issue 17): how much, and the provider's refund id and date once it confirmed. */
function RefundLine({ refund }: { refund: NonNullable<Order['refund']> }) {
  const amount = `${taka(refund.amount)} tk`;
  if (refund.status === 'pending') return <span className="block text-xs text-base-content/75">Refund of {amount} on its way</span>;
  return (
    <span className="block text-xs text-base-content/75 wrap-anywhere">
      {amount} refunded {refund.refundedAt && <time dateTime={refund.refundedAt}>{localDate(refund.refundedAt)}</time>} · {refund.id}
    </span>
  );
}

/** My Orders' status: Pay while it can be paid; else paid, refunded, declined or sold to another buyer, with any refund. */
export function OrderStatus({ order: o }: { order: Order }) {
  const badge = (text: string, kind = 'badge-ghost') => <span className={`badge ${kind} whitespace-nowrap`}>{text}</span>;
  const refund = o.refund && <RefundLine refund={o.refund} />;
  // One element: on a phone the table's cells are label-and-value rows.
  const shown = (text: string, kind: string) => (
    <div>
      {badge(text, kind)}
      {refund}
    </div>
  );
  const refundState = o.refund?.status === 'refunded' ? 'Refunded' : 'Refund pending';
  if (o.paid && o.refund?.ofPayment) return shown(refundState, 'badge-warning');
  if (o.paid) return shown('Paid', 'badge-success');
  if (o.refund) return shown(refundState, 'badge-warning');
  if (o.declined) return badge('Declined by seller');
  if (o.soldToAnother) return badge('Sold to another buyer');
  return (
    <Link to={`/dashboard/payment/${o._id}`} className="btn btn-primary btn-xs">
      Pay
    </Link>
  );
}
