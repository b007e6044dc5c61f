// The server-rendered pages benchmark (issue 18): a phone's page as a shared link or a crawler opens it
// (/detail-product/{id}: the app's React render on the server, decision 033) against the API's detail
// route for the same phones, on PostgreSQL at N products (1M by default), both under the same load.
// Usage: node bench/pages.ts [--quick] [--n=100000]   (npm run bench:pages); updates `pages` in bench/results.json.
import pg from 'pg';
import { CONNECTIONS, load, type Measurement } from './api.ts';
import { generate } from './generate.ts';
import { get, readResults, round, runMain, startApi, table, writeResults, type PagesResult } from './lib.ts';
import { firstAnswer } from './search.ts';
import { buildWeb } from './web.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const n = Number(args.find((a) => a.startsWith('--n='))?.slice(4) ?? 1_000_000);
const seconds = quick ? 5 : 10;
const warmupSeconds = 2;

interface Row {
  name: string;
  paths: string[];
}

async function measure(baseUrl: string, row: Row): Promise<Measurement & { bytes: number }> {
  const first = await get(baseUrl + row.paths[0]!, { accept: row.name.startsWith('/api') ? 'application/json' : 'text/html' });
  if (first.status !== 200) throw new Error(`GET ${row.paths[0]} answered ${first.status}`);
  // The warm-up walks the paths from the end, so the measured run's first paths are not fresh in the cache.
  await load(baseUrl, row.paths.toReversed(), warmupSeconds);
  const m = await load(baseUrl, row.paths, seconds);
  return { ...m, bytes: first.body.length };
}

await runMain(async () => {
  if (!Number.isInteger(n) || n < 1000) throw new Error('--n must be a whole number of at least 1000');
  buildWeb();
  console.log(`\n=== server-rendered phone pages vs the API's detail route: PostgreSQL, ${n.toLocaleString('en')} products ===`);
  const data = await generate('postgres', n);
  // A sold phone's page is a 410 (the API's detail answers 200 for it): both rows read phones for sale only.
  const forSale = await availableOnly(data.databaseUrl!, [...data.productIds, ...data.coldProductIds]);
  const hot = data.productIds.filter((id) => forSale.has(id));
  const cold = data.coldProductIds.filter((id) => forSale.has(id));
  const server = await startApi({ DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl });
  try {
    // The search index loads after the server listens; nothing is measured until it has.
    await firstAnswer(`${server.url}/api/products?limit=1`, {}, 300_000);
    const rows: Row[] = [
      { name: '/api/detail-product/{id}', paths: hot.map((id) => `/api/detail-product/${id}`) },
      { name: '/detail-product/{id}', paths: hot.map((id) => `/detail-product/${id}`) },
      // Each phone about once per run: what a crawler walking every listing costs.
      { name: '/api/detail-product/{id} uncached', paths: cold.map((id) => `/api/detail-product/${id}`) },
      { name: '/detail-product/{id} uncached', paths: cold.map((id) => `/detail-product/${id}`) },
    ];
    const measured = new Map<string, Measurement & { bytes: number }>();
    for (const row of rows) {
      const m = await measure(server.url, row);
      if (m.non2xx || m.errors)
        throw new Error(`${row.name}: ${m.non2xx} non-2xx responses (${JSON.stringify(m.statuses ?? {})}), ${m.errors} errors or timeouts`);
      measured.set(row.name, m);
      console.log(`  ${row.name.padEnd(36)} ${String(m.rps).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  (${m.bytes} B)`);
    }
    const ratio = (page: string, api: string) => round(measured.get(page)!.rps / measured.get(api)!.rps, 4);
    const result: PagesResult = {
      n,
      connections: CONNECTIONS,
      seconds,
      rows: rows.map((r) => ({ endpoint: r.name, ...pick(measured.get(r.name)!) })),
      ratio: ratio('/detail-product/{id}', '/api/detail-product/{id}'),
      uncachedRatio: ratio('/detail-product/{id} uncached', '/api/detail-product/{id} uncached'),
    };
    console.log(
      table(
        ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'bytes'],
        result.rows.map((r) => [r.endpoint, r.rps, r.p50, r.p99, r.bytes]),
      ),
    );
    console.log(`page ÷ API detail: ${result.ratio}× (same phones, cached answers); ${result.uncachedRatio}× (each phone once)`);
    writeResults({ ...readResults(), pages: result });
  } finally {
    // The server goes before its database does.
    await server.stop();
    await data.drop();
  }
});

/** Which of `ids` are phones for sale. */
async function availableOnly(databaseUrl: string, ids: string[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>("select id from products where id = any($1::uuid[]) and status = 'available'", [ids]);
    return new Set(rows.map((r) => r.id));
  } finally {
    await client.end();
  }
}

function pick(m: Measurement & { bytes: number }) {
  return { rps: m.rps, p50: m.p50, p99: m.p99, bytes: m.bytes };
}
