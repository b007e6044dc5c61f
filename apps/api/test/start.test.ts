import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './databases.ts';
import { freePort } from './free-port.ts';

/**
 * The real thing: `node src/main.ts` as `npm start` runs it, over real HTTP. The pglite
 * project starts it on embedded PGlite, the postgres project on a fresh PostgreSQL database.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const apiDir = join(import.meta.dirname, '..');
const TIMEOUT = 60_000;

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(env: Record<string, string>): Server {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'JWT_SECRET', 'PORT', 'DATA_DIR', 'DEMO'].includes(k)));
  const child = spawn(process.execPath, ['src/main.ts'], { cwd: apiDir, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

/** Polls /api/health until it answers, failing at once if the process dies. */
async function waitUntilHealthy(server: Server, base: string) {
  let died = false;
  void server.exited.then(() => (died = true));
  const deadline = Date.now() + TIMEOUT - 5_000;
  while (Date.now() < deadline) {
    if (died) throw new Error(`the server exited before it was healthy:\n${server.output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not healthy in time:\n${server.output()}`);
}

interface List<T> {
  success: boolean;
  data: T[];
}
type Brand = { _id: string; categoryLogo: string };
const getJson = async <T>(url: string, init?: RequestInit) => (await (await fetch(url, { signal: AbortSignal.timeout(10_000), ...init })).json()) as T;

/** How many products the brand pages list, over HTTP. */
async function countProducts(base: string, brands: Brand[]) {
  let n = 0;
  for (const brand of brands) n += (await getJson<List<unknown>>(`${base}/api/category-products/${brand._id}`)).data.length;
  return n;
}

async function stop(server: Server) {
  // Our own fetches keep sockets alive; a stopping server waits for nothing but them.
  setTimeout(() => server.output() && console.error(`still stopping after 15 s:\n${server.output().slice(-2000)}`), 15_000).unref();
  server.child.kill('SIGTERM');
  const { code, signal } = await server.exited;
  return { code, signal };
}

describe(`npm start (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, { timeout: TIMEOUT }, () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let running: Server | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'market-start-'));
    if (onPostgres) ({ url: databaseUrl, drop } = await createPostgresDatabase());
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (port: number) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

  let token = '';
  let productCount = 0;

  it('migrates, seeds, serves the API with demo data, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    running = start(env(port));
    const health = await waitUntilHealthy(running, base);
    expect(await health.json()).toEqual({ ok: true });

    const brands = await getJson<List<Brand>>(`${base}/api/category`);
    expect(brands.success).toBe(true);
    expect(brands.data).toHaveLength(8);
    const logo = await fetch(`${base}${brands.data[0]!.categoryLogo}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('cache-control')).toMatch(/immutable/);

    const advertised = await getJson<List<unknown>>(`${base}/api/advertise-products`);
    expect(advertised.data.length).toBeGreaterThan(0);
    productCount = await countProducts(base, brands.data);
    expect(productCount).toBeGreaterThan(0);

    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'seller@resale.demo', password: 'seller' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { data: { token: string } }).data.token;

    expect(await stop(running)).toEqual({ code: 0, signal: null });
  });

  it('keeps its data and its JWT secret across a restart, without seeding again', async () => {
    expect(token).not.toBe('');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    running = start(env(port));
    await waitUntilHealthy(running, base);

    const brands = await getJson<List<Brand>>(`${base}/api/category`);
    expect(brands.data).toHaveLength(8);
    expect(await countProducts(base, brands.data)).toBe(productCount);

    // A token from the first run is still good: the generated secret was kept in DATA_DIR.
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { _id: string };
    const mine = await fetch(`${base}/api/seller-products/${claims._id}`, { headers: { authorization: token } });
    expect(mine.status).toBe(200);
    // Read the body: an unread (streamed, compressed) response keeps its connection busy, and a stopping server waits for it.
    expect(((await mine.json()) as List<unknown>).data.length).toBeGreaterThan(0);

    expect(await stop(running)).toEqual({ code: 0, signal: null });
  });

  it('refuses to start on a bad PORT, naming it, with a non-zero exit', async () => {
    const server = start({ ...env(0), PORT: 'abc' });
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
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO: 'false', ...(pg ? { DATABASE_URL: pg.url } : {}) });
    try {
      await waitUntilHealthy(server, base);
      const brands = await getJson<List<Brand>>(`${base}/api/category`);
      expect(brands.data).toHaveLength(8);
      expect((await fetch(`${base}${brands.data[0]!.categoryLogo}`)).status).toBe(200);
      expect(await countProducts(base, brands.data)).toBe(0);
      expect((await fetch(`${base}/api/demo-accounts`)).status).toBe(404);
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'seller@resale.demo', password: 'seller' }),
      });
      expect(login.status).toBe(401);
      expect(await stop(server)).toEqual({ code: 0, signal: null });
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
