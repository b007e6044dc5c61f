import { IdParams, NewProductBody, PageQuery, Product, UserRefParams, ok, page } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveUser } from '../users/resolve.ts';
import * as service from './service.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalog'];
  const one = { 200: ok(Product) };
  const many = { 200: page(Product) };
  const config = { publicCache: true };
  const data = <T>(value: T) => ({ success: true as const, data: value });
  const pageOf = <T>({ items, nextCursor }: { items: T[]; nextCursor: string | null }) => ({ success: true as const, data: items, meta: { nextCursor } });

  app.get('/api/advertise-products', { schema: { tags, summary: 'Advertised products still for sale', querystring: PageQuery, response: many }, config }, async (request) =>
    pageOf(await service.listAdvertised(app.db, request.query)),
  );

  app.get(
    '/api/category-products/:id',
    { schema: { tags, summary: 'Products for sale in one category', params: IdParams, querystring: PageQuery, response: many }, config },
    async (request) => pageOf(await service.listInCategory(app.db, request.params.id, request.query)),
  );

  app.get('/api/detail-product/:id', { schema: { tags, summary: 'One product', params: IdParams, response: one }, config }, async (request) =>
    data(await service.getProduct(app.db, request.params.id)),
  );

  app.get(
    '/api/seller-products/:id',
    { schema: { tags, summary: "A seller's products (id is the seller's _id or e-mail)", params: UserRefParams, querystring: PageQuery, response: many } },
    async (request) => {
      const seller = await resolveUser(app.db, request.params.id);
      return pageOf(await service.listBySeller(app.db, seller.id, request.query));
    },
  );

  app.get('/api/all-reported-products', { schema: { tags, summary: 'Reported products', querystring: PageQuery, response: many } }, async (request) =>
    pageOf(await service.listReported(app.db, request.query)),
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
