import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import { listOutbox } from './outbox.ts';

export default async function mailRoutes(app: FastifyInstance) {
  route(app, e.outbox, ({ query }) => listOutbox(app.db, query, !app.mailer.smtp));
}
