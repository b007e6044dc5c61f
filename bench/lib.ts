// Shared pieces of the benchmark: paths, free ports, child servers, the results file.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, totalmem } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnApi, spawnServer, type ServerProcess } from '../apps/api/test/server-process.ts';

export { freePort };

export const root = join(import.meta.dirname, '..');
export const resultsFile = join(import.meta.dirname, 'results.json');
/** Where `--compressed` runs go, so they never mix with the plain runs of results.json. */
export const compressedResultsFile = join(import.meta.dirname, 'results-compressed.json');

export interface ApiResult {
  n: number;
  db: 'postgres' | 'pglite';
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  floorRps: number;
  ratio: number;
}

export interface WebResult {
  initialJsGzKiB: number;
  initialCssGzKiB: number;
  /** Lighthouse performance score (0-100) per page; keys are route patterns ("/category/{id}"). */
  lighthouse: Record<string, number>;
  /** Lighthouse SEO score (0-100) per page, same keys (issue 18). */
  seo?: Record<string, number>;
  /** Cumulative layout shift per page, same keys. */
  cls: Record<string, number>;
  /** First contentful paint and largest contentful paint (ms, simulated slow 4G) per page, same keys. */
  fcpMs?: Record<string, number>;
  lcpMs?: Record<string, number>;
}

/** Server-rendered phone pages against the API's detail route at N products (bench/pages.ts, issue 18). */
export interface PagesResult {
  n: number;
  connections: number;
  /** Seconds of measured load per row (5 with --quick, else 10). */
  seconds: number;
  rows: { endpoint: string; rps: number; p50: number; p99: number; bytes: number }[];
  /** Page req/s ÷ API detail req/s, the same phones (answers cached). */
  ratio: number;
  /** The same, each phone about once per run (a crawler). */
  uncachedRatio: number;
}

/** One instance against two behind nginx, the same load (bench/scale.ts, issue 19). */
export interface ScaleResult {
  n: number;
  /** The machine's cores: the load generator, nginx, PostgreSQL and the instances share them. */
  cores: number;
  connections: number;
  seconds: number;
  /** directRps: the first instance without nginx; oneRps and twoRps: through nginx in front of one, of two. */
  rows: { endpoint: string; directRps: number; oneRps: number; twoRps: number; ratio: number; oneP99: number; twoP99: number }[];
}

/** Searches of unknown words against a poisoned vocabulary, and a request beside them (bench/poisoning.ts, issue 29). */
export interface PoisoningResult {
  seconds: number;
  rows: {
    db: 'postgres' | 'pglite';
    /** Listings, and words in the vocabulary. */
    n: number;
    words: number;
    endpoint: string;
    connections: number;
    rps: number;
    p50: number;
    p99: number;
    /** The share of the CPUs other work used just before the run (the machine is shared). */
    backgroundLoad: number | null;
  }[];
}

/** The money of issue 32 (bench/money.ts): completing deals with their ledger entries, and a seller's balance page. */
export interface MoneyResult {
  /** Completing `deals` handed-over protected deals one by one, as their timers do, on PostgreSQL: per deal and in all. */
  completions: { deals: number; lanes: number; totalMs: number; perSecond: number; p50: number; p99: number };
  /** The balance page's calls for a seller with `entries` ledger entries. */
  rows: { endpoint: string; entries: number; connections: number; rps: number; p50: number; p99: number; target: number | null }[];
  seconds: number;
  backgroundLoad: number | null;
}

/** One delivery run of bench/chat.ts: messages POSTed at an even rate, each timed to its arrival on the other side's stream. */
export interface ChatDelivery {
  name: string;
  instances: 1 | 2;
  /** Streams open on the instance that holds the receivers' streams (theirs and any others). */
  streamsOpen: number;
  conversations: number;
  /** Messages a second, all conversations together, and seconds of measured load (after a warm-up). */
  rate: number;
  seconds: number;
  sent: number;
  /** POSTs not answered 201 (not counted in the times). */
  failed: number;
  delivered: number;
  /** Accepted but never on the receiver's stream. */
  lost: number;
  duplicates: number;
  /** From a POST's start to the message's arrival on the receiver's stream, ms. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The POST's own answer time, ms. */
  postP50: number;
  postP99: number;
  /** The most a POST started after its even schedule, ms (the load generator keeping up). */
  maxLateMs: number;
  /** CPU time per message over the measured run: the instance(s), and PostgreSQL's backends of the benchmark's database. */
  serverCpuMsPerMessage: number;
  postgresCpuMsPerMessage: number;
  /** The share of the CPUs other work used just before the run (the machine is shared). */
  backgroundLoad: number | null;
  /** Cores other work (not the instances, their PostgreSQL backends or the load generator) kept busy during the run. */
  otherCores: number;
  target: number | null;
}

