import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { PaymentsConfig } from '../config.ts';
import type { PaymentProvider } from '../modules/payments/provider.ts';
import { sandboxProvider } from '../modules/payments/sandbox.ts';
import { stripeClient, stripeProvider } from '../modules/payments/stripe.ts';

export interface Payments {
  /** Who takes a card payment (and gives it back): the built-in sandbox, or Stripe when its keys are set (decision 009). */
  provider: PaymentProvider;
  /** What Stripe's webhook checks its events with; both undefined without Stripe (the webhook answers 404). */
  webhook: { stripe: Stripe | undefined; secret: string | undefined };
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

/** The card payment provider the routes, the webhook and the refund job use. Register after the database is decorated. */
export default fp(
  async function payments(app: FastifyInstance, opts: { config: PaymentsConfig }) {
    const { config } = opts;
    const stripe = config.provider === 'stripe' ? stripeClient(config) : undefined;
    app.decorate('payments', {
      provider: config.provider === 'stripe' ? stripeProvider(config, stripe) : sandboxProvider(app.db),
      webhook: { stripe, secret: config.provider === 'stripe' ? config.webhookSecret : undefined },
    });
  },
  { name: 'payments', decorators: { fastify: ['db'] } },
);
