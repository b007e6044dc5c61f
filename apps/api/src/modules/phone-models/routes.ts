import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import * as service from './service.ts';
import { guideFor, modelPrices } from '../price-guide/service.ts';

export default async function phoneModelRoutes(app: FastifyInstance) {
  route(app, e.phoneModels, () => service.listModels(app.db));
  route(app, e.priceGuide, ({ query }) => guideFor(app.db, { modelId: query.model, storageGb: query.storage, condition: query.condition }));
  route(app, e.modelPrices, ({ params }) => modelPrices(app.db, params.brand, params.model));
  route(app, e.unlistedModels, () => service.unlistedModels(app.db));
  route(app, e.addPhoneModel, ({ body, user }) => service.addModel(app.db, user, body));
  route(app, e.addModelAlias, ({ params, body, user }) => service.addAlias(app.db, user, params.id, body));
}
