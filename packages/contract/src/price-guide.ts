import { z } from 'zod';
import { Condition, Id } from './common.ts';
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
