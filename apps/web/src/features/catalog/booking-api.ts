import type { NewOrderBody } from '@market/contract';
import { api } from '../../lib/api.ts';
import { call } from '../../lib/endpoint.ts';

export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    createOrder: build.mutation({ ...call('book', (body: NewOrderBody) => ({ body })), invalidatesTags: ['order'] }),
    /** The signed-in buyer's booking of a phone, if any (its page says so instead of Book Now: issue 35). */
    myBookingOf: build.query({
      ...call('buyerOrders', ({ buyer, productId }: { buyer: string; productId: string }) => ({ params: { id: buyer }, query: { productId, limit: 1 } })),
      providesTags: ['order'],
    }),
  }),
});

export const { useCreateOrderMutation, useMyBookingOfQuery } = bookingApi;
