import type { SearchAnswer, SearchQuery } from '@market/contract';
import { api } from '../../lib/api.ts';
import { call, request } from '../../lib/endpoint.ts';

/** What the search page asks for: the query without its paging (the infinite query adds the cursor). */
export type SearchArgs = Omit<Partial<SearchQuery>, 'cursor' | 'limit'>;

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchProducts: build.infiniteQuery<SearchAnswer, SearchArgs, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.meta.nextCursor },
      query: ({ queryArg, pageParam }) =>
        // The API's own page size (24); 'Load more' follows the cursor.
        request('searchProducts', { query: { ...queryArg, ...(pageParam ? { cursor: pageParam } : {}) } as SearchQuery }),
      providesTags: ['product'],
    }),
    /** Only the counts and the price range of a search (its first phone is not used): the filters of an unfiltered category page. */
    searchFacets: build.query<SearchAnswer['meta'], SearchArgs>({
      query: (args) => request('searchProducts', { query: { ...args, limit: 1 } as SearchQuery }),
      transformResponse: (body: SearchAnswer) => body.meta,
      providesTags: ['product'],
    }),
    productSuggestions: build.query({ ...call('productSuggestions', (q: string) => ({ query: { q } })), keepUnusedDataFor: 30 }),
  }),
});

export const { useSearchProductsInfiniteQuery, useSearchFacetsQuery, useLazyProductSuggestionsQuery } = searchApi;
