import { api } from './api.ts';
import { call } from './endpoint.ts';

/**
 * The signed-in person's conversations about one phone (issue 33): a buyer has one at most (the phone's page and
 * My Orders link to it), a seller one per buyer who wrote (Booking Requests picks the deal's). The phone's page, the
 * deal pages and the chat feature all ask it, so it is shared. Tagged like every conversation: a new message or a
 * read receipt (the live stream) asks again.
 */
export const chatSharedApi = api.injectEndpoints({
  endpoints: (build) => ({
    conversationsOfProduct: build.query({
      ...call('conversations', (productId: string) => ({ query: { productId, limit: 100 } })),
      providesTags: [{ type: 'conversation', id: 'PRODUCT' }],
    }),
  }),
});

export const { useConversationsOfProductQuery } = chatSharedApi;
