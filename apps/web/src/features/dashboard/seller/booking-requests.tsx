import { transitionsFrom, type DealState, type Order } from '@market/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDateTime, priceTk } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { DealTimeline } from '../deal-timeline.tsx';
import { useAcceptBookingMutation, useDeclineBookingMutation, useSellerBookingsInfiniteQuery } from './api.ts';

/** How each state of a deal shows to its seller: the catalog key of its badge and the badge's kind. */
const badges: Record<DealState, [string, string]> = {
  requested: ['bookings.notPaid', 'badge-warning'],
  accepted: ['bookings.acceptedBadge', 'badge-info'],
  declined: ['bookings.declinedBadge', 'badge-ghost'],
  expired: ['bookings.expiredBadge', 'badge-ghost'],
  cancelled: ['bookings.cancelledBadge', 'badge-ghost'],
  paid: ['orderStatus.paid', 'badge-success'],
  refunded: ['orderStatus.refunded', 'badge-warning'],
  closed: ['orderStatus.soldToAnother', 'badge-ghost'],
};

/** Where a booking stands, as its seller sees it. */
function Status({ order: o }: { order: Order }) {
  const t = useT('dashboard');
  const [key, kind] = badges[o.state];
  return (
    <span className="flex items-center gap-1">
      <span className={`badge ${kind} whitespace-nowrap`}>{t(key as 'bookings.notPaid')}</span>
      <DealTimeline order={o} side="seller" />
    </span>
  );
}

/** What the seller may still do, as the deal's process says (deal.ts): Accept (its buyer then sees the number), Decline. */
function Answer({ order: o, onAccept, onDecline }: { order: Order; onAccept(): void; onDecline(): void }) {
  const t = useT('dashboard');
  const moves = transitionsFrom(o.state, 'seller');
  if (moves.length === 0) return '—';
  return (
    <span className="flex flex-wrap gap-2">
      {moves.includes('accept') && (
        <button
          type="button"
          className="btn btn-success btn-xs text-white"
          onClick={onAccept}
          aria-label={t('bookings.acceptLabel', { product: o.productName, buyer: o.buyerName })}
        >
          {t('bookings.accept')}
        </button>
      )}
      {moves.includes('decline') && (
        <button
          type="button"
          className="btn btn-error btn-xs text-white"
          onClick={onDecline}
          aria-label={t('bookings.declineLabel', { product: o.productName, buyer: o.buyerName })}
        >
          {t('bookings.decline')}
        </button>
      )}
    </span>
  );
}

/** Every booking of the seller's phones: who booked, how to reach them, where to meet; an open one can be accepted or declined. */
export default function BookingRequests() {
  const { user } = useAuth();
  const list = useSellerBookingsInfiniteQuery(user?._id ?? '', { skip: !user });
  const { rows, more } = paged(list);
  const [decline] = useDeclineBookingMutation();
  const [accept] = useAcceptBookingMutation();
  // The booking being declined or accepted: neither can be undone, so each asks first.
  const [target, setTarget] = useState<{ order: Order; act: 'accept' | 'decline' } | null>(null);
  const t = useT('dashboard');

  const onConfirm = async () => {
    const asked = target;
    setTarget(null);
    if (!asked) return;
    const { order, act } = asked;
    if (act === 'accept') await attempt(() => accept(order._id).unwrap(), t('bookings.accepted'));
    else await attempt(() => decline(order._id).unwrap(), t('bookings.declined'));
  };
  const texts = { buyer: target?.order.buyerName ?? '', product: target?.order.productName ?? '' };

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('dashMenu.bookings')}</h1>
      <DataTable
        caption={t('bookings.caption')}
        columns={[
          { label: t('bookings.phone'), rowHeader: true },
          { label: t('dashCol.price'), className: 'whitespace-nowrap' },
          t('bookings.buyer'),
          t('bookings.mobile'),
          t('bookings.meetingPlace'),
          t('bookings.booked'),
          t('dashCol.status'),
          t('bookings.answer'),
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('bookings.empty')}
        rowKey={(o) => o._id}
        cells={(o) => [
          o.productName,
          priceTk(o.productPrice),
          <div>
            <span className="block">{o.buyerName}</span>
            <a className="link text-sm wrap-anywhere" href={`mailto:${o.buyerEmail}`}>
              {o.buyerEmail}
            </a>
          </div>,
          <PhoneLink number={o.mobileNumber} />,
          o.meetingLocation,
          <span className="whitespace-nowrap">{localDateTime(o.createdAt)}</span>,
          <Status order={o} />,
          <Answer order={o} onAccept={() => setTarget({ order: o, act: 'accept' })} onDecline={() => setTarget({ order: o, act: 'decline' })} />,
        ]}
      />
      <ConfirmDialog
        open={target !== null}
        title={t(target?.act === 'accept' ? 'bookings.acceptTitle' : 'bookings.declineTitle')}
        text={target ? t(target.act === 'accept' ? 'bookings.acceptText' : 'bookings.declineText', texts) : ''}
        confirmLabel={t(target?.act === 'accept' ? 'bookings.acceptConfirm' : 'bookings.declineConfirm')}
        onCancel={() => setTarget(null)}
        onConfirm={onConfirm}
      />
    </section>
  );
}
