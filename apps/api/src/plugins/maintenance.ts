import { sweepEvents } from '../modules/chat/service.ts';
import { dailySearchMails } from '../modules/alerts/daily.ts';
import { sweepGuide } from '../modules/price-guide/service.ts';
import { queueListingExpiry } from '../modules/listing-terms/service.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneLinkTokens } from '../modules/accounts/link-tokens.ts';
import type { PictureStore } from '../modules/images/store.ts';
import { sweepUnattached } from '../modules/images/uploads.ts';
import { pruneExpiredCodes } from '../modules/local-oidc/codes.ts';
import { pruneSent } from '../modules/mail/outbox.ts';
import { pruneDone } from '../jobs/queue.ts';
import { weeklyPayouts } from '../modules/payouts/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One round of housekeeping, as the hourly timer runs it (tests call it directly). */
    sweep(): Promise<void>;
  }
}

const HOUR = 3_600_000;

/**
 * Housekeeping on a timer in every process: uploads nobody used within a day (rows and
 * files), expired link codes and authorization codes, sent mails and done jobs older than a month (each step one
 * DELETE, so several instances sweeping at once do no harm), the sellers' weekly payouts (each seller paid once) and
 * the day's mail of daily saved searches (each person mailed once a day).
 */
export default fp(
  async function maintenance(app: FastifyInstance, opts: { store: PictureStore; payoutMinimum: number; origin: () => string; intervalMs?: number }) {
    app.decorate('sweep', async () => {
      const removed = await sweepUnattached(app.db, opts.store);
      await pruneLinkTokens(app.db);
      await pruneExpiredCodes(app.db);
      await pruneSent(app.db);
      await pruneDone(app.db);
      // The live streams' events older than two days (decision 053).
      await sweepEvents(app.db);
      // Sellers' weekly payouts (issue 32): their jobs start now.
      if (await weeklyPayouts(app.db, opts.payoutMinimum)) app.jobs.nudge();
      // The day's mail of the daily saved searches (issue 34): their mails go now.
      if (await dailySearchMails(app.db, opts.origin())) app.jobs.nudge();
      // The price guide's keys counted a day ago (issue 34): their sales have aged, some out of the 90 days.
      if (await sweepGuide(app.db)) app.jobs.nudge();
      // Listings whose term ends in 5 days or ended (issue 36): their sellers are told, and the ended ones expire.
      if (await queueListingExpiry(app.db)) app.jobs.nudge();
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
