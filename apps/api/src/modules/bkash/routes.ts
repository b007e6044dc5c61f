import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { appError } from '../../errors.ts';
import { publicOrigin } from '../../public-origin.ts';
import { route } from '../../route.ts';
import { pageLang } from '../../first-screen/page-lang.ts';
import { refusalText } from '../../texts.ts';
import type { bkashCheckout, CallbackResult } from './checkout.ts';

/**
 * bKash's two routes (issue 17): start a payment, and bKash's return. The callback answers the buyer's browser
 * with a redirect to the order's payment page, saying how it went (a refusal's code and its message in the page's
 * language); with bKash off, starting is a 503.
 */
export default async function bkashRoutes(app: FastifyInstance, opts: { config: Config; checkout: ReturnType<typeof bkashCheckout> | undefined }) {
  const { checkout } = opts;
  route(app, e.bkashCreate, async ({ body, user }) => {
    if (!checkout) throw appError(503, 'bkash_unavailable');
    return checkout.create(body.orderId, user, `${publicOrigin(app.server, opts.config)}${e.bkashCallback.path}`);
  });

  route(app, e.bkashCallback, async ({ query, request, reply }) => {
    try {
      const done: CallbackResult = checkout
        ? await checkout.callback(query.paymentID, query.status)
        : { orderId: null, result: 'failure', refusal: { code: 'bkash_unavailable' } };
      // The page says why in the buyer's language (their page's: the lang cookie, else the browser's), with the code beside it.
      const why = done.refusal && { code: done.refusal.code, message: refusalText(pageLang(request), done.refusal.code, done.refusal.params) };
      const params = new URLSearchParams({ bkash: done.result, ...why });
      return reply.redirect(`${done.orderId ? `/dashboard/payment/${done.orderId}` : '/dashboard/myOrders'}?${params}`, 302);
    } finally {
      // A payment that could not settle has a refund queued: it starts now. (The public answers are dropped
      // after it as after a write: its descriptor says it writes.)
      app.jobs.nudge();
    }
  });
}
