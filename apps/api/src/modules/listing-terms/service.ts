import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ListingTerm } from '@market/contract';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favourites, jobs, products } from '../../db/schema.ts';
import { badRequest, conflict } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { notify } from '../notifications/service.ts';
import { sellerNotSuspended } from '../products/service.ts';

/*
 * A listing's term (issue 36, decision 063). It ends 60 days after the listing went live or was renewed (the
 * database's `listing_term_end()`, the column's default and the trigger products_term); 5 days before, its seller is
 * told, with a one-tap "Still available" link; at its end an 'available' listing becomes 'expired': off search and the
 * lists, its page saying so. Renewing starts a new term. The 'listing-expiry' job does the reminding and the expiring,
 * a batch at a time; the hourly housekeeping queues it when something is due.
 */

/** Days before its end a listing's seller is reminded. */
export const REMIND_DAYS = 5;
/** Listings reminded, or expired, per run of the job: a run that did a full batch queues the next. */
export const BATCH = 500;

/** A renewal: on sale, a new term from now, not reminded yet. */
const newTerm = { status: 'available' as const, expiresAt: sql`listing_term_end()`, expiryRemindedAt: null };
/** A live listing's term ends within `REMIND_DAYS` days; it has ended. */
const endsSoon = sql`${products.expiresAt} <= now() + make_interval(days => ${REMIND_DAYS})`;
const ended = sql`${products.expiresAt} <= now()`;

/** Statuses a listing may be renewed from: on sale (a new term at once), or expired (back in search). */
const renewable = ['available', 'expired'] as const;

/** A term as a link names it: its end in whole seconds since 1970. */
const termOf = (expiresAt: Date) => Math.floor(expiresAt.getTime() / 1000);

const macOf = (secret: string, productId: string, term: number) =>
  createHmac('sha256', secret).update(`still-available:${productId}:${term}`).digest('base64url');

/** The key of a listing's "Still available" link for its present term: the listing, the term, the server's signature. */
export const stillAvailableKey = (secret: string, productId: string, expiresAt: Date) =>
  `${productId}.${termOf(expiresAt)}.${macOf(secret, productId, termOf(expiresAt))}`;

/** The listing and the term a key names, if the server signed it; null for anything else. */
function readKey(secret: string, key: string): { productId: string; term: number } | null {
  const [productId, termText, mac] = key.split('.');
  if (!productId || !termText || !mac) return null;
  const term = Number(termText);
  const right = Buffer.from(macOf(secret, productId, term));
  const given = Buffer.from(mac);
  return right.length === given.length && timingSafeEqual(right, given) ? { productId, term } : null;
}

/** Whole days from now until `at`, at least 1 (what the reminder says). */
const daysUntil = (at: Date) => Math.max(1, Math.ceil((at.getTime() - Date.now()) / 86_400_000));

/**
 * Tells the sellers of up to `BATCH` listings on sale whose term ends within `REMIND_DAYS` days and who were not told
 * this term: one transaction, the rows taken with SKIP LOCKED and marked reminded in the statement that finds them, so
 * two runs at once tell each seller once. A suspended seller's listings are off the site: no reminder. Answers how many.
 */
export async function remindExpiring(db: Db, secret: string): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const due = t
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.status, 'available'),
          // Not one whose term has ended (back on sale after a deal fell through): it expires instead, and is told so.
          sql`${products.expiresAt} > now()`,
          endsSoon,
          isNull(products.expiryRemindedAt),
          sellerNotSuspended,
        ),
      )
      .orderBy(products.expiresAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const told = await t
      .update(products)
      .set({ expiryRemindedAt: sql`now()` })
      .where(inArray(products.id, due))
      .returning({ id: products.id, sellerId: products.sellerId, name: products.productName, expiresAt: products.expiresAt });
    await notify(
      t,
      'listing_expiring',
      told.map((p) => ({
        userId: p.sellerId,
        productName: p.name,
        params: { days: daysUntil(p.expiresAt), renew: stillAvailableKey(secret, p.id, p.expiresAt) },
      })),
    );
    return told.length;
  });
}

/**
 * Expires up to `BATCH` listings on sale whose term has ended (they leave search, the lists and the home page's
 * advertised phones; their pages say so), and tells their sellers and the people who saved them, in one transaction. Answers how many.
 * A reserved listing is not expired: its deal decides; back on sale after its term, the next run expires it.
 */
