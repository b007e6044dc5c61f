import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import { resolveUser } from '../users/resolve.ts';
import * as service from './service.ts';

export default async function orderRoutes(app: FastifyInstance) {
  route(app, e.book, ({ user, body }) => service.createOrder(app.db, user!, body));
  route(app, e.buyerOrders, async ({ params, query }) => service.listForBuyer(app.db, (await resolveUser(app.db, params.id)).id, query));
  route(app, e.sellerBookings, async ({ params, query }) => service.listForSeller(app.db, (await resolveUser(app.db, params.id)).id, query));
  route(app, e.declineBooking, ({ params }) => service.declineBooking(app.db, params.id));
  route(app, e.order, ({ params }) => service.getOrder(app.db, params.id));
  route(app, e.deleteOrder, async ({ params }) => {
    await service.deleteOrder(app.db, params.id);
    return { deleted: true as const };
  });
}
