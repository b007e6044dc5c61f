import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import * as service from './service.ts';

export default async function favouriteRoutes(app: FastifyInstance) {
  route(app, e.savedPhones, ({ query, user }) => service.savedPhones(app.db, user.id, query));
  route(app, e.savedIds, ({ user }) => service.savedIds(app.db, user.id));
  route(app, e.saveProduct, ({ params, user }) => service.save(app.db, user.id, params.id));
  route(app, e.unsaveProduct, ({ params, user }) => service.unsave(app.db, user.id, params.id));
}
