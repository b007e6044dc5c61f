import type { MyNumberBody } from '@market/contract';
import { api } from '../../../lib/api.ts';
import { call } from '../../../lib/endpoint.ts';

/**
 * A seller's mobile number (issue 36): a code by SMS to it, then the code entered. Confirming it may put the seller's
 * held listings on sale and changes who they are (GET /api/me again).
 */
export const mobileNumberApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendNumberCode: build.mutation(call('sendNumberCode', (body: MyNumberBody) => ({ body }))),
    confirmMyNumber: build.mutation({ ...call('confirmMyNumber', (code: string) => ({ body: { code } })), invalidatesTags: ['auth', 'product'] }),
  }),
});

export const { useSendNumberCodeMutation, useConfirmMyNumberMutation } = mobileNumberApi;
