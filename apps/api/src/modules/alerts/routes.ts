import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import * as service from './service.ts';

export default async function alertRoutes(app: FastifyInstance) {
  route(app, e.saveSearch, ({ user, body }) => service.saveSearch(app.db, user.id, body));
  route(app, e.savedSearches, ({ user, query }) => service.listSavedSearches(app.db, user.id, query));
  route(app, e.setSavedSearchFrequency, ({ params, body }) => service.setFrequency(app.db, params.id, body.frequency));
  route(app, e.deleteSavedSearch, ({ params }) => service.deleteSavedSearch(app.db, params.id));
}
