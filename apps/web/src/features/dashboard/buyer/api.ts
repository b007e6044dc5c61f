import type { DisputeBody, EditReviewBody, NewReviewBody } from '@market/contract';
import { api, dealConversations } from '../../../lib/api.ts';
import { call, pages } from '../../../lib/endpoint.ts';
import { byId, DASHBOARD_PAGE } from '../api.ts';

/** The buyer's calls: the overview, their orders and their reviews of paid ones. */
export const buyerApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyerOverview: build.query({ ...call('buyerOverview', byId), providesTags: ['order'] }),
    myOrders: build.infiniteQuery({ ...pages('buyerOrders', DASHBOARD_PAGE, byId), providesTags: ['order', dealConversations] }),
    deleteOrder: build.mutation({ ...call('deleteOrder', byId), invalidatesTags: ['order', 'product'] }),
    /** The handover screen's code and checks (issue 31): asked each time the screen opens, never kept. */
    handoverCode: build.query({ ...call('handoverCode', byId), keepUnusedDataFor: 0 }),
    callOffOrder: build.mutation({ ...call('callOffOrder', byId), invalidatesTags: ['order', 'product'] }),
    openDispute: build.mutation({
      ...call('openDispute', ({ id, body }: { id: string; body: DisputeBody }) => ({ params: { id }, body })),
      invalidatesTags: ['order'],
    }),
    /** The buyer's answer in their deal's dispute (issue 32): the thread shows it. */
    answerDisputeOrder: build.mutation({
      ...call('answerDisputeOrder', ({ id, text }: { id: string; text: string }) => ({ params: { id }, body: { text } })),
      invalidatesTags: ['order'],
    }),
    /** The buyer's review of a paid order, and its change: the order shows it, the seller's pages count it. */
    review: build.mutation({ ...call('review', (body: NewReviewBody) => ({ body })), invalidatesTags: ['order', 'review'] }),
    editReview: build.mutation({
      ...call('editReview', ({ id, body }: { id: string; body: EditReviewBody }) => ({ params: { id }, body })),
      invalidatesTags: ['order', 'review'],
    }),
  }),
});

export const {
  useBuyerOverviewQuery,
  useMyOrdersInfiniteQuery,
  useDeleteOrderMutation,
  useHandoverCodeQuery,
  useCallOffOrderMutation,
  useOpenDisputeMutation,
  useAnswerDisputeOrderMutation,
  useReviewMutation,
  useEditReviewMutation,
} = buyerApi;
