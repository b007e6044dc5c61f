import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseFromTemplate } from './data-dir.ts';
import { createPostgresDatabase } from './databases.ts';
import { spawnApi, startApi, type ServerProcess } from './server-process.ts';
import { routePath } from './call-route.ts';
import { seedCategories } from '../src/db/seed-data.ts';

/**
 * The real thing: `node src/main.ts` as `npm start` runs it, over real HTTP. The pglite
 * project starts it on embedded PGlite, the postgres project on a fresh PostgreSQL database.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
// A first start on PGlite (initdb, every migration, the demo data) beside the end-to-end suite can take a minute.
const TIMEOUT = 120_000;
const HEALTHY_WITHIN = TIMEOUT - 5_000;

interface List<T> {
  success: boolean;
  data: T[];
}
type Brand = { _id: string; categoryLogo: string };
const getJson = async <T>(url: string, init?: RequestInit) => (await (await fetch(url, { signal: AbortSignal.timeout(10_000), ...init })).json()) as T;

/** How many products the brand pages list, over HTTP. */
async function countProducts(base: string, brands: Brand[]) {
  let n = 0;
  for (const brand of brands) n += (await getJson<List<unknown>>(`${base}${routePath('categoryProducts', { params: { id: brand._id } })}`)).data.length;
  return n;
}

/** SIGTERM: a clean stop exits with 0 (our own fetches keep sockets alive, and a stopping server waits for them). */
async function expectCleanStop(server: ServerProcess) {
  expect(await server.stop(15_000), `the server did not stop cleanly on SIGTERM:\n${server.output().slice(-2000)}`).toEqual({ code: 0, signal: null });
}

describe(`npm start (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, { timeout: TIMEOUT }, () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let running: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'market-start-'));
    if (onPostgres) ({ url: databaseUrl, drop } = await createPostgresDatabase());
  });
  afterAll(async () => {
    await running?.stop();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const env = () => ({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });

  let token = '';
  let productCount = 0;

  it('migrates, seeds, serves the API with demo data, and stops cleanly on SIGTERM', async () => {
    running = await spawnApi({ env: env() });
    const base = running.url;
    expect(JSON.parse(await running.healthy(HEALTHY_WITHIN))).toEqual({ ok: true });

    const brands = await getJson<List<Brand>>(`${base}${routePath('categories')}`);
    expect(brands.success).toBe(true);
    expect(brands.data).toHaveLength(seedCategories.length);
    const logo = await fetch(`${base}${brands.data[0]!.categoryLogo}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('cache-control')).toMatch(/immutable/);

    const advertised = await getJson<List<unknown>>(`${base}${routePath('advertisedProducts')}`);
    expect(advertised.data.length).toBeGreaterThan(0);
    productCount = await countProducts(base, brands.data);
    expect(productCount).toBeGreaterThan(0);

    const login = await fetch(`${base}${routePath('logIn')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'seller@resale.demo', password: 'seller' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { data: { token: string } }).data.token;

    await expectCleanStop(running);
  });

  it('keeps its data and its JWT secret across a restart, without seeding again', async () => {
    expect(token).not.toBe('');
    running = await startApi({ env: env(), timeoutMs: HEALTHY_WITHIN });
    const base = running.url;

    const brands = await getJson<List<Brand>>(`${base}${routePath('categories')}`);
    expect(brands.data).toHaveLength(seedCategories.length);
    expect(await countProducts(base, brands.data)).toBe(productCount);

    // A token from the first run is still good: the generated secret was kept in DATA_DIR.
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { _id: string };
    const mine = await fetch(`${base}${routePath('sellerProducts', { params: { id: claims._id } })}`, { headers: { authorization: token } });
    expect(mine.status).toBe(200);
    // Read the body: an unread (streamed, compressed) response keeps its connection busy, and a stopping server waits for it.
    expect(((await mine.json()) as List<unknown>).data.length).toBeGreaterThan(0);

    await expectCleanStop(running);
  });

  it('answers the requests under way when told to stop, and only then closes its database', async () => {
    running = await startApi({ env: env(), timeoutMs: HEALTHY_WITHIN });
    const base = running.url;
    expect((await fetch(`${base}${routePath('searchProducts', { query: { q: 'iphone' } })}`)).status).toBe(200);
    // Many searches at once, each asking the database; the stop comes while they are under way.
    const statuses = Array.from({ length: 200 }, (_, i) =>
      fetch(`${base}${routePath('searchProducts', { query: { q: i % 2 ? 'iphone' : 'galaxy', limit: 1 + (i % 50) } })}`).then(
        async (res) => (await res.text(), res.status),
        () => 0, // refused: the server had stopped listening
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expectCleanStop(running);
    const seen = await Promise.all(statuses);
    expect(seen.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(seen.filter((s) => s !== 200 && s !== 503 && s !== 0)).toEqual([]);
    expect(running.output()).not.toMatch(/after calling end on the pool|PGlite is closed/i);
  });

  it('refuses to start on a bad PORT, naming it, with a non-zero exit', async () => {
    const server = await spawnApi({ env: { ...env(), PORT: 'abc' } });
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  });
});

describe(`npm start with DEMO=false (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, { timeout: TIMEOUT }, () => {
  it('seeds only the brand categories: no demo accounts, no products', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'market-start-'));
    const pg = onPostgres ? await createPostgresDatabase() : undefined;
    // The first start's initdb is the other describe's; this one is about what DEMO=false seeds.
    if (!pg) await databaseFromTemplate(dataDir, inject('pgliteTemplate'));
    const server = await spawnApi({ env: { DATA_DIR: dataDir, DEMO: 'false', ...(pg ? { DATABASE_URL: pg.url } : {}) } });
    const base = server.url;
    try {
      await server.healthy(HEALTHY_WITHIN);
      const brands = await getJson<List<Brand>>(`${base}${routePath('categories')}`);
      expect(brands.data).toHaveLength(seedCategories.length);
      expect((await fetch(`${base}${brands.data[0]!.categoryLogo}`)).status).toBe(200);
      // The model catalogue the release ships (issue 34), with no demo data too.
      expect((await getJson<List<unknown>>(`${base}${routePath('phoneModels')}`)).data.length).toBeGreaterThanOrEqual(150);
      expect(await countProducts(base, brands.data)).toBe(0);
      expect((await fetch(`${base}${routePath('demoAccounts')}`)).status).toBe(404);
      const login = await fetch(`${base}${routePath('logIn')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'seller@resale.demo', password: 'seller' }),
      });
      expect(login.status).toBe(401);
      await expectCleanStop(server);
    } finally {
      await server.stop();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
