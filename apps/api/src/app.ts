import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config.ts';
import crawlerFiles from './first-screen/crawler-files.ts';
import { sendPage } from './first-screen/page.ts';
import { loadWebRender } from './first-screen/web-render.ts';
import type { Database, Db } from './db/client.ts';
import { errorBody } from './errors.ts';
import accountRoutes from './modules/accounts/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import googleSignIn from './modules/google/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import imageRoutes from './modules/images/routes.ts';
import mailRoutes from './modules/mail/routes.ts';
import { makeCopies, MAX_BYTES } from './modules/images/service.ts';
import { pictureStore, type PictureStore } from './modules/images/store.ts';
import orderRoutes from './modules/orders/routes.ts';
import overviewRoutes from './modules/overview/routes.ts';
import { bkashAccount } from './modules/bkash/account.ts';
import { sandboxMerchant } from './modules/bkash/sandbox-accounts.ts';
import { bkashCheckout, bkashRefunder } from './modules/bkash/checkout.ts';
import { bkashClient } from './modules/bkash/client.ts';
import bkashRoutes from './modules/bkash/routes.ts';
import bkashSandbox from './modules/bkash/sandbox.ts';
import { withErrorAnswers } from './openapi-errors.ts';
import { ownOrigin, publicOrigin } from './public-origin.ts';
import paymentRoutes from './modules/payments/routes.ts';
import { refundJob } from './modules/payments/refunds.ts';
import { sandboxProvider } from './modules/payments/sandbox.ts';
import { stripeClient, stripeProvider } from './modules/payments/stripe.ts';
import stripeWebhook from './modules/payments/webhook.ts';
import productRoutes from './modules/products/routes.ts';
import reportRoutes from './modules/reports/routes.ts';
import reviewRoutes from './modules/reviews/routes.ts';
import userRoutes from './modules/users/routes.ts';
import access from './plugins/access.ts';
import auth from './plugins/auth.ts';
import errors, { documentedSchemas, frameworkErrorBody } from './plugins/errors.ts';
import publicCache from './plugins/public-cache.ts';
import limits from './plugins/limits.ts';
import inFlight from './plugins/in-flight.ts';
import jobs from './plugins/jobs.ts';
import type { JobHandlers } from './jobs/worker.ts';
import mail from './plugins/mail.ts';
import maintenance from './plugins/maintenance.ts';
import metrics from './plugins/metrics.ts';
import redis from './plugins/redis.ts';
import { SearchIndex } from './modules/products/search-index.ts';
import { makePrivateDir } from './private-files.ts';

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
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // A refusal's body names the request, so a user's report of an error finds its log lines.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => (isRefusal(payload) ? { ...payload, requestId: request.id } : payload));
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
  await app.register(limits, { prefix: config.redisPrefix, limits: config.limits });

  // app.handlersDone(): main.ts closes the database only once no handler runs.
  await app.register(inFlight);

  // First, so a cached public answer skips every other hook.
  await app.register(publicCache, { ttlMs: 10_000, maxBytes: 32 * 1024 * 1024, redis: app.redis, channel: `${config.redisPrefix}public-cache` });

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Pictures are our own uploads; Google's profile pictures only while Google sign-in is configured.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.google ? ['https://*.googleusercontent.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe.js and its card frames, only when Stripe is the payment provider.
        scriptSrc: ["'self'", ...stripeOrigins(config, ['https://js.stripe.com'])],
        connectSrc: ["'self'", ...stripeOrigins(config, ['https://api.stripe.com'])],
        frameSrc: ["'self'", ...stripeOrigins(config, ['https://js.stripe.com', 'https://hooks.stripe.com'])],
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only where browsers reach us over TLS (PUBLIC_URL https): a year, this host only (decision 041).
    strictTransportSecurity: config.publicUrl?.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // The Google sign-in popup must keep its link to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // A validator on every GET: clients revalidate public lists cheaply (304) instead of caching stale ones.
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', request.headers.authorization ? 'private, no-cache' : 'no-cache');
    }
  });
  await app.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Resale phone marketplace API', version: '1.0.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } } },
      security: [{ token: [] }],
    },
    // ErrorBody, every refusal's body (codes: packages/contract/src/errors.ts), is among the components.
    // Each operation's refusals, by status and code, from its descriptor.
    transform: withErrorAnswers(createJsonSchemaTransform({ schemaRegistry: documentedSchemas })),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: documentedSchemas }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Application plugins.
  await app.register(errors);
  await app.register(auth, { jwtSecret: config.jwtSecret });
  await app.register(access);
  await app.register(mail, { mail: config.mail });
  // Pictures on the disk, or in an S3-compatible store every instance shares (S3_*).
  const store = pictureStore(config.s3, config.uploadsDir);
  await app.register(maintenance, { store });

  // GET /metrics (Prometheus), counting every answer from here on, cached ones included.
  await app.register(metrics, { database, token: config.metricsToken, behindProxy: config.trustProxy !== false });

  // Routes.
  await app.register(healthRoutes);
  await app.register(authRoutes, { demo: config.demo, config });
  await app.register(accountRoutes, { config });
  await app.register(mailRoutes);
  await app.register(userRoutes);
  await app.register(productRoutes, { search: config.search });
  await app.register(reportRoutes);
  await app.register(reviewRoutes);
  const stripe = config.payments.provider === 'stripe' ? stripeClient(config.payments) : undefined;
  const provider = config.payments.provider === 'stripe' ? stripeProvider(config.payments, stripe) : sandboxProvider(database.db);
  // The stand-in is called at the address we listen on; its pages (bkashURL) are at the public one.
  const bkash = bkashAccount(config, () => ownOrigin(app.server, config));
  const bkashApi = bkash && bkashClient(bkash);
  // app.jobs: the durable queue's worker; a refund is given back by the provider that took the money.
  const refunders = { [provider.name]: provider, ...(bkashApi ? { bkash: bkashRefunder(database.db, bkashApi) } : {}) };
  const checkout = bkashApi && bkashCheckout(database.db, bkashApi);
  const handlers: JobHandlers = {
    refund: refundJob(database.db, refunders),
    mail: app.mailer.deliver,
    'picture-sizes': ({ name }) => makeCopies(name, store),
    'bkash-check': async ({ paymentId }) => {
      if (!checkout) throw new Error('bKash is not configured on this server');
      await checkout.check(paymentId);
      // It may have sold a phone.
      app.publicCache.invalidate();
    },
  };
  await app.register(jobs, { handlers, ...config.jobs });
  await app.register(bkashRoutes, { config, checkout });
  await app.register(orderRoutes, { provider: provider.name });
  await app.register(overviewRoutes);
  await app.register(imageRoutes, { store });
  await app.register(googleSignIn, { config });
  // The local stand-in for bKash (demos and tests only; never with bKash keys).
  if (config.bkash.provider === 'sandbox') {
    const origin = () => publicOrigin(app.server, config);
    await app.register(bkashSandbox, { merchant: sandboxMerchant(config.jwtSecret), secret: config.jwtSecret, origin, shop: origin });
  }
  await app.register(paymentRoutes, { provider, bkash: Boolean(bkashApi) });
  await app.register(stripeWebhook, { stripe, secret: config.payments.provider === 'stripe' ? config.payments.webhookSecret : undefined });
  // robots.txt and the sitemaps, for search engines (decision 030).
  await app.register(crawlerFiles, { origin: () => publicOrigin(app.server, config), pageSize: config.sitemapPageSize });

  await registerFiles(app, config, store);
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

