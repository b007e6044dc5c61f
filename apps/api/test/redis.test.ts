import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AbuseLimits, Config } from '../src/config.ts';
import { uploadedPicture } from './fixtures.ts';
import { roomyLimits, testConfig, useTestApp } from './helper.ts';
import { deleteUnder, keysUnder, redisAvailable, redisUrl, uniquePrefix } from './redis.ts';
import { callRoute } from './call-route.ts';

/**
 * REDIS_URL in one process: the client decoration, the counters' keys under REDIS_PREFIX, and
 * two apps sharing them. The database engine plays no part: vitest.config.ts runs this in the pglite project only
 * (test/limits-across-instances.test.ts runs real servers on PostgreSQL).
 */
const available = await redisAvailable('the Redis tests (test/redis.test.ts)');

describe.runIf(available)('with REDIS_URL', () => {
  const ctx = useTestApp();
  const prefix = uniquePrefix('redis');
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    await deleteUnder(prefix);
    await redis?.quit();
  });

  async function appWith(limits: Partial<AbuseLimits>, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
    const config = testConfig({
      redisUrl,
      redisPrefix: prefix,
      limits: { ...roomyLimits, ...limits },
      ...overrides,
    });
    const app = await buildApp({ config, database: ctx.database });
    onTestFinished(async () => {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    });
    return app;
  }
  const login = (app: FastifyInstance, ip: string, email: string, password = 'wrong-password') =>
    callRoute(app, 'logIn', { remoteAddress: ip, body: { email, password } });

  it('decorates app.redis with a connected ioredis client, and quits it when the app closes', async () => {
    const app = await appWith({});
    expect(app.redis).toBeInstanceOf(Redis);
    expect(await app.redis!.ping()).toBe('PONG');
    const client = app.redis!;
    await app.close();
    expect(client.status).toBe('end');
  });

  it('keeps the counters in Redis under REDIS_PREFIX, with their window as expiry, naming no address or e-mail', async () => {
    const app = await appWith({ loginPerIp: { max: 20, windowMs: 60_000 }, loginFailuresPerEmail: { max: 10, windowMs: 15 * 60_000 } });
    const signUp = await callRoute(app, 'signUp', {
      remoteAddress: '10.20.0.1',
      body: { name: 'Karim', email: 'karim.redis@example.com', password: 'secret1', role: 'Buyer', userImg: await uploadedPicture(app) },
    });
    expect(signUp.status).toBe(202);
    expect((await login(app, '10.20.0.1', 'karim.redis@example.com')).status).toBe(401);
    // Every route limit counts there too (Google sign-in's, here).
    expect((await callRoute(app, 'googleUser', { remoteAddress: '10.20.0.1', body: { idToken: 'not.a.token' } })).status).toBe(401);

    const keys = await keysUnder(redis, prefix);
    const kinds = keys.map((k) => k.slice(prefix.length).replace(/:[^:]+$/, ':…'));
    expect(kinds).toEqual(
      expect.arrayContaining(['limit:signup-ip:…', 'limit:signup-email:…', 'limit:login-ip:…', 'limit:login-email:…', 'limit:google-ip:…']),
    );
    expect(keys.filter((k) => k.startsWith(`${prefix}limit:`)).join(' ')).not.toMatch(/karim|10\.20\.0\.1/);

    const [failures] = keys.filter((k) => k.startsWith(`${prefix}limit:login-email:`));
    expect(await redis.get(failures!)).toBe('1');
    const ttl = await redis.pttl(failures!);
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);

    // A successful login deletes the e-mail's failures.
    expect((await login(app, '10.20.0.1', 'karim.redis@example.com', 'secret1')).status).toBe(200);
    expect(await redis.exists(failures!)).toBe(0);
  });

  it('shares the counts between apps on one Redis and prefix, and not with another prefix', async () => {
    const limits = { loginPerIp: { max: 2, windowMs: 60_000 } };
    const a = await appWith(limits);
    const b = await appWith(limits);
    const elsewhere = await appWith(limits, { redisPrefix: `${prefix}other:` });
    expect((await login(a, '10.21.0.1', 'a@example.com')).status).toBe(401);
    expect((await login(b, '10.21.0.1', 'b@example.com')).status).toBe(401);
    const refused = await login(a, '10.21.0.1', 'c@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many login attempts from this address, try again in \d+ seconds$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(b, '10.21.0.1', 'd@example.com')).status).toBe(429);
    expect((await login(elsewhere, '10.21.0.1', 'e@example.com')).status).toBe(401);
  });

  it('lets logins through (and logs) when Redis goes away after start-up', async () => {
    const app = await appWith({ loginPerIp: { max: 1, windowMs: 60_000 } });
    expect((await login(app, '10.22.0.1', 'a@example.com')).status).toBe(401);
    expect((await login(app, '10.22.0.1', 'a@example.com')).status).toBe(429);
    app.redis!.disconnect();
    // No counters: neither a 429 nor a 500, the login itself answers.
    expect((await login(app, '10.22.0.1', 'a@example.com')).status).toBe(401);
  });
});
