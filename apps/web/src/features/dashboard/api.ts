import type { AuditAction, EditProductBody, EditReviewBody, NewProductBody, NewReviewBody, Period } from '@market/contract';
import { api } from '../../lib/api.ts';
import { call, pages } from '../../lib/endpoint.ts';

/** Rows per page of every dashboard list; 'Load more' fetches the next ones. */
export const DASHBOARD_PAGE = 50;
/** Outbox mails per page (each may be long). */
export const OUTBOX_PAGE = 20;

const byId = (id: string) => ({ params: { id } });

/** Every dashboard call. Product mutations invalidate 'product', order mutations 'order', user mutations 'auth'. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminOverview: build.query({ ...call('adminOverview', (period: Period) => ({ query: { period } })), providesTags: ['product', 'auth'] }),
    sellerOverview: build.query({ ...call('sellerOverview', byId), providesTags: ['product', 'order'] }),
    buyerOverview: build.query({ ...call('buyerOverview', byId), providesTags: ['order'] }),
    allSellers: build.infiniteQuery({ ...pages('allSellers', DASHBOARD_PAGE), providesTags: ['auth'] }),
    allBuyers: build.infiniteQuery({ ...pages('allBuyers', DASHBOARD_PAGE), providesTags: ['auth'] }),
    verifySeller: build.mutation({ ...call('verifySeller', byId), invalidatesTags: ['auth', 'product'] }),
    deleteUser: build.mutation({ ...call('deleteUser', byId), invalidatesTags: ['auth', 'product', 'order'] }),
    suspendSeller: build.mutation({
      ...call('suspendSeller', ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } })),
      invalidatesTags: ['auth', 'product'],
    }),
    reinstateSeller: build.mutation({
      ...call('reinstateSeller', ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } })),
      invalidatesTags: ['auth', 'product'],
    }),
    reportQueue: build.infiniteQuery({ ...pages('reportQueue', DASHBOARD_PAGE), providesTags: ['product'] }),
    dismissReports: build.mutation({
      ...call('dismissReports', ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } })),
      invalidatesTags: ['product'],
    }),
    warnSeller: build.mutation({
      ...call('warnSeller', ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } })),
      invalidatesTags: ['product'],
    }),
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
    deleteProduct: build.mutation({ ...call('deleteProduct', byId), invalidatesTags: ['product', 'order'] }),
    hideProduct: build.mutation({ ...call('hideProduct', byId), invalidatesTags: ['product'] }),
    myOrders: build.infiniteQuery({ ...pages('buyerOrders', DASHBOARD_PAGE, byId), providesTags: ['order'] }),
    deleteOrder: build.mutation({ ...call('deleteOrder', byId), invalidatesTags: ['order'] }),
    /** The buyer's review of a paid order, and its change: the order shows it, the seller's pages count it. */
    review: build.mutation({ ...call('review', (body: NewReviewBody) => ({ body })), invalidatesTags: ['order', 'review'] }),
    editReview: build.mutation({
      ...call('editReview', ({ id, body }: { id: string; body: EditReviewBody }) => ({ params: { id }, body })),
      invalidatesTags: ['order', 'review'],
    }),
    sellerBookings: build.infiniteQuery({ ...pages('sellerBookings', DASHBOARD_PAGE, byId), providesTags: ['order'] }),
    declineBooking: build.mutation({ ...call('declineBooking', byId), invalidatesTags: ['order'] }),
    acceptBooking: build.mutation({ ...call('acceptBooking', byId), invalidatesTags: ['order'] }),
    paidOrders: build.infiniteQuery({ ...pages('paidOrders', DASHBOARD_PAGE), providesTags: ['order'] }),
    refundOrder: build.mutation({
      ...call('refundOrder', ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } })),
      invalidatesTags: ['order'],
    }),
    outbox: build.infiniteQuery(pages('outbox', OUTBOX_PAGE)),
    auditLog: build.infiniteQuery(pages('auditLog', DASHBOARD_PAGE, (action: AuditAction | undefined) => ({ query: { action } }))),
  }),
});

export const {
  useAdminOverviewQuery,
  useSellerOverviewQuery,
  useBuyerOverviewQuery,
  useAllSellersInfiniteQuery,
  useAllBuyersInfiniteQuery,
  useVerifySellerMutation,
  useDeleteUserMutation,
  useReportQueueInfiniteQuery,
  useDismissReportsMutation,
  useWarnSellerMutation,
  useSuspendSellerMutation,
  useReinstateSellerMutation,
  useSellerProductsInfiniteQuery,
  useAddProductMutation,
  useListingQuery,
  useEditProductMutation,
  useAdvertiseProductMutation,
  useStopAdvertisingMutation,
  useMarkSoldMutation,
  useHideProductMutation,
  useDeleteProductMutation,
  useMyOrdersInfiniteQuery,
  useDeleteOrderMutation,
  useReviewMutation,
  useEditReviewMutation,
  useSellerBookingsInfiniteQuery,
  useDeclineBookingMutation,
  useAcceptBookingMutation,
  usePaidOrdersInfiniteQuery,
  useRefundOrderMutation,
  useOutboxInfiniteQuery,
  useAuditLogInfiniteQuery,
} = dashboardApi;
