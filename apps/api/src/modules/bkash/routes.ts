import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { appError } from '../../errors.ts';
import { publicOrigin } from '../../public-origin.ts';
import { route } from '../../route.ts';
import type { bkashCheckout } from './checkout.ts';

/**
 * bKash's two routes (issue 17): start a payment, and bKash's return. The callback answers the buyer's browser
 * with a redirect to the order's payment page, saying how it went; with bKash off, starting is a 503.
 */
export default async function bkashRoutes(app: FastifyInstance, opts: { config: Config; checkout: ReturnType<typeof bkashCheckout> | undefined }) {
  const { checkout } = opts;
  route(app, e.bkashCreate, async ({ body, user }) => {
    if (!checkout) throw appError(503, 'bkash_unavailable');
    return checkout.create(body.orderId, user, `${publicOrigin(app.server, opts.config)}/api/bkash/callback`);
  });

  route(app, e.bkashCallback, async ({ query, reply }) => {
    try {
      const done = checkout
        ? await checkout.callback(query.paymentID, query.status)
        : { orderId: null, result: 'failure' as const, message: 'bKash is not available on this server' };
      const params = new URLSearchParams({ bkash: done.result, ...(done.message ? { message: done.message } : {}) });
      return reply.redirect(`${done.orderId ? `/dashboard/payment/${done.orderId}` : '/dashboard/myOrders'}?${params}`, 302);
    } finally {
      // A payment that could not settle has a refund queued: it starts now. (The public answers are dropped
      // after it as after a write: its descriptor says it writes.)
      app.jobs.nudge();
    }
  });
}
