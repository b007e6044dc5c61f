// The photo look-up's benchmark (issue 36, item 5; decision 061): N perceptual hashes of listing photos in
// photo_hashes (random 64-bit values, three photos a listing, from SELLERS sellers; 1 % of them copies of another row's
// hash with 1 to 4 bits flipped), filled by the database itself, then analysed. Then the look-up of one new photo as a
// listing's check runs it (`similarPhotos`: the five bands' indexes, then the distance of those candidates), QUERIES
// times one after the other: half random hashes (nothing to find), half stored hashes with 1 to 4 bits flipped (the
// stored one must be found every time: a miss fails the run). p50, p95, p99 and max (target p99 <= 20 ms), and from
// EXPLAIN ANALYZE of a sample of look-ups the plan and the rows each reads.
// Usage: node bench/photos.ts [--quick] [--n=1000000] [--pglite-n=1000000] [--queries=2000] [--db=postgres|pglite|both]
//   (npm run bench:photos); updates `photos` in bench/results.json (the rows of the engines run), with the machine's background load.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { inArray, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { openDatabase, pgliteDirIn, type Db } from '../apps/api/src/db/client.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import { similarPhotos } from '../apps/api/src/modules/listing-checks/signals.ts';
import { generate, type Dataset } from './generate.ts';
import { backgroundLoad, postgresCpu, readResults, round, runMain, table, writeResults, type PhotosResult } from './lib.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const quick = args.includes('--quick');
const N = Number(arg('n', quick ? '100000' : '1000000'));
const PGLITE_N = Number(arg('pglite-n', String(N)));
const QUERIES = Number(arg('queries', quick ? '400' : '2000'));
const kinds = arg('db', 'both') === 'both' ? (['postgres', 'pglite'] as const) : [arg('db', 'both') as Dataset['db']];
const SELLERS = 300;
/** The threshold the check runs with: config RISK_PHOTO_BITS's default and its most ("fewer than 5 bits"). */
const BITS = 5;
const TARGET_P99_MS = 20;
/** Rows per INSERT statement, with progress in between. */
const BATCH = 100_000;
/** Look-ups explained (EXPLAIN ANALYZE), half of each kind. */
const EXPLAINED = 20;

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(36);
const word32 = () => BigInt(Math.floor(rnd() * 2 ** 32));
const randomHash = () => BigInt.asIntN(64, (word32() << 32n) | word32());
/** `hash` with `k` of its bits flipped, each a different one. */
function flipped(hash: bigint, k: number) {
  const bits = new Set<number>();
  while (bits.size < k) bits.add(Math.floor(rnd() * 64));
  return BigInt.asIntN(
    64,
    [...bits].reduce((h, b) => h ^ (1n << BigInt(b)), hash),
  );
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** A well-mixed, deterministic 64-bit number for row g and field k (the same in PostgreSQL and PGlite). */
const h = (k: number, g = 'g') => `hashint8extended(${g}, ${k})`;
/** The same in [0, m). */
const hm = (k: number, m: number, g = 'g') => `(abs(${h(k, g)}) % ${m})`;

/**
 * Rows from..to of n: row g's hash is a random 64-bit value, but every 100th row's, a copy of another row's (never a
 * copy itself) with 1 to 4 bits flipped, one in each quarter of the 64. Three photos a listing, a listing's seller one of
 * SELLERS.
 */
function hashesInsert(from: number, to: number, n: number) {
  const flips = [0, 1, 2, 3].map((i) => `(case when r.k > ${i} then 1::bigint << (${i * 16} + ${hm(70 + i, 16)}::int) else 0 end)`).join(' # ');
  return `
    insert into photo_hashes (hash, seller_id, product_id, url)
    select
      case when g % 100 = 0 then ${h(61, 'r.o')} # ${flips} else ${h(61)} end,
      md5('bench-seller-' || ${hm(62, SELLERS, '(g + 2) / 3')})::uuid,
      md5('bench-listing-' || (g + 2) / 3)::uuid,
      '/uploads/bench/' || g || '.webp'
    from (
      select g, 1 + ${hm(69, 4)} as k, case when (1 + ${hm(63, n)}) % 100 = 0 then ${hm(63, n)} else 1 + ${hm(63, n)} end as o
      from generate_series(${from}, ${to}) as g
    ) as r`;
}

/** The plan's nodes, depth first. */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The plan's shape in a line: its nodes, the indexes they read. */
function shape(node: PlanNode): string {
  const name = node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type'];
  const children = node.Plans ?? [];
  if (children.length === 0) return name;
  return children.length === 1 ? `${name} ← ${shape(children[0]!)}` : `${name} [${children.map(shape).join(', ')}]`;
}

async function run(kind: Dataset['db'], n: number): Promise<PhotosResult['rows'][number]> {
  const log = (msg: string) => console.log(msg);
  console.log(`\n=== ${kind}: ${n.toLocaleString('en')} stored photo hashes, ${QUERIES.toLocaleString('en')} look-ups ===`);
  const data = await generate(kind, 1000, log);
  const database = await openDatabase({ url: data.databaseUrl, pgliteDir: pgliteDirIn(data.dataDir) });
  const { db } = database;
  try {
    const started = performance.now();
    for (let from = 1; from <= n; from += BATCH) {
      const to = Math.min(n, from + BATCH - 1);
      await db.execute(sql.raw(hashesInsert(from, to, n)));
      log(`  ${to.toLocaleString('en')} / ${n.toLocaleString('en')} hashes (${round((performance.now() - started) / 1000, 1)} s)`);
    }
    // A production table has been vacuumed and analysed by autovacuum; a fresh bulk load has not.
    await db.execute(sql`vacuum analyze photo_hashes`);
    const fillSeconds = round((performance.now() - started) / 1000, 1);
    const [stats] = (
      (await db.execute(
        sql`select count(*)::int as rows, count(distinct seller_id)::int as sellers, pg_total_relation_size('photo_hashes')::bigint as bytes from photo_hashes`,
      )) as unknown as { rows: { rows: number; sellers: number; bytes: string }[] }
    ).rows;
    log(
      `filled in ${fillSeconds} s: ${stats!.rows.toLocaleString('en')} rows, ${stats!.sellers} sellers, ${round(Number(stats!.bytes) / 2 ** 20, 0)} MiB with the indexes`,
    );

    // The look-ups: a random hash, then a stored one with 1 to 4 bits flipped (each k as often), by a seller of their own.
    const targetIds = Array.from({ length: QUERIES / 2 }, () => 1 + Math.floor(rnd() * n));
    const stored = await db
      .select({ id: schema.photoHashes.id, hash: schema.photoHashes.hash, url: schema.photoHashes.url })
      .from(schema.photoHashes)
      .where(inArray(schema.photoHashes.id, targetIds));
    const byId = new Map(stored.map((s) => [s.id, s]));
    const queries = targetIds.flatMap((id, i) => {
      const target = byId.get(id)!;
      const k = 1 + (i % 4);
      return [
        { kind: 'random' as const, hash: randomHash(), k: 0, url: null },
        { kind: 'near' as const, hash: flipped(target.hash, k), k, url: target.url },
      ];
    });
    const seller = randomUUID();
    // Warm-up: the indexes' upper pages, the statement's path.
    for (let i = 0; i < 50; i++) await similarPhotos(db, randomHash(), seller, BITS);

    const load = await backgroundLoad();
    // CPU time, which a busy machine does not stretch as it stretches the clock: this process (the app's code, the
    // driver, and PGlite's database itself) and the PostgreSQL backends of the benchmark's database.
    const benchDatabase = kind === 'postgres' ? new URL(data.databaseUrl!).pathname.slice(1) : undefined;
    const cpuFrom = process.cpuUsage();
    const postgresFrom = benchDatabase ? postgresCpu(benchDatabase) : new Map<number, number>();
    const times = { random: [] as number[], near: [] as number[] };
    const misses: string[] = [];
    let randomMatched = 0;
    let nearFound = 0;
    for (const q of queries) {
      const t0 = performance.now();
      const found = await similarPhotos(db, q.hash, seller, BITS);
      times[q.kind].push(performance.now() - t0);
      if (q.kind === 'random') randomMatched += found.length > 0 ? 1 : 0;
      // The stored photo, or (at most 5 answered, the closest first) five as close as it.
      else if (found.some((f) => f.theirUrl === q.url) || (found.length === 5 && found.every((f) => f.bits <= q.k))) nearFound++;
      else misses.push(`${q.url} (${q.k} bits): found ${JSON.stringify(found.map((f) => [f.theirUrl, f.bits]))}`);
    }
    const cpu = process.cpuUsage(cpuFrom);
    const processCpuMs = (cpu.user + cpu.system) / 1000 / queries.length;
    const postgresCpuMs = benchDatabase
      ? ([...postgresCpu(benchDatabase)].reduce((sum, [pid, t]) => sum + t - (postgresFrom.get(pid) ?? 0), 0) * 1000) / queries.length
      : null;
    if (misses.length > 0) throw new Error(`${misses.length} near-copies not found by the look-up:\n  ${misses.slice(0, 10).join('\n  ')}`);

    // The plan of a sample of look-ups, their SQL captured from similarPhotos itself over the same connection(s).
    const captured: { text: string; params: unknown[] }[] = [];
    const logger = { logQuery: (text: string, params: unknown[]) => void captured.push({ text, params }) };
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    const logged = (kind === 'postgres'
      ? drizzlePg(client as pg.Pool, { schema, logger })
      : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
    const query = async <T>(text: string, params: unknown[]) => (await (client as pg.Pool).query(text, params)).rows as T[];
    const read: number[] = [];
    const entries: number[] = [];
    const blocks: number[] = [];
    const execution: number[] = [];
    let plan = '';
    let planText = '';
    let sequential = false;
    for (const q of [
      ...queries.filter((x) => x.kind === 'random').slice(0, EXPLAINED / 2),
      ...queries.filter((x) => x.kind === 'near').slice(0, EXPLAINED / 2),
    ]) {
      captured.length = 0;
      await similarPhotos(logged, q.hash, seller, BITS);
      const [statement] = captured;
      const [row] = await query<Record<string, unknown>>(`explain (analyze, buffers, format json) ${statement!.text}`, statement!.params);
      const json = Object.values(row!)[0];
      const top = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode; 'Execution Time': number }[];
      execution.push(top[0]!['Execution Time']);
      const nodes = nodesOf(top[0]!.Plan);
      sequential ||= nodes.some((x) => x['Node Type'] === 'Seq Scan');
      const heap = nodes.filter((x) => x['Node Type'] === 'Bitmap Heap Scan' || x['Node Type'] === 'Index Scan' || x['Node Type'] === 'Seq Scan');
      read.push(
        heap.reduce((a, x) => a + (x['Actual Rows'] + (x['Rows Removed by Filter'] ?? 0) + (x['Rows Removed by Index Recheck'] ?? 0)) * x['Actual Loops'], 0),
      );
      entries.push(nodes.filter((x) => x['Node Type'] === 'Bitmap Index Scan').reduce((a, x) => a + x['Actual Rows'], 0));
      blocks.push((top[0]!.Plan['Shared Hit Blocks'] ?? 0) + (top[0]!.Plan['Shared Read Blocks'] ?? 0));
      if (!plan) {
        plan = shape(top[0]!.Plan);
        planText = (await query<Record<string, string>>(`explain (analyze, buffers) ${statement!.text}`, statement!.params))
          .map((r) => Object.values(r)[0])
          .join('\n');
      }
    }
    console.log(`\nThe look-up's SQL (from similarPhotos):\n${captured[0]!.text}\n\nEXPLAIN ANALYZE of one look-up (a random hash):\n${planText}\n`);
    if (sequential) console.log('!!! a sequential scan in the plan: the band indexes are not used !!!');

    const all = [...times.random, ...times.near].sort((a, b) => a - b);
    times.random.sort((a, b) => a - b);
    times.near.sort((a, b) => a - b);
    const mean = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / xs.length, 0);
    return {
      db: kind,
      n: stats!.rows,
      sellers: stats!.sellers,
      queries: queries.length,
      bits: BITS,
      nearQueries: times.near.length,
      nearFound,
      randomMatched,
      p50: round(percentile(all, 50)),
      p95: round(percentile(all, 95)),
      p99: round(percentile(all, 99)),
      max: round(all.at(-1)!),
      randomP99: round(percentile(times.random, 99)),
      nearP99: round(percentile(times.near, 99)),
      target: TARGET_P99_MS,
      plan,
      usesBandIndexes: !sequential && /BitmapOr/.test(plan),
      indexEntries: { mean: mean(entries), max: Math.max(...entries) },
      rowsRead: { mean: mean(read), max: Math.max(...read) },
      blocks: { mean: mean(blocks), max: Math.max(...blocks) },
      executionMs: { mean: round(execution.reduce((a, b) => a + b, 0) / execution.length, 3), max: round(Math.max(...execution), 3) },
      cpuMsPerLookup: { process: round(processCpuMs, 3), postgres: postgresCpuMs === null ? null : round(postgresCpuMs, 3) },
      fillSeconds,
      backgroundLoad: load === undefined ? null : round(load),
    };
  } finally {
    await database.close();
    await data.drop();
  }
}

