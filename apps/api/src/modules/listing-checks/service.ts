import type { HeldListing, PageQuery, RiskSignalDetail } from '@market/contract';
import { sellerOnly, type RiskSignal } from '@market/contract/risk';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { imeiFlags, listingChecks, orders, photoHashes, products, reports, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { paged } from '../../pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAdminAct } from '../audit/service.ts';
import { notify } from '../notifications/service.ts';

/**
 * A listing's check as its seller and Admins see it (`Product.check`): the newest check of a listing held now,
 * waiting or rejected, with the codes of its signals. One small look-up by the listing's key, in owner answers only.
 * The hours a check usually takes are those the seller was told when it was held (kept on the check).
 */
export const checkColumn = sql<{
  state: 'waiting' | 'rejected';
  signals: RiskSignal['code'][];
  reason: string | null;
  since: string;
  hours: number | null;
} | null>`(
  select json_build_object(
    'state', case when c.decision = 'rejected' then 'rejected' else 'waiting' end,
    'signals', (select json_agg(s ->> 'code') from jsonb_array_elements(c.signals) s),
    'reason', c.reason,
    'since', to_char(c.held_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'hours', c.hours)
  from ${listingChecks} c
  where c.product_id = ${products.id} and ${products.status} = 'pending' and (c.decided_at is null or c.decision = 'rejected')
  order by c.held_at desc limit 1)`;

/** Keeps the hashes of a listing's photos (those it did not have), for the next listings to be compared with. */
export async function keepPhotoHashes(db: Db, productId: string, sellerId: string, photos: { url: string; hash: bigint | null }[]) {
  const rows = photos.filter((p) => p.hash !== null).map((p) => ({ productId, sellerId, url: p.url, hash: p.hash! }));
  if (rows.length > 0) await db.insert(photoHashes).values(rows).onConflictDoNothing();
}

/** A check with a signal for an Admin to judge: not only the seller's number, which waits for the seller (decision 062). */
const forAdmin = sql`exists (select 1 from jsonb_array_elements(${listingChecks.signals}) s where s ->> 'code' <> 'number_unconfirmed')`;

/** The codes an Admin already approved on this listing: they do not hold it again at an edit. */
async function approvedCodes(db: Db, productId: string) {
  const rows = await db
    .select({ signals: listingChecks.signals })
    .from(listingChecks)
    .where(and(eq(listingChecks.productId, productId), eq(listingChecks.decision, 'approved')));
  return new Set(rows.flatMap((r) => r.signals.map((s) => s.code)));
}

/**
 * After a listing was written (in its transaction; a new one with the status its signals give it): with signals it
 * waits for a check (status 'pending', its open check holding them, the seller told once per hold); without, it is live. An edit's signals an Admin approved
 * before do not count again. Answers whether it is held. A hold for the seller's number alone is not told as waiting
 * for a check (the answer and My Products say what to do); it is once another signal joins it.
 */
export async function holdOrPublish(db: Db, p: { productId: string; sellerId: string; name: string; edit: boolean; hours: number }, all: RiskSignal[]) {
  const signals = p.edit ? await approvedCodes(db, p.productId).then((ok) => all.filter((s) => !ok.has(s.code))) : all;
  const [open] = await db
    .select({ id: listingChecks.id, signals: listingChecks.signals })
    .from(listingChecks)
    .where(and(eq(listingChecks.productId, p.productId), isNull(listingChecks.decidedAt)))
    .for('update');
  const admins = (list: RiskSignal[]) => !sellerOnly(list.map((s) => s.code));
  if (signals.length === 0) {
    if (open)
      await db
        .update(listingChecks)
        .set({ decision: 'cleared', decidedAt: sql`now()` })
        .where(eq(listingChecks.id, open.id));
    await db
      .update(products)
      .set({ status: 'available' })
      .where(and(eq(products.id, p.productId), eq(products.status, 'pending')));
    return false;
  }
  // A new listing was written held already; an edited one is held now (and leaves the home page's advertised phones).
  if (p.edit)
    await db
      .update(products)
      .set({ status: 'pending', advertise: false })
      .where(and(eq(products.id, p.productId), inArray(products.status, ['pending', 'available', 'expired'])));
  if (open) await db.update(listingChecks).set({ signals }).where(eq(listingChecks.id, open.id));
  else await db.insert(listingChecks).values({ productId: p.productId, signals, hours: p.hours });
  if (admins(signals) && !(open && admins(open.signals)))
    await notify(db, 'listing_held', [{ userId: p.sellerId, productName: p.name, params: { hours: p.hours } }]);
  return true;
}

/**
 * The seller confirmed their number (decision 062, in that transaction, after their row was updated): each of their
 * listings waiting for it alone goes live (its check closed as 'cleared', no Admin; the saved searches hear of it), and
 * each also waiting for an Admin keeps waiting without it. Rejected listings wait for the seller's edit, as before.
 */
export async function releaseNumberHolds(db: Db, sellerId: string) {
  const open = await db
    .select({ id: listingChecks.id, productId: listingChecks.productId, signals: listingChecks.signals })
    .from(listingChecks)
    .innerJoin(products, eq(products.id, listingChecks.productId))
    .where(and(eq(products.sellerId, sellerId), isNull(listingChecks.decidedAt), sql`${listingChecks.signals} @> '[{"code": "number_unconfirmed"}]'::jsonb`))
    .orderBy(asc(listingChecks.heldAt))
    .for('update', { of: listingChecks });
  let published = 0;
  let stillChecked = 0;
  for (const check of open) {
    const rest = check.signals.filter((s) => s.code !== 'number_unconfirmed');
    if (rest.length > 0) {
      await db.update(listingChecks).set({ signals: rest }).where(eq(listingChecks.id, check.id));
      stillChecked++;
      continue;
    }
    await db
      .update(listingChecks)
      .set({ decision: 'cleared', decidedAt: sql`now()` })
      .where(eq(listingChecks.id, check.id));
    const [live] = await db
      .update(products)
      .set({ status: 'available' })
      .where(and(eq(products.id, check.productId), eq(products.status, 'pending')))
      .returning({ id: products.id });
    if (live) {
      published++;
      await enqueueJob(db, 'search-alerts', { productId: live.id });
    }
  }
  return { published, stillChecked };
}

/** Records that a handset's listing was removed or rejected by an Admin, or reported stolen (once per handset and why). */
export async function flagImei(db: Db, imei: string | null, why: 'removed' | 'stolen', productId: string) {
  if (imei) await db.insert(imeiFlags).values({ imei, why, productId }).onConflictDoNothing();
}

/**
 * An Admin's decision on a listing's open check (audited), and then what it does (`then`, in the same transaction).
 * The listing's row is locked first (as an edit locks it); the check is decided by one statement that finds it still
 * open, so of two Admins deciding at once the second is told nothing waits (409). 404 for an unknown listing. A check
 * that holds only the seller's number waits for the seller: nothing for an Admin to decide (409 too).
 */
async function decide(
  db: Db,
  productId: string,
  by: AuthUser,
  decision: 'approved' | 'rejected',
  reason: string | null,
  then: (tx: Db, held: { name: string; sellerId: string; imei: string | null }, check: { id: string; signals: RiskSignal[]; hours: number }) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [held] = await t
      .select({ name: products.productName, sellerId: products.sellerId, imei: products.imei })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!held) throw notFound('Product');
    const [check] = await t
      .update(listingChecks)
      .set({ decision, reason, decidedBy: by.id, decidedAt: sql`now()` })
      .where(and(eq(listingChecks.productId, productId), isNull(listingChecks.decidedAt), forAdmin))
      .returning({ id: listingChecks.id, signals: listingChecks.signals, hours: listingChecks.hours });
    if (!check) throw conflict('listing_not_waiting');
    const action = decision === 'approved' ? 'approve-listing' : 'reject-listing';
    await recordAdminAct(tx, by, { action, target: { kind: 'product', id: productId, label: held.name }, reason });
    await then(t, held, check);
  });
}

