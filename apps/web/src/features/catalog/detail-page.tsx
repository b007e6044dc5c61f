import type { Product } from '@market/contract';
import { lazy, Suspense, useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PlaceText } from '../../components/places.tsx';
import { Gallery } from '../../components/gallery.tsx';
import { conditionMeaning, conditionName } from '../../components/listing-words.ts';
import { NotFound } from '../../components/not-found.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Sentence } from '../../components/sentence.tsx';
import { localDate, number, priceBdt } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { SaveButton } from '../../components/save-button.tsx';
import { useAuth } from '../../lib/use-auth.ts';
import { useProductQuery } from './api.ts';
import { ReportDialog } from './report-dialog.tsx';
import { rememberReported, reportedByMe } from './reported-by-me.ts';
import { SpecRows } from './listing-specs.tsx';
import { LatestReviews } from './latest-reviews.tsx';
import { useSellerProfileQuery } from '../../lib/reviews-api.ts';
import { SellerRating } from '../../components/seller-rating.tsx';
import { NumberVerified } from '../../components/number-verified.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { MessageSeller } from './message-seller.tsx';
import { SimilarPhones } from './similar-phones.tsx';
import { BookAction } from './book-action.tsx';
import { ActionBar } from './action-bar.tsx';
import { SoldPhone } from './sold-phone.tsx';
import { ExpiredPhone } from './expired-phone.tsx';
import { HeldPhone } from './held-phone.tsx';
import { GuideBadge, useGuide } from '../../components/price-guide.tsx';
import { pricesPath } from '@market/contract/model-names';

// The booking form (and its form library) loads when someone books.
const BookingModal = lazy(() => import('./booking-modal.tsx').then((m) => ({ default: m.BookingModal })));

