import { Payment, PaymentBody, PaymentIntentBody, PaymentIntentCreated, SandboxConfirmBody, ok } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentProvider } from './provider.ts';
import type { AbuseLimits } from '../../config.ts';
import { confirmIntent, intentBuyer } from './sandbox-processor.ts';
import { createPaymentIntent, recordPayment } from './service.ts';

const routes: FastifyPluginAsyncZod<{ provider: PaymentProvider; limits: AbuseLimits }> = async (app, { provider, limits }) => {
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
      // Intents are each a fresh chance at a card: a buyer gets a bounded number of them.
      preHandler: async (request, reply) =>
        app.limiter.take(reply, 'intent-buyer', request.user!.id, limits.paymentIntentsPerBuyer, (wait) => `Too many payment attempts, try again in ${wait}`),
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
      config: { keepsPublicCache: true },
      // Across intents, per address and per buyer: fresh intents do not buy a card tester fresh attempts.
      preHandler: async (request, reply) => {
        const message = (wait: string) => `Too many card attempts, try again in ${wait}`;
        await app.limiter.take(reply, 'card-ip', request.ip, limits.cardAttemptsPerIp, message);
        const buyerId = await intentBuyer(app.db, request.params.id);
        if (buyerId) await app.limiter.take(reply, 'card-buyer', buyerId, limits.cardAttemptsPerBuyer, message);
      },
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
