// The scale-out benchmark (issue 19): the public routes and search through Debian's nginx, in front of one
// instance and then of two (the same PostgreSQL, Redis, settings and data), under the same load. Reports each
// row's req/s and the two-instance ÷ one-instance ratio, with the machine's cores: on a 2-core machine the load
// generator, nginx, PostgreSQL and the instances share two cores, which bounds what a second instance can add.
// Each row is measured five times (directly, then through nginx to one, two, two, one instances) and averaged;
// rows that must not be answered from the public cache give each run addresses of its own.
// Usage: node bench/scale.ts [--quick] [--n=100000]   (npm run bench:scale); updates `scale` in bench/results.json.
import { availableParallelism } from 'node:os';
import { startNginx, nginxInstalled, type Nginx } from '../apps/api/test/nginx.ts';
import { CONNECTIONS, load, type Measurement } from './api.ts';
import { generate } from './generate.ts';
import { get, onCleanup, readResults, round, runMain, startApi, table, writeResults, type ScaleResult } from './lib.ts';
import { firstAnswer } from './search.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const n = Number(args.find((a) => a.startsWith('--n='))?.slice(4) ?? 100_000);
const seconds = quick ? 5 : 10;
const warmupSeconds = 2;
const REDIS_URL = 'redis://127.0.0.1:6379';

interface Row {
  name: string;
  paths: string[];
  /** Each path asked for once at most in the whole row (uncached): every measurement gets paths of its own. */
  fresh?: boolean;
}

/** Five runs a row: direct, then one, two, two, one (the drift of a busy machine falls on both alike). */
const RUNS = ['direct', 'one', 'two', 'two', 'one'] as const;

async function measure(baseUrl: string, name: string, paths: string[]): Promise<Measurement> {
  const first = await get(baseUrl + paths[0]!);
  if (first.status !== 200) throw new Error(`GET ${paths[0]} answered ${first.status}`);
  await load(baseUrl, paths.toReversed(), warmupSeconds);
  const m = await load(baseUrl, paths, seconds);
  if (m.non2xx || m.errors) throw new Error(`${name}: ${m.non2xx} non-2xx responses (${JSON.stringify(m.statuses ?? {})}), ${m.errors} errors or timeouts`);
  return m;
}

const mean = (ms: Measurement[], key: 'rps' | 'p99') => round(ms.reduce((a, m) => a + m[key], 0) / ms.length, key === 'rps' ? 0 : 2);

await runMain(async () => {
  if (!nginxInstalled()) throw new Error('nginx is not installed (Debian package nginx): the scale-out benchmark runs through it');
  if (!Number.isInteger(n) || n < 1000) throw new Error('--n must be a whole number of at least 1000');
  console.log(`\n=== one instance vs two behind nginx: PostgreSQL, ${n.toLocaleString('en')} products, ${availableParallelism()} cores ===`);
  const data = await generate('postgres', n);
  onCleanup(() => data.drop());
  const env = {
    DATA_DIR: data.dataDir,
    DATABASE_URL: data.databaseUrl!,
    REDIS_URL,
    REDIS_PREFIX: `bench-scale-${Date.now()}:`,
    JWT_SECRET: 'one-secret-for-both-instances-of-the-benchmark',
    TRUST_PROXY: '1',
  };
  const instances: Awaited<ReturnType<typeof startApi>>[] = [];
  for (let i = 0; i < 2; i++) {
    // One after the other: each loads its search index before it answers searches.
    const server = await startApi(env);
    await firstAnswer(`${server.url}/api/products?limit=1`, {}, 300_000);
    instances.push(server);
  }
  const one = await startNginx([instances[0]!.port]);
  const two = await startNginx(instances.map((s) => s.port));
  onCleanup(() => Promise.all([one.stop(), two.stop()]).then(() => undefined));

  // Each search a new address (a price limit above every phone's: the same phones, the same work), so the
  // public cache cannot answer it and the index must.
  const searches = Array.from({ length: 500_000 }, (_, i) => `/api/products?q=galaxy&maxPrice=${1_000_000 + i}`);
  const rows: Row[] = [
    { name: '/api/category-products/{id}', paths: [`/api/category-products/${data.categoryId}`] },
    { name: '/api/detail-product/{id}', paths: data.productIds.map((id) => `/api/detail-product/${id}`) },
    { name: '/api/detail-product/{id} uncached', paths: data.coldProductIds.map((id) => `/api/detail-product/${id}`), fresh: true },
    { name: 'search, each query new', paths: searches, fresh: true },
  ];
  const base = { direct: instances[0]!.url, one: one.url, two: two.url };
  const measured: ScaleResult['rows'] = [];
  for (const row of rows) {
    const got: Record<(typeof RUNS)[number], Measurement[]> = { direct: [], one: [], two: [] };
    for (const [i, run] of RUNS.entries()) {
      const share = Math.floor(row.paths.length / RUNS.length);
      const paths = row.fresh ? row.paths.slice(i * share, (i + 1) * share) : row.paths;
      got[run].push(await measure(base[run], row.name, paths));
    }
    const [direct, single, double] = [mean(got.direct, 'rps'), mean(got.one, 'rps'), mean(got.two, 'rps')];
    measured.push({
      endpoint: row.name,
      directRps: direct,
      oneRps: single,
      twoRps: double,
      ratio: round(double / single),
      oneP99: mean(got.one, 'p99'),
      twoP99: mean(got.two, 'p99'),
    });
    console.log(
      `  ${row.name.padEnd(36)} direct ${String(direct).padStart(6)}   one ${String(single).padStart(6)} req/s   two ${String(double).padStart(6)} req/s   × ${round(double / single)}`,
    );
  }
  const result: ScaleResult = { n, cores: availableParallelism(), connections: CONNECTIONS, seconds, rows: measured };
  console.log(
    table(
      ['endpoint', 'direct req/s', 'one req/s', 'two req/s', 'two ÷ one', 'one p99 ms', 'two p99 ms'],
      measured.map((r) => [r.endpoint, r.directRps, r.oneRps, r.twoRps, r.ratio, r.oneP99, r.twoP99]),
    ),
  );
  writeResults({ ...readResults(), scale: result });
  await stopAll([one, two], instances);
});

async function stopAll(balancers: Nginx[], instances: { stop(): Promise<unknown> }[]) {
  for (const b of balancers) await b.stop();
  for (const s of instances) await s.stop();
}
