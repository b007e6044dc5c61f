import { api } from './api.ts';
import { call } from './endpoint.ts';

/**
 * A listing's term (issue 36): its seller renews it (My Products, an expired phone's page), or anyone holding the
 * "Still available" link of its reminder does, signed in or not. A renewal changes the lists and the phone's page.
 */
export const listingTermApi = api.injectEndpoints({
  endpoints: (build) => ({
    renewProduct: build.mutation({ ...call('renewProduct', (id: string) => ({ params: { id } })), invalidatesTags: ['product'] }),
    /** What a link is for (a POST: the key stays out of logs and caches), and whether a tap would renew it. Changes nothing. */
    listingTerm: build.query({ ...call('stillAvailable', (token: string) => ({ body: { token } })), keepUnusedDataFor: 0 }),
    renewByLink: build.mutation({ ...call('renewByLink', (token: string) => ({ body: { token } })), invalidatesTags: ['product'] }),
  }),
});

export const { useRenewProductMutation, useListingTermQuery, useRenewByLinkMutation } = listingTermApi;
