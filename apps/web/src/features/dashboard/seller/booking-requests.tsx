import type { Order } from '@market/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDateTime, priceTk } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useDeclineBookingMutation, useSellerBookingsInfiniteQuery } from '../api.ts';

/** Where a booking stands, as its seller sees it. */
function Status({ order: o }: { order: Order }) {
  const t = useT('dashboard');
  if (o.paid) return <span className="badge badge-success">{t('orderStatus.paid')}</span>;
  if (o.declined) return <span className="badge badge-ghost whitespace-nowrap">{t('bookings.declinedBadge')}</span>;
  if (o.soldToAnother) return <span className="badge badge-ghost whitespace-nowrap">{t('orderStatus.soldToAnother')}</span>;
  return <span className="badge badge-warning whitespace-nowrap">{t('bookings.notPaid')}</span>;
}

/** Every booking of the seller's phones: who booked, how to reach them, where to meet; an unpaid one can be declined. */
export default function BookingRequests() {
  const { user } = useAuth();
  const list = useSellerBookingsInfiniteQuery(user?._id ?? '', { skip: !user });
  const { rows, more } = paged(list);
  const [decline] = useDeclineBookingMutation();
  const [target, setTarget] = useState<Order | null>(null);
  const t = useT('dashboard');

  const onConfirm = async () => {
    const booking = target;
    setTarget(null);
    if (booking) await attempt(() => decline(booking._id).unwrap(), t('bookings.declined'));
  };

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
          t('bookings.decline'),
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
          !o.paid && !o.declined && !o.soldToAnother ? (
            <button
              type="button"
              className="btn btn-error btn-xs text-white"
              onClick={() => setTarget(o)}
              aria-label={t('bookings.declineLabel', { product: o.productName, buyer: o.buyerName })}
            >
              {t('bookings.decline')}
            </button>
          ) : (
            '—'
          ),
        ]}
      />
      <ConfirmDialog
        open={target !== null}
        title={t('bookings.declineTitle')}
        text={target ? t('bookings.declineText', { buyer: target.buyerName, product: target.productName }) : ''}
        confirmLabel={t('bookings.declineConfirm')}
        onCancel={() => setTarget(null)}
        onConfirm={onConfirm}
      />
    </section>
  );
}