const stripeOrigins = (config: Config, origins: string[]) => (config.payments.provider === 'stripe' ? origins : []);

/** An uploaded picture's name: '<uuid>.webp', or a size of it ('<uuid>.w400.webp'); group 1 is the picture's uuid, 2 the size. */
const storedName = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.w\d{2,4})?\.webp$/;

/**
 * A picture that is not there: a smaller copy its job has not made yet leads to the picture's own file for now
 * (not cached, so the copy is asked for again later); anything else is not found.
 */
function missingPicture(path: string, reply: FastifyReply) {
  const copy = storedName.exec(path.slice('/uploads/'.length));
  if (copy?.[2]) return reply.header('cache-control', 'no-store').redirect(`/uploads/${copy[1]}.webp`, 307);
  return reply.status(404).send(errorBody('route_not_found', { method: reply.request.method, path }));
}

/** Uploaded pictures under /uploads, and the web app with history fallback for its client routes. */
async function registerFiles(app: FastifyInstance, config: Config, store: PictureStore) {
  makePrivateDir(config.uploadsDir);
  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  const template = hasWeb ? readFileSync(join(config.webDist, 'index.html'), 'utf8') : '';
  const webRender = hasWeb ? await loadWebRender(config.webRender) : null;
  const immutable = (reply: FastifyReply) => {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
  };
  if (store.kind === 'disk') {
    await app.register(fastifyStatic, { root: config.uploadsDir, prefix: '/uploads/', setHeaders: immutable, index: false });
  } else {
    // The demo's and the brands' pictures ship with the code, written by each instance at start: from its disk.
    const seedDir = join(config.uploadsDir, 'seed');
    makePrivateDir(seedDir);
    await app.register(fastifyStatic, { root: seedDir, prefix: '/uploads/seed/', setHeaders: immutable, index: false, decorateReply: false });
    // Uploads from the store, under the same addresses.
    app.get('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
      const { name } = request.params as { name: string };
      const picture = storedName.test(name) ? await store.read(name) : null;
      if (!picture) return missingPicture(request.url.split('?')[0]!, reply);
      immutable(reply);
      void reply.type('image/webp');
      if (picture.length !== undefined) void reply.header('content-length', picture.length);
      return reply.send(picture.body);
    });
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      // '/' is a page like the others (the not-found handler below), not the bare index.html.
      index: false,
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) immutable(reply);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [path = ''] = request.url.split('?');
    if (request.method === 'GET' && path.startsWith('/uploads/')) return missingPicture(path, reply);
    const isPage = request.method === 'GET' && !path.startsWith('/api/');
    // The page's first screen and its own head come with its HTML; a sold phone is gone (410), what is no page is not found (404).
    if (isPage && webRender) return sendPage(app, { request, reply, template, webRender, origin: publicOrigin(app.server, config) });
    return reply.status(404).send(errorBody('route_not_found', { method: request.method, path }));
  });
}
