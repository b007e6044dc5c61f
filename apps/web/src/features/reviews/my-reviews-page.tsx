import { Link } from 'react-router';
import { Sentence } from '../../components/sentence.tsx';
import { useT } from '../../lib/i18n.ts';
import { paged } from '../../lib/pages.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { PagedReviews } from '../../components/review-list.tsx';
import { SellerRating } from '../../components/seller-rating.tsx';
import { useSellerProfileQuery, useSellerReviewsInfiniteQuery } from '../../lib/reviews-api.ts';

/** The seller's 'My Reviews' in the dashboard: their standing, every review of their sales, newest first, each to answer once. */
export default function MyReviews() {
  const { user } = useAuth();
  const t = useT('catalog');
  const id = user?._id ?? '';
  const profile = useSellerProfileQuery(id, { skip: !user });
  const list = useSellerReviewsInfiniteQuery(id, { skip: !user });
  const { rows, more } = paged(list);
  return (
    <section className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('myReviews.title')}</h1>
        {profile.data && <SellerRating sellerVerified={profile.data.sellerVerified} rating={profile.data.rating} />}
      </div>
      <p className="text-base-content/75">
        <Sentence text={(page) => t('myReviews.intro', { page })}>
          <Link to={`/seller/${id}`} className="link link-primary">
            {t('myReviews.publicPage')}
          </Link>
        </Sentence>
      </p>
      <PagedReviews rows={rows} more={more} mine empty={<p className="py-8 text-center text-lg text-base-content/75">{t('myReviews.none')}</p>} />
    </section>
  );
}