/**
 * An Admin approves a held listing: live at once (the saved searches hear of it), audited, its seller told. One that
 * also waits for its seller's number (decision 062) has the Admin's signals approved and keeps waiting for the number
 * alone (a check of its own, held since the same moment): the seller is told nothing yet, it is not live.
 */
export const approveListing = (db: Db, productId: string, by: AuthUser, reason: string | null) =>
  decide(db, productId, by, 'approved', reason, async (t, held, check) => {
    const number = check.signals.filter((s) => s.code === 'number_unconfirmed');
    if (number.length > 0) {
      await t
        .update(listingChecks)
        .set({ signals: check.signals.filter((s) => s.code !== 'number_unconfirmed') })
        .where(eq(listingChecks.id, check.id));
      // Held since the same moment, to the microsecond (a Date keeps milliseconds).
      const since = sql`(select c.held_at from ${listingChecks} c where c.id = ${check.id})`;
      await t.insert(listingChecks).values({ productId, signals: number, heldAt: since, hours: check.hours });
      return;
    }
    await t.update(products).set({ status: 'available' }).where(eq(products.id, productId));
    await enqueueJob(t, 'search-alerts', { productId });
    await notify(t, 'listing_approved', [{ userId: held.sellerId, productName: held.name }]);
  });

/** An Admin rejects a held listing with a reason: it stays off the site, its handset is remembered, its seller told why. */
export const rejectListing = (db: Db, productId: string, by: AuthUser, reason: string) =>
  decide(db, productId, by, 'rejected', reason, async (t, held) => {
    await flagImei(t, held.imei, 'removed', productId);
    await notify(t, 'listing_rejected', [{ userId: held.sellerId, productName: held.name, params: { reason } }]);
  });

