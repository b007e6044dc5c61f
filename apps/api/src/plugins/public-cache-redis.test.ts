import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCategory, postProduct, signUp } from '../../test/fixtures.ts';
import { testConfig, useTestApp } from '../../test/helper.ts';
import { deleteUnder, redisAvailable, redisUrl, uniquePrefix } from '../../test/redis.ts';
import { buildApp } from '../app.ts';
import { callRoute } from '../../test/call-route.ts';

/**
 * Two instances on one database and one Redis: a write on one empties the other's public cache.
 * The engine plays no part: vitest.config.ts runs this in the pglite project only.
 */
const available = await redisAvailable('the public cache across instances (public-cache-redis.test.ts)');

describe.runIf(available)('public cache across instances (REDIS_URL)', () => {
  const ctx = useTestApp();

  async function instance(prefix: string): Promise<FastifyInstance> {
    const config = testConfig({ redisUrl, redisPrefix: prefix });
    const app = await buildApp({ config, database: ctx.database });
    await app.ready();
    onTestFinished(async () => {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    });
    return app;
  }

  async function until(check: () => Promise<boolean>, ms = 3000) {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  }

  it('a write answered by one instance drops the cached answers of the other at once', async () => {
    const prefix = uniquePrefix('public-cache');
    onTestFinished(() => deleteUnder(prefix));
    const [a, b] = [await instance(prefix), await instance(prefix)];
    const [seller, category] = await Promise.all([signUp(a, 'Seller'), createCategory(a)]);
    const product = await postProduct(a, seller, category.id);
    const advertised = async (app: FastifyInstance) => (await callRoute(app, 'advertisedProducts')).body.data.length === 1;

    expect(await advertised(b)).toBe(false);
    expect(b.publicCache.size).toBe(1);
    expect((await callRoute(a, 'advertiseProduct', { params: { id: product._id }, token: seller.token })).status).toBe(200);
    // Well within the cache's lifetime (10 s): only the announcement can have emptied it.
    expect(await until(() => advertised(b))).toBe(true);
  });

  it('instances with another prefix (another deployment) are not disturbed', async () => {
    const [a, b] = [await instance(uniquePrefix('public-cache-a')), await instance(uniquePrefix('public-cache-b'))];
    await callRoute(b, 'categories');
    expect(b.publicCache.size).toBe(1);
    const seller = await signUp(a, 'Seller');
    expect(seller._id).toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    expect(b.publicCache.size).toBe(1);
  });
});
