import compress from '@fastify/compress';
import etag from '@fastify/etag';
import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config.ts';
import crawlerFiles from './first-screen/crawler-files.ts';
import shareCards from './first-screen/share-cards.ts';
import type { Database, Db } from './db/client.ts';
import { errorBody } from './errors.ts';
import accountRoutes from './modules/accounts/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import googleSignIn from './modules/google/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import imageRoutes from './modules/images/routes.ts';
import mailRoutes from './modules/mail/routes.ts';
import { MAX_BYTES } from './modules/images/service.ts';
import { pictureStore } from './modules/images/store.ts';
import orderRoutes from './modules/orders/routes.ts';
import moneyRoutes from './modules/ledger/routes.ts';
import smsRoutes from './modules/sms/routes.ts';
import payoutRoutes from './modules/payouts/routes.ts';
import sellerNumberRoutes from './modules/seller-number/routes.ts';
import sms from './plugins/sms.ts';
import overviewRoutes from './modules/overview/routes.ts';
import bkashRoutes from './modules/bkash/routes.ts';
import { publicOrigin } from './public-origin.ts';
import paymentRoutes from './modules/payments/routes.ts';
import stripeWebhook from './modules/payments/webhook.ts';
import productRoutes from './modules/products/routes.ts';
import reportRoutes from './modules/reports/routes.ts';
import reviewRoutes from './modules/reviews/routes.ts';
import chatRoutes from './modules/chat/routes.ts';
import favouriteRoutes from './modules/favourites/routes.ts';
import phoneModelRoutes from './modules/phone-models/routes.ts';
import listingCheckRoutes from './modules/listing-checks/routes.ts';
import listingTermRoutes from './modules/listing-terms/routes.ts';
import alertRoutes from './modules/alerts/routes.ts';
import notificationRoutes from './modules/notifications/routes.ts';
import userRoutes from './modules/users/routes.ts';
import access from './plugins/access.ts';
import auth from './plugins/auth.ts';
import bkash from './plugins/bkash.ts';
import errors, { frameworkErrorBody } from './plugins/errors.ts';
import files from './plugins/files.ts';
import publicCache from './plugins/public-cache.ts';
import limits from './plugins/limits.ts';
import inFlight from './plugins/in-flight.ts';
import live from './plugins/live.ts';
import jobs from './plugins/jobs.ts';
import mail from './plugins/mail.ts';
import maintenance from './plugins/maintenance.ts';
import metrics from './plugins/metrics.ts';
import openapi from './plugins/openapi.ts';
import payments from './plugins/payments.ts';
import redis from './plugins/redis.ts';
import securityHeaders from './plugins/security-headers.ts';
import { SearchIndex } from './modules/products/search-index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The available phones, indexed in this process for GET /api/products (decision 022). */
    searchIndex: SearchIndex;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Where the log lines go (default: standard output); tests read them. */
  logStream?: NodeJS.WritableStream;
}

