import { endpoints as e } from '@market/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';

/**
 * Health for people and load balancers (issue 19). `/api/health`: the database answers (as before).
 * `/livez`: the process runs its event loop (restart it when this fails). `/readyz`: it can serve —
 * the database answers and the search index is loaded (send it traffic only while this is 200). A closing
 * instance answers every request on a kept-alive connection 503 (Fastify's own), so a balancer drains it.
 */
export default async function healthRoutes(app: FastifyInstance) {
  route(app, e.health, async () => {
    await app.db.execute(sql`select 1`);
    return { ok: true as const };
  });
  const hidden = { schema: { hide: true } };
  app.get('/livez', hidden, async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
  app.get('/readyz', hidden, async (_request, reply) => {
    const problems: string[] = [];
    if (!app.searchIndex.ready) problems.push('the search index is loading');
    await app.db.execute(sql`select 1`).catch(() => problems.push('the database does not answer'));
    void reply.header('cache-control', 'no-store');
    return problems.length ? reply.status(503).send({ ok: false, problems }) : reply.send({ ok: true });
  });
}
