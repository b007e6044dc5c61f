import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import { toUser } from './dto.ts';
import { deleteUser, listByRole, verifySeller } from './service.ts';

export default async function userRoutes(app: FastifyInstance) {
  const usersOf = async (role: 'Buyer' | 'Seller', query: Parameters<typeof listByRole>[2]) => {
    const { items, nextCursor } = await listByRole(app.db, role, query);
    return { items: items.map(toUser), nextCursor };
  };
  route(app, e.allBuyers, ({ query }) => usersOf('Buyer', query));
  route(app, e.allSellers, ({ query }) => usersOf('Seller', query));
  route(app, e.verifySeller, async ({ params }) => toUser(await verifySeller(app.db, params.id)));
  route(app, e.deleteUser, async ({ params }) => {
    await deleteUser(app.db, params.id);
    return { deleted: true as const };
  });
}
