import { api } from '../../lib/api.ts';
import { call, pages } from '../../lib/endpoint.ts';
import { categoryPageSize } from '@market/contract/routes';

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The home page shows the first page of advertised phones. */
    advertisedProducts: build.query({ ...call('advertisedProducts'), providesTags: ['product'] }),
    categoryProducts: build.infiniteQuery({ ...pages('categoryProducts', categoryPageSize, (id: string) => ({ params: { id } })), providesTags: ['product'] }),
    product: build.query({ ...call('product', (id: string) => ({ params: { id } })), providesTags: ['product'] }),
    reportProduct: build.mutation({ ...call('reportProduct', (id: string) => ({ params: { id } })), invalidatesTags: ['product'] }),
  }),
});

export const { useAdvertisedProductsQuery, useCategoryProductsInfiniteQuery, useProductQuery, useReportProductMutation } = catalogApi;
