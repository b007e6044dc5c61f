import { AdminOverview, BuyerOverview, SellerOverview, UserRefParams, ok } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveUser } from '../users/resolve.ts';
import * as service from './service.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['overview'];
  const data = <T>(value: T) => ({ success: true as const, data: value });

  app.get('/api/admin-overview', { schema: { tags, summary: 'Totals for the admin', response: { 200: ok(AdminOverview) } } }, async () =>
    data(await service.adminOverview(app.db)),
  );

  app.get(
    '/api/buyer-overview/:id',
    { schema: { tags, summary: "A buyer's totals (id is _id or e-mail)", params: UserRefParams, response: { 200: ok(BuyerOverview) } } },
    async (request) => data(await service.buyerOverview(app.db, (await resolveUser(app.db, request.params.id)).id)),
  );

  app.get(
    '/api/seller-overview/:id',
    { schema: { tags, summary: "A seller's totals (id is _id or e-mail)", params: UserRefParams, response: { 200: ok(SellerOverview) } } },
    async (request) => data(await service.sellerOverview(app.db, (await resolveUser(app.db, request.params.id)).id)),
  );
};

export default routes;
