import { randomUUID } from 'node:crypto';
import type { Condition, DealTimerName } from '@market/contract';
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

/** The kinds of work the queue runs, and what each is given. */
export interface JobPayloads {
  /** Ask the provider to refund until it confirms (issue 17). */
  refund: { refundId: string };
  /** A bKash payment whose buyer may never have come back from bKash's page: ask bKash and settle it as the return would. */
  'bkash-check': { paymentId: string };
  /** Send a mail of the outbox over SMTP (issue 19). */
  mail: { mailId: string };
  /** Make an uploaded picture's smaller copies (issue 19). */
  'picture-sizes': { name: string };
  /** Mail a notification to its person, unless they switched its kind off or their address is unconfirmed (issue 31). */
  'notification-mail': { notificationId: string };
  /** A deal's timer ran out (packages/contract/src/deal.ts `dealTimers`): fire its transition if the deal is still where it leaves from. */
  'deal-timer': { orderId: string; timer: DealTimerName };
  /** Send a text message of the SMS outbox through the gateway (issue 32). */
  sms: { smsId: string };
  /** Pay a bKash payout out: ask bKash once under the payout's id, or ask what became of it after a crash (issue 32). */
  payout: { payoutId: string };
  /** Push a new message, or a notification (queued by its trigger), to one browser through its push service (issue 33). */
  push: { subscriptionId: string; messageId: string } | { subscriptionId: string; notificationId: string };
  /** Mail a person the messages waiting unread for 15 minutes, as one digest (issue 33). */
  'chat-digest': { userId: string };
  /**
   * Give the listings and bookings made before districts the district their free-text place names (issue 34), a batch
   * at a time; `after`: the last listing or booking id done (listings first, then bookings).
   */
  'place-listings': { after?: string; bookings?: boolean };
  /** Match a phone listed or edited against the saved searches, and tell whom it matches (issue 34). */
  'search-alerts': { productId: string };
  /**
   * Give the listings without a catalogue model the one their name names, a batch at a time (queued when the catalogue
   * gains shipped models; issue 34); `after`: the last listing id done.
   */
  'phone-model-links': { after?: string };
  /** Count the price guide of a model, storage and condition again (issue 34): a deal completed or refunded, a listing written. */
  'price-guide': { modelId: string; storageGb: number; condition: Condition };
  /** Remind the sellers of listings whose term ends in 5 days, and expire those whose term ended, a batch each (issue 36). */
  'listing-expiry': Record<string, never>;
  /** Hash the photos of listings posted before photos were hashed (issue 36), a batch of listings at a time; `after`: the last listing id done. */
  'photo-hashes': { after?: string };
}
export type JobKind = keyof JobPayloads;
export const jobKinds = [
  'refund',
  'bkash-check',
  'mail',
  'picture-sizes',
  'notification-mail',
  'deal-timer',
  'sms',
  'payout',
  'push',
  'chat-digest',
  'place-listings',
  'search-alerts',
  'phone-model-links',
  'price-guide',
  'listing-expiry',
  'photo-hashes',
] as const satisfies readonly JobKind[];
export type JobRow = typeof jobs.$inferSelect;

/**
 * A claimed job is another worker's again if its worker has not renewed the lease within this; a running job's
 * worker renews it every third of it, so only a dead or stuck worker loses a job (JOBS_LEASE sets it).
 */
export const LEASE_MS = 30_000;
/** Back-off after a failure: doubling from 10 s up to an hour, and so on until the job succeeds. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
/** Done jobs are kept a month as a record, then removed. */
const KEEP_DONE_DAYS = 30;

const leaseUntil = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** Adds a job in the caller's transaction: it exists exactly when what asked for it was committed. `runAt`: not before. */
export async function enqueueJob<K extends JobKind>(db: Db, kind: K, payload: JobPayloads[K], runAt?: Date) {
  await db.insert(jobs).values({ kind, payload, ...(runAt ? { runAt } : {}) });
}

/**
 * Claims the longest-due job for this worker, or answers null: one statement, the row locked with SKIP LOCKED
 * so two workers never take the same job, and marked with a new claim of its own (lockedBy) for `leaseMs`.
 */
export async function claimNext(db: Db, leaseMs = LEASE_MS): Promise<JobRow | null> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), sql`${jobs.runAt} <= now()`, sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())`))
    .orderBy(jobs.runAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({ lockedBy: randomUUID(), lockedUntil: leaseUntil(leaseMs), attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
  return row ?? null;
}

/** Only while this claim holds: a worker that lost its lease no longer speaks for the job. */
const claimHeld = (row: JobRow) => and(eq(jobs.id, row.id), eq(jobs.lockedBy, row.lockedBy!), isNull(jobs.doneAt));

/** Renews a running job's lease; false when the claim is no longer this worker's (it ran out and another took the job). */
export async function renewLease(db: Db, row: JobRow, leaseMs = LEASE_MS): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ lockedUntil: leaseUntil(leaseMs) })
    .where(claimHeld(row))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

export async function markDone(db: Db, row: JobRow) {
  await db
    .update(jobs)
    .set({ doneAt: sql`now()`, lockedBy: null, lockedUntil: null, lastError: null })
    .where(claimHeld(row));
}

export async function markFailed(db: Db, row: JobRow, error: string) {
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null, lastError: error.slice(0, 500), runAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})` })
    .where(claimHeld(row));
}

/**
 * Frees every claim at once: for a database only this process can open (PGlite), where a claim found at start
 * is one a killed process left, and waiting out its lease would only delay the work.
 */
export async function releaseAllClaims(db: Db) {
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null })
    .where(and(isNull(jobs.doneAt), isNotNull(jobs.lockedUntil)));
}

/** Removes jobs done more than a month ago. */
export async function pruneDone(db: Db) {
  await db.delete(jobs).where(lt(jobs.doneAt, sql`now() - make_interval(days => ${KEEP_DONE_DAYS})`));
}

/** Jobs due and not done, by kind (for /metrics): every kind, 0 when none waits. */
export async function dueByKind(db: Db): Promise<Record<JobKind, number>> {
  const rows = await db
    .select({ kind: jobs.kind, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), sql`${jobs.runAt} <= now()`))
    .groupBy(jobs.kind);
  const due = Object.fromEntries(jobKinds.map((k) => [k, 0])) as Record<JobKind, number>;
  for (const r of rows) if (r.kind in due) due[r.kind as JobKind] = Number(r.count);
  return due;
}
