import { IdParams, NewProductBody, Product, UserRefParams, ok } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveUser } from '../users/resolve.ts';
import * as service from './service.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const one = { 200: ok(Product) };
  const many = { 200: ok(z.array(Product)) };
  const data = <T>(value: T) => ({ success: true as const, data: value });

  app.get('/api/advertise-products', { schema: { tags, summary: 'Advertised products still for sale', response: many } }, async () =>
    data(await service.listAdvertised(app.db)),
  );

  app.get(
    '/api/category-products/:id',
    { schema: { tags, summary: 'Products for sale in one category', params: IdParams, response: many } },
    async (request) => data(await service.listInCategory(app.db, request.params.id)),
  );

  app.get('/api/detail-product/:id', { schema: { tags, summary: 'One product', params: IdParams, response: one } }, async (request) =>
    data(await service.getProduct(app.db, request.params.id)),
  );

  app.get(
    '/api/seller-products/:id',
    { schema: { tags, summary: "A seller's products (id is the seller's _id or e-mail)", params: UserRefParams, response: many } },
    async (request) => {
      const seller = await resolveUser(app.db, request.params.id);
      return data(await service.listBySeller(app.db, seller.id));
    },
  );

  app.get('/api/all-reported-products', { schema: { tags, summary: 'Reported products', response: many } }, async () =>
    data(await service.listReported(app.db)),
  );

  app.post('/api/product', { schema: { tags, summary: 'Post a product for sale', body: NewProductBody, response: { 201: ok(Product) } } }, async (request, reply) =>
    reply.status(201).send(data(await service.createProduct(app.db, request.user!.id, request.body))),
  );

  app.put('/api/advertise-product/:id', { schema: { tags, summary: 'Advertise an available product', params: IdParams, response: one } }, async (request) =>
    data(await service.advertiseProduct(app.db, request.params.id)),
  );

  app.put('/api/report-product/:id', { schema: { tags, summary: 'Report a product', params: IdParams, response: one } }, async (request) =>
    data(await service.reportProduct(app.db, request.params.id)),
  );

  app.delete(
    '/api/product/:id',
    { schema: { tags, summary: 'Delete a product', params: IdParams, response: { 200: ok(z.object({ deleted: z.literal(true) })) } } },
    async (request) => {
      await service.deleteProduct(app.db, request.params.id);
      return data({ deleted: true as const });
    },
  );
};

export default routes;
