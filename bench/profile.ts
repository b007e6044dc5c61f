// Evidence for docs/performance.md: where the API server's CPU goes on one endpoint. Starts the
// real server with --cpu-prof on a fresh database of N products (PostgreSQL, or PGlite in the
// server's process), loads one endpoint for 8 s, and prints self time by package and by function.
//   node bench/profile.ts [list|advertised|detail|category|uncached] [N] [postgres|pglite]   (default: list 10000 postgres)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpointsOf, load } from './api.ts';
import { generate } from './generate.ts';
import { runMain, startApi, table } from './lib.ts';
import { firstAnswer } from './search.ts';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

const which = process.argv[2] ?? 'list';
const n = Number(process.argv[3] ?? 10_000);
const db = process.argv[4] === 'pglite' ? 'pglite' : 'postgres';
const indexes: Record<string, number> = { advertised: 0, list: 1, detail: 2, category: 3, uncached: 4 };
const index = indexes[which];

const packageOf = (url: string, fn: string) => {
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  if (url) return url.replace(/^file:\/\/.*?\/apps\//, 'apps/');
  return fn; // native: (garbage collector), (idle), writev, ...
};

async function main() {
  if (index === undefined) throw new Error('usage: node bench/profile.ts [list|advertised|detail|category|uncached] [N] [postgres|pglite]');
  const data = await generate(db, n);
  const profDir = mkdtempSync(join(tmpdir(), 'market-bench-prof-'));
  try {
    const server = await startApi({ DATA_DIR: data.dataDir, ...(data.databaseUrl && { DATABASE_URL: data.databaseUrl }) }, [
      '--cpu-prof',
      `--cpu-prof-dir=${profDir}`,
    ]);
    await firstAnswer(`${server.url}/api/products?limit=1`, {}, 300_000); // the search index loaded, as in bench/api.ts
    const endpoint = endpointsOf(data)[index]!;
    await load(server.url, endpoint.paths, 2);
    const m = await load(server.url, endpoint.paths, 8);
    console.log(`${endpoint.name} at ${n} on ${db}: ${m.rps} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms (profile covers start-up too)`);
    await server.stop(); // SIGTERM: the server closes and node writes the profile
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no profile');
    const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const byPackage = new Map<string, number>();
    const byFunction = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const t = profile.timeDeltas[i] ?? 0;
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
      const pkg = packageOf(url, functionName);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
      const fn = `${functionName || '(anonymous)'} ${url ? `${pkg}:${lineNumber + 1}` : ''}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
      total += t;
    });
    const top = (m: Map<string, number>, count: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([k, t]) => [k, Number(((t / total) * 100).toFixed(1))]);
    console.log('\nSelf time by package:');
    console.log(table(['package', '%'], top(byPackage, 15)));
    console.log('\nSelf time by function:');
    console.log(table(['function', '%'], top(byFunction, 20)));
  } finally {
    rmSync(profDir, { recursive: true, force: true });
    await data.drop();
  }
}

await runMain(main);
