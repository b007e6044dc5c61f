import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneLinkTokens } from '../modules/accounts/link-tokens.ts';
import type { PictureStore } from '../modules/images/store.ts';
import { sweepUnattached } from '../modules/images/uploads.ts';
import { pruneExpiredCodes } from '../modules/local-oidc/codes.ts';
import { pruneSent } from '../modules/mail/outbox.ts';
import { pruneDone } from '../jobs/queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One round of housekeeping, as the hourly timer runs it (tests call it directly). */
    sweep(): Promise<void>;
  }
}

const HOUR = 3_600_000;

/**
 * Housekeeping on a timer in every process: uploads nobody used within a day (rows and
 * files), expired link codes and authorization codes, sent mails and done jobs older than a month. Each
 * step is one DELETE, so several instances sweeping at once do no harm.
 */
export default fp(
  async function maintenance(app: FastifyInstance, opts: { store: PictureStore; intervalMs?: number }) {
    app.decorate('sweep', async () => {
      const removed = await sweepUnattached(app.db, opts.store);
      await pruneLinkTokens(app.db);
      await pruneExpiredCodes(app.db);
      await pruneSent(app.db);
      await pruneDone(app.db);
      if (removed) app.log.info({ removed }, 'unused uploads removed');
    });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void app.sweep().catch((err: unknown) => app.log.error({ err }, 'housekeeping failed')), opts.intervalMs ?? HOUR);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'maintenance' },
);
