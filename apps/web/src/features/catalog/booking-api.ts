import type { NewOrderBody } from '@market/contract';
import { api } from '../../lib/api.ts';
import { call } from '../../lib/endpoint.ts';

export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    createOrder: build.mutation({ ...call('book', (body: NewOrderBody) => ({ body })), invalidatesTags: ['order'] }),
  }),
});

export const { useCreateOrderMutation } = bookingApi;
