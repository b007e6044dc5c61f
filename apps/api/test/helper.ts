import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, onTestFinished } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AbuseLimits, Config } from '../src/config.ts';
import { getTableName, sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { tables } from '../src/db/seed.ts';
import { isDeadlock } from '../src/errors.ts';
import { KNOWN_PUSH_SERVICES, vapidKeysIn } from '../src/modules/chat/vapid.ts';
import { createPostgresDatabase } from './databases.ts';
import { checkDocumentedRefusals } from './documented-refusals.ts';

export const dbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const roomy = { max: 100_000, windowMs: 60_000 };
/** Far above what any test does: a test that checks one limit sets that one to a real value. */
export const roomyLimits: AbuseLimits = {
  loginPerIp: roomy,
  loginFailuresPerEmail: roomy,
  signUpPerIp: roomy,
  signUpPerEmail: roomy,
  resetPerIp: roomy,
  resetPerEmail: roomy,
  verifyMailPerUser: roomy,
  uploadsPerIp: roomy,
  uploadsPerIpDay: roomy,
  googlePerIp: roomy,
  cardAttemptsPerIp: roomy,
  cardAttemptsPerBuyer: roomy,
  paymentIntentsPerBuyer: roomy,
  listingWritesPerSeller: roomy,
  bookingsPerBuyer: roomy,
  payoutMethodPerUser: roomy,
  smsCodesPerNumber: roomy,
  numberCodesPerUser: roomy,
  messagesPerUser: roomy,
  firstMessagesPerNewAccount: roomy,
};

/**
 * Runs the app's due jobs now. jobs.run() answers the round already under way if there is one, which may
 * have looked at the queue before the caller changed it; the second call is then the round that follows it.
 */
export async function runJobs(app: FastifyInstance) {
  await app.jobs.run();
  await app.jobs.run();
}

/** The test apps' secret (JWTs, handover codes, SMS codes' HMACs), unless a test sets its own. */
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'market-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    databaseUrl: undefined,
    jwtSecret: TEST_SECRET,
    demo: true,
    logLevel: (process.env.TEST_LOG as 'error') ?? 'silent',
    webDist: join(dataDir, 'no-web'),
    // The web app's render from its source (vitest.config.ts compiles it as the web build does): no build needed.
    webRender: resolve(import.meta.dirname, '../../web/src/entry-server.tsx'),
    publicUrl: undefined,
    google: undefined,
    localOidc: true,
    mail: { smtpUrl: undefined, from: 'Resale Phones <no-reply@resale.test>' },
    timeouts: { request: 30_000, headers: 10_000, keepAlive: 72_000, idle: 120_000 },
    payments: { provider: 'sandbox' },
    bkash: { provider: 'sandbox' },
    // The tests' sellers post many listings without a sale, and without a confirmed number: the new seller's limit and the
    // number's rule are tested on their own (listing-checks.test.ts, seller-number.test.ts).
    risk: { newSellerListings: 1000, photoBits: 5, pricePercent: 60, checkHours: 4, confirmedNumber: false },
    redisUrl: undefined,
    redisPrefix: 'market-test:',
    trustProxy: false,
    metricsToken: undefined,
    s3: undefined,
    jobs: { leaseMs: 30_000 },
    dealTimers: { answer: 3 * 86_400_000, window: 86_400_000 },
    fees: { percent: 3, minimum: 30 },
    sms: { provider: 'outbox' },
    payouts: { minimum: 500 },
    chat: {
      heartbeatMs: 20_000,
      pollMs: 500,
      newAccountDays: 7,
      pushServices: KNOWN_PUSH_SERVICES,
      vapid: vapidKeysIn(dataDir),
      vapidSubject: 'mailto:tests@resale.test',
    },
    // Files sign up and log in far more often than one person would; the limits' own tests set real ones.
    limits: roomyLimits,
    search: { newWordsPerListing: 10_000, wordsBudgetMs: 10_000 },
    ...overrides,
  };
}

/** The migrated, empty database a PGlite test file starts from (test/pglite-template.ts), when the project made one. */
async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  return file ? new Blob([await readFile(file)]) : undefined;
}

/**
 * A migrated database for a test: a fresh PGlite in memory, started from the template when there is
 * one, or a new pool on PostgreSQL when `url` is given.
 */
export async function openTestDatabase(url?: string): Promise<Database> {
  const database = await openDatabase({ url, pgliteDir: 'memory://', pgliteTemplate: url ? undefined : await pgliteTemplate() });
  await database.migrate();
  return database;
}

/**
 * `npm run test:fast` and the full run's api lane run one worker's files in one module graph (isolate: false):
 * there, the worker's PGlite database is kept from file to file and emptied at each file's start, which spares
 * every file the second it takes to start PGlite (vitest.config.ts sets TEST_KEEP_PGLITE). Elsewhere each file
 * has its own.
 */
const keepPglite = process.env.TEST_KEEP_PGLITE === 'true';
let keptPglite: Promise<Database> | undefined;

/**
 * A migrated database of the file's engine (PGlite in memory, or a fresh PostgreSQL database) and no app, for
 * tests of what sits under the app. `another()` opens a second pool on it, as another instance would have
 * (PostgreSQL; one PGlite cannot be opened twice, so there it answers the same database).
 */
