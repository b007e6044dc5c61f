import { z } from 'zod';
import { Product } from './catalog.ts';
import { text } from './common.ts';
import { maxLength } from './rules.ts';

/** A photo match, as the Admin's queue shows it: the listing's photo beside the other account's. */
const PhotoMatch = z.object({
  url: z.string(),
  theirUrl: z.string(),
  theirProductId: z.uuid(),
  theirSellerId: z.uuid(),
  bits: z.number().int(),
  /** The other listing's name and seller, when it is still listed (a removed scam's photos stay matched). */
  theirProductName: z.string().nullable(),
  theirSellerName: z.string().nullable(),
});

export const RiskSignalDetail = z.discriminatedUnion('code', [
  z.object({ code: z.literal('new_seller_limit'), listings: z.number().int(), limit: z.number().int() }),
  z.object({ code: z.literal('photo_reused'), matches: z.array(PhotoMatch) }),
  z.object({ code: z.literal('price_below_guide'), price: z.number(), median: z.number(), percent: z.number(), below: z.number() }),
  z.object({ code: z.literal('imei_flagged'), why: z.enum(['removed', 'stolen']) }),
  z.object({ code: z.literal('contact_in_description'), found: z.array(z.string()) }),
  z.object({ code: z.literal('number_unconfirmed') }),
]);
export type RiskSignalDetail = z.infer<typeof RiskSignalDetail>;

/** The seller's history beside a held listing: how long a member, what they listed and sold, what was said of them. */
export const SellerHistory = z.object({
  joined: z.string(),
  listings: z.number().int(),
  completedSales: z.number().int(),
  reports: z.number().int(),
  rejected: z.number().int(),
});
export type SellerHistory = z.infer<typeof SellerHistory>;

/** A listing in the Admin's check queue (oldest first): the listing as its seller sees it, why it waits, its seller. */
export const HeldListing = z.object({
  product: Product,
  heldAt: z.string(),
  signals: z.array(RiskSignalDetail),
  seller: SellerHistory,
});
export type HeldListing = z.infer<typeof HeldListing>;

/** An Admin's decision on a held listing: why (kept in the audit log, told to the seller); required to reject. */
export const ApproveListingBody = z.object({ reason: text(maxLength.reportText).optional() });
export type ApproveListingBody = z.infer<typeof ApproveListingBody>;
export const RejectListingBody = z.object({ reason: text(maxLength.reportText) });
export type RejectListingBody = z.infer<typeof RejectListingBody>;
