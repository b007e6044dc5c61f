import { endpoints as e } from '@market/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../route.ts';

export default async function healthRoutes(app: FastifyInstance) {
  route(app, e.health, async () => {
    await app.db.execute(sql`select 1`);
    return { ok: true as const };
  });
}
