import { endpoints as e } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import * as service from './service.ts';

export default async function reportRoutes(app: FastifyInstance) {
  // The spec's call: reason 'other', and the same answer when the user reports the phone again.
  route(app, e.reportProduct, ({ params, user }) => service.fileReport(app.db, user, { productId: params.id, reason: 'other' }, 'answer'));
  route(app, e.report, ({ body, user }) => service.fileReport(app.db, user, body, 'refuse'));
  route(app, e.reportQueue, ({ query }) => service.reportQueue(app.db, query));
  route(app, e.dismissReports, ({ params, body, user }) => service.dismissReports(app.db, user, params.id, body));
  route(app, e.warnSeller, ({ params, body, user }) => service.warnSeller(app.db, user, params.id, body));
  route(app, e.removeReported, async ({ params, body, user }) => {
    await service.removeReported(app.db, user, params.id, body);
    return { deleted: true as const };
  });
}
