// The API benchmark of one data set: the real server under autocannon, then the floor
// (bench/floor.ts) with bodies of the same bytes under the same load.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Dataset } from './generate.ts';
import { freePort, get, round, startApi, startChild, type ApiResult } from './lib.ts';
import { benchSearch, firstAnswer } from './search.ts';

export const CONNECTIONS = 64;

export interface LoadSettings {
  /** Seconds of measured load per endpoint. */
  seconds: number;
  /** Seconds of unmeasured load just before, on the same endpoint. */
  warmupSeconds: number;
  /** Extra request headers, e.g. a browser's Accept-Encoding (none by default). */
  headers?: Record<string, string>;
}

/** What Chromium sends: `npm run bench -- --compressed` measures with it. */
export const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  /** Responses that were not 2xx, and connection errors or timeouts: both should be 0. */
  non2xx: number;
  errors: number;
  /** How many responses of each status, when any was not 2xx. */
  statuses?: Record<string, number>;
}

interface Endpoint {
  /** The name in the results: the route pattern. */
  name: string;
  /** The floor's route. */
  route: string;
  /** Paths to request, one after another (one path: always the same). */
  paths: string[];
  /** Another endpoint whose floor this one shares (same route, same body size). */
  floorOf?: string;
}

/** Rows that show a cost the targets do not cover (outside the target checks). */
export const UNCACHED_DETAIL = '/api/detail-product/{id} uncached';

export function endpointsOf(data: Pick<Dataset, 'categoryId' | 'productIds' | 'coldProductIds'>): Endpoint[] {
  return [
    { name: '/api/advertise-products', route: '/api/advertise-products', paths: ['/api/advertise-products'] },
    { name: '/api/category-products/{id}', route: '/api/category-products/:id', paths: [`/api/category-products/${data.categoryId}`] },
    { name: '/api/detail-product/{id}', route: '/api/detail-product/:id', paths: data.productIds.map((id) => `/api/detail-product/${id}`) },
    { name: '/api/category', route: '/api/category', paths: ['/api/category'] },
    // Each id about once per run: what a crawler walking every listing costs (the database path).
    {
      name: UNCACHED_DETAIL,
      route: '/api/detail-product/:id',
      paths: data.coldProductIds.map((id) => `/api/detail-product/${id}`),
      floorOf: '/api/detail-product/{id}',
    },
  ];
}

const statusCounts = (stats: Record<string, { count?: number }>) => Object.fromEntries(Object.entries(stats).map(([code, s]) => [code, s.count ?? 0]));

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * One autocannon run at CONNECTIONS connections (or as many as asked). Latencies are taken from every 2xx
 * response at autocannon's own sub-millisecond resolution (its summary rounds to whole ms).
 */
export function load(baseUrl: string, paths: string[], seconds: number, headers: Record<string, string> = {}, connections = CONNECTIONS): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    let next = 0;
    const latencies: number[] = [];
    const opts: autocannon.Options = {
      url: baseUrl + paths[0],
      connections,
      duration: seconds,
      headers,
      ...(paths.length > 1 && {
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }),
          },
        ],
      }),
    };
    const instance = autocannon(opts, (err, result) => {
      if (err) return reject(err);
      const sorted = Float64Array.from(latencies).sort();
      resolve({
        rps: round(latencies.length / (result.duration || seconds), 0),
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        ...(result.non2xx > 0 && { statuses: statusCounts(result.statusCodeStats as unknown as Record<string, { count?: number }>) }),
      });
    });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** CPU time (user + system, ms) a process has used so far; 0 where /proc is missing or it is gone. */
