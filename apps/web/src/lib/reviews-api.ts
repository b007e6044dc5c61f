import { api } from './api.ts';
import { call, pages } from './endpoint.ts';

/** Reviews per page on the seller's page and on their My Reviews. */
export const REVIEWS_PAGE = 10;

const byId = (id: string) => ({ params: { id } });

/**
 * A seller's standing (rating, counts), their reviews and their one answer to each: the catalogue's seller and
 * phone pages and the seller's My Reviews (the reviews feature) show them.
 */
export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sellerProfile: build.query({ ...call('sellerProfile', byId), providesTags: ['review', 'product'] }),
    sellerReviews: build.infiniteQuery({ ...pages('sellerReviews', REVIEWS_PAGE, byId), providesTags: ['review'] }),
    answerReview: build.mutation({
      ...call('answerReview', ({ id, answer }: { id: string; answer: string }) => ({ params: { id }, body: { answer } })),
      invalidatesTags: ['review'],
    }),
  }),
});

export const { useSellerProfileQuery, useSellerReviewsInfiniteQuery, useAnswerReviewMutation } = reviewsApi;
