import type { Order, Product } from '@market/contract';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useMyBookingOfQuery } from './booking-api.ts';

/**
 * The phone page's main action for someone signed in (issue 35): Book Now, or, before the form, why they cannot book
 * (an e-mail address not confirmed yet, a booking of theirs the seller declined), or their booking of it ("Booked —
 * see your order"), which takes the focus once they have just booked. Other roles keep the spec's Book Now and its
 * badge in the form.
 */
export function BookAction({ product, sold, onBook, justBooked }: { product: Product; sold: boolean; onBook(): void; justBooked: boolean }) {
  const t = useT('catalog');
  const { user, role } = useAuth();
  const buyer = role === 'Buyer' && user ? user : null;
  const confirmed = buyer?.emailVerified === true;
  const { data, isFetching } = useMyBookingOfQuery({ buyer: buyer?._id ?? '', productId: product._id }, { skip: !confirmed });
  const booking: Order | undefined = data?.data[0];
  const result = useRef<HTMLAnchorElement>(null);
  const noteId = useId();
  useEffect(() => {
    if (justBooked) result.current?.focus();
  }, [justBooked, booking]);

  if (booking && booking.state !== 'declined')
    return (
      <Link ref={result} to="/dashboard/myOrders" className="btn btn-primary">
        {t('detail.booked')}
      </Link>
    );
  if (booking) return <p className="alert alert-warning">{t('detail.bookingDeclined')}</p>;
  const unconfirmed = buyer !== null && !confirmed;
  return (
    <>
      <button
        id="book"
        type="button"
        className="btn btn-primary"
        disabled={sold || unconfirmed || (confirmed && isFetching && !data)}
        aria-describedby={unconfirmed ? noteId : undefined}
        onClick={onBook}
      >
        {t('detail.bookNow')}
      </button>
      {unconfirmed && (
        <p id={noteId} className="basis-full text-sm text-base-content/80">
          {t('detail.confirmToBook')}
        </p>
      )}
    </>
  );
}
