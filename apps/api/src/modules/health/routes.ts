import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => {
    await app.db.execute(sql`select 1`);
    return { ok: true as const };
  });
};

export default routes;
