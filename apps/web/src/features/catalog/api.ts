import type { Category, Ok, Product } from '@market/contract';
import { api } from '../../lib/api.ts';

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
    categoryProducts: build.query<Product[], string>({
      query: (id) => `category-products/${encodeURIComponent(id)}`,
      transformResponse: (res: Ok<Product[]>) => res.data,
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

export const { useCategoriesQuery, useAdvertisedProductsQuery, useCategoryProductsQuery, useProductQuery, useReportProductMutation } = catalogApi;
