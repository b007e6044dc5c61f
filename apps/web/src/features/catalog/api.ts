import { api } from '../../lib/api.ts';
import { call, pages } from '../../lib/endpoint.ts';

/** Phones per category page; 'Load more' fetches the next ones. */
export const CATEGORY_PAGE = 24;

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The home page shows the first page of advertised phones. */
    advertisedProducts: build.query({ ...call('advertisedProducts'), providesTags: ['product'] }),
    categoryProducts: build.infiniteQuery({ ...pages('categoryProducts', CATEGORY_PAGE, (id: string) => ({ params: { id } })), providesTags: ['product'] }),
    product: build.query({ ...call('product', (id: string) => ({ params: { id } })), providesTags: ['product'] }),
    reportProduct: build.mutation({ ...call('reportProduct', (id: string) => ({ params: { id } })), invalidatesTags: ['product'] }),
  }),
});

export const { useAdvertisedProductsQuery, useCategoryProductsInfiniteQuery, useProductQuery, useReportProductMutation } = catalogApi;
