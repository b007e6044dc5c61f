// The benchmark suite (npm run bench): for each data size, a fresh database, the real server
// in production mode under autocannon, and the floor; then the web benchmark (bench/web.ts).
// Prints a table and writes bench/results.json. See docs/performance.md.
//
//   npm run bench                 10k, 100k and 1M products on PostgreSQL, 10k on PGlite; 10 s per endpoint
//   npm run bench -- --quick      10k and 100k on PostgreSQL, 10k on PGlite; 5 s per endpoint (under 5 minutes)
//   npm run bench -- --skip-web   the API part only (keeps the web numbers already in results.json)
//   npm run bench -- --compressed requests carry Chromium's Accept-Encoding (compression included,
//                                 the floor answering with the same compressed bytes); writes
//                                 bench/results-compressed.json instead of bench/results.json
//   npm run bench -- --wait-quiet before each case, waits (up to 5 minutes) until other work
//                                 leaves the CPUs at least 85 % idle
//   npm run bench -- --report     prints bench/results.json as Markdown tables, runs nothing
//   npm run bench -- --db=pglite --n=100000 --only=detail
//                                 just these cases (engine, size) and the endpoints whose name holds
//                                 the word, with their floors and no search cases; the rows replace
//                                 those of the same case in results.json, the others stay
import { basename } from 'node:path';
import { BROWSER_ACCEPT_ENCODING, benchCase, CONNECTIONS, type FloorCache, type LoadSettings, UNCACHED_DETAIL } from './api.ts';
import { generate, type Dataset } from './generate.ts';
import {
  backgroundLoad,
  runMain,
  compressedResultsFile,
  machine,
  markdownTable,
  readResults,
  resultsFile,
  table,
  writeResults,
  type ApiResult,
  type Results,
  type WebResult,
} from './lib.ts';
import { isSearchRow, SEARCH_CONNECTIONS } from './search.ts';
import { benchWeb } from './web.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const skipWeb = args.includes('--skip-web');
const waitQuiet = args.includes('--wait-quiet');
const compressed = args.includes('--compressed');
const QUIET = 0.15;
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const onlyDb = option('db');
const onlyN = option('n');
const only = option('only');
const selected = onlyDb !== undefined || onlyN !== undefined || only !== undefined;

/** The background load, after waiting up to five minutes for it to drop below QUIET when asked to. */
let waitedMs = 0;
async function quietEnough() {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const busy = await backgroundLoad(2000);
    if (busy === undefined || busy <= QUIET || !waitQuiet || Date.now() > deadline) return busy;
    if (waitedMs % 30_000 === 0) console.log(`  waiting: the machine is ${Math.round(busy * 100)} % busy with other work`);
    waitedMs += 2000;
  }
}

const HEADER = ['N', 'db', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'floor req/s', 'ratio'];
const rowOf = (r: ApiResult) => [r.n, r.db, r.endpoint, r.rps, r.p50, r.p99, r.floorRps, r.ratio];

/** The targets, checked against one result set. */
export function targets(results: Results): { ok: boolean; text: string }[] {
  const checks: { ok: boolean; text: string }[] = [];
  const pg = results.api.filter((r) => r.db === 'postgres');
  if (pg.length > 0) {
    const largest = Math.max(...pg.map((r) => r.n));
    const smallest = Math.min(...pg.map((r) => r.n));
    for (const r of pg.filter((x) => x.n === largest && x.endpoint !== UNCACHED_DETAIL && !isSearchRow(x))) {
      checks.push({ ok: r.ratio >= 0.5, text: `${r.endpoint} at ${largest}: ${r.ratio}x floor req/s (target >= 0.5x)` });
      checks.push({ ok: r.p99 <= 20, text: `${r.endpoint} at ${largest}: p99 ${r.p99} ms (target <= 20 ms)` });
      const base = pg.find((x) => x.n === smallest && x.endpoint === r.endpoint);
      if (base && largest !== smallest) {
        const growth = Math.round((r.p50 / base.p50) * 100) / 100;
        checks.push({ ok: growth <= 1.3, text: `${r.endpoint}: p50 ${base.p50} -> ${r.p50} ms from ${smallest} to ${largest} = ${growth}x (target <= 1.3x)` });
      }
    }
  }
  // Issue 14: every search case at p99 <= 50 ms on PostgreSQL at the largest size, p50 growth <= 2x from the smallest.
  if (pg.length > 0) {
    const largest = Math.max(...pg.map((r) => r.n));
    const smallest = Math.min(...pg.map((r) => r.n));
    for (const r of pg.filter((x) => x.n === largest && isSearchRow(x))) {
      checks.push({ ok: r.p99 <= 50, text: `${r.endpoint} at ${largest}: p99 ${r.p99} ms at ${SEARCH_CONNECTIONS} connections (target <= 50 ms)` });
      const base = pg.find((x) => x.n === smallest && x.endpoint === r.endpoint);
      if (base && largest !== smallest) {
        const growth = Math.round((r.p50 / base.p50) * 100) / 100;
        checks.push({ ok: growth <= 2, text: `${r.endpoint}: p50 ${base.p50} -> ${r.p50} ms from ${smallest} to ${largest} = ${growth}x (target <= 2x)` });
      }
    }
  }
  const web = results.web;
  if (web) {
    checks.push({ ok: web.initialJsGzKiB <= 120, text: `initial JS of /: ${web.initialJsGzKiB} KiB gz (target <= 120)` });
    for (const [page, score] of Object.entries(web.lighthouse)) {
      checks.push({ ok: score >= 95, text: `Lighthouse ${page}: ${score} (target >= 95)` });
      const seo = web.seo?.[page];
      if (seo !== undefined) checks.push({ ok: seo >= 95, text: `Lighthouse SEO ${page}: ${seo} (target >= 95)` });
      const cls = web.cls[page];
      if (cls !== undefined) checks.push({ ok: cls <= 0.02, text: `CLS ${page}: ${cls} (target <= 0.02)` });
    }
  }
  return checks;
}

