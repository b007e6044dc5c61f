import { OutboxMail, PageQuery, page } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutbox } from './outbox.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/outbox',
    {
      schema: {
        tags: ['mail'],
        summary: 'The outgoing mails, newest first (their text only while no SMTP server is configured: a demo reads its links here)',
        querystring: PageQuery,
        response: { 200: page(OutboxMail) },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listOutbox(app.db, request.query, !app.mailer.smtp);
      return { success: true as const, data: items, meta: { nextCursor } };
    },
  );
};

export default routes;
