import type { Order } from '@market/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDateTime, taka } from '../../../lib/format.ts';
import { paged } from '../../../lib/pages.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useDeclineBookingMutation, useSellerBookingsInfiniteQuery } from '../api.ts';

/** Where a booking stands, as its seller sees it. */
function status(o: Order) {
  if (o.paid) return <span className="badge badge-success">Paid</span>;
  if (o.declined) return <span className="badge badge-ghost whitespace-nowrap">Declined</span>;
  if (o.soldToAnother) return <span className="badge badge-ghost whitespace-nowrap">Sold to another buyer</span>;
  return <span className="badge badge-warning whitespace-nowrap">Not paid yet</span>;
}

/** Every booking of the seller's phones: who booked, how to reach them, where to meet; an unpaid one can be declined. */
export default function BookingRequests() {
  const { user } = useAuth();
  const list = useSellerBookingsInfiniteQuery(user?._id ?? '', { skip: !user });
  const { rows, more } = paged(list);
  const [decline] = useDeclineBookingMutation();
  const [target, setTarget] = useState<Order | null>(null);

  const onConfirm = async () => {
    const booking = target;
    setTarget(null);
    if (booking) await attempt(() => decline(booking._id).unwrap(), 'Booking declined');
  };

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Booking Requests</h1>
      <DataTable
        caption="Bookings of my phones"
        columns={[
          { label: 'Phone', rowHeader: true },
          { label: 'Price', className: 'whitespace-nowrap' },
          'Buyer',
          'Mobile number',
          'Meeting place',
          'Booked',
          'Status',
          'Decline',
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no bookings yet"
        rowKey={(o) => o._id}
        cells={(o) => [
          o.productName,
          `${taka(o.productPrice)} tk`,
          <div>
            <span className="block">{o.buyerName}</span>
            <a className="link text-sm wrap-anywhere" href={`mailto:${o.buyerEmail}`}>
              {o.buyerEmail}
            </a>
          </div>,
          <PhoneLink number={o.mobileNumber} />,
          o.meetingLocation,
          <span className="whitespace-nowrap">{localDateTime(o.createdAt)}</span>,
          status(o),
          !o.paid && !o.declined && !o.soldToAnother ? (
            <button
              type="button"
              className="btn btn-error btn-xs text-white"
              onClick={() => setTarget(o)}
              aria-label={`Decline the booking of ${o.productName} by ${o.buyerName}`}
            >
              Decline
            </button>
          ) : (
            '—'
          ),
        ]}
      />
      <ConfirmDialog
        open={target !== null}
        title="Decline this booking?"
        text={target ? `${target.buyerName} will see 'Declined by seller' and cannot book ${target.productName} again.` : ''}
        confirmLabel="Yes, decline it!"
        onCancel={() => setTarget(null)}
        onConfirm={onConfirm}
      />
    </section>
  );
}
