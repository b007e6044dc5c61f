import { conditionMeaning } from '@market/contract/rules';
import { lazy, Suspense, useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { Link, useLocation, useParams } from 'react-router';
import { Gallery } from '../../components/gallery.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { localDate, taka } from '../../lib/format.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useProductQuery } from './api.ts';
import { ReportDialog } from './report-dialog.tsx';
import { rememberReported, reportedByMe } from './reported-by-me.ts';
import { SpecRows } from './listing-specs.tsx';
import { LatestReviews } from './latest-reviews.tsx';
import { useSellerProfileQuery } from './reviews-api.ts';
import { SellerRating } from './seller-rating.tsx';

// The booking form (and its form library) loads when someone books.
const BookingModal = lazy(() => import('./booking-modal.tsx').then((m) => ({ default: m.BookingModal })));

export function DetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { data: product, isLoading, isError } = useProductQuery(id);
  const { signedIn, user } = useAuth();
  const [booking, setBooking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { data: seller } = useSellerProfileQuery(product?.sellerId._id ?? '', { skip: !product });

  if (isLoading) return <Spinner label="Loading product" />;
  if (isError || !product) return <NotFound />;

  const sold = product.status !== 'available';
  const onReport = () => {
    // Reported by this user already: confirm without a new call, as the spec says. Otherwise ask why (issue 16).
    if (user && reportedByMe(user._id).includes(product._id)) return void notify.success(`${product.productName} reported successfully`);
    setReporting(true);
  };

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <article className="grid gap-8 md:grid-cols-2">
        <Gallery pictures={product.images.length > 0 ? product.images : [{ url: product.img, srcset: '' }]} name={product.productName} />
        <div className="min-w-0 space-y-4 wrap-anywhere">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold">{product.productName}</h1>
            {sold && <span className="badge badge-error badge-lg text-white">Sold</span>}
          </div>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">Location</dt>
            <dd>{product.location}</dd>
            <dt className="font-semibold">Category</dt>
            <dd>{product.categoryId.category}</dd>
            <dt className="font-semibold">Condition</dt>
            <dd>{product.condition}</dd>
            {/* What the condition means, under it: a second description of the same term. */}
            <dd className="col-start-2 text-sm text-base-content/75">{conditionMeaning[product.condition]}</dd>
            <dt className="font-semibold">Year of Used</dt>
            <dd>{product.useYears}</dd>
            <SpecRows product={product} />
            <dt className="font-semibold">Posted</dt>
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
              {product.sellerId.sellerVerified && <span className="badge badge-info gap-1 text-white">✔ Verified</span>}
            </div>
            <div className="ml-auto min-h-12">{seller && <SellerRating sellerVerified={product.sellerId.sellerVerified} rating={seller.rating} />}</div>
          </div>
          <p className="text-lg">
            <del className="mr-3 text-base-content/60">{taka(product.originalPrice)} BDT</del>
            <strong className="text-2xl text-primary">{taka(product.resalePrice)} BDT</strong>
          </p>
          <p className="leading-relaxed">{product.description}</p>
          {sold && <p className="alert alert-warning">This phone has been sold and can no longer be booked.</p>}
          <div className="flex flex-wrap gap-3">
            {signedIn ? (
              <>
                <button type="button" className="btn btn-primary" disabled={sold} onClick={() => setBooking(true)}>
                  Book Now
                </button>
                <button type="button" className="btn btn-outline btn-error" onClick={onReport}>
                  Report
                </button>
              </>
            ) : (
              <>
                {/* Signed out: the spec's texts, quieter than 'Book Now', leading to the login and back to this phone. */}
                {sold ? (
                  <button type="button" className="btn btn-outline" disabled>
                    Login for Order
                  </button>
                ) : (
                  <Link to="/login" state={{ from: location }} className="btn btn-outline btn-primary">
                    Login for Order
                  </Link>
                )}
                <Link to="/login" state={{ from: location }} className="btn btn-outline">
                  Login for Report
                </Link>
              </>
            )}
          </div>
        </div>
      </article>
      <LatestReviews sellerId={product.sellerId._id} sellerName={product.sellerId.name} />
      {user && reporting && (
        <ReportDialog
          product={product}
          open
          onClose={() => setReporting(false)}
          onReported={() => {
            rememberReported(user._id, product._id);
            setReporting(false);
          }}
        />
      )}
      {signedIn && booking && (
        <Suspense fallback={null}>
          <BookingModal product={product} open onClose={() => setBooking(false)} />
        </Suspense>
      )}
    </main>
  );
}
