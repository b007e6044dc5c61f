// The scale-out benchmark (issue 19): the public routes and search through Debian's nginx, in front of one
// instance and then of two (the same PostgreSQL, Redis, settings and data), under the same load. Reports each
// row's req/s and the two-instance ÷ one-instance ratio, with the machine's cores: on a 2-core machine the load
// generator, nginx, PostgreSQL and the instances share two cores, which bounds what a second instance can add.
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
}

async function measure(baseUrl: string, row: Row): Promise<Measurement> {
  const first = await get(baseUrl + row.paths[0]!);
  if (first.status !== 200) throw new Error(`GET ${row.paths[0]} answered ${first.status}`);
  await load(baseUrl, row.paths.toReversed(), warmupSeconds);
  const m = await load(baseUrl, row.paths, seconds);
  if (m.non2xx || m.errors) throw new Error(`${row.name}: ${m.non2xx} non-2xx responses (${JSON.stringify(m.statuses ?? {})}), ${m.errors} errors or timeouts`);
  return m;
}

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

  // Each search a new one (a price nobody asked before): the public cache cannot answer it, the index must.
  const searches = Array.from({ length: 50_000 }, (_, i) => `/api/products?q=galaxy&minPrice=${10_000 + i}`);
  const rows: Row[] = [
    { name: '/api/category-products/{id}', paths: [`/api/category-products/${data.categoryId}`] },
    { name: '/api/detail-product/{id}', paths: data.productIds.map((id) => `/api/detail-product/${id}`) },
    { name: '/api/detail-product/{id} uncached', paths: data.coldProductIds.map((id) => `/api/detail-product/${id}`) },
    { name: 'search, each query new', paths: searches },
  ];
  const measured: ScaleResult['rows'] = [];
  for (const row of rows) {
    const [single, double] = [await measure(one.url, row), await measure(two.url, row)];
    measured.push({
      endpoint: row.name,
      oneRps: single.rps,
      twoRps: double.rps,
      ratio: round(double.rps / single.rps),
      oneP99: single.p99,
      twoP99: double.p99,
    });
    console.log(
      `  ${row.name.padEnd(36)} one ${String(single.rps).padStart(6)} req/s   two ${String(double.rps).padStart(6)} req/s   × ${round(double.rps / single.rps)}`,
    );
  }
  const result: ScaleResult = { n, cores: availableParallelism(), connections: CONNECTIONS, seconds, rows: measured };
  console.log(
    table(
      ['endpoint', 'one req/s', 'two req/s', 'two ÷ one', 'one p99 ms', 'two p99 ms'],
      measured.map((r) => [r.endpoint, r.oneRps, r.twoRps, r.ratio, r.oneP99, r.twoP99]),
    ),
  );
  writeResults({ ...readResults(), scale: result });
  await stopAll([one, two], instances);
});

async function stopAll(balancers: Nginx[], instances: { stop(): Promise<unknown> }[]) {
  for (const b of balancers) await b.stop();
  for (const s of instances) await s.stop();
}
