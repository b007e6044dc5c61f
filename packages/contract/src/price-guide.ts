import { z } from 'zod';
import { Condition, Id } from './common.ts';
import { PhoneModel } from './phone-models.ts';
import { messages, storageSizes } from './rules.ts';
import { numeric } from './catalog.ts';

/*
 * The price guide (issue 34, item 3; decision 058): what a catalogue model of a storage size in a condition sold for
 * in completed deals of the last `guideDays` days, or, until it has `minGuideSales` sales, what such phones ask.
 */

/** The sales the guide counts are this many days old at most. */
export const guideDays = 90;
/** Fewer sales than this, and the asking prices stand in (labelled so). */
export const minGuideSales = 5;

export const PriceGuide = z.object({
  /** 'sales': completed deals; 'asking': the phones for sale, while there are too few sales. */
  basis: z.enum(['sales', 'asking']),
  /** The band between the quartiles, and the median, in taka (recent sales weigh more). */
  low: z.number().int(),
  median: z.number().int(),
  high: z.number().int(),
  /** How many sales (or phones for sale) it is made of. */
  count: z.number().int(),
  days: z.number().int(),
});
export type PriceGuide = z.infer<typeof PriceGuide>;

export const PriceGuideQuery = z.object({
  model: Id,
  storage: numeric(z.number({ error: messages.storage }).refine((v) => (storageSizes as readonly number[]).includes(v), { error: messages.storage })),
  condition: Condition,
});
export type PriceGuideQuery = z.infer<typeof PriceGuideQuery>;

/** A brand's or a model's part of an address (`slugOf`): lower-case letters and digits in words joined by '-'. */
const Slug = z
  .string()
  .max(80, { error: 'must be at most 80 characters' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'must be lower-case letters and digits joined by "-"' });

/** `/api/prices/:brand/:model`: the brand's name and the model's part of an address, as `pricesPath` writes them. */
export const ModelPricesParams = z.object({ brand: Slug, model: Slug });
export type ModelPricesParams = z.infer<typeof ModelPricesParams>;

/** The guide of one key of a model: a storage size in a condition. */
export const KeyGuide = z.object({ storageGb: z.number().int(), condition: Condition, guide: PriceGuide });
export type KeyGuide = z.infer<typeof KeyGuide>;

/** One sale the guide counts, as the chart shows it: its day (YYYY-MM-DD, Dhaka's), price, storage and condition. */
export const GuideSale = z.object({ day: z.string(), price: z.number().int(), storageGb: z.number().int(), condition: Condition });
export type GuideSale = z.infer<typeof GuideSale>;

/**
 * The public page of a model's prices (issue 34, decision 058): the model, the guide of each of its keys that has one,
 * the sales counted of the last `guideDays` days (oldest first) and how many of its phones are for sale now.
 */
export const ModelPrices = z.object({
  model: PhoneModel,
  guides: z.array(KeyGuide),
  sales: z.array(GuideSale),
  forSale: z.number().int(),
  /** The sales counted are this many days old at most (`guideDays`). */
  days: z.number().int(),
});
export type ModelPrices = z.infer<typeof ModelPrices>;
