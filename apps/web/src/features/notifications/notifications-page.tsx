import { pageOf, partyOfRole, type Notification } from '@market/contract';
import { Link } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { localDateTime, number, priceTk } from '../../lib/format.ts';
import { useT, type Key } from '../../lib/i18n.ts';
import { paged } from '../../lib/pages.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useNotificationsInfiniteQuery, useReadAllNotificationsMutation, useReadNotificationMutation } from './api.ts';

/** The words of each kind, with the phone's name: a move of one of the person's deals (deal.ts `tells`). */
const words: Record<Notification['kind'], Key<'dashboard'>> = {
  book: 'notes.book',
  accept: 'notes.accept',
  decline: 'notes.decline',
  cancel: 'notes.cancel',
  pay: 'notes.pay',
  close: 'notes.close',
  refund: 'notes.refund',
  expire: 'notes.expire',
  hand_over: 'notes.hand_over',
  complete: 'notes.complete',
  lock: 'notes.lock',
  call_off: 'notes.call_off',
  dispute: 'notes.dispute',
  release: 'notes.release',
  remind: 'notes.remind',
  review: 'notes.review',
  report_dismissed: 'notes.report_dismissed',
  report_upheld: 'notes.report_upheld',
  listing_removed: 'notes.listing_removed',
  listings_suspended: 'notes.listings_suspended',
  listings_reinstated: 'notes.listings_reinstated',
  dispute_question: 'notes.dispute_question',
  payout_paid: 'notes.payout_paid',
  payout_failed: 'notes.payout_failed',
  payout_method_changed: 'notes.payout_method_changed',
  messages: 'notes.messages',
  saved_price_drop: 'notes.saved_price_drop',
  saved_sold: 'notes.saved_sold',
  saved_expired: 'notes.saved_expired',
  search_alert: 'notes.search_alert',
  listing_held: 'notes.listing_held',
  listing_approved: 'notes.listing_approved',
  listing_rejected: 'notes.listing_rejected',
  listing_expiring: 'notes.listing_expiring',
  listing_expired: 'notes.listing_expired',
  seller_verified: 'notes.seller_verified',
};

/**
 * A notification's values: its prices (a saved phone's drop) as the tables write them ('70,000 tk', '৳৭০,০০০'), a
 * held listing's usual wait in hours, an Admin's reason as written, the days before a listing expires.
 */
const prices = (params: Notification['params']): Record<string, string | number> => ({
  ...(params?.oldPrice === undefined ? {} : { oldPrice: priceTk(params.oldPrice) }),
  ...(params?.newPrice === undefined ? {} : { newPrice: priceTk(params.newPrice) }),
  ...(params?.hours === undefined ? {} : { hours: params.hours }),
  ...(params?.reason === undefined ? {} : { reason: params.reason }),
  ...(params?.days === undefined ? {} : { days: number(params.days), count: params.days }),
});

/** The signed-in person's notifications, newest first; opening one marks it read, and all can be marked read at once. */
export default function NotificationsPage() {
  const t = useT('dashboard');
  const { user } = useAuth();
  const list = useNotificationsInfiniteQuery(undefined, { skip: !user });
  const { rows, more } = paged(list);
  const [read] = useReadNotificationMutation();
  const [readAll, readingAll] = useReadAllNotificationsMutation();
  const unread = rows?.some((n) => n.readAt === null) ?? false;
  // The reader's side: some words differ by it (an account suspended, issue 35).
  const party = partyOfRole(user?.role ?? 'Buyer');
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('notes.title')}</h1>
        {unread && (
          <button type="button" className="btn btn-outline btn-sm" disabled={readingAll.isLoading} onClick={() => void readAll()}>
            {t('notes.readAll')}
          </button>
        )}
      </div>
      {rows?.length === 0 && <p className="text-base-content/75">{t('notes.empty')}</p>}
      <ul className="flex flex-col gap-2">
        {rows?.map((n) => (
          <li key={n._id} className={`rounded-box border p-3 ${n.readAt ? 'border-base-200' : 'border-primary bg-primary/5'}`}>
            <Link
              to={pageOf(n.kind, party)}
              className="link-hover block font-medium"
              onClick={() => {
                if (!n.readAt) void read(n._id);
              }}
            >
              {!n.readAt && <span className="sr-only">{t('notes.unread')} </span>}
              {t(words[n.kind], { product: n.productName, ...prices(n.params), party: party ?? 'none' })}
            </Link>
            <time dateTime={n.createdAt} className="text-sm text-base-content/75">
              {localDateTime(n.createdAt)}
            </time>
            {/* A listing about to expire (issue 36): the reminder's one tap, as its mail's button. */}
            {n.kind === 'listing_expiring' && n.params?.renew && (
              <Link
                to={`/still-available/${n.params.renew}`}
                className="btn btn-primary btn-sm mt-2 flex w-fit"
                aria-label={t('notes.stillAvailableLabel', { product: n.productName })}
                onClick={() => {
                  if (!n.readAt) void read(n._id);
                }}
              >
                {t('notes.stillAvailable')}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <LoadMore more={more} />
    </section>
  );
}
