import { api } from './api.ts';
import type { SavedAnswer } from '@market/contract';
import { call, pages, request } from './endpoint.ts';

/** Saved phones per page on the Saved page. */
export const SAVED_PAGE = 20;

/**
 * The signed-in person's saved phones (issue 34): the ids every heart reads (one small answer for every card and
 * the phone's page, decision 054), the Saved page's list, and saving or unsaving one. A heart turns at once (the ids
 * changed in the cache before the answer; put back if refused), then the 'saved' tag asks both again.
 */
export const savedApi = api.injectEndpoints({
  endpoints: (build) => ({
    savedIds: build.query({ ...call('savedIds'), providesTags: ['saved'] }),
    savedPhones: build.infiniteQuery({ ...pages('savedPhones', SAVED_PAGE), providesTags: ['saved'] }),
    setSaved: build.mutation({
      // One mutation for both ways, so a heart has one pending state.
      query: ({ id, saved }: { id: string; saved: boolean }) => request(saved ? 'saveProduct' : 'unsaveProduct', { params: { id } }),
      transformResponse: (body: { data: SavedAnswer }) => body.data,
      async onQueryStarted({ id, saved }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          savedApi.util.updateQueryData('savedIds', undefined, (draft) => {
            draft.ids = saved ? [id, ...draft.ids.filter((x) => x !== id)] : draft.ids.filter((x) => x !== id);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['saved'],
    }),
  }),
});

export const { useSavedIdsQuery, useSavedPhonesInfiniteQuery, useSetSavedMutation } = savedApi;
