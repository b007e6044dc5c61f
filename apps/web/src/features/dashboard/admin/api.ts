import type { AuditAction, DecisionBody, DisputeQuestionBody, Period } from '@market/contract';
import { api } from '../../../lib/api.ts';
import { call, pages } from '../../../lib/endpoint.ts';
import { byId, DASHBOARD_PAGE } from '../api.ts';

/** Outbox mails per page (each may be long). */
export const OUTBOX_PAGE = 20;

/** An Admin's act on a user, phone or order, with the reason the audit log keeps. */
const withReason = ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } });

/** The Admin's calls: the overview, the users, the report queue, the paid orders, the mail and SMS outboxes and the audit log (the money: money-api.ts). */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminOverview: build.query({ ...call('adminOverview', (period: Period) => ({ query: { period } })), providesTags: ['product', 'auth'] }),
    // The lists' search (issue 35, item 17): the name or e-mail the address's `?q=` holds, or every account.
    allSellers: build.infiniteQuery({ ...pages('allSellers', DASHBOARD_PAGE, (q: string | undefined) => ({ query: { q } })), providesTags: ['auth'] }),
    allBuyers: build.infiniteQuery({ ...pages('allBuyers', DASHBOARD_PAGE, (q: string | undefined) => ({ query: { q } })), providesTags: ['auth'] }),
    verifySeller: build.mutation({ ...call('verifySeller', withReason), invalidatesTags: ['auth', 'product'] }),
    deleteUser: build.mutation({ ...call('deleteUser', byId), invalidatesTags: ['auth', 'product', 'order'] }),
    suspendSeller: build.mutation({ ...call('suspendSeller', withReason), invalidatesTags: ['auth', 'product'] }),
    reinstateSeller: build.mutation({ ...call('reinstateSeller', withReason), invalidatesTags: ['auth', 'product'] }),
    suspendBuyer: build.mutation({ ...call('suspendBuyer', withReason), invalidatesTags: ['auth'] }),
    reinstateBuyer: build.mutation({ ...call('reinstateBuyer', withReason), invalidatesTags: ['auth'] }),
    reportQueue: build.infiniteQuery({ ...pages('reportQueue', DASHBOARD_PAGE), providesTags: ['product'] }),
    dismissReports: build.mutation({ ...call('dismissReports', withReason), invalidatesTags: ['product'] }),
    warnSeller: build.mutation({ ...call('warnSeller', withReason), invalidatesTags: ['product'] }),
    paidOrders: build.infiniteQuery({ ...pages('paidOrders', DASHBOARD_PAGE), providesTags: ['order'] }),
    refundOrder: build.mutation({ ...call('refundOrder', withReason), invalidatesTags: ['order'] }),
    disputes: build.infiniteQuery({ ...pages('disputes', DASHBOARD_PAGE), providesTags: ['order'] }),
    // A split says the taka back to the buyer (`refundAmount`); a refund or a release says none.
    decideDispute: build.mutation({
      ...call('decideDispute', ({ id, ...body }: { id: string } & DecisionBody) => ({ params: { id }, body })),
      invalidatesTags: ['order'],
    }),
    /** A question to one side of a dispute (issue 32): the thread shows it. */
    askDispute: build.mutation({
      ...call('askDispute', ({ id, ...body }: { id: string } & DisputeQuestionBody) => ({ params: { id }, body })),
      invalidatesTags: ['order'],
    }),
    outbox: build.infiniteQuery(pages('outbox', OUTBOX_PAGE)),
    smsOutbox: build.infiniteQuery(pages('smsOutbox', DASHBOARD_PAGE)),
    auditLog: build.infiniteQuery(pages('auditLog', DASHBOARD_PAGE, (action: AuditAction | undefined) => ({ query: { action } }))),
  }),
});

export const {
  useAdminOverviewQuery,
  useAllSellersInfiniteQuery,
  useAllBuyersInfiniteQuery,
  useVerifySellerMutation,
  useDeleteUserMutation,
  useSuspendSellerMutation,
  useReinstateSellerMutation,
  useSuspendBuyerMutation,
  useReinstateBuyerMutation,
  useReportQueueInfiniteQuery,
  useDismissReportsMutation,
  useWarnSellerMutation,
  usePaidOrdersInfiniteQuery,
  useRefundOrderMutation,
  useDisputesInfiniteQuery,
  useDecideDisputeMutation,
  useAskDisputeMutation,
  useOutboxInfiniteQuery,
  useSmsOutboxInfiniteQuery,
  useAuditLogInfiniteQuery,
} = adminApi;
