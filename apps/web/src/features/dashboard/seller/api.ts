import type { EditProductBody, NewProductBody } from '@market/contract';
import { api, dealConversations } from '../../../lib/api.ts';
import { call, pages } from '../../../lib/endpoint.ts';
import { byId, DASHBOARD_PAGE } from '../api.ts';

/** The seller's calls: the overview, their listings and the bookings of their phones. */
export const sellerApi = api.injectEndpoints({
  endpoints: (build) => ({
    sellerOverview: build.query({ ...call('sellerOverview', byId), providesTags: ['product', 'order'] }),
    sellerProducts: build.infiniteQuery({ ...pages('sellerProducts', DASHBOARD_PAGE, byId), providesTags: ['product'] }),
    addProduct: build.mutation({ ...call('addProduct', (body: NewProductBody) => ({ body })), invalidatesTags: ['product'] }),
    /** A listing to edit, as its seller sees it (the phone number, the whole IMEI). */
    listing: build.query({ ...call('ownProduct', byId), providesTags: ['product'] }),
    editProduct: build.mutation({
      ...call('editProduct', ({ id, body }: { id: string; body: EditProductBody }) => ({ params: { id }, body })),
      invalidatesTags: ['product'],
    }),
    advertiseProduct: build.mutation({ ...call('advertiseProduct', byId), invalidatesTags: ['product'] }),
    stopAdvertising: build.mutation({ ...call('stopAdvertising', byId), invalidatesTags: ['product'] }),
    markSold: build.mutation({ ...call('markSold', byId), invalidatesTags: ['product', 'order'] }),
    hideProduct: build.mutation({ ...call('hideProduct', byId), invalidatesTags: ['product'] }),
    sellerBookings: build.infiniteQuery({ ...pages('sellerBookings', DASHBOARD_PAGE, byId), providesTags: ['order', dealConversations] }),
    // An accept reserves the phone, a decline or a call-off may free it, a handover sells it (issue 31).
    declineBooking: build.mutation({ ...call('declineBooking', byId), invalidatesTags: ['order', 'product'] }),
    acceptBooking: build.mutation({ ...call('acceptBooking', byId), invalidatesTags: ['order', 'product'] }),
    handOver: build.mutation({
      ...call('handOver', ({ id, code }: { id: string; code: string }) => ({ params: { id }, body: { code } })),
      invalidatesTags: ['order', 'product'],
    }),
    callOffBooking: build.mutation({ ...call('callOffBooking', byId), invalidatesTags: ['order', 'product'] }),
    /** The seller's answer in the dispute of a deal of their phone (issue 32): the thread shows it. */
    answerDisputeBooking: build.mutation({
      ...call('answerDisputeBooking', ({ id, text }: { id: string; text: string }) => ({ params: { id }, body: { text } })),
      invalidatesTags: ['order'],
    }),
  }),
});

export const {
  useSellerOverviewQuery,
  useSellerProductsInfiniteQuery,
  useAddProductMutation,
  useListingQuery,
  useEditProductMutation,
  useAdvertiseProductMutation,
  useStopAdvertisingMutation,
  useMarkSoldMutation,
  useHideProductMutation,
  useSellerBookingsInfiniteQuery,
  useDeclineBookingMutation,
  useAcceptBookingMutation,
  useHandOverMutation,
  useCallOffBookingMutation,
  useAnswerDisputeBookingMutation,
} = sellerApi;
