import type { PaymentIntentCreated } from '@market/contract';
import { api } from '../../lib/api.ts';
import { call } from '../../lib/endpoint.ts';

interface PaymentRecord {
  token: string;
  orderId: string;
  transactionId: string;
  buyerName: string;
  productPrice: number;
  productId: string | null;
  productName: string;
}

export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The order being paid (its buyer's own). */
    order: build.query({ ...call('order', (id: string) => ({ params: { id } })), providesTags: ['order'] }),
    createPaymentIntent: build.mutation({
      ...call('createPaymentIntent', (body: { orderId: string }) => ({ body })),
      // The intent is in `data`; the spec's client also found `clientSecret` at the top.
      transformResponse: (body: { data: PaymentIntentCreated }) => body.data,
    }),
    /** bKash: where to send the buyer (bKash's page), for the order's own amount. */
    bkashCreate: build.mutation(call('bkashCreate', (body: { orderId: string }) => ({ body }))),
    recordPayment: build.mutation({
      // The spec sends this one call with a 'bearer' scheme.
      ...call('recordPayment', ({ token, ...body }: PaymentRecord) => ({ body, headers: { authorization: `bearer ${token}` } })),
      invalidatesTags: ['order', 'product'],
    }),
  }),
});

export const { useOrderQuery, useCreatePaymentIntentMutation, useRecordPaymentMutation, useBkashCreateMutation } = paymentApi;
