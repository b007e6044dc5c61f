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
import { usePageTitle } from '../../components/use-page-title.ts';
import { MessageSeller } from './message-seller.tsx';
import { SimilarPhones } from './similar-phones.tsx';
import { BookAction } from './book-action.tsx';
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
  const { data: seller } = useSellerProfileQuery(product?.sellerId._id ?? '', { skip: !product });
  usePageTitle(
    product &&
      (product.status === 'available'
        ? t('pageTitle.detail', { name: product.productName, price: priceBdt(product.resalePrice) })
        : t('pageTitle.sold', { name: product.productName })),
  );

  if (isLoading) return <Spinner label={t('detail.loading')} />;
  if (isError || !product) return <NotFound />;

  // Sold, or reserved for a buyer on their way to the meeting (issue 31): not to be booked now.
  const sold = product.status !== 'available';
  const mine = user?._id === product.sellerId._id;
  const reserved = product.status === 'reserved';
  // #book opens the booking form (the scam warning's protected booking, issue 33); closing it leaves the address.
  const bookingOpen = booking || (location.hash === '#book' && signedIn && !sold);
  const closeBooking = () => {
    setBooking(false);
    if (location.hash === '#book') void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  };
  const onReport = () => {
    // Reported by this user already: confirm without a new call, as the spec says. Otherwise ask why (issue 16).
    if (user && reportedByMe(user._id).includes(product._id)) return void notify.success(translate('report.done', { name: product.productName }));
    setReporting(true);
  };

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <article className="grid gap-8 md:grid-cols-2">
        <Gallery pictures={product.images.length > 0 ? product.images : [{ url: product.img, srcset: '' }]} name={product.productName} />
        <div className="min-w-0 space-y-4 wrap-anywhere">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold">{product.productName}</h1>
            <SaveButton product={product} className="ml-auto" />
            {sold && (
              <span className={`badge badge-lg ${reserved ? 'badge-warning' : 'badge-error text-white'}`}>
                {t(reserved ? 'detail.reserved' : 'detail.sold')}
              </span>
            )}
          </div>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t('detail.location')}</dt>
            <dd>
              <PlaceText area={product.location} district={product.district} />
            </dd>
            <dt className="font-semibold">{t('detail.category')}</dt>
            <dd>{product.categoryId.category}</dd>
            <dt className="font-semibold">{t('listing.condition')}</dt>
            <dd>{conditionName(product.condition)}</dd>
            {/* What the condition means, under it: a second description of the same term. */}
            <dd className="col-start-2 text-sm text-base-content/75">{conditionMeaning(product.condition)}</dd>
            <dt className="font-semibold">{t('detail.useYears')}</dt>
            <dd>{number(product.useYears)}</dd>
            <SpecRows product={product} />
            <dt className="font-semibold">{t('detail.posted')}</dt>
            <dd>
              <time dateTime={product.date}>{localDate(product.date)}</time>
            </dd>
          </dl>
          <div className="flex items-center gap-3 rounded-xl bg-base-200 p-3">
            <img
              src={product.sellerId.userImg || '/favicon.svg'}
              alt={product.sellerId.name}
              width="48"
              height="48"
              className="h-12 w-12 rounded-full object-cover"
            />
            <div>
              <Link to={`/seller/${product.sellerId._id}`} className="link block font-semibold link-hover">
                {product.sellerId.name}
              </Link>
              {product.sellerId.sellerVerified && <span className="badge badge-info gap-1 text-white">{t('detail.verified')}</span>}
            </div>
            <div className="ml-auto min-h-12">{seller && <SellerRating sellerVerified={product.sellerId.sellerVerified} rating={seller.rating} />}</div>
          </div>
          <p className="text-lg">
            <del className="mr-3 text-base-content/60">{priceBdt(product.originalPrice)}</del>
            <strong className="text-2xl text-primary">{priceBdt(product.resalePrice)}</strong>
          </p>
          {product.status === 'available' && <PriceStanding product={product} />}
          <p className="leading-relaxed">{product.description}</p>
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
          {sold && <p className="alert alert-warning">{t(reserved ? 'detail.reservedNotice' : 'detail.soldNotice')}</p>}
          <div className="flex flex-wrap gap-3">
            {mine ? (
              // The seller's own phone (issue 35): its edit and its bookings, not a way to book or report it.
              <>
                {product.status === 'available' && (
                  <Link to={`/dashboard/edit-product/${product._id}`} className="btn btn-primary">
                    {t('detail.editMine')}
                  </Link>
                )}
                <Link to="/dashboard/bookings" className="btn btn-outline">
                  {t('detail.bookingsMine')}
                </Link>
              </>
            ) : signedIn ? (
              <>
                <BookAction product={product} sold={sold} onBook={() => setBooking(true)} justBooked={justBooked} />
                <MessageSeller product={product} />
                <button type="button" className="btn btn-outline btn-error" onClick={onReport}>
                  {t('detail.report')}
                </button>
              </>
            ) : (
              <>
                {/* Signed out: the spec's texts, quieter than 'Book Now', leading to the login and back to this phone. */}
                {sold ? (
                  <button type="button" className="btn btn-outline" disabled>
                    {t('detail.loginForOrder')}
                  </button>
                ) : (
                  <Link to="/login" state={{ from: location }} className="btn btn-outline btn-primary">
                    {t('detail.loginForOrder')}
                  </Link>
                )}
                <MessageSeller product={product} />
                <Link to="/login" state={{ from: location }} className="btn btn-outline">
                  {t('detail.loginForReport')}
                </Link>
              </>
            )}
          </div>
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
