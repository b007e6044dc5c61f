import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { describe, expect, it } from 'vitest';
import { routes } from '@market/contract/routes';
import { createCategory, postProduct, signUp } from './fixtures.ts';
import { appWithLimits, dbKind, testConfig, useTestApp } from './helper.ts';
import { routeRequest } from './call-route.ts';

/** What an operator has (issue 19): request ids, liveness and readiness, and Prometheus metrics. */
const ctx = useTestApp();

const TOKEN = 'metrics-token-that-is-long-enough';
const metrics = (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one series in Prometheus' text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('request ids', () => {
  it('every answer names its request, a refusal in its body too, and a client cannot choose it', async () => {
    const ok = await ctx.app.inject(routeRequest('categories', { headers: { 'x-request-id': 'chosen-by-client' } }));
    const id = ok.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await ctx.app.inject(routeRequest('product', { params: { id: 'not-a-uuid' } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().requestId).toBe(refused.headers['x-request-id']);
    expect(refused.headers['x-request-id']).not.toBe(id);
    // A literal path: it names no route.
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'route_not_found', requestId: missing.headers['x-request-id'] });
    // A cached answer (sent before the routes' hooks) still has one.
    await ctx.app.inject(routeRequest('categories'));
    const cached = await ctx.app.inject(routeRequest('categories'));
    expect(cached.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("behind a trusted proxy, the proxy's plain X-Request-Id is kept; anything else is replaced", async () => {
    const app = await appWithLimits(ctx, {}, { trustProxy: 1 });
    const kept = await app.inject(routeRequest('health', { headers: { 'x-request-id': 'nginx-3f2a9c' } }));
    expect(kept.headers['x-request-id']).toBe('nginx-3f2a9c');
    const odd = await app.inject(routeRequest('health', { headers: { 'x-request-id': 'line\u2028break {json}' } }));
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request ids in the log', () => {
  it('every log line of a request names its id, the one its answer and refusal carry', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = testConfig({ logLevel: 'info' });
    const app = await buildApp({ config, database: ctx.database, logStream: stream });
    try {
      const refused = await app.inject(routeRequest('product', { params: { id: 'not-a-uuid' } }));
      const id = refused.headers['x-request-id'];
      expect(refused.json().requestId).toBe(id);
      const mine = lines.map((l) => JSON.parse(l) as { requestId?: string; msg?: string }).filter((l) => l.requestId === id);
      // Fastify's 'incoming request' and 'request completed', at least.
      expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      expect(lines.filter((l) => l.includes('"reqId"'))).toEqual([]);
    } finally {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('liveness and readiness', () => {
  it('/livez answers while the process runs; /readyz only once the search index is in, and the database answers', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/livez' })).json()).toEqual({ ok: true });
    // The test's reset emptied the index: not ready until it is built again.
    const loading = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(loading.statusCode).toBe(503);
    expect(loading.json()).toEqual({ ok: false, problems: ['the search index is loading'] });
    await ctx.app.inject(routeRequest('searchProducts', { query: { limit: 1 } }));
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /metrics', () => {
  it('counts requests by route template and status, their durations, the cache, the queues (and the pool on PostgreSQL)', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const category = await createCategory(ctx.app);
    const product = await postProduct(ctx.app, seller, category.id);
    // The app serves the whole file: what this test adds is measured from here.
    const before = (await metrics(ctx.app)).body;
    const added = (text: string, series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    for (let i = 0; i < 3; i++) await ctx.app.inject(routeRequest('product', { params: { id: product._id } }));
    // Literal paths: they name no route.
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-route-1' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-route-2' });

    const res = await metrics(ctx.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    const detail = routes.product.path;
    expect(added(text, `http_requests_total{method="GET",route="${detail}",status="200"}`)).toBe(3);
    // Made-up paths are one series, not one each.
    expect(added(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(text).not.toContain('no-such-route');
    expect(added(text, `http_request_duration_seconds_count{method="GET",route="${detail}"}`)).toBe(3);
    expect(added(text, `http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${detail}"}`)).toBe(3);
    // The first look misses, the two after it are answered from the cache.
    expect(added(text, 'public_cache_lookups_total{result="hit"}')).toBe(2);
    expect(added(text, 'public_cache_lookups_total{result="miss"}')).toBe(1);
    // Every kind of job is a series; nothing asked for a refund.
    expect(sample(text, 'queue_depth{queue="refund"}')).toBe(0);
    expect(sample(text, 'queue_depth{queue="bkash-check"}')).toBe(0);
    // The sign-up's confirmation mail and its avatar's copies may still wait, or be done already.
    expect(sample(text, 'queue_depth{queue="mail"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'queue_depth{queue="picture-sizes"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (dbKind === 'postgres') expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    else expect(text).not.toContain('db_pool_connections');
  });

  it('without a token: this machine only, and nobody while a proxy is trusted (a forwarded 127.0.0.1 proves nothing)', async () => {
    expect((await metrics(ctx.app, {}, '203.0.113.9')).statusCode).toBe(401);
    expect((await metrics(ctx.app, {}, '::1')).statusCode).toBe(200);
    const proxied = await appWithLimits(ctx, {}, { trustProxy: 1 });
    const refused = await metrics(proxied, { 'x-forwarded-for': '127.0.0.1' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, code: 'metrics_not_allowed' });
  });

  it('without a token and with TRUST_PROXY unset: refused through a proxy on this machine (its socket is loopback, its headers say proxy)', async () => {
    // nginx on this machine, TRUST_PROXY forgotten: the socket is 127.0.0.1, the visitor is anywhere.
    const proxies: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-proto': 'https' },
      { host: 'phones.example.com' },
    ];
    for (const headers of proxies) {
      const refused = await metrics(ctx.app, headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, code: 'metrics_not_allowed' });
    }
    // The same caller without them is this machine's own scraper.
    expect((await metrics(ctx.app, { host: '127.0.0.1:3000' })).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN and TRUST_PROXY unset: the token is answered through a proxy, nothing else is', async () => {
    const app = await appWithLimits(ctx, {}, { metricsToken: TOKEN });
    const proxy = { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' };
    expect((await metrics(app, { ...proxy, authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await metrics(app, proxy)).statusCode).toBe(401);
  });

  it('with METRICS_TOKEN: only that bearer token, from anywhere', async () => {
    const app = await appWithLimits(ctx, {}, { metricsToken: TOKEN, trustProxy: 1 });
    expect((await metrics(app, { authorization: `Bearer ${TOKEN}` }, '203.0.113.9')).statusCode).toBe(200);
    expect((await metrics(app, { authorization: `Bearer ${TOKEN}x` }, '203.0.113.9')).statusCode).toBe(401);
    expect((await metrics(app, { authorization: TOKEN })).statusCode).toBe(401);
    // Loopback is not enough once there is a token.
    expect((await metrics(app)).statusCode).toBe(401);
  });
});
