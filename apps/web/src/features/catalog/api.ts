import type { Category, Ok, Page, Product } from '@market/contract';
import { api } from '../../lib/api.ts';

/** Phones per category page; 'Load more' fetches the next ones. */
export const CATEGORY_PAGE = 24;

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query<Category[], void>({
      query: () => 'category',
      transformResponse: (res: Ok<Category[]>) => res.data,
    }),
    advertisedProducts: build.query<Product[], void>({
      query: () => 'advertise-products',
      transformResponse: (res: Ok<Product[]>) => res.data,
      providesTags: ['product'],
    }),
    categoryProducts: build.infiniteQuery<Page<Product>, string, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.meta.nextCursor },
      query: ({ queryArg, pageParam }) => `category-products/${encodeURIComponent(queryArg)}?limit=${CATEGORY_PAGE}${pageParam ? `&cursor=${pageParam}` : ''}`,
      providesTags: ['product'],
    }),
    product: build.query<Product, string>({
      query: (id) => `detail-product/${encodeURIComponent(id)}`,
      transformResponse: (res: Ok<Product>) => res.data,
      providesTags: ['product'],
    }),
    reportProduct: build.mutation<Product, string>({
      query: (id) => ({ url: `report-product/${encodeURIComponent(id)}`, method: 'PUT' }),
      transformResponse: (res: Ok<Product>) => res.data,
      invalidatesTags: ['product'],
    }),
  }),
});

export const { useCategoriesQuery, useAdvertisedProductsQuery, useCategoryProductsInfiniteQuery, useProductQuery, useReportProductMutation } = catalogApi;