/** The whole HTTP application, without listening: main.ts listens, tests inject. */
export async function buildApp({ config, database, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    // HEAD would run GET handlers outside the access table; nobody needs it.
    exposeHeadRoutes: false,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 300 },
    // Behind a load balancer the socket's address is the balancer's: per-address limits need the client's.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Every log line of a request, its answer's X-Request-Id and every refusal's body name the same id.
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: requestId(config),
    // A client must send its whole request (body included) within the limit; idle and kept-alive
    // connections are closed; Node checks every second, so a slow body ends close to the limit.
    requestTimeout: config.timeouts.request,
    keepAliveTimeout: config.timeouts.keepAlive,
    connectionTimeout: config.timeouts.idle,
    http: { headersTimeout: config.timeouts.headers, connectionsCheckingInterval: 1000 },
    // What Node refuses before a request exists (too slow, malformed), in our error shape.
    clientErrorHandler: clientError,
    // The router's own refusals (bad percent-encoding, over-long ids) in our error shape.
    frameworkErrors: (err, _request, reply) => {
      const status = err.statusCode ?? 400;
      void (reply as FastifyReply).code(status).send(frameworkErrorBody(err, status));
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Bodies are JSON (or multipart for pictures); plain text is refused with a 415.
  app.removeContentTypeParser('text/plain');
  // First of all hooks: a cached answer (public-cache.ts) is sent from an onRequest hook and skips those after it.
  // The hooks every request passes through are plain callbacks, not async functions: a promise per hook per
  // request showed in the detail read's profile (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // A refusal's body names the request, so a user's report of an error finds its log lines.
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) =>
    done(null, isRefusal(payload) ? { ...payload, requestId: request.id } : payload),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('searchIndex', new SearchIndex(database.db));
  // Loading starts with the app (at 1M phones it takes about half a minute); a search waits for it.
  app.addHook('onReady', async () => {
    const started = performance.now();
    app.searchIndex.build().then(
      () => app.log.info({ ...app.searchIndex.stats(), ms: Math.round(performance.now() - started) }, 'search index loaded'),
      (err: unknown) => app.log.error({ err }, 'the search index did not load; the next search tries again'),
    );
  });
  // app.redis: the shared client when REDIS_URL is set (start-up fails if it is unreachable), else undefined.
  await app.register(redis, { url: config.redisUrl });
  // app.limiter: every abuse limit, counted in Redis when there is one (decision 010).
  await app.register(limits, { prefix: config.redisPrefix, limits: config.limits, newAccountDays: config.chat.newAccountDays });

  // app.handlersDone(): main.ts closes the database only once no handler runs.
  await app.register(inFlight);

  // First, so a cached public answer skips every other hook.
  await app.register(publicCache, { ttlMs: 10_000, maxBytes: 32 * 1024 * 1024, redis: app.redis, channel: `${config.redisPrefix}public-cache` });

  // External plugins.
  await app.register(securityHeaders, { config });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // A validator on every GET: clients revalidate public lists cheaply (304) instead of caching stale ones.
  await app.register(etag, { weak: true });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'GET' && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', request.headers.authorization ? 'private, no-cache' : 'no-cache');
    }
    done(null, payload);
  });
  await app.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  await app.register(openapi);

  // Application plugins.
  await app.register(errors);
  await app.register(auth, { jwtSecret: config.jwtSecret });
  await app.register(access);
  await app.register(mail, { mail: config.mail });
  // Pictures on the disk, or in an S3-compatible store every instance shares (S3_*).
  const store = pictureStore(config.s3, config.uploadsDir);
  await app.register(maintenance, { store, payoutMinimum: config.payouts.minimum, origin: () => publicOrigin(app.server, config) });

  // GET /metrics (Prometheus), counting every answer from here on, cached ones included.
  await app.register(metrics, { database, token: config.metricsToken, behindProxy: config.trustProxy !== false });
  // app.payments: the card provider (the sandbox, or Stripe with keys); app.bkash: bKash, or its stand-in under /bkash-sandbox.
  await app.register(payments, { config: config.payments });
  await app.register(bkash, { config });
  await app.register(sms, { config });
  // app.jobs: the durable queue's worker, each kind of job run by what the app is made of.
  await app.register(jobs, { store, origin: () => publicOrigin(app.server, config), chat: config.chat, secret: config.jwtSecret, ...config.jobs });
  // app.live: the live streams of this instance (issue 33), woken through Redis by every instance's writes.
  await app.register(live, { heartbeatMs: config.chat.heartbeatMs, pollMs: config.chat.pollMs, channel: `${config.redisPrefix}live` });

  // Routes.
  await app.register(healthRoutes);
  await app.register(authRoutes, { demo: config.demo, config });
  await app.register(accountRoutes, { config });
  await app.register(mailRoutes);
  await app.register(userRoutes);
  await app.register(productRoutes, { search: config.search, risk: config.risk });
  await app.register(reportRoutes);
  await app.register(reviewRoutes);
  await app.register(notificationRoutes);
  await app.register(chatRoutes, { config });
  await app.register(favouriteRoutes);
  await app.register(phoneModelRoutes);
  await app.register(listingCheckRoutes);
  await app.register(listingTermRoutes, { secret: config.jwtSecret });
  await app.register(alertRoutes);
  await app.register(bkashRoutes, { config, checkout: app.bkash?.checkout });
  await app.register(orderRoutes, { provider: app.payments.provider.name, timers: config.dealTimers, fees: config.fees, handoverSecret: config.jwtSecret });
  await app.register(moneyRoutes, { fees: config.fees, payoutMinimum: config.payouts.minimum });
  await app.register(smsRoutes);
  await app.register(payoutRoutes, { config });
  await app.register(sellerNumberRoutes, { config });
  await app.register(overviewRoutes);
  await app.register(imageRoutes, { store });
  await app.register(googleSignIn, { config });
  await app.register(paymentRoutes, { provider: app.payments.provider, bkash: app.bkash !== undefined });
  await app.register(stripeWebhook, app.payments.webhook);
  // robots.txt and the sitemaps, for search engines (decision 030).
  await app.register(crawlerFiles, { origin: () => publicOrigin(app.server, config), pageSize: config.sitemapPageSize });
  // The pictures a shared link's preview shows: a phone's and a seller's share card (decision 060).
  await app.register(shareCards, { config, store });

  // Uploaded pictures, the web app's files, and every page: what no route answers.
  await app.register(files, { config, store });
  return app;
}

/**
 * A request's id: the proxy's X-Request-Id when a proxy is trusted and the id is plain (letters, digits,
 * '.', '_', '-', ':'; at most 64), so its log and ours agree; otherwise (a client could send anything) a new one.
 */
function requestId(config: Config) {
  return (raw: IncomingMessage): string => {
    const given = raw.headers['x-request-id'];
    return config.trustProxy !== false && typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
  };
}

const isRefusal = (payload: unknown): payload is Record<string, unknown> =>
  typeof payload === 'object' &&
  payload !== null &&
  (payload as { success?: unknown }).success === false &&
  typeof (payload as { code?: unknown }).code === 'string';

/** Node's own refusals, before any route runs: a request that took too long to arrive (408), headers too big (431), bytes that are not HTTP (400). */
function clientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'request_timeout' as const]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'headers_too_large' as const]
        : [400, 'Bad Request', 'not_http' as const];
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code));
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
