import { leavesFrom, type DealState, type Order } from '@market/contract';
import { Link } from 'react-router';
import { Sentence } from '../../components/sentence.tsx';
import { localDate, priceTk } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { DealTimeline } from './deal-timeline.tsx';

/** Money given back for an order (issue 17): how much, and the provider's refund id and date once it confirmed. */
function RefundLine({ refund }: { refund: NonNullable<Order['refund']> }) {
  const t = useT('dashboard');
  const amount = priceTk(refund.amount);
  if (refund.status === 'pending') return <span className="block text-xs text-base-content/75">{t('orderStatus.refundOnItsWay', { amount })}</span>;
  const when = refund.refundedAt && <time dateTime={refund.refundedAt}>{localDate(refund.refundedAt)}</time>;
  return (
    <span className="block text-xs text-base-content/75 wrap-anywhere">
      {when ? <Sentence text={(date) => t('orderStatus.amountRefundedOn', { amount, date })}>{when}</Sentence> : t('orderStatus.amountRefunded', { amount })} ·{' '}
      {refund.id}
    </span>
  );
}

/**
 * How each state shows to its buyer: the catalog key of its badge and the badge's kind; `refund` for the refund's
 * own state; none for an open one, which shows Pay while the process lets the buyer pay.
 */
const badges: Record<DealState, readonly [string, string] | 'refund' | null> = {
  requested: null,
  accepted: null,
  declined: ['orderStatus.declinedBySeller', 'badge-ghost'],
  expired: ['orderStatus.expired', 'badge-ghost'],
  cancelled: ['bookings.cancelledBadge', 'badge-ghost'],
  paid: ['orderStatus.paid', 'badge-success'],
  refunded: 'refund',
  closed: ['orderStatus.soldToAnother', 'badge-ghost'],
};

/** My Orders' status from the deal's state (the table above), with any refund, and the deal's history beside it. */
export function OrderStatus({ order: o }: { order: Order }) {
  return (
    <span className="flex items-center gap-1">
      <StatusOf order={o} />
      <DealTimeline order={o} side="buyer" />
    </span>
  );
}

/** The status itself: money taken that could not pay for it outranks all but paid. */
function StatusOf({ order: o }: { order: Order }) {
  const t = useT('dashboard');
  const shows = o.refund && o.state !== 'paid' ? 'refund' : badges[o.state];
  if (!shows) {
    if (!leavesFrom('pay', o.state)) return '—';
    return (
      <Link to={`/dashboard/payment/${o._id}`} className="btn btn-primary btn-xs">
        {t('orderStatus.pay')}
      </Link>
    );
  }
  const [key, kind] = shows === 'refund' ? [o.refund?.status === 'refunded' ? 'orderStatus.refunded' : 'orderStatus.refundPending', 'badge-warning'] : shows;
  const badge = <span className={`badge ${kind} whitespace-nowrap`}>{t(key as 'orderStatus.paid')}</span>;
  if (!o.refund) return badge;
  // One element: on a phone the table's cells are label-and-value rows.
  return (
    <div>
      {badge}
      <RefundLine refund={o.refund} />
    </div>
  );
}
