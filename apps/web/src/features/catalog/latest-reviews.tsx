import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { ReviewList } from '../../components/review-list.tsx';
import { useLatestReviewsQuery } from './seller-api.ts';

/** Under a phone: its seller's newest reviews and the way to all of them on the seller's page (none yet: nothing). */
export function LatestReviews({ sellerId, sellerName }: { sellerId: string; sellerName: string }) {
  const { data } = useLatestReviewsQuery(sellerId);
  const t = useT('catalog');
  const reviews = data?.data ?? [];
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby="seller-reviews" className="mt-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="seller-reviews" className="text-xl font-bold">
          {t('reviews.whatBuyersSay', { name: sellerName })}
        </h2>
        <Link to={`/seller/${sellerId}#reviews`} className="link link-primary">
          {t('reviews.seeAll')}
        </Link>
      </div>
      <ReviewList reviews={reviews} />
    </section>
  );
}
