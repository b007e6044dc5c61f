import { transitionsFrom, type Order } from '@market/contract';
import { Link } from 'react-router';
import { Sentence } from '../../components/sentence.tsx';
import { localDate, priceTk } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

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

/** My Orders' status from the deal's state: Pay while the process allows it; else paid, refunded, declined or sold to another buyer, with any refund. */
export function OrderStatus({ order: o }: { order: Order }) {
  const t = useT('dashboard');
  const badge = (text: string, kind = 'badge-ghost') => <span className={`badge ${kind} whitespace-nowrap`}>{text}</span>;
  const refund = o.refund && <RefundLine refund={o.refund} />;
  // One element: on a phone the table's cells are label-and-value rows.
  const shown = (text: string, kind: string) => (
    <div>
      {badge(text, kind)}
      {refund}
    </div>
  );
  const refundState = t(o.refund?.status === 'refunded' ? 'orderStatus.refunded' : 'orderStatus.refundPending');
  if (o.state === 'refunded') return shown(refundState, 'badge-warning');
  if (o.state === 'paid') return shown(t('orderStatus.paid'), 'badge-success');
  // Money taken that could not pay for it (the phone was sold meanwhile, the booking declined) is on its way back.
  if (o.refund) return shown(refundState, 'badge-warning');
  if (o.state === 'declined') return badge(t('orderStatus.declinedBySeller'));
  if (o.state === 'closed') return badge(t('orderStatus.soldToAnother'));
  if (!transitionsFrom(o.state, 'buyer').includes('pay')) return '—';
  return (
    <Link to={`/dashboard/payment/${o._id}`} className="btn btn-primary btn-xs">
      {t('orderStatus.pay')}
    </Link>
  );
}
