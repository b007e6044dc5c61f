import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { repeatRounds, type Rounds } from '../rounds.ts';
import { claimDue, markDone, markFailed, type JobKind, type JobPayloads } from './queue.ts';

/** What runs a job of each kind: it resolves when the work is done for good, and throws to be tried again later. */
export type JobHandlers = { [K in JobKind]: (payload: JobPayloads[K]) => Promise<void> };

/** How often the queue is looked at when nothing nudges it (retries after a back-off, other instances' jobs). */
const POLL_MS = 5_000;

/** This process's worker of the durable queue: claims due jobs, runs each with its kind's handler, marks it done or failed. */
export function startJobWorker(opts: { db: Db; handlers: JobHandlers; log: FastifyBaseLogger; pollMs?: number | undefined }): Rounds {
  async function round(): Promise<number> {
    let ran = 0;
    for (;;) {
      const batch = await claimDue(opts.db);
      if (batch.length === 0) return ran;
      ran += batch.length;
      for (const job of batch) {
        try {
          // The row's kind picks the handler; its payload is what that kind was queued with.
          const handler = opts.handlers[job.kind as JobKind] as ((payload: unknown) => Promise<void>) | undefined;
          if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
          await handler(job.payload);
          await markDone(opts.db, job);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          opts.log.warn({ err: message, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed; it runs again after a back-off');
          await markFailed(opts.db, job, message);
        }
      }
    }
  }
  return repeatRounds(round, { pollMs: opts.pollMs ?? POLL_MS, log: opts.log, what: 'job queue' });
}
