import type { DealState, PayWay } from '@market/contract';
import { useT, type Key } from '../../../lib/i18n.ts';

/** How each state of a deal shows to its seller: the catalog key of its badge and the badge's kind. */
const badges: Record<DealState, [Key<'dashboard'>, string]> = {
  requested: ['bookings.notPaid', 'badge-warning'],
  accepted: ['bookings.acceptedBadge', 'badge-info'],
  declined: ['bookings.declinedBadge', 'badge-ghost'],
  expired: ['bookings.expiredBadge', 'badge-ghost'],
  cancelled: ['bookings.cancelledBadge', 'badge-ghost'],
  paid: ['bookings.paidWaits', 'badge-success'],
  handed_over: ['bookings.handedOverBadge', 'badge-success'],
  disputed: ['orderStatus.disputed', 'badge-warning'],
  completed: ['bookings.completedBadge', 'badge-success'],
  refunded: ['orderStatus.refunded', 'badge-warning'],
  closed: ['orderStatus.soldToAnother', 'badge-ghost'],
  locked: ['bookings.lockedBadge', 'badge-error'],
};

/** A deal's state as its seller sees it (Booking Requests, Earnings). */
export function DealBadge({ deal }: { deal: { state: DealState; payWith: PayWay } }) {
  const t = useT('dashboard');
  // A cash deal waits for no payment: "Not paid yet" says nothing of it; it waits for this seller's answer.
  const [key, kind] = deal.state === 'requested' && deal.payWith === 'cash' ? (['bookings.waitsForYou', 'badge-warning'] as const) : badges[deal.state];
  // A long state wraps instead of pushing what is beside it out of a phone's card.
  return <span className={`badge ${kind} h-auto min-h-5 min-w-0 shrink`}>{t(key)}</span>;
}
