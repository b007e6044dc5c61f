import type { PayoutMethodBody } from '@market/contract';
import { api } from '../../../lib/api.ts';
import { call, pages } from '../../../lib/endpoint.ts';
import { DASHBOARD_PAGE } from '../api.ts';

/** A change that answers the new payout method: the method is asked again only when it took. */
const methodChanged = (result: unknown) => (result ? (['payout-method'] as const) : []);

/**
 * The seller's money (issue 32): the site's fee terms (the product form's note), their earnings and their sales, where
 * they are paid and their payouts. A deal's move changes the figures and the sales, so they are kept under the 'order'
 * tag; a payout changes the figures and the payouts ('payout'). The CSV of the sales is sales-csv.ts.
 */
export const moneyApi = api.injectEndpoints({
  endpoints: (build) => ({
    fees: build.query(call('fees')),
    earnings: build.query({ ...call('earnings'), providesTags: ['order', 'payout'] }),
    sales: build.infiniteQuery({ ...pages('sales', DASHBOARD_PAGE), providesTags: ['order'] }),
    payoutMethod: build.query({ ...call('payoutMethod'), providesTags: ['payout-method'] }),
    setPayoutMethod: build.mutation({ ...call('setPayoutMethod', (body: PayoutMethodBody) => ({ body })), invalidatesTags: methodChanged }),
    confirmPayoutNumber: build.mutation({ ...call('confirmPayoutNumber', (code: string) => ({ body: { code } })), invalidatesTags: methodChanged }),
    // All the available money: the page offers no part payout.
    requestPayout: build.mutation({ ...call('requestPayout', (_: void) => ({ body: {} })), invalidatesTags: ['payout'] }),
    payouts: build.infiniteQuery({ ...pages('payouts', DASHBOARD_PAGE), providesTags: ['payout'] }),
  }),
});

export const {
  useFeesQuery,
  useEarningsQuery,
  useSalesInfiniteQuery,
  usePayoutMethodQuery,
  useSetPayoutMethodMutation,
  useConfirmPayoutNumberMutation,
  useRequestPayoutMutation,
  usePayoutsInfiniteQuery,
} = moneyApi;
