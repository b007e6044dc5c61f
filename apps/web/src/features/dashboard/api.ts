import type { AdminOverview, AuthResult, BuyerOverview, ChangePasswordBody, NewProductBody, Ok, Order, OutboxMail, Page, Product, SellerOverview, User } from '@market/contract';
import { api } from '../../lib/api.ts';

/** Outbox mails per page; 'Load more' fetches the next ones. */
export const OUTBOX_PAGE = 20;

/** Every dashboard call. Product mutations invalidate 'product', order mutations 'order', user mutations 'auth'. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminOverview: build.query<AdminOverview, void>({
      query: () => 'admin-overview',
      transformResponse: (res: Ok<AdminOverview>) => res.data,
      providesTags: ['product', 'auth'],
    }),
    sellerOverview: build.query<SellerOverview, string>({
      query: (id) => `seller-overview/${encodeURIComponent(id)}`,
      transformResponse: (res: Ok<SellerOverview>) => res.data,
      providesTags: ['product', 'order'],
    }),
    buyerOverview: build.query<BuyerOverview, string>({
      query: (id) => `buyer-overview/${encodeURIComponent(id)}`,
      transformResponse: (res: Ok<BuyerOverview>) => res.data,
      providesTags: ['order'],
    }),
    allSellers: build.query<User[], void>({
      query: () => 'all-seller',
      transformResponse: (res: Ok<User[]>) => res.data,
      providesTags: ['auth'],
    }),
    allBuyers: build.query<User[], void>({
      query: () => 'all-buyer',
      transformResponse: (res: Ok<User[]>) => res.data,
      providesTags: ['auth'],
    }),
    verifySeller: build.mutation<User, string>({
      query: (id) => ({ url: `verify-seller/${encodeURIComponent(id)}`, method: 'PUT' }),
      invalidatesTags: ['auth', 'product'],
    }),
    deleteUser: build.mutation<unknown, string>({
      query: (id) => ({ url: `user/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['auth', 'product', 'order'],
    }),
    reportedProducts: build.query<Product[], void>({
      query: () => 'all-reported-products',
      transformResponse: (res: Ok<Product[]>) => res.data,
      providesTags: ['product'],
    }),
    sellerProducts: build.query<Product[], string>({
      query: (id) => `seller-products/${encodeURIComponent(id)}`,
      transformResponse: (res: Ok<Product[]>) => res.data,
      providesTags: ['product'],
    }),
    addProduct: build.mutation<Product, NewProductBody>({
      query: (body) => ({ url: 'product', method: 'POST', body }),
      invalidatesTags: ['product'],
    }),
    advertiseProduct: build.mutation<Product, string>({
      query: (id) => ({ url: `advertise-product/${encodeURIComponent(id)}`, method: 'PUT' }),
      invalidatesTags: ['product'],
    }),
    deleteProduct: build.mutation<unknown, string>({
      query: (id) => ({ url: `product/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['product', 'order'],
    }),
    myOrders: build.query<Order[], string>({
      query: (id) => `orders/${encodeURIComponent(id)}`,
      transformResponse: (res: Ok<Order[]>) => res.data,
      providesTags: ['order'],
    }),
    order: build.query<Order, string>({
      query: (id) => `order/${encodeURIComponent(id)}`,
      transformResponse: (res: Ok<Order>) => res.data,
      providesTags: ['order'],
    }),
    deleteOrder: build.mutation<unknown, string>({
      query: (id) => ({ url: `order/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['order'],
    }),
    /** A new session for this browser; every other session of the account has ended. */
    changePassword: build.mutation<AuthResult, ChangePasswordBody>({
      query: (body) => ({ url: 'change-password', method: 'POST', body }),
      transformResponse: (res: Ok<AuthResult>) => res.data,
    }),
    /** Ends every session of the account, this one included. */
    logoutEverywhere: build.mutation<unknown, void>({
      query: () => ({ url: 'logout-everywhere', method: 'POST' }),
    }),
    outbox: build.infiniteQuery<Page<OutboxMail>, void, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.meta.nextCursor },
      query: ({ pageParam }) => `outbox?limit=${OUTBOX_PAGE}${pageParam ? `&cursor=${pageParam}` : ''}`,
    }),
  }),
});

export const {
  useAdminOverviewQuery,
  useSellerOverviewQuery,
  useBuyerOverviewQuery,
  useAllSellersQuery,
  useAllBuyersQuery,
  useVerifySellerMutation,
  useDeleteUserMutation,
  useReportedProductsQuery,
  useSellerProductsQuery,
  useAddProductMutation,
  useAdvertiseProductMutation,
  useDeleteProductMutation,
  useMyOrdersQuery,
  useOrderQuery,
  useDeleteOrderMutation,
  useChangePasswordMutation,
  useLogoutEverywhereMutation,
  useOutboxInfiniteQuery,
} = dashboardApi;
