import { IdParams, PageQuery, User, ok, page } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toUser } from './dto.ts';
import { deleteUser, listByRole, verifySeller } from './service.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get('/api/all-buyer', { schema: { tags, summary: 'All buyers', querystring: PageQuery, response: { 200: page(User) } } }, async (request) => {
    const { items, nextCursor } = await listByRole(app.db, 'Buyer', request.query);
    return { success: true as const, data: items.map(toUser), meta: { nextCursor } };
  });

  app.get('/api/all-seller', { schema: { tags, summary: 'All sellers', querystring: PageQuery, response: { 200: page(User) } } }, async (request) => {
    const { items, nextCursor } = await listByRole(app.db, 'Seller', request.query);
    return { success: true as const, data: items.map(toUser), meta: { nextCursor } };
  });

  app.put(
    '/api/verify-seller/:id',
    { schema: { tags, summary: 'Mark a seller as verified', params: IdParams, response: { 200: ok(User) } } },
    async (request) => ({ success: true as const, data: toUser(await verifySeller(app.db, request.params.id)) }),
  );

  app.delete(
    '/api/user/:id',
    { schema: { tags, summary: 'Delete a buyer or seller', params: IdParams, response: { 200: ok(z.object({ deleted: z.literal(true) })) } } },
    async (request) => {
      await deleteUser(app.db, request.params.id);
      return { success: true as const, data: { deleted: true as const } };
    },
  );
};

export default routes;
