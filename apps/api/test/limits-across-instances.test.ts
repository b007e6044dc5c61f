import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './databases.ts';
import { routePath } from './call-route.ts';
import { uploadPicture } from './http.ts';
import { deleteUnder, keysUnder, redisAvailable, redisUrl, uniquePrefix } from './redis.ts';
import { spawnApi, startApi, type ServerProcess } from './server-process.ts';

/**
 * Two real servers (`node src/main.ts`, as `npm start` runs it) behind no balancer but this test,
 * on one PostgreSQL database and one Redis: login and sign-up limits hold across them. Two
 * processes cannot share PGlite, so this runs in the postgres project only (which exists when
 * PostgreSQL is reachable, and is required in CI); Redis likewise.
 */
const available = await redisAvailable('the two-instance limit test (test/limits-across-instances.test.ts)');

const TIMEOUT = 60_000;

/** Sign-up or log in on one instance, by the route's name. */
async function post(instance: ServerProcess, name: 'signUp' | 'logIn', body: unknown) {
  const res = await fetch(`${instance.url}${routePath(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    requestId: res.headers.get('x-request-id'),
    body: (await res.json()) as { success: boolean; message?: string; massage?: string },
  };
}

describe.runIf(available)('abuse limits across two instances on one PostgreSQL and Redis', { timeout: TIMEOUT }, () => {
  const prefix = uniquePrefix('instances');
  const dataDirs: string[] = [];
  const running: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  let a: ServerProcess;
  let b: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    const pg = await createPostgresDatabase();
    drop = pg.drop;
    env = {
      DATABASE_URL: pg.url,
      DEMO: 'false',
      // One secret for both, as a deployment would have: a token from one is good on the other.
      JWT_SECRET: 'a-shared-secret-for-both-instances-of-this-test',
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      LIMIT_LOGIN_PER_IP: '8/1m',
      LIMIT_LOGIN_FAILURES_PER_EMAIL: '3/1m',
      LIMIT_SIGNUP_PER_IP: '100/1m',
      LIMIT_SIGNUP_PER_EMAIL: '2/1m',
    };
    const launch = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'market-instance-'));
      dataDirs.push(dataDir);
      const instance = await startApi({ env: { ...env, DATA_DIR: dataDir }, timeoutMs: TIMEOUT - 10_000 });
      running.push(instance);
      return instance;
    };
    // One after the other: the first migrates the empty database, the second finds it done.
    a = await launch();
    b = await launch();
  }, TIMEOUT);

  afterAll(async () => {
    for (const instance of running) await instance.stop();
    await drop?.();
    await deleteUnder(prefix);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, TIMEOUT);

  const karim = { name: 'Karim', email: 'karim@example.com', password: 'secret1', role: 'Buyer', userImg: '' };

  it('sign-up: the third attempt for one e-mail is refused, whichever instance the first two reached', async () => {
    // Each avatar is uploaded signed out to one instance and taken by a sign-up on the other: both see it in the
    // shared database. An avatar is one sign-up's only (issue 29), so each attempt brings its own.
    karim.userImg = await uploadPicture(b.url, undefined, 4);
    expect((await post(a, 'signUp', karim)).status).toBe(202);
    // The same answer for an e-mail that has an account, and it counts the same.
    expect((await post(b, 'signUp', { ...karim, email: 'KARIM@example.com', userImg: await uploadPicture(a.url, undefined, 4) })).status).toBe(202);
    const refused = await post(a, 'signUp', karim);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many sign-up attempts for this e-mail, try again in \d+ seconds$/),
      massage: refused.body.message,
      code: 'too_many_signups_for_email',
      params: { seconds: Number(refused.retryAfter), minutes: 0 },
      requestId: refused.requestId,
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect((await post(b, 'signUp', karim)).status).toBe(429);
  });

  it('login: failures for one e-mail alternate between the instances; the fourth is refused on both', async () => {
    expect((await post(b, 'logIn', { email: karim.email, password: karim.password })).status).toBe(200); // 1st from this address
    expect((await post(a, 'logIn', { email: karim.email, password: 'wrong-1' })).status).toBe(401); // failure 1
    expect((await post(b, 'logIn', { email: karim.email, password: 'wrong-2' })).status).toBe(401); // failure 2
    expect((await post(a, 'logIn', { email: karim.email, password: 'wrong-3' })).status).toBe(401); // failure 3
    const refused = await post(b, 'logIn', { email: karim.email, password: 'wrong-4' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many failed logins for this e-mail, try again in \d+ seconds$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // The right password, on the other instance: refused too until the window ends.
    expect((await post(a, 'logIn', { email: karim.email, password: karim.password })).status).toBe(429);
  });

  it('login: attempts from one address alternate between the instances; the ninth is refused on both', async () => {
    // Six attempts from 127.0.0.1 so far (three on each): two more are allowed in all.
    expect((await post(b, 'logIn', { email: 'nobody-1@example.com', password: 'x' })).status).toBe(401);
    expect((await post(a, 'logIn', { email: 'nobody-2@example.com', password: 'x' })).status).toBe(401);
    // Neither instance has seen more than five of the eight: only the shared count refuses these.
    const refused = await post(b, 'logIn', { email: 'nobody-3@example.com', password: 'x' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many login attempts from this address, try again in \d+ seconds$/);
    expect((await post(a, 'logIn', { email: 'nobody-4@example.com', password: 'x' })).status).toBe(429);

    // The counts are in Redis under this test's prefix.
    const redis = new Redis(redisUrl);
    try {
      const keys = await keysUnder(redis, prefix);
      for (const kind of ['login-ip', 'login-email', 'signup-ip', 'signup-email'])
        expect(
          keys.some((k) => k.startsWith(`${prefix}limit:${kind}:`)),
          kind,
        ).toBe(true);
    } finally {
      await redis.quit();
    }
  });

  it('an instance whose Redis is unreachable refuses to start, saying so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'market-instance-'));
    dataDirs.push(dataDir);
    const instance = await spawnApi({ env: { ...env, DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:1' } });
    running.push(instance);
    const { code } = await instance.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(instance.output()).toContain('Redis is not reachable at redis://127.0.0.1:1 (REDIS_URL)');
    expect(instance.output()).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  });
});
