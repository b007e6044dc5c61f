import { Payment, PaymentBody, PaymentIntentBody, PaymentIntentCreated, SandboxConfirmBody, ok } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentProvider } from './provider.ts';
import { confirmIntent } from './sandbox-processor.ts';
import { createPaymentIntent, recordPayment } from './service.ts';

const routes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (app, { provider }) => {
  const tags = ['payments'];

  app.post(
    '/api/create-payment-intent',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags,
        summary: 'Start paying for an own unpaid order (amount from the order)',
        body: PaymentIntentBody,
        response: { 200: ok(PaymentIntentCreated).extend({ clientSecret: z.string() }) },
      },
    },
    async (request) => {
      const created = await createPaymentIntent(app.db, provider, request.body.orderId);
      // `clientSecret` also at the top level, where the spec's client reads it.
      return { success: true as const, clientSecret: created.clientSecret, data: created };
    },
  );

  app.post(
    '/api/payment',
    { schema: { tags, summary: 'Record a payment the provider confirms', body: PaymentBody, response: { 200: ok(Payment), 201: ok(Payment) } } },
    async (request, reply) => {
      const { payment, created } = await recordPayment(app.db, provider, request.body.orderId, request.body.transactionId);
      return reply.status(created ? 201 : 200).send({ success: true as const, data: payment });
    },
  );

  app.post(
    '/api/sandbox/payment_intents/:id/confirm',
    {
      schema: { tags, summary: 'The payment sandbox processor: confirm an intent with a test card', params: z.object({ id: z.string().regex(/^pi_\w{1,100}$/, { error: 'must be a payment intent id' }) }), body: SandboxConfirmBody },
      // Per intent and address: a card-testing loop against one intent stops quickly.
      config: { keepsPublicCache: true },
      preHandler: async (request, reply) =>
        app.limiter.take(reply, 'card-confirm', `${request.ip}:${request.params.id}`, { max: 10, windowMs: 60_000 }, (wait) => `Too many requests: at most 10 card attempts a minute on one payment, try again in ${wait}`),
    },
    async (request, reply) => {
      if (provider.name !== 'sandbox') return reply.status(404).send({ error: { type: 'invalid_request_error', message: 'The payment sandbox is off' } });
      const result = await confirmIntent(app.db, request.params.id, request.body.client_secret, request.body.card);
      if (!result.ok) return reply.status(result.failure.status).send({ error: result.failure.error });
      const { id, amount, currency, status } = result.intent;
      return { id, object: 'payment_intent', amount, currency, status };
    },
  );
};

export default routes;
