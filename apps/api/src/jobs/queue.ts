import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

/** The kinds of work the queue runs, and what each is given. */
export interface JobPayloads {
  /** Ask the provider to refund until it confirms (issue 17). */
  refund: { refundId: string };
  /** A bKash payment whose buyer may never have come back from bKash's page: ask bKash and settle it as the return would. */
  'bkash-check': { paymentId: string };
}
export type JobKind = keyof JobPayloads;
export type JobRow = typeof jobs.$inferSelect;

/** A claimed job is another worker's again if its worker has not answered within this (each job's calls have shorter timeouts). */
const LEASE_MS = 5 * 60_000;
export const CLAIM_BATCH = 5;
/** Back-off after a failure: doubling from 10 s up to an hour, and so on until the job succeeds. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

/** Adds a job in the caller's transaction: it exists exactly when what asked for it was committed. `runAt`: not before. */
export async function enqueueJob<K extends JobKind>(db: Db, kind: K, payload: JobPayloads[K], runAt?: Date) {
  await db.insert(jobs).values({ kind, payload, ...(runAt ? { runAt } : {}) });
}

/** Claims up to `limit` due jobs for this worker: one statement, rows locked with SKIP LOCKED, so instances never run a job at once. */
export async function claimDue(db: Db, limit = CLAIM_BATCH): Promise<JobRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), sql`${jobs.runAt} <= now()`, sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())`))
    .orderBy(jobs.runAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ lockedUntil: new Date(Date.now() + LEASE_MS), attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Only while this worker's lease holds: a worker that outlived its lease no longer speaks for the job. */
const leaseHeld = (row: JobRow) => and(eq(jobs.id, row.id), eq(jobs.lockedUntil, row.lockedUntil!));

export async function markDone(db: Db, row: JobRow) {
  await db
    .update(jobs)
    .set({ doneAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(leaseHeld(row));
}

export async function markFailed(db: Db, row: JobRow, error: string) {
  await db
    .update(jobs)
    .set({ lockedUntil: null, lastError: error.slice(0, 500), runAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})` })
    .where(leaseHeld(row));
}
