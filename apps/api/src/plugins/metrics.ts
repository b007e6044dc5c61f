import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../errors.ts';
import { matchPage } from '../first-screen/pages.ts';
import { dueByKind } from '../jobs/queue.ts';
import { fromThisComputer } from '../this-computer.ts';

export interface MetricsOptions {
  database: Database;
  /** The bearer token GET /metrics asks for; unset: loopback callers only, and only while `behindProxy` is false. */
  token: string | undefined;
  /** A proxy is trusted (TRUST_PROXY): every caller may come through it from loopback, so loopback proves nothing. */
  behindProxy: boolean;
}

/** Seconds: from a cached answer (well under a millisecond) to a slow page or upload. */
const buckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sameToken(given: string, token: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read the metrics: the holder of METRICS_TOKEN, or, without one, a caller on this machine — its
 * socket's own address, never X-Forwarded-For, and no proxy's headers (a proxy on this machine connects
 * from loopback whether TRUST_PROXY says so or not) — while no proxy is trusted (behind one, every
 * visitor's request arrives from loopback).
 */
function mayRead(request: FastifyRequest, { token, behindProxy }: MetricsOptions): boolean {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (token) return bearer !== undefined && sameToken(bearer, token);
  return !behindProxy && fromThisComputer(request);
}

/** A page's pattern ('/detail-product/:id'): pages are answered by the not-found handler, which has no route of its own. */
const pageOf = (url: string) => matchPage(url.split('?')[0] ?? '')?.pattern;

/**
 * GET /metrics in Prometheus' text format (issue 19): requests by route and status, their duration, the
 * database pool, the job queue and mail outbox, the public cache's hits, and the process (memory, CPU,
 * event-loop delay, garbage collection). Routes are their templates ('/api/detail-product/:id'); what
 * matched no route is one 'unmatched' series, so nobody can grow the series by asking for made-up paths.
 */
export default fp(
  async function metrics(app: FastifyInstance, opts: MetricsOptions) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to its answer, by method and route',
      labelNames: ['method', 'route'] as const,
      buckets,
      registers: [registry],
    });
    new Counter({
      name: 'public_cache_lookups_total',
      help: 'Public answers and pages looked up in this process, by whether they were there',
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, app.publicCache.hits);
        this.inc({ result: 'miss' }, app.publicCache.misses);
      },
    });
    const pool = opts.database.pool;
    if (pool) {
      new Gauge({
        name: 'db_pool_connections',
        help: "PostgreSQL connections of this process's pool, by state (waiting: queries waiting for one)",
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const { total, idle, waiting } = pool();
          this.set({ state: 'total' }, total);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }
    new Gauge({
      name: 'queue_depth',
      help: 'Jobs of the durable queue due and not done, by kind (refund, bkash-check, mail, picture-sizes)',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        for (const [kind, n] of Object.entries(await dueByKind(app.db))) this.set({ queue: kind }, n);
      },
    });

    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? pageOf(request.url) ?? 'unmatched';
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!mayRead(request, opts)) throw unauthorized('metrics_not_allowed');
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
