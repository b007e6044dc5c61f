import { z } from 'zod';
import { numeric, Product } from './catalog.ts';
import { Condition } from './common.ts';
import { findDistrict, findDivision } from './places.ts';
import { maxTaka, messages, noControlPattern, searchSorts, storageSizes } from './rules.ts';

/** A query parameter that may be given several times (`?category=a&category=b`): always a list. */
const many = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(20));

/** A price bound in taka: '25000', '25,000' or '২৫,০০০' (rules.ts's parseAmount). */
const PriceBound = numeric(
  z.number({ error: 'must be a number' }).int({ error: 'must be a whole number of taka' }).min(0, { error: 'must not be negative' }).max(maxTaka),
);

export type SearchSort = (typeof searchSorts)[number];

/** GET /api/products: what a buyer looks for (issue 14; decision 020 for the matching and ranking). */
// Not trimmed: a space at the end says the last word is finished (no longer read as the start of longer words).
const Text = z.string().max(200, { error: 'must be at most 200 characters' }).regex(noControlPattern, { error: 'must not contain control characters' });

/** What a search looks for (no order or page): also what a saved search keeps (issue 34, alerts.ts). */
export const SearchFilters = z.object({
  q: Text.optional(),
  category: many(z.uuid({ error: 'must be a category id' })).optional(),
  condition: many(z.enum(Condition.options, { error: 'must be Excellent, Good or Fair' })).optional(),
  minPrice: PriceBound.optional(),
  maxPrice: PriceBound.optional(),
  location: z
    .string()
    .trim()
    .max(120, { error: 'must be at most 120 characters' })
    .regex(noControlPattern, { error: 'must not contain control characters' })
    .optional(),
  /** A division or a district (issue 34): its id, its English or Bangla name or an older spelling; answered as the id. */
  division: z
    .string()
    .max(60)
    .transform((v, ctx) => findDivision(v)?.id ?? (ctx.addIssue({ code: 'custom', message: messages.division }), z.NEVER))
    .optional(),
  district: z
    .string()
    .max(60)
    .transform((v, ctx) => findDistrict(v)?.id ?? (ctx.addIssue({ code: 'custom', message: messages.district }), z.NEVER))
    .optional(),
  verified: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  /** Storage sizes in GB (any of them). */
  storage: many(
    z.coerce.number({ error: messages.storage }).refine((v) => (storageSizes as readonly number[]).includes(v), { error: messages.storage }),
  ).optional(),
  /** Battery health at least this percentage (listings that do not say are left out). */
  minBattery: z.coerce
    .number({ error: messages.battery })
    .int({ error: messages.battery })
    .min(1, { error: messages.battery })
    .max(100, { error: messages.battery })
    .optional(),
});
export type SearchFilters = z.infer<typeof SearchFilters>;

/** Whether a price range is the right way round (or open at an end). */
export const priceOrder = (v: { minPrice?: number | undefined; maxPrice?: number | undefined }) =>
  v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice;

export const SearchQuery = SearchFilters.extend({
  sort: z.enum(searchSorts, { error: `must be one of ${searchSorts.join(', ')}` }).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(1).max(100).default(24),
  cursor: z
    .string()
    .max(400)
    .regex(/^[\w-]+$/, { error: 'must be a cursor from a previous page' })
    .optional(),
}).refine(priceOrder, { path: ['minPrice'], error: 'must not be more than maxPrice' });
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchFacets = z.object({
  /** Every brand, with how many matches it has when the other filters (not the brand) apply. */
  categories: z.array(z.object({ _id: z.uuid(), category: z.string(), count: z.number() })),
  /** Each condition, with its matches when the other filters (not the condition) apply. */
  conditions: z.array(z.object({ condition: Condition, count: z.number() })),
  /** The lowest and highest resale price of the matches when the other filters (not the price) apply; null when none. */
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
});
export type SearchFacets = z.infer<typeof SearchFacets>;

export const SearchAnswer = z.object({
  success: z.literal(true),
  data: z.array(Product),
  meta: z.object({ nextCursor: z.string().nullable(), total: z.number(), facets: SearchFacets }),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;

/** GET /api/product-suggestions: what the search box offers while a buyer types. */
export const SuggestionQuery = z.object({ q: Text.refine((q) => q.trim() !== '', { error: 'must not be empty' }) });
export type SuggestionQuery = z.infer<typeof SuggestionQuery>;

/** A model name that phones for sale carry (the best matches first, each name once), with its brand. */
export const Suggestion = z.object({ productName: z.string(), category: z.string() });
export type Suggestion = z.infer<typeof Suggestion>;