export function useTestDatabase(): { database: Database; another(): Promise<Database> } {
  const ctx = {} as { database: Database; another(): Promise<Database> };
  const more: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let url: string | undefined;
    if (dbKind === 'postgres') ({ url, drop } = await createPostgresDatabase(inject('postgresTemplate')));
    ctx.database = await openTestDatabase(url);
    ctx.another = async () => {
      if (!url) return ctx.database;
      const other = await openTestDatabase(url);
      more.push(other);
      return other;
    };
  });
  afterAll(async () => {
    for (const other of more) await other.close();
    await ctx.database?.close();
    await drop?.();
  });
  return ctx;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/**
 * Empties every table of schema.ts before the next test, as resetDatabase (`npm run seed -- --reset`) does, at a
 * fraction of its cost (decision 043): TRUNCATE gives every table and index new files, 240 ms on PostgreSQL and
 * 40 ms on PGlite before each of some 1,600 tests per engine; deleting the few rows a test made takes 1 to 5 ms.
 * The append-only tables' triggers refuse a DELETE, so it runs as a replica (session_replication_role, which the
 * test databases' superuser may set): no ordinary trigger fires, nor a foreign key's, so the order does not
 * matter. A deadlock with the app's background work (a job, the search index's refresh) is tried again.
 */
export async function emptyTables(db: Db) {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(emptyEveryTable);
      return;
    } catch (error) {
      if (attempt >= 5 || !isDeadlock(error)) throw error;
    }
  }
}
// One statement (PGlite prepares what it runs, and a prepared statement is one command): set_config's `true`
// keeps the role to this statement's own transaction.
const emptyEveryTable = sql.raw(
  `do $$ begin perform set_config('session_replication_role', 'replica', true); ${tables.map((t) => `delete from "${getTableName(t)}";`).join(' ')} end $$`,
);

/** Empties an app's database, as a fresh installation has it, and drops what the app held of the old rows. */
export async function emptyApp(app: FastifyInstance) {
  await emptyTables(app.db);
  // The rows changed behind the app's back: drop its cached public answers.
  app.publicCache.invalidate();
  app.searchIndex.reset();
}

/**
 * One app and one database per test file (PGlite in memory, or a fresh PostgreSQL
 * database), emptied before each test (`resetEach: false`: when the file calls emptyApp itself).
 */
export function useTestApp(overrides: Partial<Config> = {}, opts: { resetEach?: boolean } = {}): TestContext {
  const ctx = {} as TestContext;
  let drop: (() => Promise<void>) | undefined;
  let refusals: { undocumented: string[] } | undefined;
  beforeAll(async () => {
    let url: string | undefined;
    if (dbKind === 'postgres') ({ url, drop } = await createPostgresDatabase(inject('postgresTemplate')));
    ctx.config = testConfig(overrides);
    if (url || !keepPglite) ctx.database = await openTestDatabase(url);
    else {
      ctx.database = await (keptPglite ??= openTestDatabase());
      await emptyTables(ctx.database.db);
    }
    ctx.app = await buildApp({ config: ctx.config, database: ctx.database });
    refusals = checkDocumentedRefusals(ctx.app);
    await ctx.app.ready();
  });
  afterEach(() => {
    // A refusal the test met that its route's OpenAPI answers do not list (documented-refusals.ts).
    const undocumented = refusals?.undocumented.splice(0) ?? [];
    expect(undocumented, 'refusals missing from the OpenAPI document').toEqual([]);
  });
  beforeEach(async () => {
    if (opts.resetEach !== false) await emptyApp(ctx.app);
  });
  afterAll(async () => {
    await ctx.app?.close();
    if (!keptPglite || ctx.database !== (await keptPglite)) await ctx.database?.close();
    await drop?.();
    if (ctx.config) rmSync(ctx.config.dataDir, { recursive: true, force: true });
  });
  return ctx;
}

/**
 * Another app over the test file's database, with some abuse limits set to real values (the rest roomy),
 * closed when the test ends: its counters start at zero.
 */
export async function appWithLimits(ctx: TestContext, limits: Partial<AbuseLimits>, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const config = testConfig({ limits: { ...roomyLimits, ...limits }, ...overrides });
  const app = await buildApp({ config, database: ctx.database });
  const refusals = checkDocumentedRefusals(app);
  onTestFinished(async () => {
    expect(refusals.undocumented, 'refusals missing from the OpenAPI document').toEqual([]);
    await app.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });
  return app;
}

/**
 * `app.inject` with the token in `authorization`, raw as the spec's client sends it. With `payloadAsStream` the
 * answer is read as it comes: whole, unless it is a live stream (text/event-stream, GET /api/events), which never
 * ends: then its first block of lines, and the client hangs up (the connection closes, as when a tab is closed).
 */
export async function call(app: FastifyInstance, opts: InjectOptions & { token?: string | undefined }) {
  const { token, ...rest } = opts;
  const res = await app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(token ? { authorization: token } : {}) } });
  // JSON as the API answers; the Google sign-in popup's HTML pages and redirects as text.
  const json = /^application\/json/.test(String(res.headers['content-type'] ?? ''));
  if (rest.payloadAsStream) {
    const text = /^text\/event-stream/.test(String(res.headers['content-type'] ?? '')) ? await firstBlock(res) : await readAll(res);
    return { status: res.statusCode, body: json ? JSON.parse(text) : text, headers: res.headers };
  }
  return { status: res.statusCode, body: json ? res.json() : res.body, headers: res.headers };
}

type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;

async function readAll(res: Injected) {
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** A live stream's first block (up to its first blank line), then the client goes away. */
async function firstBlock(res: Injected) {
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) {
    chunks.push(Buffer.from(chunk as Buffer));
    if (Buffer.concat(chunks).includes('\n\n')) break;
  }
  res.raw.res.destroy();
  return Buffer.concat(chunks).toString('utf8');
}

/** The database's own words when it refuses a statement (drizzle wraps them), or 'not refused'. */
export async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (err) {
    return String((err as { cause?: { message?: string } }).cause?.message ?? err);
  }
  return 'not refused';
}
