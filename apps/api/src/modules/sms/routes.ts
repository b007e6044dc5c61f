import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import { listSmsOutbox } from './outbox.ts';

export default async function smsRoutes(app: FastifyInstance) {
  route(app, e.smsOutbox, ({ query }) => listSmsOutbox(app.db, query, !app.sms));
}
