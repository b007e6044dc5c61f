import { dhakaToday, endpoints as e, type FeeTerms } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';
import * as earnings from './earnings.ts';

/** The site's fee and a seller's money (issue 32). */
export default async function moneyRoutes(app: FastifyInstance, { fees, payoutMinimum }: { fees: FeeTerms; payoutMinimum: number }) {
  route(app, e.fees, async () => fees);
  route(app, e.earnings, ({ user }) => earnings.earningsOf(app.db, user.id, fees, payoutMinimum));
  route(app, e.sales, ({ user, query }) => earnings.salesOf(app.db, user.id, query));
  route(app, e.salesCsv, async ({ user, reply }) => {
    const csv = await earnings.salesCsv(app.db, user.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="sales-${dhakaToday()}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
}
