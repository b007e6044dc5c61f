import type { ReportBody } from '@market/contract';
import { api } from '../../lib/api.ts';
import { call, pages } from '../../lib/endpoint.ts';
import { categoryPageSize } from '@market/contract/routes';

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The home page shows the first page of advertised phones. */
    advertisedProducts: build.query({ ...call('advertisedProducts'), providesTags: ['product'] }),
    categoryProducts: build.infiniteQuery({ ...pages('categoryProducts', categoryPageSize, (id: string) => ({ params: { id } })), providesTags: ['product'] }),
    product: build.query({ ...call('product', (id: string) => ({ params: { id } })), providesTags: ['product'] }),
    /** A listing as its seller (or an Admin) sees it: one held for a check (issue 36) is not public. */
    ownProduct: build.query({ ...call('ownProduct', (id: string) => ({ params: { id } })), providesTags: ['product'] }),
    /** Phones like one (issue 34): on its page, a sold one's too. */
    similarProducts: build.query({ ...call('similarProducts', (id: string) => ({ params: { id } })), providesTags: ['product'] }),
    report: build.mutation({ ...call('report', (body: ReportBody) => ({ body })), invalidatesTags: ['product'] }),
  }),
});

export const { useAdvertisedProductsQuery, useCategoryProductsInfiniteQuery, useProductQuery, useOwnProductQuery, useReportMutation, useSimilarProductsQuery } =
  catalogApi;