export function DetailPage() {
  const { id = '' } = useParams();
  const t = useT('catalog');
  const location = useLocation();
  const navigate = useNavigate();
  const { data: product, isLoading, isError } = useProductQuery(id);
  const { signedIn, user } = useAuth();
  const [booking, setBooking] = useState(false);
  /** Booked from this page a moment ago: the result takes the focus the closed form leaves. */
  const [justBooked, setJustBooked] = useState(false);
  const [reporting, setReporting] = useState(false);
  // A sold or expired phone's page shows no seller.
  const gone = product?.status === 'sold' || product?.status === 'expired';
  const { data: seller } = useSellerProfileQuery(product?.sellerId._id ?? '', { skip: !product || gone });
  usePageTitle(
    product &&
      (product.status === 'available'
        ? t('pageTitle.detail', { name: product.productName, price: priceBdt(product.resalePrice) })
        : product.status === 'expired'
          ? t('pageTitle.expired', { name: product.productName })
          : t('pageTitle.sold', { name: product.productName })),
  );

  if (isLoading) return <Spinner label={t('detail.loading')} />;
  // Not public: it may be the signed-in seller's own listing waiting for a check (issue 36), theirs and Admins' to see.
  if (isError && signedIn) return <HeldPhone id={id} />;
  if (isError || !product) return <NotFound />;

  // Sold: the notice and the way on, as the server's page says before the app runs (issue 35).
  if (product.status === 'sold') return <SoldPhone product={product} />;
  // Expired (issue 36): off search, its page saying so with phones like it; its seller renews it here.
  if (product.status === 'expired') return <ExpiredPhone product={product} />;
  // Reserved for a buyer on their way to the meeting (issue 31), or not yet for sale: not to be booked now.
  const reserved = product.status === 'reserved';
  const held = product.status !== 'available';
  const mine = user?._id === product.sellerId._id;
  // #book opens the booking form (the scam warning's protected booking, issue 33); closing it leaves the address.
  const bookingOpen = booking || (location.hash === '#book' && signedIn && !held);
  const closeBooking = () => {
    setBooking(false);
    if (location.hash === '#book') void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  };
  const onReport = () => {
    // Reported by this user already: confirm without a new call, as the spec says. Otherwise ask why (issue 16).
    if (user && reportedByMe(user._id).includes(product._id)) return void notify.success(translate('report.done', { name: product.productName }));
    setReporting(true);
  };

  // The main action (issue 35): the seller's own phone has its edit and its bookings, not a way to book or report it.
  const mainAction = mine ? (
    <>
      {!held && (
        <Link to={`/dashboard/edit-product/${product._id}`} className="btn btn-primary">
          {t('detail.editMine')}
        </Link>
      )}
      <Link to="/dashboard/bookings" className="btn btn-outline">
        {t('detail.bookingsMine')}
      </Link>
    </>
  ) : signedIn ? (
    <BookAction product={product} sold={held} onBook={() => setBooking(true)} justBooked={justBooked} />
  ) : held ? (
    <button type="button" className="btn btn-outline" disabled>
      {t('detail.loginForOrder')}
    </button>
  ) : (
    // Signed out: the spec's text, quieter than 'Book Now', leading to the login and back to this phone.
    <Link to="/login" state={{ from: location }} className="btn btn-outline btn-primary">
      {t('detail.loginForOrder')}
    </Link>
  );

  return (
    // Tighter on a phone: the first screen holds the photo, name, price, condition and place above the bar.
    <main className="mx-auto max-w-6xl px-4 pt-4 pb-8 md:pt-8">
      <article className="grid gap-4 md:grid-cols-2 md:gap-8">
        <Gallery pictures={product.images.length > 0 ? product.images : [{ url: product.img, srcset: '' }]} name={product.productName} />
        {/* The first screen (issue 35): the name, price, condition and place and the main action, then the rest. */}
        <div className="min-w-0 space-y-3 wrap-anywhere md:space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            {/* The heart beside the name: a long name wraps beside it rather than pushing it onto a line of its own;
                on a phone the name is a size smaller, as its two lines share the first screen (issue 35). */}
            <div className="flex min-w-0 grow items-start gap-2">
              <h1 className="text-2xl font-bold md:text-3xl">{product.productName}</h1>
              <SaveButton product={product} className="ml-auto shrink-0" />
            </div>
            {reserved && <span className="badge badge-lg badge-warning">{t('detail.reserved')}</span>}
          </div>
          <p className="text-lg">
            <del className="mr-3 text-base-content/60">{priceBdt(product.originalPrice)}</del>
            <strong className="text-2xl text-primary">{priceBdt(product.resalePrice)}</strong>
          </p>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t('listing.condition')}</dt>
            <dd>{conditionName(product.condition)}</dd>
            {/* What the condition means, under it: a second description of the same term. */}
            <dd className="col-start-2 text-sm text-base-content/75">{conditionMeaning(product.condition)}</dd>
            <dt className="font-semibold">{t('detail.location')}</dt>
            <dd>
              <PlaceText area={product.location} district={product.district} />
            </dd>
          </dl>
          {/* How the price stands, after the condition and the place: it comes once the app has asked for it, and
              below them it moves neither, nor pushes them under a phone's bottom bar (issue 35). */}
          {!held && <PriceStanding product={product} />}
          {reserved && <p className="alert alert-warning">{t('detail.reservedNotice')}</p>}
          <div className="flex flex-wrap gap-3">
            <ActionBar price={mine ? null : product.resalePrice} fixed={!held}>
              {mainAction}
            </ActionBar>
            {!mine && <MessageSeller product={product} />}
            {mine ? null : signedIn ? (
              <button type="button" className="btn btn-outline btn-error" onClick={onReport}>
                {t('detail.report')}
              </button>
            ) : (
              <Link to="/login" state={{ from: location }} className="btn btn-outline">
                {t('detail.loginForReport')}
              </Link>
            )}
          </div>
          <div className="flex items-center gap-3 rounded-xl bg-base-200 p-3">
            <img
              src={product.sellerId.userImg || '/favicon.svg'}
              alt={product.sellerId.name}
              width="48"
              height="48"
              className="h-12 w-12 rounded-full object-cover"
            />
            <div className="min-w-0">
              <Link to={`/seller/${product.sellerId._id}`} className="link block font-semibold link-hover">
                {product.sellerId.name}
              </Link>
              <div className="flex flex-wrap gap-1">
                {product.sellerId.sellerVerified && <span className="badge badge-info gap-1 text-white">{t('detail.verified')}</span>}
                {product.sellerId.numberVerified && <NumberVerified />}
              </div>
              {/* Since when, what they sold, what buyers said (issue 36): the seller's page's figures, asked for beside the
                  phone; their two lines kept before they come, so nothing below moves. */}
              <p className="min-h-8 text-xs text-base-content/75">
                {seller && (
                  <>
                    <Sentence text={(date) => t('seller.memberSince', { date })}>
                      <time dateTime={seller.memberSince}>{localDate(seller.memberSince)}</time>
                    </Sentence>
                    {' · '}
                    {t('detail.sellerSold', { count: seller.soldCount, shown: number(seller.soldCount) })}
                    {' · '}
                    {t('detail.sellerReviews', { count: seller.rating.count, shown: number(seller.rating.count) })}
                  </>
                )}
              </p>
            </div>
            <div className="ml-auto min-h-12">{seller && <SellerRating sellerVerified={product.sellerId.sellerVerified} rating={seller.rating} />}</div>
          </div>
          <p className="leading-relaxed">{product.description}</p>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t('detail.category')}</dt>
            <dd>{product.categoryId.category}</dd>
            <dt className="font-semibold">{t('detail.useYears')}</dt>
            <dd>{number(product.useYears)}</dd>
            <SpecRows product={product} />
            <dt className="font-semibold">{t('detail.posted')}</dt>
            <dd>
              <time dateTime={product.date}>{localDate(product.date)}</time>
            </dd>
          </dl>
          {product.boughtHere && product.boughtHere.length > 0 && (
            // The handset's history on this site (issue 31): bought here before, listed again by its owner.
            <section aria-labelledby="bought-here" className="rounded-box bg-base-200 p-3 text-sm">
              <h2 id="bought-here" className="font-semibold">
                {t('detail.boughtHereTitle')}
              </h2>
              <ul>
                {product.boughtHere.map((sale) => (
                  <li key={`${sale.date}-${sale.price}`}>
                    <Sentence text={(date) => t('detail.boughtHere', { date, price: priceBdt(sale.price) })}>
                      <time dateTime={sale.date}>{localDate(sale.date)}</time>
                    </Sentence>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </article>
      <SimilarPhones id={product._id} />
      <LatestReviews sellerId={product.sellerId._id} sellerName={product.sellerId.name} />
      {user && reporting && (
        // It waits, unseen, for the forms' messages: the page behind it stays.
        <Suspense fallback={null}>
          <ReportDialog
            product={product}
            open
            onClose={() => setReporting(false)}
            onReported={() => {
              rememberReported(user._id, product._id);
              setReporting(false);
            }}
          />
        </Suspense>
      )}
      {signedIn && bookingOpen && (
        <Suspense fallback={null}>
          <BookingModal product={product} open onClose={closeBooking} onBooked={() => setJustBooked(true)} />
        </Suspense>
      )}
    </main>
  );
}

/** How the phone's price stands against the usual price of its model, storage and condition (issue 34's price guide). */
function PriceStanding({ product }: { product: Product }) {
  const t = useT();
  const guide = useGuide({ model: product.phoneModel?._id, storage: product.storageGb, condition: product.condition });
  const model = product.phoneModel;
  return guide && model ? (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <GuideBadge guide={guide} price={product.resalePrice} />
      <Link className="link text-sm" to={pricesPath(product.categoryId.category, model.slug)}>
        {t('guide.seePrices', { model: `${product.categoryId.category} ${model.name}` })}
      </Link>
    </p>
  ) : null;
}
