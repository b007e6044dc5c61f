import type { Ok, Payment, PaymentIntentCreated } from '@market/contract';
import { api } from '../../lib/api.ts';

export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    createPaymentIntent: build.mutation<PaymentIntentCreated, { orderId: string }>({
      query: (body) => ({ url: 'create-payment-intent', method: 'POST', body }),
      transformResponse: (res: Ok<PaymentIntentCreated>) => res.data,
    }),
    recordPayment: build.mutation<Payment, { token: string; orderId: string; transactionId: string; buyerName: string; productPrice: number; productId: string | null; productName: string }>({
      // The spec sends this one call with a 'bearer' scheme.
      query: ({ token, ...body }) => ({ url: 'payment', method: 'POST', body, headers: { authorization: `bearer ${token}` } }),
      transformResponse: (res: Ok<Payment>) => res.data,
      invalidatesTags: ['order', 'product'],
    }),
  }),
});

export const { useCreatePaymentIntentMutation, useRecordPaymentMutation } = paymentApi;
