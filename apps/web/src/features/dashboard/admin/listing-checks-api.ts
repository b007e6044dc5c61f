import { api } from '../../../lib/api.ts';
import { call, pages } from '../../../lib/endpoint.ts';
import { DASHBOARD_PAGE } from '../api.ts';

/**
 * The Admin's check queue (issue 36): the listings held for a check, oldest first, and the decision on each. A decision
 * changes the listing (live, or off the site with a reason), so the queue and every list of phones are asked again.
 */
export const listingChecksApi = api.injectEndpoints({
  endpoints: (build) => ({
    heldListings: build.infiniteQuery({ ...pages('heldListings', DASHBOARD_PAGE), providesTags: ['product'] }),
    // An approval's reason is optional: none is sent when the Admin gave none.
    approveListing: build.mutation({
      ...call('approveListing', ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: reason ? { reason } : {} })),
      invalidatesTags: ['product'],
    }),
    rejectListing: build.mutation({
      ...call('rejectListing', ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } })),
      invalidatesTags: ['product'],
    }),
  }),
});

export const { useHeldListingsInfiniteQuery, useApproveListingMutation, useRejectListingMutation } = listingChecksApi;
