import { IdParams, NewOrderBody, Order, PageQuery, UserRefParams, ok, page } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveUser } from '../users/resolve.ts';
import * as service from './service.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  const data = <T>(value: T) => ({ success: true as const, data: value });

  app.post('/api/order', { schema: { tags, summary: 'Book a product', body: NewOrderBody, response: { 201: ok(Order) } } }, async (request, reply) =>
    reply.status(201).send(data(await service.createOrder(app.db, request.user!, request.body))),
  );

  app.get(
    '/api/orders/:id',
    { schema: { tags, summary: "A buyer's orders (id is the buyer's _id or e-mail)", params: UserRefParams, querystring: PageQuery, response: { 200: page(Order) } } },
    async (request) => {
      const buyer = await resolveUser(app.db, request.params.id);
      const { items, nextCursor } = await service.listForBuyer(app.db, buyer.id, request.query);
      return { success: true as const, data: items, meta: { nextCursor } };
    },
  );

  app.get('/api/order/:id', { schema: { tags, summary: 'One order', params: IdParams, response: { 200: ok(Order) } } }, async (request) =>
    data(await service.getOrder(app.db, request.params.id)),
  );

  app.delete(
    '/api/order/:id',
    { schema: { tags, summary: 'Delete an order', params: IdParams, response: { 200: ok(z.object({ deleted: z.literal(true) })) } } },
    async (request) => {
      await service.deleteOrder(app.db, request.params.id);
      return data({ deleted: true as const });
    },
  );
};

export default routes;
