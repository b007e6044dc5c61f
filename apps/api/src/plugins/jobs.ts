import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Rounds } from '../rounds.ts';
import { startJobWorker, type WorkerOptions } from '../jobs/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's worker of the durable job queue (issues 17, 19): a route that queued a job nudges it after committing. */
    jobs: Rounds;
  }
}

/** Register after the database is decorated; the worker starts when the app is ready and stops with it. */
export default fp(
  async function jobs(app: FastifyInstance, opts: Omit<WorkerOptions, 'db' | 'log'>) {
    let worker: Rounds | undefined;
    // Until the app is ready nothing runs: a nudge waits for the first round.
    app.decorate('jobs', {
      run: () => worker?.run() ?? Promise.resolve(0),
      nudge: () => worker?.nudge(),
      close: async () => worker?.close(),
    });
    app.addHook('onReady', async () => {
      worker = startJobWorker({ ...opts, db: app.db, log: app.log });
      worker.nudge();
    });
    app.addHook('onClose', async () => worker?.close());
  },
  { name: 'jobs' },
);
