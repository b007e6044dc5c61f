import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PictureStore } from '../modules/images/store.ts';
import { makeCopies } from '../modules/images/service.ts';
import { notificationMailJob } from '../modules/notifications/mail.ts';
import { timerJob } from '../modules/orders/process.ts';
import { refundJob } from '../modules/payments/refunds.ts';
import { smsJob } from '../modules/sms/outbox.ts';
import { payoutJob } from '../modules/payouts/job.ts';
import { digestJob } from '../modules/chat/digest.ts';
import { pushJob } from '../modules/chat/push.ts';
import { placeListingsJob } from '../modules/places/match.ts';
import { searchAlertsJob } from '../modules/alerts/match.ts';
import { phoneModelLinksJob } from '../modules/phone-models/catalogue.ts';
import { priceGuideJob } from '../modules/price-guide/service.ts';
import { listingExpiryJob } from '../modules/listing-terms/service.ts';
import { photoHashesJob } from '../modules/listing-checks/backfill.ts';
import type { Config } from '../config.ts';
import type { Rounds } from '../rounds.ts';
import { startJobWorker, type JobHandlers, type WorkerOptions } from '../jobs/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's worker of the durable job queue (issues 17, 19): a route that queued a job nudges it after committing. */
    jobs: Rounds;
  }
}

export interface JobsOptions extends Omit<WorkerOptions, 'db' | 'log' | 'handlers'> {
  /** Where the picture-sizes job reads a picture and writes its copies. */
  store: PictureStore;
  /** Where browsers reach the site, for the links of notification mails (publicOrigin). */
  origin: () => string;
  /** Web Push's keys and subject, for a message's pushes (issue 33). */
  chat: Pick<Config['chat'], 'vapid' | 'vapidSubject' | 'pushCa'>;
  /** The server's secret, which signs the "Still available" links of listings' expiry reminders (issue 36). */
  secret: string;
}

/** What runs each kind of job, from what the app is made of: a refund is given back by the provider that took the money. */
function handlersOf(app: FastifyInstance, { store, origin, chat, secret }: Pick<JobsOptions, 'store' | 'origin' | 'chat' | 'secret'>): JobHandlers {
  const { provider } = app.payments;
  const { bkash } = app;
  const refunders = { [provider.name]: provider, ...(bkash ? { bkash: bkash.refunder } : {}) };
  const linkModels = phoneModelLinksJob(app.db);
  const countGuide = priceGuideJob(app.db);
  const expireListings = listingExpiryJob(app.db, secret);
  return {
    refund: refundJob(app.db, refunders),
    mail: app.mailer.deliver,
    'notification-mail': notificationMailJob(app.db, origin),
    'deal-timer': timerJob(app.db),
    sms: smsJob(app.db, app.sms),
    payout: payoutJob(app.db, bkash?.payouts),
    'picture-sizes': ({ name }) => makeCopies(name, store),
    push: pushJob(app.db, chat.vapid, chat.vapidSubject, chat.pushCa),
    'chat-digest': digestJob(app.db, origin),
    'place-listings': placeListingsJob(app.db),
    'search-alerts': searchAlertsJob(app.db),
    'phone-model-links': async (payload) => {
      await linkModels(payload);
      // The phones' pages name their model now.
      app.publicCache.invalidate();
    },
    'price-guide': async (key) => {
      // The guide's answers and the phones' badges change with it: only when its numbers did (the sweep's mostly do not).
      if (await countGuide(key)) app.publicCache.invalidate();
    },
    'photo-hashes': photoHashesJob(app.db, store),
    'listing-expiry': async () => {
      // Expired listings leave the lists and pages every instance caches.
      if (await expireListings()) app.publicCache.invalidate();
    },
    'bkash-check': async ({ paymentId }) => {
      if (!bkash) throw new Error('bKash is not configured on this server');
      await bkash.checkout.check(paymentId);
      // It may have sold a phone.
      app.publicCache.invalidate();
    },
  };
}

/** Register after the database, the mailer, the payment providers and the public cache; the worker starts when the app is ready and stops with it. */
export default fp(
  async function jobs(app: FastifyInstance, { store, origin, chat, secret, ...opts }: JobsOptions) {
    const handlers = handlersOf(app, { store, origin, chat, secret });
    let worker: Rounds | undefined;
    // Until the app is ready nothing runs: a nudge waits for the first round.
    app.decorate('jobs', {
      run: () => worker?.run() ?? Promise.resolve(0),
      nudge: () => worker?.nudge(),
      close: async () => worker?.close(),
    });
    app.addHook('onReady', async () => {
      worker = startJobWorker({ ...opts, handlers, db: app.db, log: app.log });
      worker.nudge();
    });
    app.addHook('onClose', async () => worker?.close());
  },
  { name: 'jobs', dependencies: ['mail', 'payments', 'bkash', 'sms'], decorators: { fastify: ['db', 'publicCache'] } },
);
