import { leavesFrom, takesHandoverCode, type DealState, type Order } from '@market/contract';
import { Link } from 'react-router';
import { Sentence } from '../../components/sentence.tsx';
import { localDate, localDateTime, priceTk } from '../../lib/format.ts';
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
 * own state; none for an open one, which shows its next step instead (Pay, or the handover code).
 */
const badges: Record<DealState, readonly [string, string] | 'refund' | null> = {
  requested: null,
  accepted: null,
  declined: ['orderStatus.declinedBySeller', 'badge-ghost'],
  expired: ['orderStatus.expired', 'badge-ghost'],
  cancelled: ['bookings.cancelledBadge', 'badge-ghost'],
  paid: ['orderStatus.paid', 'badge-success'],
  handed_over: ['orderStatus.handedOver', 'badge-success'],
  disputed: ['orderStatus.disputed', 'badge-warning'],
  completed: ['orderStatus.completed', 'badge-success'],
  refunded: 'refund',
  closed: ['orderStatus.soldToAnother', 'badge-ghost'],
  locked: ['orderStatus.locked', 'badge-error'],
};

/**
 * My Orders' status from the deal's state (the table above), with any refund, and the deal's history beside it. The
 * buyer's next step (Pay, the handover code) is theirs alone: the Admin's Payments shows the state without it.
 */
export function OrderStatus({ order: o, nextStep = true }: { order: Order; nextStep?: boolean }) {
  return (
    <span className="flex items-center gap-1">
      <StatusOf order={o} nextStep={nextStep} />
      <DealTimeline order={o} side="buyer" />
    </span>
  );
}

/** The next step of an open deal: Pay (protected, while the process lets the buyer pay), or the handover code. */
function NextStep({ order: o }: { order: Order }) {
  const t = useT('dashboard');
  if (takesHandoverCode(o))
    return (
      <Link
        to={`/dashboard/handover/${o._id}`}
        className="btn btn-primary btn-xs whitespace-nowrap"
        aria-label={t('orderStatus.handoverLabel', { product: o.productName })}
      >
        {t('orderStatus.handover')}
      </Link>
    );
  if (o.payWith === 'protected' && leavesFrom('pay', o.state))
    return (
      <Link to={`/dashboard/payment/${o._id}`} className="btn btn-primary btn-xs">
        {t('orderStatus.pay')}
      </Link>
    );
  // A cash booking waiting for the seller's answer says so in the seller's number's place (My Orders): nothing here.
  return null;
}

/** The status itself: money taken that could not pay for it outranks all but a deal holding it. */
function StatusOf({ order: o, nextStep }: { order: Order; nextStep: boolean }) {
  const t = useT('dashboard');
  // Money taken that could not pay for it (the phone was reserved for another buyer meanwhile, the deal was called
  // off) outranks its state; a deal paid here (deal.ts isPaid) shows its state, with any refund under it.
  const own = badges[o.state];
  const shows = o.refund && !o.paid ? 'refund' : own;
  if (!shows) return nextStep ? <NextStep order={o} /> : '—';
  const [key, kind] = shows === 'refund' ? [o.refund?.status === 'refunded' ? 'orderStatus.refunded' : 'orderStatus.refundPending', 'badge-warning'] : shows;
  // A long state ('Disputed: an administrator decides') wraps on a phone rather than pushing the page sideways.
  const badge = <span className={`badge ${kind} h-auto text-left`}>{t(key as 'orderStatus.paid')}</span>;
  // One element: on a phone the table's cells are label-and-value rows.
  return (
    <div className="flex flex-col items-start gap-1">
      {badge}
      {o.state === 'paid' && nextStep && <NextStep order={o} />}
      {/* The receipt of money paid here, one tap away (issue 31): the payment page shows it. */}
      {nextStep && o.payment && (
        <Link to={`/dashboard/payment/${o._id}`} className="link text-xs" aria-label={t('orderStatus.receiptLabel', { product: o.productName })}>
          {t('orderStatus.receipt')}
        </Link>
      )}
      {o.windowEndsAt && (
        <span className="block text-xs text-base-content/75">
          <Sentence text={(time) => t('orderStatus.windowUntil', { time })}>
            <time dateTime={o.windowEndsAt}>{localDateTime(o.windowEndsAt)}</time>
          </Sentence>
        </span>
      )}
      {o.refund && <RefundLine refund={o.refund} />}
    </div>
  );
}