function report(results: Results, markdown: boolean) {
  const rows = results.api.map(rowOf);
  console.log(markdown ? markdownTable(HEADER, rows) : table(HEADER, rows));
  if (results.web) {
    const w = results.web;
    console.log(`\nweb: initial JS ${w.initialJsGzKiB} KiB gz, CSS ${w.initialCssGzKiB} KiB gz`);
    const pages = Object.keys(w.lighthouse);
    const webRows = pages.map((p) => [p, w.lighthouse[p]!, w.seo?.[p] ?? NaN, w.cls[p] ?? NaN]);
    console.log(markdown ? markdownTable(['page', 'Lighthouse performance', 'SEO', 'CLS'], webRows) : table(['page', 'Lighthouse', 'SEO', 'CLS'], webRows));
  }
  console.log('\nTargets (issues 6 and 14):');
  for (const c of targets(results)) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.text}`);
}

async function main() {
  if (args.includes('--report')) return report(readResults(compressed ? compressedResultsFile : resultsFile), true);
  const started = performance.now();
  const settings: LoadSettings = {
    ...(quick ? { seconds: 5, warmupSeconds: 1 } : { seconds: 10, warmupSeconds: 2 }),
    ...(compressed && { headers: BROWSER_ACCEPT_ENCODING }),
  };
  const cases: [Dataset['db'], number][] = quick
    ? [
        ['postgres', 10_000],
        ['postgres', 100_000],
        ['pglite', 10_000],
      ]
    : [
        ['postgres', 10_000],
        ['postgres', 100_000],
        ['postgres', 1_000_000],
        ['pglite', 10_000],
        ['pglite', 100_000],
      ];
  const chosen = cases.filter(([db, n]) => (onlyDb === undefined || db === onlyDb) && (onlyN === undefined || n === Number(onlyN)));
  if (onlyN !== undefined && chosen.length === 0) chosen.push([onlyDb === 'pglite' ? 'pglite' : 'postgres', Number(onlyN)]);
  console.log(`${quick ? 'Quick' : 'Full'} benchmark: ${machine()}`);
  const encoding = compressed ? `, accept-encoding: ${BROWSER_ACCEPT_ENCODING['accept-encoding']}` : ', no accept-encoding';
  console.log(`autocannon: ${CONNECTIONS} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s per endpoint${encoding}`);

  const api: ApiResult[] = [];
  const problems: string[] = [];
  const failures: string[] = [];
  const floors: FloorCache = new Map();
  for (const [db, n] of chosen) {
    console.log(`\n=== ${n.toLocaleString('en')} products on ${db} ===`);
    const busy = await quietEnough();
    if (busy !== undefined && busy > QUIET) {
      const warning = `the machine was ${Math.round(busy * 100)} % busy with other work just before the ${db} ${n} case: its numbers are low and noisy`;
      console.log(`  WARNING: ${warning}`);
      problems.push(warning);
    }
    const data = await generate(db, n);
    console.log(
      `  generated in ${(data.generateMs / 1000).toFixed(1)} s: ${data.stats.products} products, ${data.stats.advertisedAvailable} advertised, ${data.stats.inCategoryAvailable} available in the benchmarked category`,
    );
    try {
      const result = await benchCase(data, settings, floors, console.log, only);
      api.push(...result.results);
      failures.push(...result.problems);
    } finally {
      await data.drop();
    }
  }

  const file = compressed ? compressedResultsFile : resultsFile;
  const previous = readResults(file);
  let web: WebResult | null = previous.web;
  if (!skipWeb && !selected) {
    const busy = await quietEnough();
    if (busy !== undefined && busy > QUIET)
      problems.push(`the machine was ${Math.round(busy * 100)} % busy with other work just before Lighthouse: its scores are low and noisy`);
    web = await benchWeb({ quick });
  }
  const ran = (r: ApiResult) => api.some((x) => x.n === r.n && x.db === r.db && x.endpoint === r.endpoint);
  const results: Results = { ...previous, api: selected ? [...previous.api.filter((r) => !ran(r)), ...api] : api, web };
  writeResults(results, file);

  console.log(`\n=== results (bench/${basename(file)}) ===`);
  report(results, false);
  const waited = waitedMs > 0 ? ` (${(waitedMs / 1000).toFixed(0)} s of it waiting for a quiet machine)` : '';
  console.log(`\nTotal time ${((performance.now() - started) / 1000).toFixed(0)} s${waited}`);
  if (failures.length > 0 || problems.length > 0) console.error('');
  for (const p of problems) console.error(`WARNING: ${p}`);
  if (failures.length > 0) {
    console.error('The load saw failed requests, so these numbers are not valid:');
    for (const f of failures) console.error(`  ${f}`);
    process.exitCode = 1;
  }
}

await runMain(main);
