import type { NewOrderBody, Ok, Order } from '@market/contract';
import { api } from '../../lib/api.ts';

export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    createOrder: build.mutation<Order, NewOrderBody>({
      query: (body) => ({ url: 'order', method: 'POST', body }),
      transformResponse: (res: Ok<Order>) => res.data,
      invalidatesTags: ['order'],
    }),
  }),
});

export const { useCreateOrderMutation } = bookingApi;
