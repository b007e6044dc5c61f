import type { AlertFrequency, SavedQuery } from '@market/contract';
import { api } from './api.ts';
import { call, pages } from './endpoint.ts';

/** Saved searches per page on their page. */
export const SAVED_SEARCHES_PAGE = 20;

/** The signed-in person's saved searches (issue 34): "Alert me" on the search page, and their page in the dashboard. */
export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    savedSearches: build.infiniteQuery({ ...pages('savedSearches', SAVED_SEARCHES_PAGE), providesTags: ['saved-search'] }),
    saveSearch: build.mutation({
      ...call('saveSearch', (body: { query: SavedQuery; frequency: AlertFrequency }) => ({ body })),
      invalidatesTags: ['saved-search'],
    }),
    setSavedSearchFrequency: build.mutation({
      ...call('setSavedSearchFrequency', ({ id, frequency }: { id: string; frequency: AlertFrequency }) => ({ params: { id }, body: { frequency } })),
      invalidatesTags: ['saved-search'],
    }),
    deleteSavedSearch: build.mutation({
      ...call('deleteSavedSearch', (id: string) => ({ params: { id } })),
      invalidatesTags: ['saved-search'],
    }),
  }),
});

export const { useSavedSearchesInfiniteQuery, useSaveSearchMutation, useSetSavedSearchFrequencyMutation, useDeleteSavedSearchMutation } = alertsApi;