/** The live channel of issue 33 (bench/chat.ts): open streams per instance, and delivery time at 100 messages a second. */
export interface ChatResult {
  cores: number;
  streams: {
    target: number;
    opened: number;
    /** People with a stream each. */
    people: number;
    openSeconds: number;
    rssBeforeMiB: number;
    rssAfterMiB: number;
    /** (RSS after − before) ÷ streams. */
    kibPerStream: number;
    /** Streams that received a heartbeat comment while all were open. */
    withHeartbeat: number;
    /** The server's CPU while the streams sat open (heartbeats, its 2 s poll), in % of one core. */
    idleCpuPercent: number;
    /** One message to each of `sample` of the open streams: how many arrived, and in how long (ms). */
    sample: { streams: number; delivered: number; p50: number; max: number };
  };
  delivery: ChatDelivery[];
  backgroundLoad: number | null;
}

export interface Results {
  api: ApiResult[];
  web: WebResult | null;
  pages?: PagesResult | null;
  scale?: ScaleResult | null;
  poisoning?: PoisoningResult | null;
  money?: MoneyResult | null;
  chat?: ChatResult | null;
  alerts?: AlertsResult | null;
  photos?: PhotosResult | null;
}

/** Matching one new phone against the saved searches (issue 34, item 5; bench/alerts.ts). */
export interface AlertsResult {
  searches: number;
  phones: number;
  /** The searches matched per phone, on average, and the most read by one look-up. */
  matchedPerPhone: number;
  p50: number;
  p99: number;
  max: number;
  target: number;
  backgroundLoad: number | null;
}

/** Checking one new photo against the stored photos' hashes (issue 36, item 5; bench/photos.ts): one row per engine. */
export interface PhotosResult {
  rows: {
    db: 'postgres' | 'pglite';
    /** Stored hashes (1 % of them near-copies of another's), and the sellers they are of. */
    n: number;
    sellers: number;
    /** Look-ups timed, one after the other: half random hashes, half stored ones with 1 to 4 bits flipped. */
    queries: number;
    /** The threshold: fewer than `bits` bits apart. */
    bits: number;
    /** Near-copies looked up, and found (all of them, or the run fails). */
    nearQueries: number;
    nearFound: number;
    /** Random hashes that matched a stored one (none expected). */
    randomMatched: number;
    /** One look-up, ms, all of them; and the p99 of each half. */
    p50: number;
    p95: number;
    p99: number;
    max: number;
    randomP99: number;
    nearP99: number;
    target: number;
    /** The plan's shape (EXPLAIN ANALYZE of one look-up), and whether it reads the band indexes (a BitmapOr, no sequential scan). */
    plan: string;
    usesBandIndexes: boolean;
    /** Over EXPLAIN ANALYZE of 20 look-ups: the band indexes' entries, the table rows read (candidates), the buffers touched. */
    indexEntries: { mean: number; max: number };
    rowsRead: { mean: number; max: number };
    blocks: { mean: number; max: number };
    /** The same look-ups' time inside the database (EXPLAIN ANALYZE's execution time, ms): the statement without the round trip or waiting for a CPU. */
    executionMs: { mean: number; max: number };
    /**
     * CPU time per look-up over the timed run, ms (what a busy machine does not stretch): this process (the app's code, the
     * driver; on PGlite the database too), and PostgreSQL's backends of the benchmark's database (null on PGlite).
     */
    cpuMsPerLookup: { process: number; postgres: number | null };
    /** Filling and analysing the table. */
    fillSeconds: number;
    backgroundLoad: number | null;
  }[];
}

export function readResults(file = resultsFile): Results {
  if (!existsSync(file)) return { api: [], web: null };
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Results>;
    return {
      api: parsed.api ?? [],
      web: parsed.web ?? null,
      pages: parsed.pages ?? null,
      scale: parsed.scale ?? null,
      poisoning: parsed.poisoning ?? null,
      money: parsed.money ?? null,
      chat: parsed.chat ?? null,
      alerts: parsed.alerts ?? null,
      photos: parsed.photos ?? null,
    };
  } catch {
    return { api: [], web: null };
  }
}

