import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type AbuseLimits, type Config } from '../config.ts';
import { uploadedPicture } from '../../test/fixtures.ts';
import { appWithLimits, testConfig, useTestApp } from '../../test/helper.ts';
import { expectErrorBody } from '../../test/error-body.ts';
import { memoryCounters } from './limits.ts';
import { callRoute, type RouteAnswer } from '../../test/call-route.ts';

/** The wait as 429s have always said it: "37 seconds", "1 second", "15 minutes". */
const waitText = (seconds: number) => (seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`);

/**
 * Login and sign-up limits per client address and per e-mail, in this process's own counters
 * (test/redis.test.ts and test/limits-across-instances.test.ts do the same through Redis).
 * Each test builds an app of its own over the file's database, so its counters start at zero.
 */
const ctx = useTestApp();

const appWith = (limits: Partial<AbuseLimits>, overrides: Partial<Config> = {}) => appWithLimits(ctx, limits, overrides);

const minute = (max: number) => ({ max, windowMs: 60_000 });
const login = (app: FastifyInstance, ip: string, email: string, password = 'wrong-password') =>
  callRoute(app, 'logIn', { remoteAddress: ip, body: { email, password } });
const signUpAs = async (app: FastifyInstance, ip: string, email: string) =>
  callRoute(app, 'signUp', { remoteAddress: ip, body: { name: 'Rahim', email, password: 'secret1', role: 'Buyer', userImg: await uploadedPicture(app) } });

/** A 429 in the one error shape, with a message naming the problem and a Retry-After within the window. */
function expectRefused(res: RouteAnswer, message: RegExp, windowSeconds: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expectErrorBody(res.body);
  expect(res.body.message).toMatch(message);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  // The message says the same wait as the header, in the words it always had.
  expect(res.body.message).toContain(`try again in ${waitText(retryAfter)}`);
  expect(res.body.params).toEqual({ seconds: retryAfter, minutes: retryAfter < 120 ? 0 : Math.ceil(retryAfter / 60) });
}

describe('POST /api/login per client address', () => {
  it('refuses the attempt past the limit, whatever the e-mail, and only from that address', async () => {
    const app = await appWith({ loginPerIp: minute(3) });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) expect((await login(app, '10.1.0.1', email)).status).toBe(401);
    expectRefused(await login(app, '10.1.0.1', 'd@example.com'), /^Too many login attempts from this address, try again in \d+ seconds$/, 60);
    // Even the right password: the address is over its budget.
    await signUpAs(app, '10.9.9.9', 'karim@example.com');
    expect((await login(app, '10.1.0.1', 'karim@example.com', 'secret1')).status).toBe(429);
    // Another address is not affected, and can log in.
    expect((await login(app, '10.1.0.2', 'karim@example.com', 'secret1')).status).toBe(200);
  });

  it('answers a bad body with its 400, counted for nothing, even past the limit', async () => {
    const app = await appWith({ loginPerIp: minute(2) });
    for (let i = 0; i < 5; i++) {
      const res = await callRoute(app, 'logIn', { remoteAddress: '10.2.0.1', body: { email: `x${i}@example.com` } });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('password');
    }
    // The five bad bodies used none of the budget of two.
    expect((await login(app, '10.2.0.1', 'a@example.com')).status).toBe(401);
    expect((await login(app, '10.2.0.1', 'b@example.com')).status).toBe(401);
    expect((await login(app, '10.2.0.1', 'c@example.com')).status).toBe(429);
    const bad = await callRoute(app, 'logIn', { remoteAddress: '10.2.0.1', body: { email: 'x@example.com' } });
    expect(bad.status).toBe(400);
  });

  it('believes X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const behindProxy = await appWith({ loginPerIp: minute(1) }, { trustProxy: 1 });
    const viaProxy = (app: FastifyInstance, client: string) =>
      callRoute(app, 'logIn', { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client }, body: { email: 'a@example.com', password: 'x' } });
    expect((await viaProxy(behindProxy, '203.0.113.1')).status).toBe(401);
    expect((await viaProxy(behindProxy, '203.0.113.2')).status).toBe(401);
    expect((await viaProxy(behindProxy, '203.0.113.1')).status).toBe(429);

    // Without it a client cannot pick a fresh address per attempt.
    const direct = await appWith({ loginPerIp: minute(1) });
    expect((await viaProxy(direct, '203.0.113.1')).status).toBe(401);
    expect((await viaProxy(direct, '203.0.113.2')).status).toBe(429);
  });

  it('takes the address the trusted proxy appended, never the left-most one the client wrote: a rotating first entry dodges nothing', async () => {
    // One proxy in front (TRUST_PROXY=1): it appends the address it saw to whatever the client sent.
    const app = await appWith({ loginPerIp: minute(20) }, { trustProxy: 1 });
    const attempt = (i: number) =>
      callRoute(app, 'logIn', {
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 10.0.${i}.1, 203.0.113.9` },
        body: { email: `a${i}@example.com`, password: 'x' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await attempt(i)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    // Another client behind the same proxy has its own budget.
    const other = await callRoute(app, 'logIn', {
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.10' },
      body: { email: 'b@example.com', password: 'x' },
    });
    expect(other.status).toBe(401);
  });

  it('with two proxies (TRUST_PROXY=2) takes the second address from the right', async () => {
    const app = await appWith({ loginPerIp: minute(2) }, { trustProxy: 2 });
    const attempt = (first: string) =>
      callRoute(app, 'logIn', {
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': `${first}, 203.0.113.20, 10.0.0.2` },
        body: { email: 'a@example.com', password: 'x' },
      });
    expect((await attempt('1.1.1.1')).status).toBe(401);
    expect((await attempt('2.2.2.2')).status).toBe(401);
    expect((await attempt('3.3.3.3')).status).toBe(429);
  });
});

