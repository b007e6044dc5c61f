import { z } from 'zod';
import { SaveSearchBody, SavedSearch, SavedSearchFrequencyBody } from '../alerts.ts';
import { IdParams, PageQuery } from '../common.ts';
import { endpoint, role } from '../endpoint.ts';

const tag = 'alerts';
/** Buyers and Sellers keep searches (a reseller looks for phones too); Admins keep none. */
const people = ['Buyer', 'Seller'] as const;
/** One of the caller's saved searches (issue 34). */
const own = { who: 'owner', of: 'saved-search', roles: people } as const;

export const saveSearch = endpoint('saveSearch', {
  tag,
  summary: '"Alert me": keep a search (its filters), told of new or newly cheaper phones that match, at once or daily',
  access: role(...people),
  body: SaveSearchBody,
  data: SavedSearch,
  status: [201],
  cache: 'keeps',
  errors: { 409: ['too_many_saved_searches', 'search_already_saved'] },
});

export const savedSearches = endpoint('savedSearches', {
  tag,
  summary: "The caller's saved searches, the newest first",
  access: role(...people),
  query: PageQuery,
  page: SavedSearch,
});

export const setSavedSearchFrequency = endpoint('setSavedSearchFrequency', {
  tag,
  summary: 'How often a saved search tells: at once or daily',
  access: own,
  params: IdParams,
  body: SavedSearchFrequencyBody,
  data: SavedSearch,
  cache: 'keeps',
});

export const deleteSavedSearch = endpoint('deleteSavedSearch', {
  tag,
  summary: 'Delete a saved search: it tells no more',
  access: own,
  params: IdParams,
  data: z.object({ deleted: z.literal(true) }),
  cache: 'keeps',
});
