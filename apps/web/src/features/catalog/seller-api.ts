import { api } from '../../lib/api.ts';
import { call, pages } from '../../lib/endpoint.ts';

/** A phone's page shows its seller's newest reviews. */
export const DETAIL_REVIEWS = 3;
/** Phones per page on the seller's page. */
const LISTINGS_PAGE = 12;

const byId = (id: string) => ({ params: { id } });

/** The seller's page's phones on sale, and a phone's page's newest reviews of its seller (their standing: lib/reviews-api.ts). */
export const sellerPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    latestReviews: build.query({ ...call('sellerReviews', (id: string) => ({ params: { id }, query: { limit: DETAIL_REVIEWS } })), providesTags: ['review'] }),
    sellerListings: build.infiniteQuery({ ...pages('sellerListings', LISTINGS_PAGE, byId), providesTags: ['product'] }),
  }),
});

export const { useLatestReviewsQuery, useSellerListingsInfiniteQuery } = sellerPageApi;
