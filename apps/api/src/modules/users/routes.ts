import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import { listAudit } from '../audit/service.ts';
import { toUser } from './dto.ts';
import { deleteUser, listByRole, reinstateSeller, suspendSeller, verifySeller } from './service.ts';

export default async function userRoutes(app: FastifyInstance) {
  const usersOf = async (role: 'Buyer' | 'Seller', query: Parameters<typeof listByRole>[2]) => {
    const { items, nextCursor } = await listByRole(app.db, role, query);
    return { items: items.map(toUser), nextCursor };
  };
  route(app, e.allBuyers, ({ query }) => usersOf('Buyer', query));
  route(app, e.allSellers, ({ query }) => usersOf('Seller', query));
  route(app, e.verifySeller, async ({ params, user }) => toUser(await verifySeller(app.db, params.id, user)));
  route(app, e.deleteUser, async ({ params, user }) => {
    await deleteUser(app.db, params.id, user);
    return { deleted: true as const };
  });
  route(app, e.suspendSeller, async ({ params, body, user }) => toUser(await suspendSeller(app.db, params.id, user, body.reason)));
  route(app, e.reinstateSeller, async ({ params, body, user }) => toUser(await reinstateSeller(app.db, params.id, user, body.reason)));
  route(app, e.auditLog, ({ query }) => listAudit(app.db, query));
}
