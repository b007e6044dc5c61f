import { contactDetailsIn, type PhotoMatch, type RiskSignal } from '@market/contract/risk';
import type { Condition } from '@market/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { imeiFlags, listingChecks, orders, photoHashes, priceGuide, products, users } from '../../db/schema.ts';

/** The thresholds (config `risk`, decision 061). */
export interface RiskRules {
  newSellerListings: number;
  photoBits: number;
  pricePercent: number;
  /** A seller's new listing waits for their confirmed mobile number (decision 062). */
  confirmedNumber: boolean;
}

/** A listing as it is being posted or edited: what the rules look at. */
export interface Listing {
  /** Null while it is being posted. */
  productId: string | null;
  sellerId: string;
  resalePrice: number;
  phoneModelId: string | null;
  storageGb: number;
  condition: Condition;
  imei: string | null;
  description: string;
  photos: { url: string; hash: bigint | null }[];
}

const live = inArray(products.status, ['pending', 'available', 'reserved']);

/**
 * A seller without a completed sale, with `limit` or more live listings besides this one. A seller with a sale is not
 * counted at all, and the count stops at the limit: a shop with thousands of listings costs two index look-ups.
 */
export async function newSellerLimit(db: Db, l: Listing, limit: number): Promise<RiskSignal | null> {
  const [sold] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.sellerId, l.sellerId), eq(orders.state, 'completed')))
    .limit(1);
  if (sold) return null;
  const others = db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.sellerId, l.sellerId), live, l.productId ? ne(products.id, l.productId) : undefined))
    .limit(limit)
    .as('others');
  const [row] = await db.select({ listings: sql<number>`count(*)::int` }).from(others);
  const listings = row?.listings ?? 0;
  return listings < limit ? null : { code: 'new_seller_limit', listings, limit };
}

/**
 * The listing's photos that another account's listing used (now or before: a removed listing's hashes stay), fewer
 * than `bits` bits apart. Five equality look-ups on the hash's bands (any two hashes fewer than 5 bits apart share
 * one), then the distance of those candidates only.
 */
export async function photoReused(db: Db, l: Listing, bits: number): Promise<RiskSignal | null> {
  const matches: PhotoMatch[] = [];
  for (const photo of l.photos) {
    if (photo.hash === null) continue;
    for (const m of await similarPhotos(db, photo.hash, l.sellerId, bits)) matches.push({ url: photo.url, ...m });
  }
  return matches.length > 0 ? { code: 'photo_reused', matches } : null;
}

/** The stored photos of other sellers fewer than `bits` bits from `hash`, the closest first (at most 5). */
export async function similarPhotos(db: Db, hash: bigint, sellerId: string, bits: number) {
  const h = BigInt.asIntN(64, hash).toString();
  const band = (shift: number, mask: number) => sql`((${h}::bigint >> ${shift}) & ${mask})::integer`;
  const distance = sql<number>`bit_count((${photoHashes.hash} # ${h}::bigint)::bit(64))::int`;
  const rows = await db
    .select({ theirUrl: photoHashes.url, theirProductId: photoHashes.productId, theirSellerId: photoHashes.sellerId, bits: distance })
    .from(photoHashes)
    .where(
      and(
        sql`(${photoHashes.b0} = ${band(51, 8191)} or ${photoHashes.b1} = ${band(38, 8191)} or ${photoHashes.b2} = ${band(25, 8191)} or ${photoHashes.b3} = ${band(12, 8191)} or ${photoHashes.b4} = ${band(0, 4095)})`,
        ne(photoHashes.sellerId, sellerId),
        sql`${distance} < ${bits}`,
      ),
    )
    .orderBy(distance)
    .limit(5);
  return rows;
}

/** A price under `percent` % of the median the price guide shows for the listing's model, storage and condition. */
export async function priceBelowGuide(db: Db, l: Listing, percent: number): Promise<RiskSignal | null> {
  if (!l.phoneModelId) return null;
  const [row] = await db
    .select({ median: sql<number | null>`guide_median(${priceGuide.sales}, ${priceGuide.salesMedian}, ${priceGuide.asking}, ${priceGuide.askingMedian})` })
    .from(priceGuide)
    .where(and(eq(priceGuide.phoneModelId, l.phoneModelId), eq(priceGuide.storageGb, l.storageGb), eq(priceGuide.condition, l.condition)));
  const median = row?.median;
  if (!median || l.resalePrice * 100 >= median * percent) return null;
  return { code: 'price_below_guide', price: l.resalePrice, median, percent: Math.floor((l.resalePrice * 100) / median), below: percent };
}

/** A handset an Admin removed or rejected a listing of, or someone reported as stolen (not this listing's own past). */
export async function imeiFlagged(db: Db, l: Listing): Promise<RiskSignal | null> {
  if (!l.imei) return null;
  const rows = await db
    .select({ why: imeiFlags.why })
    .from(imeiFlags)
    .where(and(eq(imeiFlags.imei, l.imei), l.productId ? ne(imeiFlags.productId, l.productId) : undefined));
  if (rows.length === 0) return null;
  return { code: 'imei_flagged', why: rows.some((r) => r.why === 'stolen') ? 'stolen' : 'removed' };
}

export function contactInDescription(l: Listing): RiskSignal | null {
  const found = contactDetailsIn(l.description);
  return found.length > 0 ? { code: 'contact_in_description', found } : null;
}

/**
 * A seller without a confirmed mobile number (decision 062), on a new listing only: a listing already live stays so
 * when it is edited (sellers from before the rule keep their phones on sale). An edit keeps the signal on a listing
 * still held for it (waiting, or rejected and waiting for this edit) and never adds it.
 */
export async function numberUnconfirmed(db: Db, l: Listing, on: boolean): Promise<RiskSignal | null> {
  if (!on) return null;
  const [seller] = await db.select({ confirmedAt: users.phoneConfirmedAt }).from(users).where(eq(users.id, l.sellerId));
  if (seller?.confirmedAt) return null;
  if (l.productId) {
    const [held] = await db
      .select({ id: listingChecks.id })
      .from(listingChecks)
      .innerJoin(products, eq(products.id, listingChecks.productId))
      .where(
        and(
          eq(listingChecks.productId, l.productId),
          eq(products.status, 'pending'),
          sql`(${listingChecks.decidedAt} is null or ${listingChecks.decision} = 'rejected')`,
          sql`${listingChecks.signals} @> '[{"code": "number_unconfirmed"}]'::jsonb`,
        ),
      )
      .limit(1);
    if (!held) return null;
  }
  return { code: 'number_unconfirmed' };
}

/** Every signal the listing carries, in the rules' order (none: it goes live at once). */
export async function riskSignals(db: Db, l: Listing, rules: RiskRules): Promise<RiskSignal[]> {
  const signals = [
    await newSellerLimit(db, l, rules.newSellerListings),
    await photoReused(db, l, rules.photoBits),
    await priceBelowGuide(db, l, rules.pricePercent),
    await imeiFlagged(db, l),
    contactInDescription(l),
    await numberUnconfirmed(db, l, rules.confirmedNumber),
  ];
  return signals.filter((s) => s !== null);
}
