import { z } from 'zod';
import { Condition } from './common.ts';
import { priceOrder, SearchFilters } from './search.ts';

/*
 * Saved searches and their alerts (issue 34, item 5; decision 056): "Alert me" keeps a search's filters (text, brand,
 * condition, price, place, storage, battery, verified sellers); a phone listed, or made cheaper, that matches tells
 * its person at once (the bell, its e-mail, a push) or in one mail a day.
 */

export const alertFrequencies = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

/** How many searches one person may keep. */
export const maxSavedSearches = 20;

/** A search's filters as they are kept: at least one of them, the price range the right way round. */
export const SavedQuery = SearchFilters.refine(priceOrder, { path: ['minPrice'], error: 'must not be more than maxPrice' }).refine(
  (v) => Object.values(v).some((x) => x !== undefined && !(typeof x === 'string' && x.trim() === '') && !(Array.isArray(x) && x.length === 0)),
  { error: 'must look for something: a word or a filter' },
);
export type SavedQuery = z.infer<typeof SavedQuery>;

export const SaveSearchBody = z.object({
  query: SavedQuery,
  frequency: z.enum(alertFrequencies, { error: 'must be instant or daily' }).default('instant'),
});
export type SaveSearchBody = z.infer<typeof SaveSearchBody>;

export const SavedSearchFrequencyBody = z.object({ frequency: z.enum(alertFrequencies, { error: 'must be instant or daily' }) });
export type SavedSearchFrequencyBody = z.infer<typeof SavedSearchFrequencyBody>;

/** A kept search's filters as answered: written one way (places as ids, lists sorted), what the search page opens with. */
export const KeptQuery = z.object({
  q: z.string().optional(),
  category: z.array(z.uuid()).optional(),
  condition: z.array(Condition).optional(),
  minPrice: z.number().optional(),
  maxPrice: z.number().optional(),
  location: z.string().optional(),
  division: z.string().optional(),
  district: z.string().optional(),
  verified: z.literal('true').optional(),
  storage: z.array(z.number()).optional(),
  minBattery: z.number().optional(),
});
export type KeptQuery = z.infer<typeof KeptQuery>;

export const SavedSearch = z.object({
  _id: z.uuid(),
  /** The filters as saved (the search page opens with them). */
  query: KeptQuery,
  frequency: z.enum(alertFrequencies),
  createdAt: z.iso.datetime(),
  /** Phones that matched it since it was saved (each once), and when the last one did. */
  matches: z.number().int(),
  lastMatchAt: z.iso.datetime().nullable(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;
