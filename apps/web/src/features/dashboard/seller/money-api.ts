import { api } from '../../../lib/api.ts';
import { call, pages } from '../../../lib/endpoint.ts';
import { DASHBOARD_PAGE } from '../api.ts';

/**
 * The seller's money (issue 32): the site's fee terms (the product form's note), their earnings and their sales.
 * A deal's move changes both, so they are kept under the 'order' tag; the CSV of the sales is sales-csv.ts.
 */
export const moneyApi = api.injectEndpoints({
  endpoints: (build) => ({
    fees: build.query(call('fees')),
    earnings: build.query({ ...call('earnings'), providesTags: ['order'] }),
    sales: build.infiniteQuery({ ...pages('sales', DASHBOARD_PAGE), providesTags: ['order'] }),
  }),
});

export const { useFeesQuery, useEarningsQuery, useSalesInfiniteQuery } = moneyApi;