function cpuMs(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving the benchmark database (the server's pool), by pid. */
async function backendPids(databaseUrl: string | undefined) {
  if (!databaseUrl) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/**
 * Warm-up, then the measured run; with `cpu`, also the CPU time per request of the server
 * process and of its database backends over the measured run (where the time goes).
 */
async function measure(baseUrl: string, paths: string[], settings: LoadSettings, cpu?: { serverPid: number; databaseUrl: string | undefined }) {
  // The warm-up walks the paths from the end, so the measured run's first paths are not fresh in the cache.
  if (settings.warmupSeconds > 0) await load(baseUrl, paths.toReversed(), settings.warmupSeconds, settings.headers);
  if (!cpu) return { ...(await load(baseUrl, paths, settings.seconds, settings.headers)), cpu: undefined };
  const pids = await backendPids(cpu.databaseUrl);
  const sum = () => ({ server: cpuMs(cpu.serverPid), db: pids.reduce((s, pid) => s + cpuMs(pid), 0) });
  const before = sum();
  const m = await load(baseUrl, paths, settings.seconds, settings.headers);
  const after = sum();
  const requests = Math.max(1, m.rps * settings.seconds);
  const us = (ms: number) => Math.round((ms * 1000) / requests);
  return { ...m, cpu: { serverUs: us(after.server - before.server), dbUs: us(after.db - before.db) } };
}

interface Body {
  bytes: Buffer;
  /** The response's Content-Encoding, when the request allowed one and the server used it. */
  encoding: string | undefined;
}

/** The response body autocannon receives for this endpoint: for many paths, the median-sized of a sample. */
async function bodyOf(baseUrl: string, endpoint: Endpoint, headers: Record<string, string> = {}): Promise<Body> {
  const sample = endpoint.paths.slice(0, 25);
  const bodies: Body[] = [];
  for (const path of sample) {
    const res = await get(baseUrl + path, headers);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
    const encoding = res.headers['content-encoding'];
    bodies.push({ bytes: res.body, encoding: typeof encoding === 'string' ? encoding : undefined });
  }
  bodies.sort((a, b) => a.bytes.length - b.bytes.length);
  return bodies[Math.floor(bodies.length / 2)]!;
}

const describe = (body: Body) => `${body.bytes.length} B${body.encoding ? ` ${body.encoding}` : ''}`;

/** Floor results by endpoint, reused while a later body is within 5 % of the size measured. */
export type FloorCache = Map<string, { bytes: number; rps: number; p50: number; p99: number }>;

export interface CaseResult {
  results: ApiResult[];
  problems: string[];
  bytes: Record<string, number>;
}

/** `only`: just the endpoints whose name holds it (and no search cases). */
export async function benchCase(data: Dataset, settings: LoadSettings, floors: FloorCache, log: (msg: string) => void, only?: string): Promise<CaseResult> {
  const endpoints = endpointsOf(data).filter((e) => only === undefined || e.name.includes(only));
  const problems: string[] = [];
  const measured = new Map<string, Measurement>();
  const bodies = new Map<string, Body>();
  const searchResults: ApiResult[] = [];

  const server = await startApi({ DATA_DIR: data.dataDir, ...(data.databaseUrl && { DATABASE_URL: data.databaseUrl }) });
  try {
    // The server loads its search index after it starts listening (decision 022; about half a minute at 1M):
    // nothing is measured until it has, the first search waits for it.
    await firstAnswer(`${server.url}/api/products?limit=1`, settings.headers, 300_000);
    for (const endpoint of endpoints) {
      bodies.set(endpoint.name, await bodyOf(server.url, endpoint, settings.headers));
      const m = await measure(server.url, endpoint.paths, settings, { serverPid: server.process.pid!, databaseUrl: data.databaseUrl });
      if (m.non2xx || m.errors) problems.push(`${data.db} ${data.n} ${endpoint.name}: ${m.non2xx} non-2xx responses, ${m.errors} errors`);
      measured.set(endpoint.name, m);
      const cpu = m.cpu && m.cpu.serverUs > 0 ? `; CPU per request: server ${m.cpu.serverUs} µs${data.databaseUrl ? `, PostgreSQL ${m.cpu.dbUs} µs` : ''}` : '';
      log(
        `  ${endpoint.name.padEnd(28)} ${String(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  (${describe(bodies.get(endpoint.name)!)}${cpu})`,
      );
    }
    if (only === undefined) {
      const search = await benchSearch(server.url, data, settings, log);
      searchResults.push(...search.results);
      problems.push(...search.problems);
    }
  } finally {
    await server.stop();
  }

  const stale = endpoints.filter((e) => {
    if (e.floorOf) return false;
    const cached = floors.get(e.name);
    return !cached || Math.abs(bodies.get(e.name)!.bytes.length - cached.bytes) > 0.05 * cached.bytes;
  });
  if (stale.length > 0) {
    const dir = mkdtempSync(join(tmpdir(), 'market-bench-floor-'));
    const routesFile = join(dir, 'routes.json');
    writeFileSync(
      routesFile,
      JSON.stringify(stale.map((e) => ({ path: e.route, body: bodies.get(e.name)!.bytes.toString('base64'), encoding: bodies.get(e.name)!.encoding }))),
    );
    const port = await freePort();
    const floor = await startChild({
      name: 'the floor server',
      args: [join(import.meta.dirname, 'floor.ts'), String(port), routesFile],
      cwd: import.meta.dirname,
      env: {},
      port,
      readyPath: '/health',
    });
    try {
      for (const endpoint of stale) {
        const m = await measure(floor.url, endpoint.paths, settings, { serverPid: floor.process.pid!, databaseUrl: undefined });
        if (m.non2xx || m.errors) problems.push(`floor ${endpoint.name}: ${m.non2xx} non-2xx responses, ${m.errors} errors`);
        floors.set(endpoint.name, { bytes: bodies.get(endpoint.name)!.bytes.length, rps: m.rps, p50: m.p50, p99: m.p99 });
        const cpu = m.cpu && m.cpu.serverUs > 0 ? `  (CPU per request: ${m.cpu.serverUs} µs)` : '';
        log(`  floor ${endpoint.name.padEnd(22)} ${String(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms${cpu}`);
      }
    } finally {
      await floor.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const results = endpoints.map((e): ApiResult => {
    const m = measured.get(e.name)!;
    const floorRps = floors.get(e.floorOf ?? e.name)!.rps;
    return { n: data.n, db: data.db, endpoint: e.name, rps: m.rps, p50: m.p50, p99: m.p99, floorRps, ratio: round(m.rps / floorRps) };
  });
  return { results: [...results, ...searchResults], problems, bytes: Object.fromEntries([...bodies].map(([k, v]) => [k, v.bytes.length])) };
}
