import { z } from 'zod';
import { Product } from './catalog.ts';

/**
 * Where a saved phone is now (issue 34): for sale, reserved for a buyer, sold, or no longer on the site (its seller
 * deleted or hid it, an Admin removed it, or its seller is suspended).
 */
export const savedStates = ['available', 'reserved', 'sold', 'expired', 'removed'] as const;

/** A phone the signed-in person saved: when, and the phone as the cards show it (null once it left the site). */
export const SavedPhone = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  /** The phone's name: its listing's, or the one it had when it was saved once the listing is gone. */
  productName: z.string(),
  state: z.enum(savedStates),
  savedAt: z.iso.datetime(),
  product: Product.nullable(),
});
export type SavedPhone = z.infer<typeof SavedPhone>;

/** The ids of every phone the signed-in person saved (at most `maxSavedPhones`): the hearts of cards and the phone's page. */
export const SavedIds = z.object({ ids: z.array(z.uuid()) });
export type SavedIds = z.infer<typeof SavedIds>;

/** Whether a phone is saved now, after a save or an unsave (again is the same answer). */
export const SavedAnswer = z.object({ productId: z.uuid(), saved: z.boolean() });
export type SavedAnswer = z.infer<typeof SavedAnswer>;
