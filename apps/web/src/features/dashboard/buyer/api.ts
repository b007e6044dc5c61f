import type { EditReviewBody, NewReviewBody } from '@market/contract';
import { api } from '../../../lib/api.ts';
import { call, pages } from '../../../lib/endpoint.ts';
import { byId, DASHBOARD_PAGE } from '../api.ts';

/** The buyer's calls: the overview, their orders and their reviews of paid ones. */
export const buyerApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyerOverview: build.query({ ...call('buyerOverview', byId), providesTags: ['order'] }),
    myOrders: build.infiniteQuery({ ...pages('buyerOrders', DASHBOARD_PAGE, byId), providesTags: ['order'] }),
    deleteOrder: build.mutation({ ...call('deleteOrder', byId), invalidatesTags: ['order'] }),
    /** The buyer's review of a paid order, and its change: the order shows it, the seller's pages count it. */
    review: build.mutation({ ...call('review', (body: NewReviewBody) => ({ body })), invalidatesTags: ['order', 'review'] }),
    editReview: build.mutation({
      ...call('editReview', ({ id, body }: { id: string; body: EditReviewBody }) => ({ params: { id }, body })),
      invalidatesTags: ['order', 'review'],
    }),
  }),
});

export const { useBuyerOverviewQuery, useMyOrdersInfiniteQuery, useDeleteOrderMutation, useReviewMutation, useEditReviewMutation } = buyerApi;