/** Checks after the cursor's (the last of the previous page) in the queue's order: oldest first. */
const afterCheck = (cursor: string | undefined) =>
  cursor ? sql`(${listingChecks.heldAt}, ${listingChecks.id}) > (select c.held_at, c.id from ${listingChecks} c where c.id = ${cursor})` : undefined;

/**
 * The listings waiting for a check, oldest first: each with its signals (a reused photo with the other listing's
 * name and seller when it is still listed) and its seller's history. `load` reads the listings as their owners see them.
 */
export async function heldListings(db: Db, query: PageQuery, load: (ids: string[]) => Promise<Map<string, HeldListing['product']>>) {
  const rows = await db
    .select({
      id: listingChecks.id,
      productId: listingChecks.productId,
      heldAt: listingChecks.heldAt,
      signals: listingChecks.signals,
      sellerId: products.sellerId,
      joined: users.createdAt,
      listings: sql<number>`(select count(*)::int from ${products} p where p.seller_id = ${products.sellerId})`,
      completedSales: sql<number>`(select count(*)::int from ${orders} o where o.seller_id = ${products.sellerId} and o.state = 'completed')`,
      reports: sql<number>`(select count(*)::int from ${reports} r join ${products} p on p.id = r.product_id where p.seller_id = ${products.sellerId})`,
      rejected: sql<number>`(select count(*)::int from ${listingChecks} c join ${products} p on p.id = c.product_id where p.seller_id = ${products.sellerId} and c.decision = 'rejected')`,
    })
    .from(listingChecks)
    .innerJoin(products, eq(products.id, listingChecks.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(isNull(listingChecks.decidedAt), forAdmin, afterCheck(query.cursor)))
    .orderBy(asc(listingChecks.heldAt), asc(listingChecks.id))
    .limit(query.limit + 1);
  const { items, nextCursor } = paged(rows, query, (r) => r.id);
  const theirs = items.flatMap((r) => r.signals.flatMap((s) => (s.code === 'photo_reused' ? s.matches.map((m) => m.theirProductId) : [])));
  const named = new Map(
    theirs.length === 0
      ? []
      : (
          await db
            .select({ id: products.id, name: products.productName, seller: users.name })
            .from(products)
            .innerJoin(users, eq(users.id, products.sellerId))
            .where(inArray(products.id, theirs))
        ).map((r) => [r.id, r]),
  );
  const listings = await load(items.map((r) => r.productId));
  const detail = (s: RiskSignal): RiskSignalDetail =>
    s.code === 'photo_reused'
      ? {
          ...s,
          matches: s.matches.map((m) => ({
            ...m,
            theirProductName: named.get(m.theirProductId)?.name ?? null,
            theirSellerName: named.get(m.theirProductId)?.seller ?? null,
          })),
        }
      : s;
  return {
    items: items.flatMap((r) => {
      const product = listings.get(r.productId);
      if (!product) return [];
      return [
        {
          product,
          heldAt: r.heldAt.toISOString(),
          signals: r.signals.map(detail),
          seller: { joined: r.joined.toISOString(), listings: r.listings, completedSales: r.completedSales, reports: r.reports, rejected: r.rejected },
        },
      ];
    }),
    nextCursor,
  };
}