export function writeResults(results: Results, file = resultsFile) {
  writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Children and databases to remove even when the run is interrupted. */
const cleanups = new Set<() => Promise<void> | void>();
export function onCleanup(fn: () => Promise<void> | void) {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}
/** Runs a bench script's main: a failure sets the exit code, and started servers and databases are always cleaned up. */
export async function runMain(main: () => Promise<void>) {
  try {
    await main();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await cleanupAll();
  }
}

export async function cleanupAll() {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    try {
      await fn();
    } catch (err) {
      console.error(`cleanup failed: ${(err as Error).message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

export interface Child {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Waits until the child is ready; stopped at the end of the run even when it is interrupted. */
async function supervised(server: ServerProcess, timeoutMs = 120_000): Promise<Child> {
  const stop = async () => void (await server.stop());
  const forget = onCleanup(stop);
  await server.healthy(timeoutMs);
  return {
    url: server.url,
    port: server.port,
    process: server.child,
    stop: async () => {
      forget();
      await stop();
    },
  };
}

/** Spawns a node process that listens on `port` and waits until `readyPath` answers 200. */
export async function startChild(opts: {
  name: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  port: number;
  readyPath: string;
  timeoutMs?: number;
}): Promise<Child> {
  const server = spawnServer({
    name: opts.name,
    args: opts.args,
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    port: opts.port,
    healthPath: opts.readyPath,
    echo: true,
  });
  return supervised(server, opts.timeoutMs);
}

/** Starts the real server (apps/api/src/main.ts) in production mode; `nodeArgs` go before the script (`--cpu-prof`). */
export async function startApi(env: { DATA_DIR: string; DATABASE_URL?: string | undefined } & Record<string, string | undefined>, nodeArgs: string[] = []) {
  const given = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
  const server = await spawnApi({
    env: { NODE_ENV: 'production', DEMO: 'false', ...given, DATA_DIR: env.DATA_DIR },
    nodeArgs,
    echo: true,
  });
  // At 1M products the server loads its search index before it listens (decision 022): give it time.
  return supervised(server, 180_000);
}

/**
 * A plain GET over node:http with the load generator's headers (by default no Accept-Encoding,
 * like autocannon), so the body is byte for byte what the load generator receives.
 */
export function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: Buffer; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const req = request(url, { method: 'GET', headers: { accept: 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

export async function getJson<T>(url: string): Promise<T> {
  const res = await get(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 200)}`);
  return JSON.parse(res.body.toString()) as T;
}

export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** A plain text table: right-aligned numbers, left-aligned text. */
export function table(header: string[], rows: (string | number)[][]) {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[], numeric: boolean[]) => r.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  const numeric = header.map((_, i) => rows.every((r) => typeof r[i] === 'number'));
  return [line(header, numeric), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map((r) => line(r, numeric))].join('\n');
}

/** The same table as Markdown, for docs/performance.md. */
export function markdownTable(header: string[], rows: (string | number)[][]) {
  const numeric = header.map((_, i) => rows.every((r) => typeof r[i] === 'number'));
  return [`| ${header.join(' | ')} |`, `| ${numeric.map((n) => (n ? '---:' : '---')).join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** nproc, memory and CPU model, as docs/performance.md reports them. */
export function machine() {
  let model = 'unknown CPU';
  try {
    model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model;
  } catch {
    // not Linux
  }
  return `${availableParallelism()} CPUs (${model}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
}

/** The process's user + system CPU time so far, in seconds (clock ticks of 1/100 s). */
export function cpuSeconds(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The CPU seconds so far of the PostgreSQL backends serving `database` (their command lines name it), by process id. */
export function postgresCpu(database: string) {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres:') && cmdline.includes(` ${database} `)) found.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

function cpuTimes() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (line[3] ?? 0) + (line[4] ?? 0);
  return { idle, total: line.reduce((a, b) => a + b, 0) };
}

/**
 * The share of all CPUs busy over `ms` while the benchmark itself is idle: other work on the
 * machine (a test run, a build) takes CPU from the server and the load generator alike.
 * Undefined where /proc/stat is missing.
 */
export async function backgroundLoad(ms = 1000): Promise<number | undefined> {
  if (!existsSync('/proc/stat')) return undefined;
  const a = cpuTimes();
  await sleep(ms);
  const b = cpuTimes();
  const total = b.total - a.total;
  return total > 0 ? 1 - (b.idle - a.idle) / total : undefined;
}