export async function expireDue(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const due = t
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.status, 'available'), ended))
      .orderBy(products.expiresAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const expired = await t
      .update(products)
      .set({ status: 'expired', advertise: false })
      .where(and(inArray(products.id, due), eq(products.status, 'available')))
      .returning({ id: products.id, sellerId: products.sellerId, name: products.productName });
    await notify(
      t,
      'listing_expired',
      expired.map((p) => ({ userId: p.sellerId, productName: p.name })),
    );
    // The people who saved one are told too (their saved list shows it expired), in one read for the batch.
    if (expired.length > 0) {
      const savers = await t
        .select({ userId: favourites.userId, productName: products.productName })
        .from(favourites)
        .innerJoin(products, eq(products.id, favourites.productId))
        .where(
          and(
            inArray(
              favourites.productId,
              expired.map((p) => p.id),
            ),
            ne(favourites.userId, products.sellerId),
          ),
        );
      await notify(t, 'saved_expired', savers);
    }
    return expired.length;
  });
}

/**
 * The 'listing-expiry' job: one batch of reminders and one of expiries; a full batch queues the next run (the
 * worker takes it at once), so a backlog is worked through without one long transaction. Answers whether anything
 * changed that public pages show (a listing expired).
 */
export const listingExpiryJob = (db: Db, secret: string) => async (): Promise<boolean> => {
  const reminded = await remindExpiring(db, secret);
  const expired = await expireDue(db);
  if (reminded === BATCH || expired === BATCH) await enqueueJob(db, 'listing-expiry', {});
  return expired > 0;
};

/**
 * The housekeeping's part (hourly in every instance): queues a 'listing-expiry' run when a listing is due to be
 * reminded or expired and no run waits already. Two instances at once may queue two: each run's batches are taken
 * with SKIP LOCKED and marked in the same statement, so nothing is done twice. Answers whether it queued one.
 */
export async function queueListingExpiry(db: Db): Promise<boolean> {
  const [due] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, 'available'), endsSoon, or(isNull(products.expiryRemindedAt), ended)))
    .limit(1);
  if (!due) return false;
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, 'listing-expiry'), isNull(jobs.doneAt)))
    .limit(1);
  if (waiting) return false;
  await enqueueJob(db, 'listing-expiry', {});
  return true;
}

/** The seller renews their listing (My Products, the phone's page): on sale or expired, a new 60-day term from now. */
export async function renewListing(db: Db, productId: string): Promise<void> {
  const [renewed] = await db
    .update(products)
    .set(newTerm)
    .where(and(eq(products.id, productId), inArray(products.status, renewable)))
    .returning({ id: products.id });
  if (!renewed) throw conflict('listing_not_renewable');
}

/**
 * What a "Still available" link is for (`renew`: and the tap itself): the listing its key names, 'due' while the
 * key's term is the listing's (a tap renews it), 'renewed' once it was renewed since (a second tap, a tap after
 * renewing in My Products: nothing changes). A key the server did not sign, or of a listing gone, is refused
 * (400); a listing sold, reserved or waiting for a check cannot be renewed (409). The row is locked while a tap
 * renews, so two taps at once renew once.
 */
export async function stillAvailable(db: Db, secret: string, key: string, renew: boolean): Promise<ListingTerm> {
  const named = readKey(secret, key);
  if (!named) throw badRequest('renew_link_invalid');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const read = t
      .select({ id: products.id, name: products.productName, img: products.img, status: products.status, expiresAt: products.expiresAt })
      .from(products)
      .where(eq(products.id, named.productId));
    const [row] = renew ? await read.for('update') : await read;
    if (!row) throw badRequest('renew_link_invalid');
    if (!(renewable as readonly string[]).includes(row.status)) throw conflict('listing_not_renewable');
    const term = termOf(row.expiresAt);
    if (term < named.term) throw badRequest('renew_link_invalid');
    let { status, expiresAt } = row;
    if (renew && term === named.term) {
      [{ status, expiresAt }] = (await t
        .update(products)
        .set(newTerm)
        .where(eq(products.id, row.id))
        .returning({ status: products.status, expiresAt: products.expiresAt })) as [{ status: typeof row.status; expiresAt: Date }];
    }
    const link = termOf(expiresAt) === named.term ? 'due' : 'renewed';
    return { productId: row.id, productName: row.name, img: row.img, status, expiresAt: expiresAt.toISOString(), link };
  });
}
