import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import { listAudit } from '../audit/service.ts';
import { toSellerRow, toUser } from './dto.ts';
import { deleteUser, listBuyers, listSellers, reinstate, suspend, verifySeller } from './service.ts';

export default async function userRoutes(app: FastifyInstance) {
  route(app, e.allBuyers, async ({ query }) => {
    const { items, nextCursor } = await listBuyers(app.db, query);
    return { items: items.map(toUser), nextCursor };
  });
  route(app, e.allSellers, async ({ query }) => {
    const { items, nextCursor } = await listSellers(app.db, query);
    return { items: items.map(toSellerRow), nextCursor };
  });
  route(app, e.verifySeller, async ({ params, body, user }) => toUser(await verifySeller(app.db, params.id, user, body.reason)));
  route(app, e.deleteUser, async ({ params, user }) => {
    await deleteUser(app.db, params.id, user);
    return { deleted: true as const };
  });
  route(app, e.suspendSeller, async ({ params, body, user }) => toUser(await suspend(app.db, 'Seller', params.id, user, body.reason)));
  route(app, e.reinstateSeller, async ({ params, body, user }) => toUser(await reinstate(app.db, 'Seller', params.id, user, body.reason)));
  route(app, e.suspendBuyer, async ({ params, body, user }) => toUser(await suspend(app.db, 'Buyer', params.id, user, body.reason)));
  route(app, e.reinstateBuyer, async ({ params, body, user }) => toUser(await reinstate(app.db, 'Buyer', params.id, user, body.reason)));
  route(app, e.auditLog, ({ query }) => listAudit(app.db, query));
}
