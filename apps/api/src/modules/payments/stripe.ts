import Stripe from 'stripe';
import type { PaymentsConfig } from '../../config.ts';
import { CURRENCY, type Intent, type PaymentProvider, type RefundAnswer } from './provider.ts';

type StripeConfig = Extract<PaymentsConfig, { provider: 'stripe' }>;

/** The Stripe SDK client; `apiUrl` points it at a local server in tests (no network). */
export function stripeClient(config: StripeConfig): Stripe {
  const url = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(url
      ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
}

const toIntent = (pi: Stripe.PaymentIntent): Intent => ({
  id: pi.id,
  clientSecret: pi.client_secret ?? '',
  status: pi.status,
  amount: pi.amount,
  currency: pi.currency,
  orderId: pi.metadata?.orderId,
});

const toRefund = (r: Stripe.Refund): RefundAnswer => ({
  id: r.id,
  status: r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending',
});

export function stripeProvider(config: StripeConfig, stripe = stripeClient(config)): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey: config.publishableKey,
    async createIntent({ amount, orderId }) {
      const pi = await stripe.paymentIntents.create({ amount, currency: CURRENCY, allowed_payment_method_types: ['card'], metadata: { orderId } });
      return toIntent(pi);
    },
    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
        throw err;
      }
    },
    async refund({ paymentId, amount, key }) {
      return toRefund(await stripe.refunds.create({ payment_intent: paymentId, amount }, { idempotencyKey: `refund-${key}` }));
    },
    async retrieveRefund({ id }) {
      return toRefund(await stripe.refunds.retrieve(id));
    },
  };
}
