import { Category, ok } from '@market/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categories } from '../../db/schema.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/category',
    { schema: { tags: ['catalog'], summary: 'Brand categories', response: { 200: ok(z.array(Category)) } }, config: { publicCache: true } },
    async () => {
      const rows = await app.db.select().from(categories).orderBy(categories.position, categories.name);
      return { success: true as const, data: rows.map((c) => ({ _id: c.id, category: c.name, categoryLogo: c.logo })) };
    },
  );
};

export default routes;