await runMain(async () => {
  if (!Number.isInteger(N) || N < 1000 || !Number.isInteger(PGLITE_N) || PGLITE_N < 1000)
    throw new Error('--n and --pglite-n must be whole numbers of at least 1000');
  if (!Number.isInteger(QUERIES) || QUERIES < 2 || QUERIES % 2 !== 0) throw new Error('--queries must be an even whole number');
  const rows: PhotosResult['rows'] = [];
  for (const kind of kinds) rows.push(await run(kind, kind === 'pglite' ? PGLITE_N : N));
  console.log(
    table(
      [
        'db',
        'stored hashes',
        'look-ups',
        'near-copies found',
        'random matched',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'rows read (mean / max)',
        'in the database ms (mean / max)',
        'CPU ms per look-up',
        'target p99',
        'background load',
      ],
      rows.map((r) => [
        r.db,
        r.n,
        r.queries,
        `${r.nearFound} / ${r.nearQueries}`,
        r.randomMatched,
        r.p50,
        r.p95,
        r.p99,
        r.max,
        `${r.rowsRead.mean} / ${r.rowsRead.max}`,
        `${r.executionMs.mean} / ${r.executionMs.max}`,
        r.cpuMsPerLookup.postgres === null ? `${r.cpuMsPerLookup.process}` : `${r.cpuMsPerLookup.process} + ${r.cpuMsPerLookup.postgres} PostgreSQL`,
        `≤ ${TARGET_P99_MS}`,
        r.backgroundLoad ?? NaN,
      ]),
    ),
  );
  for (const r of rows) console.log(`${r.db}: ${r.plan}\n  p99 ${r.p99 <= TARGET_P99_MS ? 'within' : 'above'} the target`);
  if (!quick) {
    const results = readResults();
    const kept = (results.photos?.rows ?? []).filter((r) => !kinds.includes(r.db));
    writeResults({ ...results, photos: { rows: [...kept, ...rows] } });
  }
});
