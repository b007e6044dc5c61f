import { api } from '../../lib/api.ts';
import { call, pages } from '../../lib/endpoint.ts';

/** Reviews per page on the seller's page, and on a phone's page (its seller's newest). */
export const REVIEWS_PAGE = 10;
export const DETAIL_REVIEWS = 3;
/** Phones per page on the seller's page. */
const LISTINGS_PAGE = 12;

const byId = (id: string) => ({ params: { id } });

/** The seller's public page: the head (rating, counts), the reviews and the phones on sale; the seller's answer. */
export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sellerProfile: build.query({ ...call('sellerProfile', byId), providesTags: ['review', 'product'] }),
    sellerReviews: build.infiniteQuery({ ...pages('sellerReviews', REVIEWS_PAGE, byId), providesTags: ['review'] }),
    latestReviews: build.query({ ...call('sellerReviews', (id: string) => ({ params: { id }, query: { limit: DETAIL_REVIEWS } })), providesTags: ['review'] }),
    sellerListings: build.infiniteQuery({ ...pages('sellerListings', LISTINGS_PAGE, byId), providesTags: ['product'] }),
    answerReview: build.mutation({
      ...call('answerReview', ({ id, answer }: { id: string; answer: string }) => ({ params: { id }, body: { answer } })),
      invalidatesTags: ['review'],
    }),
  }),
});

export const { useSellerProfileQuery, useSellerReviewsInfiniteQuery, useLatestReviewsQuery, useSellerListingsInfiniteQuery, useAnswerReviewMutation } =
  reviewsApi;
