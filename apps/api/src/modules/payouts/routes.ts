import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { route } from '../../route.ts';
import { standInReports } from './job.ts';
import { confirmNumber, methodOf, setMethod, toMethod } from './method.ts';
import * as service from './service.ts';

/** Sellers' payout methods and payouts, the Admins' batches, adjustments and money view (issue 32). */
export default async function payoutRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const secret = config.jwtSecret;
  const minimum = config.payouts.minimum;
  // The stand-ins answer for themselves; a real provider's report is not fetched (null in the view).
  const reports = Object.fromEntries(
    Object.entries(standInReports).filter(([name]) => (name === 'sandbox' ? app.payments.provider.name === 'sandbox' : config.bkash.provider === 'sandbox')),
  );
  const nudged = <T>(answer: T) => (app.jobs.nudge(), answer);
  route(app, e.payoutMethod, async ({ user }) => {
    const method = await methodOf(app.db, user.id);
    return method && toMethod(method);
  });
  route(app, e.setPayoutMethod, async ({ user, body }) => nudged(await setMethod(app.db, secret, user, body)));
  // A confirmed wallet may be the seller's number too (issue 36): listings that waited for it go live, searches hear of them.
  route(app, e.confirmPayoutNumber, async ({ user, body }) => nudged(await confirmNumber(app.db, secret, user, body.code)));
  route(app, e.requestPayout, async ({ user, body }) => nudged(await service.requestPayout(app.db, user.id, body, minimum)));
  route(app, e.payouts, ({ user, query }) => service.sellerPayouts(app.db, user.id, query));
  route(app, e.allPayouts, ({ query }) => service.everyPayout(app.db, query));
  route(app, e.payoutBatch, async ({ user, reply }) => {
    const batch = await service.makeBatch(app.db, user);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payouts-${batch.id}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(batch.csv);
  });
  route(app, e.settlePayout, async ({ user, params, body }) => nudged(await service.settleBankPayout(app.db, user, params.id, body.outcome, body.reason)));
  route(app, e.adjustBalance, ({ user, params, body }) => service.adjustBalance(app.db, user, params.id, body.amount, body.reason));
  route(app, e.moneyOverview, () => service.moneyOverview(app.db, reports));
}
