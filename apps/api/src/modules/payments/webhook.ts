import { endpoints as e, Id } from '@market/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { stripeEvents } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { route } from '../../route.ts';
import { settle } from './service.ts';

/**
 * Stripe's webhook: the signature is checked on the raw body, each event is handled once
 * (Stripe may send it again), and a succeeded intent settles its order like POST /api/payment.
 */
const webhook: FastifyPluginAsync<{ stripe: Stripe | undefined; secret: string | undefined }> = async (app, { stripe, secret }) => {
  // Only in this plugin: JSON arrives as the raw bytes the signature covers.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  route(app, e.stripeWebhook, async ({ request }) => {
    if (!stripe || !secret) throw notFound('Stripe webhook');
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body as Buffer, String(signature ?? ''), secret);
    } catch {
      throw badRequest('bad_stripe_signature');
    }
    const fresh = await app.db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (fresh.length === 0) return { received: true as const, duplicate: true as const };
    if (event.type === 'payment_intent.succeeded') {
      const pi = event.data.object;
      const orderId = pi.metadata?.orderId;
      // Another integration on the same Stripe account may use orderId for its own ids: not ours, nothing to settle.
      if (orderId && Id.safeParse(orderId).success) {
        try {
          await settle(app.db, 'stripe', { id: pi.id, clientSecret: '', status: pi.status, amount: pi.amount, currency: pi.currency, orderId }, orderId);
        } catch (err) {
          if (!(err instanceof AppError)) {
            // Not handled after all: let Stripe deliver it again.
            await app.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
            throw err;
          }
          // A payment we cannot settle (order gone, phone sold meanwhile) is being refunded (settle queued it), not retried.
          request.log.warn({ err, intent: pi.id, orderId }, 'succeeded payment could not settle its order; it is being refunded');
        } finally {
          app.jobs.nudge();
        }
      }
    }
    return { received: true as const };
  });
};

export default webhook;
