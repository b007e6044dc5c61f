import { Link } from 'react-router';
import { paged } from '../../lib/pages.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { PagedReviews } from './review-list.tsx';
import { useSellerProfileQuery, useSellerReviewsInfiniteQuery } from './reviews-api.ts';
import { SellerRating } from './seller-rating.tsx';

/** The seller's 'My Reviews' in the dashboard: their standing, every review of their sales, newest first, each to answer once. */
export default function MyReviews() {
  const { user } = useAuth();
  const id = user?._id ?? '';
  const profile = useSellerProfileQuery(id, { skip: !user });
  const list = useSellerReviewsInfiniteQuery(id, { skip: !user });
  const { rows, more } = paged(list);
  return (
    <section className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">My Reviews</h1>
        {profile.data && <SellerRating sellerVerified={profile.data.sellerVerified} rating={profile.data.rating} />}
      </div>
      <p className="text-base-content/75">
        Buyers who paid for one of your phones through this site can review you. Answer a review once, politely: everyone sees it on{' '}
        <Link to={`/seller/${id}`} className="link link-primary">
          your public page
        </Link>
        .
      </p>
      <PagedReviews rows={rows} more={more} mine empty={<p className="py-8 text-center text-lg text-base-content/75">No reviews yet</p>} />
    </section>
  );
}
