import { poishaOf, takesHandoverCode, transitionsFrom, type DealState, type Order } from '@market/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PlaceText } from '../../../components/places.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDate, localDay, localTime, money, priceTk } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { DealMessages } from '../deal-messages.tsx';
import { DealTimeline } from '../deal-timeline.tsx';
import { CallOff, canCallOff } from '../call-off.tsx';
import { DisputeLine } from '../dispute-line.tsx';
import {
  useAcceptBookingMutation,
  useAnswerDisputeBookingMutation,
  useCallOffBookingMutation,
  useDeclineBookingMutation,
  useSellerBookingsInfiniteQuery,
} from './api.ts';
import { DealBadge } from './deal-badge.tsx';
import { HandoverDialog } from './handover-dialog.tsx';

/** Where a booking stands, as its seller sees it: a dispute's questions and answers too, answered from here (issue 32). */
function Status({ order: o }: { order: Order }) {
  const t = useT('dashboard');
  const [answerDispute] = useAnswerDisputeBookingMutation();
  return (
    <div className="flex flex-col items-start gap-1">
      <span className="flex items-center gap-1">
        <DealBadge deal={o} />
        <DealTimeline order={o} side="seller" />
      </span>
      <span className="text-xs text-base-content/75">{t(o.payWith === 'cash' ? 'orderStatus.cash' : 'orderStatus.protected')}</span>
      <DisputeLine order={o} side="seller" answer={(id, text) => answerDispute({ id, text }).unwrap()} />
    </div>
  );
}

/** The deals that end without a sale: the seller receives nothing of them. */
const unsold: readonly DealState[] = ['declined', 'expired', 'cancelled', 'closed', 'refunded'];

/**
 * The price, and for a protected deal the site's fee fixed at its booking and what reaches the seller (issue 32):
 * nothing more for a cash deal, which owes none, nor for a deal that ended unsold or whose dispute was split (its line says how).
 */
function Price({ order: o }: { order: Order }) {
  const t = useT('dashboard');
  const shown = o.payWith === 'protected' && !unsold.includes(o.state) && o.dispute?.decision !== 'split';
  return (
    <div>
      <span className="block whitespace-nowrap">{priceTk(o.productPrice)}</span>
      {shown && (
        <span className="block text-xs text-base-content/75">{t('bookings.feeLine', { fee: money(o.fee), net: money(poishaOf(o.productPrice) - o.fee) })}</span>
      )}
    </div>
  );
}

/**
 * What the seller may still do, as the deal's process says (deal.ts): Accept (its buyer then sees the number, the
 * phone is reserved), Decline; at the meeting, Enter code (a cash deal once accepted, a protected one once paid);
 * after the meeting day, Call off.
 */
function Answer({ order: o, onAccept, onDecline, onCode }: { order: Order; onAccept(): void; onDecline(): void; onCode(): void }) {
  const t = useT('dashboard');
  const [callOff] = useCallOffBookingMutation();
  const moves = transitionsFrom(o.state, 'seller');
  const codeOpen = takesHandoverCode(o);
  if (!moves.includes('accept') && !moves.includes('decline') && !codeOpen && !canCallOff(o, 'seller')) return '—';
  return (
    <span className="flex flex-wrap gap-2">
      {codeOpen && (
        <button
          type="button"
          className="btn btn-primary btn-xs"
          onClick={onCode}
          aria-label={t('enterCode.label', { product: o.productName, buyer: o.buyerName })}
        >
          {t('enterCode.button')}
        </button>
      )}
      <CallOff order={o} side="seller" callOff={(id) => callOff(id).unwrap()} />
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
  // The deal whose handover code is being entered; opened by the buyer's QR code too (`?handover=<id>&code=…`).
  const [params, setParams] = useSearchParams();
  const [entering, setEntering] = useState<{ id: string; code: string } | null>(() =>
    params.get('handover') ? { id: params.get('handover')!, code: params.get('code') ?? '' } : null,
  );
  const enteringOrder = entering && rows?.find((o) => o._id === entering.id);
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
          t('dashCol.price'),
          t('bookings.buyer'),
          t('bookings.mobile'),
          t('bookings.meetingPlace'),
          t('bookings.booked'),
          t('dashCol.status'),
          // Accept or decline, then at the meeting the handover code, after it calling the deal off (issue 31).
          t('bookings.actions'),
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('bookings.empty')}
        rowKey={(o) => o._id}
        cells={(o) => [
          o.productName,
          <Price order={o} />,
          <div>
            <span className="block">{o.buyerName}</span>
            <a className="link text-sm wrap-anywhere" href={`mailto:${o.buyerEmail}`}>
              {o.buyerEmail}
            </a>
            <span className="mt-1 block empty:hidden">
              <DealMessages order={o} side="seller" />
            </span>
          </div>,
          <PhoneLink number={o.mobileNumber} />,
          <div>
            <span className="block">
              <PlaceText area={o.meetingLocation} district={o.meetingDistrict} />
            </span>
            <span className="block text-sm text-base-content/75">{t('orderStatus.meetsOn', { date: localDay(o.meetingDate) })}</span>
          </div>,
          // Its date and time on a line each: the wide table has eight columns to fit.
          <time dateTime={o.createdAt} className="block whitespace-nowrap">
            <span className="block">{localDate(o.createdAt)}</span>
            <span className="block">{localTime(o.createdAt)}</span>
          </time>,
          <Status order={o} />,
          <Answer
            order={o}
            onAccept={() => setTarget({ order: o, act: 'accept' })}
            onDecline={() => setTarget({ order: o, act: 'decline' })}
            onCode={() => setEntering({ id: o._id, code: '' })}
          />,
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
      {entering && enteringOrder && (
        <HandoverDialog
          key={entering.id}
          order={enteringOrder}
          initialCode={entering.code}
          onClose={() => {
            setEntering(null);
            // The code leaves the address bar (and the history) once used.
            if (params.has('handover')) setParams({}, { replace: true });
          }}
        />
      )}
    </section>
  );
}
