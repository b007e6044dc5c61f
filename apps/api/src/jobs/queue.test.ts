import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyTables, useTestDatabase } from '../../test/helper.ts';
import { jobs } from '../db/schema.ts';
import { claimNext, enqueueJob, markDone, markFailed, releaseAllClaims, retryDelaySeconds } from './queue.ts';
import { startJobWorker, type JobHandlers, type JobRun } from './worker.ts';

/**
 * The queue's own rules, with handlers of the tests' making: a running job keeps its lease however long it
 * takes, a worker that lost its claim cannot mark the job, failures back off, a closing worker claims nothing.
 */
const ctx = useTestDatabase();
beforeEach(() => emptyTables(ctx.database.db));

const quiet = () => {};
const log = {
  level: 'silent',
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => log,
} as unknown as FastifyBaseLogger;

/** Handlers that run `mail` jobs with `run` and refuse every other kind (none is queued here). */
function handlers(run: (payload: { mailId: string }, job: JobRun) => Promise<void>): JobHandlers {
  const none = async () => {
    throw new Error('not queued in these tests');
  };
  return {
    mail: run,
    refund: none,
    'bkash-check': none,
    'picture-sizes': none,
    'notification-mail': none,
    'deal-timer': none,
    sms: none,
    payout: none,
    push: none,
    'chat-digest': none,
    'place-listings': none,
    'search-alerts': none,
    'phone-model-links': none,
    'price-guide': none,
    'listing-expiry': none,
    'photo-hashes': none,
  };
}

const rows = () => ctx.database.db.select().from(jobs);
/** The database's clock, which sets and judges the leases. */
const databaseNow = async () => {
  const res = (await ctx.database.db.execute(sql`select now() as now`)) as unknown as { rows: { now: Date | string }[] };
  return new Date(res.rows[0]!.now).getTime();
};

describe('the durable job queue', () => {
  it("a job that runs longer than its lease stays its worker's (the lease is renewed): another worker never runs it too", async () => {
    await enqueueJob(ctx.database.db, 'mail', { mailId: 'slow' });
    // The heartbeat renews it every third of it: long enough that a loaded machine's stalls of the event loop
    // (a second was seen with PGlite, which runs in this process, under a load of 13 on two cores) still leave
    // it renewed in time. 300 ms leases, with a 1.5 s sleep as the job, failed there every time.
    const leaseMs = 2_000;
    const runs: string[] = [];
    const b = startJobWorker({ db: (await ctx.another()).db, handlers: handlers(async () => void runs.push('b')), log, leaseMs, pollMs: 50 });
    let firstLeaseEnd = 0;
    let leaseAfter: Date | null = null;
    let bRan: number | undefined;
    const a = startJobWorker({
      db: ctx.database.db,
      handlers: handlers(async () => {
        runs.push('a');
        // The job runs on past the end of its first lease by the database's clock, while b looks at the queue
        // every 50 ms; then b looks once more.
        firstLeaseEnd = (await rows())[0]!.lockedUntil!.getTime();
        await expect.poll(databaseNow, { interval: 20, timeout: 10_000 }).toBeGreaterThan(firstLeaseEnd);
        bRan = await b.run();
        leaseAfter = (await rows())[0]!.lockedUntil;
      }),
      log,
      leaseMs,
      pollMs: 50,
    });
    try {
      await a.run();
      expect(bRan).toBe(0);
      // Renewed by a's heartbeat while the job ran.
      expect(leaseAfter!.getTime()).toBeGreaterThan(firstLeaseEnd);
      // Done: b finds nothing to claim either.
      expect(await b.run()).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    expect(runs).toEqual(['a']);
    expect(await rows()).toEqual([expect.objectContaining({ attempts: 1, doneAt: expect.any(Date), lockedBy: null, lastError: null })]);
  });

  it('a worker whose claim was taken over cannot mark the job done or failed; the new claim can', async () => {
    await enqueueJob(ctx.database.db, 'mail', { mailId: 'x' });
    const stale = (await claimNext(ctx.database.db, 60_000))!;
    // Its lease ran out (the worker stalled), and another worker claimed the job.
    await ctx.database.db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) });
    const fresh = (await claimNext(ctx.database.db, 60_000))!;
    expect(fresh.id).toBe(stale.id);
    expect(fresh.lockedBy).not.toBe(stale.lockedBy);
    expect(fresh.attempts).toBe(2);

    await markDone(ctx.database.db, stale);
    await markFailed(ctx.database.db, stale, 'too late');
    expect(await rows()).toEqual([expect.objectContaining({ doneAt: null, lockedBy: fresh.lockedBy, lastError: null })]);
    await markDone(ctx.database.db, fresh);
    expect(await rows()).toEqual([expect.objectContaining({ doneAt: expect.any(Date), lockedBy: null })]);
    // Done is final: nothing claims it again.
    expect(await claimNext(ctx.database.db)).toBeNull();
  });

  it('a failed job is tried again after a back-off that doubles, with its error kept', async () => {
    await enqueueJob(ctx.database.db, 'mail', { mailId: 'x' });
    const worker = startJobWorker({ db: ctx.database.db, handlers: handlers(async () => Promise.reject(new Error('SMTP said no'))), log });
    try {
      await worker.run();
      await worker.run();
    } finally {
      await worker.close();
    }
    const [job] = await rows();
    expect(job).toMatchObject({ attempts: 1, doneAt: null, lockedBy: null, lockedUntil: null, lastError: 'SMTP said no' });
    const delay = (job!.runAt.getTime() - Date.now()) / 1000;
    expect(delay).toBeGreaterThan(retryDelaySeconds(1) - 2);
    expect(delay).toBeLessThanOrEqual(retryDelaySeconds(1));
    expect([1, 2, 3, 4, 9, 10, 20].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 2560, 3600, 3600]);
  });

  it('a closing worker finishes the job in hand and claims no other', async () => {
    for (const id of ['one', 'two', 'three']) await enqueueJob(ctx.database.db, 'mail', { mailId: id });
    let release!: () => void;
    let firstStarted!: () => void;
    const running = new Promise<void>((resolve) => (firstStarted = resolve));
    const started: string[] = [];
    const worker = startJobWorker({
      db: ctx.database.db,
      handlers: handlers(async ({ mailId }) => {
        started.push(mailId);
        firstStarted();
        await new Promise<void>((resolve) => (release = resolve));
      }),
      log,
      concurrency: 1,
    });
    worker.nudge();
    await running;
    const closed = worker.close();
    release();
    await closed;
    expect(started).toHaveLength(1);
    const done = await ctx.database.db.select().from(jobs).where(eq(jobs.attempts, 1));
    expect(done).toEqual([expect.objectContaining({ payload: { mailId: started[0] }, doneAt: expect.any(Date) })]);
    expect((await rows()).filter((j) => j.attempts === 0)).toHaveLength(2);
  });

  it('frees every claim at once when asked (a process starting on its own embedded database)', async () => {
    await enqueueJob(ctx.database.db, 'mail', { mailId: 'x' });
    expect(await claimNext(ctx.database.db, 60_000)).not.toBeNull();
    // Its claimer died: nothing can claim it before the lease runs out…
    expect(await claimNext(ctx.database.db)).toBeNull();
    // …unless the claims are freed.
    await releaseAllClaims(ctx.database.db);
    expect(await claimNext(ctx.database.db)).toMatchObject({ attempts: 2 });
  });
});
