import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import type { PaymentProvider } from './provider.ts';
import { confirmIntent, intentBuyer } from './sandbox-processor.ts';
import { createPaymentIntent, recordPayment } from './service.ts';

export default async function paymentRoutes(app: FastifyInstance, { provider, bkash }: { provider: PaymentProvider; bkash: boolean }) {
  route(app, e.createPaymentIntent, async ({ body }) => {
    const created = { ...(await createPaymentIntent(app.db, provider, body.orderId)), bkash };
    return { success: true as const, clientSecret: created.clientSecret, data: created };
  });

  route(app, e.recordPayment, async ({ body, reply }) => {
    try {
      const { payment, created } = await recordPayment(app.db, provider, body.orderId, body.transactionId);
      void reply.code(created ? 201 : 200);
      return payment;
    } finally {
      // A payment that could not settle has a refund queued: it starts now, not at the next poll.
      app.jobs.nudge();
    }
  });

  route(
    app,
    e.sandboxConfirm,
    async ({ params, body, reply }) => {
      if (provider.name !== 'sandbox') return reply.status(404).send({ error: { type: 'invalid_request_error', message: 'The payment sandbox is off' } });
      const result = await confirmIntent(app.db, params.id, body.client_secret, body.card);
      if (!result.ok) return reply.status(result.failure.status).send({ error: result.failure.error });
      const { id, amount, currency, status } = result.intent;
      return { id, object: 'payment_intent' as const, amount, currency, status };
    },
    { limitSubject: (request) => intentBuyer(app.db, (request.params as { id: string }).id) },
  );
}