describe('POST /api/login per e-mail', () => {
  it('refuses an e-mail after its failed logins, from any address, however the e-mail is written', async () => {
    const app = await appWith({ loginFailuresPerEmail: minute(3) });
    expect((await signUpAs(app, '10.3.0.9', 'karim@example.com')).status).toBe(202);
    expect((await login(app, '10.3.0.1', 'karim@example.com')).status).toBe(401);
    expect((await login(app, '10.3.0.2', 'KARIM@Example.com')).status).toBe(401);
    expect((await login(app, '10.3.0.3', '  karim@example.COM ')).status).toBe(401);
    // The fourth, from a fourth address, with the right password: refused all the same.
    expectRefused(await login(app, '10.3.0.4', 'karim@example.com', 'secret1'), /^Too many failed logins for this e-mail, try again in \d+ seconds$/, 60);
    // Another account is not affected.
    expect((await signUpAs(app, '10.3.0.9', 'rahim@example.com')).status).toBe(202);
    expect((await login(app, '10.3.0.4', 'rahim@example.com', 'secret1')).status).toBe(200);
  });

  it('counts only failures: a successful login clears them', async () => {
    const app = await appWith({ loginFailuresPerEmail: minute(3) });
    expect((await signUpAs(app, '10.4.0.9', 'karim@example.com')).status).toBe(202);
    expect((await login(app, '10.4.0.1', 'karim@example.com')).status).toBe(401);
    expect((await login(app, '10.4.0.1', 'karim@example.com')).status).toBe(401);
    // Ten successful logins in a row are not "attempts" against the e-mail.
    for (let i = 0; i < 10; i++) expect((await login(app, '10.4.0.1', 'karim@example.com', 'secret1')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(app, '10.4.0.1', 'karim@example.com')).status).toBe(401);
    expect((await login(app, '10.4.0.1', 'karim@example.com')).status).toBe(429);
  });

  it('counts an unknown e-mail too (no hint whether the account exists)', async () => {
    const app = await appWith({ loginFailuresPerEmail: minute(2) });
    expect((await login(app, '10.5.0.1', 'nobody@example.com')).status).toBe(401);
    expect((await login(app, '10.5.0.2', 'nobody@example.com')).status).toBe(401);
    expectRefused(await login(app, '10.5.0.3', 'nobody@example.com'), /^Too many failed logins for this e-mail/, 60);
  });
});

