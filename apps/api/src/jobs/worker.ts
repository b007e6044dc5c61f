import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { repeatRounds, type Rounds } from '../rounds.ts';
import { claimNext, LEASE_MS, markDone, markFailed, renewLease, type JobKind, type JobPayloads, type JobRow } from './queue.ts';

/** What a handler knows of the run: which attempt this is, and a signal raised if this worker lost the job's lease. */
export interface JobRun {
  attempt: number;
  lost: AbortSignal;
}

/**
 * What runs a job of each kind: it resolves when the work is done for good, and throws to be tried again later.
 * A job may run again when its worker died before marking it done, so a handler's effects are safe to repeat:
 * it looks first at what is already done (a sent mail, a refund the provider confirmed) and gives the outside
 * party a key of the job's own (Message-ID, idempotency key).
 */
export type JobHandlers = { [K in JobKind]: (payload: JobPayloads[K], run: JobRun) => Promise<void> };

export interface WorkerOptions {
  db: Db;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  /** How often the queue is looked at when nothing nudges it (retries after a back-off, other instances' jobs); default 5 s. */
  pollMs?: number | undefined;
  leaseMs?: number | undefined;
  /** Jobs run at once by this worker (default 4): a slow provider does not hold up the mails. */
  concurrency?: number | undefined;
}

/** This process's worker of the durable queue: claims due jobs one at a time in each of its lanes and runs them. */
export function startJobWorker(opts: WorkerOptions): Rounds {
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  let closing = false;

  async function runJob(job: JobRow) {
    const lost = new AbortController();
    // While the job runs its lease is renewed; a renewal refused means another worker has it now.
    const heartbeat = setInterval(() => {
      renewLease(opts.db, job, leaseMs).then(
        (held) => held || lost.abort(new Error('the job was taken over by another worker')),
        (err: unknown) => opts.log.warn({ err, job: job.id }, 'could not renew a job lease'),
      );
    }, leaseMs / 3);
    try {
      // The row's kind picks the handler; its payload is what that kind was queued with.
      const handler = opts.handlers[job.kind as JobKind] as ((payload: unknown, run: JobRun) => Promise<void>) | undefined;
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job.payload, { attempt: job.attempts, lost: lost.signal });
      await markDone(opts.db, job);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      opts.log.warn({ err: message, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed; it runs again after a back-off');
      await markFailed(opts.db, job, message);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** One lane: claims and runs jobs until none is due (or the worker is closing); answers how many it ran. */
  async function lane(): Promise<number> {
    let ran = 0;
    while (!closing) {
      const job = await claimNext(opts.db, leaseMs);
      if (!job) break;
      ran += 1;
      await runJob(job);
    }
    return ran;
  }

  const round = async () => (await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, lane))).reduce((a, b) => a + b, 0);
  const rounds = repeatRounds(round, { pollMs: opts.pollMs ?? 5_000, log: opts.log, what: 'job queue' });
  return {
    run: rounds.run,
    nudge: rounds.nudge,
    async close() {
      // The jobs under way finish; no new one is claimed.
      closing = true;
      await rounds.close();
    },
  };
}
