import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import { resolveUser } from '../users/resolve.ts';
import * as service from './service.ts';

export default async function overviewRoutes(app: FastifyInstance) {
  route(app, e.adminOverview, ({ query }) => service.adminOverview(app.db, query.period));
  route(app, e.buyerOverview, async ({ params }) => service.buyerOverview(app.db, (await resolveUser(app.db, params.id)).id));
  route(app, e.sellerOverview, async ({ params }) => service.sellerOverview(app.db, (await resolveUser(app.db, params.id)).id));
}