describe('POST /api/user (sign-up)', () => {
  it('refuses sign-ups past the limit per client address, whatever the e-mail', async () => {
    const app = await appWith({ signUpPerIp: { max: 3, windowMs: 10 * 60_000 } });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) expect((await signUpAs(app, '10.6.0.1', email)).status).toBe(202);
    expectRefused(await signUpAs(app, '10.6.0.1', 'd@example.com'), /^Too many sign-ups from this address, try again in 10 minutes$/, 600);
    expect((await signUpAs(app, '10.6.0.2', 'd@example.com')).status).toBe(202);
    // A bad body is still a 400 that names its field, even from the refused address.
    const bad = await callRoute(app, 'signUp', {
      remoteAddress: '10.6.0.1',
      body: { name: 'Rahim', email: 'not-an-email', password: 'secret1', role: 'Buyer', userImg: await uploadedPicture(app) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('email');
  });

  it('refuses sign-up attempts past the limit per e-mail, from any address', async () => {
    const app = await appWith({ signUpPerEmail: minute(2) });
    expect((await signUpAs(app, '10.7.0.1', 'karim@example.com')).status).toBe(202);
    expect((await signUpAs(app, '10.7.0.2', 'KARIM@example.com')).status).toBe(202);
    expectRefused(await signUpAs(app, '10.7.0.3', ' Karim@Example.com'), /^Too many sign-up attempts for this e-mail, try again in \d+ seconds$/, 60);
    expect((await signUpAs(app, '10.7.0.3', 'rahim@example.com')).status).toBe(202);
  });
});

describe('the window', () => {
  it('ends: the refused address may try again once it has passed', async () => {
    const app = await appWith({ loginPerIp: { max: 2, windowMs: 700 } });
    expect((await login(app, '10.8.0.1', 'a@example.com')).status).toBe(401);
    expect((await login(app, '10.8.0.1', 'a@example.com')).status).toBe(401);
    const refused = await login(app, '10.8.0.1', 'a@example.com');
    expectRefused(refused, /^Too many login attempts from this address, try again in 1 second$/, 1);
    // Refused until the window has passed (a refused try does not lengthen it), then heard again.
    await expect.poll(async () => (await login(app, '10.8.0.1', 'a@example.com')).status, { interval: 50, timeout: 5_000 }).toBe(401);
  });

  it('is fixed from the first attempt: memory counters in a controlled clock', async () => {
    let now = 1_000_000;
    const store = memoryCounters(() => now);
    onTestFinished(() => store.close());
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    now += 59_000;
    expect(await store.hit('k', 60_000)).toEqual({ count: 2, ttlMs: 1_000 });
    now += 1_000;
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    await store.clear('k');
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
  });
});

describe('the production defaults', () => {
  const defaults = loadConfig({ DATA_DIR: testConfig().dataDir }).limits;

  it('are 20 logins a minute per address, 10 failures per e-mail in 15 minutes, 10 sign-ups per address in 10 minutes, 5 per e-mail an hour, and the rest as documented', () => {
    const hour = 60 * 60_000;
    expect(defaults).toEqual({
      loginPerIp: { max: 20, windowMs: 60_000 },
      loginFailuresPerEmail: { max: 10, windowMs: 15 * 60_000 },
      signUpPerIp: { max: 10, windowMs: 10 * 60_000 },
      signUpPerEmail: { max: 5, windowMs: hour },
      resetPerIp: { max: 10, windowMs: hour },
      resetPerEmail: { max: 3, windowMs: hour },
      verifyMailPerUser: { max: 5, windowMs: hour },
      uploadsPerIp: { max: 30, windowMs: 60_000 },
      uploadsPerIpDay: { max: 100, windowMs: 24 * hour },
      googlePerIp: { max: 30, windowMs: 60_000 },
      cardAttemptsPerIp: { max: 20, windowMs: hour },
      cardAttemptsPerBuyer: { max: 10, windowMs: hour },
      paymentIntentsPerBuyer: { max: 30, windowMs: hour },
      listingWritesPerSeller: { max: 30, windowMs: hour },
      bookingsPerBuyer: { max: 10, windowMs: hour },
      payoutMethodPerUser: { max: 5, windowMs: hour },
      smsCodesPerNumber: { max: 3, windowMs: hour },
      numberCodesPerUser: { max: 5, windowMs: hour },
      messagesPerUser: { max: 30, windowMs: 60_000 },
      firstMessagesPerNewAccount: { max: 5, windowMs: hour },
    });
  });

  it('let one person mistype ten times, and stop a guesser at the eleventh, for 15 minutes', async () => {
    const app = await appWith(defaults);
    for (let i = 0; i < 10; i++) expect((await login(app, `10.10.0.${i}`, 'nobody@example.com')).status).toBe(401);
    expectRefused(await login(app, '10.10.0.99', 'nobody@example.com'), /^Too many failed logins for this e-mail, try again in 15 minutes$/, 900);
    // One address may try 20 logins a minute, whatever the e-mails; the 21st is refused.
    for (let i = 0; i < 20; i++) expect((await login(app, '10.11.0.1', `user${i}@example.com`)).status).toBe(401);
    expectRefused(await login(app, '10.11.0.1', 'user20@example.com'), /^Too many login attempts from this address, try again in \d+ seconds$/, 60);
  });
});

describe('REDIS_URL', () => {
  it('without it there is no client: app.redis is undefined', () => {
    expect(ctx.app.redis).toBeUndefined();
  });

  it('unreachable, start-up fails with a message naming the variable, without the password', async () => {
    const config = testConfig({ redisUrl: 'redis://market:hunter2@127.0.0.1:1' });
    onTestFinished(() => rmSync(config.dataDir, { recursive: true, force: true }));
    const error = await buildApp({ config, database: ctx.database }).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(error?.message).toMatch(/^Redis is not reachable at redis:\/\/market:\*\*\*@127\.0\.0\.1:1 \(REDIS_URL\): .*ECONNREFUSED/);
    expect(error?.message).not.toContain('hunter2');
  });
});
