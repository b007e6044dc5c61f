// The live channel benchmark (issue 33, decision 053), on PostgreSQL:
// 1. Streams: STREAMS people (one stream each) open GET /api/events on one instance, over raw node:http connections;
//    the server process's RSS before and after (memory per stream), the streams that get a heartbeat, the server's CPU
//    while they sit open, and one message to each of a sample of them while all are open.
// 2. Delivery: PAIRS buyer/seller conversations, each buyer's stream open; the sellers POST messages at an even RATE a
//    second in all (timer-driven) for SECONDS after a warm-up; each message's time from its POST's start to its arrival
//    on the buyer's stream. On the instance of 1 with its STREAMS streams still open; on a fresh instance (no Redis)
//    with only the buyers' streams; and on two instances behind Debian's nginx sharing PostgreSQL and Redis, the
//    streams through nginx pinned to instance A and the POSTs through nginx pinned to instance B, so every delivery
//    crosses Redis. Target: p99 <= 100 ms, none lost.
// The load generator (this script) runs on the same machine as the servers, nginx, PostgreSQL and Redis.
// Usage: node bench/chat.ts [--quick] [--streams=5000] [--seconds=20] [--rate=100] [--profile]  (npm run bench:chat);
// updates `chat` in bench/results.json. --profile: the one-instance run's server under --cpu-prof, its self time printed.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request, type ClientRequest } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { openDatabase, pgliteDirIn, type Db } from '../apps/api/src/db/client.ts';
import { nginxInstalled, startNginx } from '../apps/api/test/nginx.ts';
import { generate } from './generate.ts';
import {
  backgroundLoad,
  cpuSeconds,
  machine,
  onCleanup,
  postgresCpu,
  readResults,
  round,
  runMain,
  sleep,
  startApi,
  table,
  writeResults,
  type ChatDelivery,
  type ChatResult,
  type Child,
} from './lib.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const quick = args.includes('--quick');
/** The one-instance run's server under --cpu-prof: where its CPU goes while it delivers. */
const profiling = args.includes('--profile');
const STREAMS = Number(arg('streams', quick ? '500' : '5000'));
const SECONDS = Number(arg('seconds', quick ? '5' : '20'));
const WARMUP_SECONDS = quick ? 1 : 2;
/** Messages a second in all (issue 33's load: 100); `--rate=` for a look at a lighter one. */
const RATE = Number(arg('rate', '100'));
const PAIRS = 50;
const TARGET_STREAMS = 5000;
const TARGET_P99_MS = 100;
/** How long after the last POST a message may still arrive before it counts as lost (the 2 s poll twice over, and more). */
const ARRIVAL_GRACE_MS = 10_000;
const REDIS_URL = 'redis://127.0.0.1:6379';
const JWT_SECRET = 'one-secret-for-the-chat-benchmark-instances-0123456789';
/** Streams opened at once while opening them all. */
const OPENING_LANES = 50;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN);

/** Raw connections: one socket per stream. */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
/**
 * Kept-alive sockets for the POSTs, at most POST_SOCKETS at once: when the server falls behind, the rest wait here
 * (their time counts: it runs from the call) rather than pass the 1,024 connections of the test nginx's worker.
 */
const POST_SOCKETS = 256;
const postAgent = new Agent({ keepAlive: true, maxSockets: POST_SOCKETS });

interface Person {
  id: string;
  email: string;
  role: 'Buyer' | 'Seller';
  sv: number;
  token: string;
}

/**
 * A session token as the server signs one at a login (apps/api/src/plugins/auth.ts), with the JWT_SECRET the
 * benchmark gives its instances: logging 5,000 people in would spend minutes of argon2 on the machine measured.
 */
function signToken(u: Omit<Person, 'token'>) {
  return new SignJWT({ _id: u.id, email: u.email, role: u.role, sv: u.sv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(u.id)
    .setIssuedAt()
    .setExpirationTime('7d')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A JSON call over the POSTs' agent: its status, body and time (ms). */
function call(base: string, method: string, path: string, token: string, body?: unknown) {
  return new Promise<{ status: number; text: string; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      base + path,
      {
        method,
        agent: postAgent,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** One open GET /api/events read as it comes: heartbeat comments counted, `data:` events handed to `onEvent`. */
interface RawStream {
  heartbeats: number;
  events: number;
  closed: boolean;
  close(): void;
}

/** The message events of every open stream go here: the delivery runs look their tags up. */
let onMessage: (event: { type: string; message?: { body: string; conversationId: string } }, at: number) => void = () => {};

function openStream(base: string, token: string) {
  return new Promise<RawStream>((resolve, reject) => {
    let req: ClientRequest | undefined = undefined;
    const stream: RawStream = { heartbeats: 0, events: 0, closed: false, close: () => req?.destroy() };
    req = request(`${base}/api/events`, { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => reject(new Error(`GET /api/events answered ${res.statusCode}: ${text.slice(0, 300)}`)));
        return;
      }
      req!.setTimeout(0);
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        text += chunk;
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (block.startsWith(':')) stream.heartbeats++;
          else {
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (!data) continue;
            stream.events++;
            onMessage(JSON.parse(data) as Parameters<typeof onMessage>[0], at);
          }
        }
      });
      res.on('close', () => (stream.closed = true));
      res.on('error', () => (stream.closed = true));
      resolve(stream);
    });
    req.setTimeout(30_000, () => req!.destroy(new Error('GET /api/events: no answer within 30 s')));
    req.on('error', (err) => {
      stream.closed = true;
      reject(err);
    });
    req.end();
  });
}

/** Opens every person's stream, `OPENING_LANES` at a time. */
async function openStreams(base: string, people: Person[]) {
  const streams: RawStream[] = new Array(people.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: OPENING_LANES }, async () => {
      while (next < people.length) {
        const i = next++;
        streams[i] = await openStream(base, people[i]!.token);
      }
    }),
  );
  return streams;
}

const procField = (pid: number, field: 'VmRSS') => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
const rssMiB = (pid: number) => procField(pid, 'VmRSS') / 1024;
interface Pair {
  buyer: Person;
  seller: Person;
  conversationId: string;
}

interface Sent {
  conversationId: string;
  sentAt: number;
  late: number;
  status?: number;
  answer?: string;
  postMs?: number;
  arrivedAt?: number;
  arrivals: number;
  wrongStream?: boolean;
}

/**
 * `count` messages from the pairs' sellers in turn, at an even `rate` a second (each started at its time, not after
 * the one before: a timer wakes for each, and any it finds due go at once), to `postBase`. Resolves when every POST
 * has answered and every message arrived on its buyer's stream, or ARRIVAL_GRACE_MS after the last answer.
 */
async function sendPaced(postBase: string, pairs: Pair[], count: number, rate: number, tag: string) {
  const sent = new Map<string, Sent>();
  const pattern = new RegExp(`\\[${tag}-(\\d+)\\]$`);
  onMessage = (event, at) => {
    if (event.type !== 'message' || !event.message) return;
    const match = pattern.exec(event.message.body);
    if (!match) return;
    const s = sent.get(match[1]!);
    if (!s) return;
    s.arrivals++;
    s.arrivedAt ??= at;
    if (event.message.conversationId !== s.conversationId) s.wrongStream = true;
  };
  const posts: Promise<void>[] = [];
  const interval = 1000 / rate;
  const t0 = performance.now();
  let k = 0;
  while (k < count) {
    const now = performance.now();
    while (k < count && t0 + k * interval <= now) {
      const pair = pairs[k % pairs.length]!;
      const s: Sent = { conversationId: pair.conversationId, sentAt: performance.now(), late: now - (t0 + k * interval), arrivals: 0 };
      sent.set(String(k), s);
      const body = `Is it still available? I can come to Dhanmondi tomorrow after 5. [${tag}-${k}]`;
      posts.push(
        call(postBase, 'POST', `/api/conversations/${pair.conversationId}/messages`, pair.seller.token, { body }).then(
          (r) => {
            s.status = r.status;
            s.postMs = r.ms;
            if (r.status !== 201) s.answer = r.text.slice(0, 300);
          },
          (err: Error) => {
            s.status = 0;
            s.answer = err.message;
          },
        ),
      );
      k++;
    }
    if (k < count) await sleep(Math.max(0, t0 + k * interval - performance.now()));
  }
  await Promise.all(posts);
  const deadline = Date.now() + ARRIVAL_GRACE_MS;
  while (Date.now() < deadline && [...sent.values()].some((s) => s.status === 201 && s.arrivedAt === undefined)) await sleep(20);
  onMessage = () => {};
  const failed = [...sent.values()].filter((s) => s.status !== 201);
  if (failed.length)
    console.error(
      `  ${failed.length} of ${count} POSTs failed; the first: ${failed[0]!.status} ${failed[0]!.answer} (conversation ${failed[0]!.conversationId})`,
    );
  return [...sent.values()];
}

function summarize(sent: Sent[]) {
  const accepted = sent.filter((s) => s.status === 201);
  const times = accepted.filter((s) => s.arrivedAt !== undefined).map((s) => s.arrivedAt! - s.sentAt);
  times.sort((a, b) => a - b);
  const posts = accepted.map((s) => s.postMs!).sort((a, b) => a - b);
  // Where the slow ones fall: the second of the run each message over the target was sent in (a start-up stall or a
  // periodic pause shows as a cluster, a queue as a spread).
  const t0 = sent[0]?.sentAt ?? 0;
  const slow = new Map<number, number>();
  for (const s of accepted)
    if (s.arrivedAt !== undefined && s.arrivedAt - s.sentAt > TARGET_P99_MS)
      slow.set(Math.floor((s.sentAt - t0) / 1000), (slow.get(Math.floor((s.sentAt - t0) / 1000)) ?? 0) + 1);
  if (slow.size)
    console.log(
      `  over ${TARGET_P99_MS} ms, by second of the run: ${[...slow]
        .sort((a, b) => a[0] - b[0])
        .map(([sec, n]) => `${sec}s:${n}`)
        .join(' ')}`,
    );
  return {
    sent: sent.length,
    failed: sent.length - accepted.length,
    delivered: times.length,
    lost: accepted.length - times.length,
    duplicates: sent.filter((s) => s.arrivals > 1).length,
    wrongStream: sent.filter((s) => s.wrongStream).length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1) ?? NaN),
    postP50: round(percentile(posts, 50)),
    postP99: round(percentile(posts, 99)),
    maxLateMs: round(Math.max(...sent.map((s) => s.late))),
  };
}

/** All CPUs' busy and total time so far (/proc/stat, clock ticks). */
function machineTicks() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { busy: line.reduce((a, b) => a + b, 0) - (line[3] ?? 0) - (line[4] ?? 0), total: line.reduce((a, b) => a + b, 0) };
}

interface Measured {
  name: string;
  instances: 1 | 2;
  streamsOpen: number;
  postBase: string;
  pairs: Pair[];
  /** The buyers' streams, by pair. */
  streams: RawStream[];
  /** The instances' process ids (their CPU per message) and the database's name (its backends' CPU). */
  pids: number[];
  database: string;
}

/** A warm-up (not counted), then SECONDS at RATE: one row of the delivery table, with the CPU each message cost. */
async function delivery(m: Measured): Promise<{ row: ChatDelivery; window: { start: number; end: number } }> {
  const { name, pairs, streams } = m;
  console.log(`\n--- delivery: ${name} (${pairs.length} conversations, ${RATE} messages/s, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s) ---`);
  const load = await backgroundLoad();
  await sendPaced(m.postBase, pairs, WARMUP_SECONDS * RATE, RATE, `warm${Date.now()}`);
  const serverFrom = m.pids.map(cpuSeconds);
  const postgresFrom = postgresCpu(m.database);
  const machineFrom = machineTicks();
  const clientFrom = process.cpuUsage();
  const start = performance.now();
  const sent = await sendPaced(m.postBase, pairs, SECONDS * RATE, RATE, `run${Date.now()}`);
  const end = performance.now();
  const serverCpu = m.pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - serverFrom[i]!, 0);
  const postgresCpuSeconds = [...postgresCpu(m.database)].reduce((sum, [pid, t]) => sum + t - (postgresFrom.get(pid) ?? 0), 0);
  const machineTo = machineTicks();
  const client = process.cpuUsage(clientFrom);
  const seconds = (end - start) / 1000;
  // Cores busy in all, less the instances, their PostgreSQL backends and this script (nginx and Redis stay in "other").
  const busyCores = ((machineTo.busy - machineFrom.busy) / (machineTo.total - machineFrom.total)) * availableParallelism();
  const otherCores = busyCores - (serverCpu + postgresCpuSeconds + (client.user + client.system) / 1e6) / seconds;
  const s = summarize(sent);
  const closed = streams.filter((x) => x.closed).length;
  if (closed) throw new Error(`${closed} of the buyers' streams closed during the run`);
  if (s.wrongStream) throw new Error(`${s.wrongStream} messages arrived on a stream of another conversation's buyer`);
  const row: ChatDelivery = {
    name,
    instances: m.instances,
    streamsOpen: m.streamsOpen,
    conversations: pairs.length,
    rate: RATE,
    seconds: SECONDS,
    sent: s.sent,
    failed: s.failed,
    delivered: s.delivered,
    lost: s.lost,
    duplicates: s.duplicates,
    p50: s.p50,
    p95: s.p95,
    p99: s.p99,
    max: s.max,
    postP50: s.postP50,
    postP99: s.postP99,
    maxLateMs: s.maxLateMs,
    serverCpuMsPerMessage: round((serverCpu * 1000) / s.sent),
    postgresCpuMsPerMessage: round((postgresCpuSeconds * 1000) / s.sent),
    backgroundLoad: load === undefined ? null : round(load),
    otherCores: round(otherCores),
    target: TARGET_P99_MS,
  };
  console.log(
    `  ${row.delivered}/${row.sent} delivered (${row.failed} POSTs failed, ${row.lost} lost, ${row.duplicates} twice); POST→stream p50 ${row.p50} ms, p95 ${row.p95}, p99 ${row.p99}, max ${row.max}; POST answer p50 ${row.postP50} ms, p99 ${row.postP99}; schedule lag max ${row.maxLateMs} ms`,
  );
  console.log(
    `  CPU a message: ${row.serverCpuMsPerMessage} ms in the instance${m.instances > 1 ? 's' : ''}, ${row.postgresCpuMsPerMessage} ms in PostgreSQL; other work took ${row.otherCores} of the ${availableParallelism()} cores during the run (${Math.round((load ?? NaN) * 100)} % of the CPUs busy just before it)`,
  );
  return { row, window: { start, end } };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * `--profile`: the server's self time by package and by function, only the samples of the measured window (the
 * profile ends when the server stops at `stoppedAt`; the window is counted back from there).
 */
function printProfile(dir: string, window: { start: number; end: number }, stoppedAt: number) {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no profile');
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const from = profile.endTime - (stoppedAt - window.start) * 1000;
  const to = profile.endTime - (stoppedAt - window.end) * 1000;
  const packageOf = (url: string, fn: string) => {
    const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return pkg[1]!;
    if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
    if (url) return url.replace(/^file:\/\/.*?\/apps\//, 'apps/');
    return fn;
  };
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t < from || t > to) return;
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idle += delta;
      return;
    }
    busy += delta;
    const pkg = packageOf(url, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + delta);
    const fn = `${functionName || '(anonymous)'} ${url ? `${pkg}:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + delta);
  });
  const top = (m: Map<string, number>, count: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([k, v]) => [k, round((v / busy) * 100, 1)]);
  console.log(
    `\nThe instance's profile over the measured ${round((to - from) / 1e6, 1)} s: busy ${round((busy / (busy + idle)) * 100, 1)} % of the samples; of that:`,
  );
  console.log(table(['package', '% of busy'], top(byPackage, 15)));
  console.log(table(['function', '% of busy'], top(byFunction, 25)));
}

/** Closes streams and waits until the server has seen it (their sockets gone). */
async function closeAll(streams: RawStream[]) {
  for (const s of streams) s.close();
  await sleep(500);
}

await runMain(async () => {
  if (!nginxInstalled()) throw new Error('nginx is not installed (Debian package nginx): the two-instance run goes through it');
  if (!Number.isInteger(STREAMS) || STREAMS < PAIRS) throw new Error(`--streams must be a whole number of at least ${PAIRS}`);
  console.log(`\n=== the live channel (issue 33): ${STREAMS.toLocaleString('en')} streams, then delivery at ${RATE}/s — ${machine()} ===`);
  const data = await generate('postgres', 1000);
  onCleanup(() => data.drop());

  // STREAMS buyers (the first PAIRS of them also talk to a seller each) and PAIRS sellers with a phone each, all
  // with confirmed addresses, made by the database itself.
  const database = await openDatabase({ url: data.databaseUrl, pgliteDir: pgliteDirIn(data.dataDir) });
  let buyers: Person[];
  let sellers: Person[];
  let phones: string[];
  try {
    type Row = { id: string; email: string; role: 'Buyer' | 'Seller'; sv: number };
    const made = async (role: 'Buyer' | 'Seller', n: number) =>
      rows<Row>(
        database.db,
        sql`insert into users (provider_id, name, email, role, email_verified_at)
            select ${`local:bench-chat-${role}-`}::text || i, ${`Chat ${role} `}::text || i,
              ${`${role.toLowerCase()}-`}::text || lpad(i::text, 5, '0') || '@chat.bench.test', ${role}::role, now()
            from generate_series(1, ${n}) i
            returning id::text, email, role, session_version as sv`,
      );
    const withTokens = (list: Row[]) =>
      Promise.all(list.sort((a, b) => a.email.localeCompare(b.email)).map(async (u) => ({ ...u, token: await signToken(u) })));
    buyers = await withTokens(await made('Buyer', STREAMS));
    sellers = await withTokens(await made('Seller', PAIRS));
    // Each seller gets one available phone of the generated ones.
    const picked = await rows<{ id: string }>(database.db, sql`select id::text from products where status = 'available' order by id limit ${PAIRS}`);
    phones = picked.map((p) => p.id);
    for (const [i, id] of phones.entries()) await database.db.execute(sql`update products set seller_id = ${sellers[i]!.id} where id = ${id}`);
    await database.db.execute(sql`vacuum analyze users`);
  } finally {
    await database.close();
  }

  const dbName = new URL(data.databaseUrl!).pathname.slice(1);
  const env = {
    DATA_DIR: data.dataDir,
    DATABASE_URL: data.databaseUrl!,
    JWT_SECRET,
    // Issue 33's limits are per person: 30 messages a minute, 5 new threads an hour for accounts younger than 7 days.
    LIMIT_MESSAGES_PER_USER: '1000000/1m',
    LIMIT_FIRST_MESSAGES_PER_NEW_ACCOUNT: '1000000/1h',
    CHAT_NEW_ACCOUNT_DAYS: '0',
  };
  const loadBefore = await backgroundLoad();

  // 1. Streams on one instance.
  let server: Child = await startApi(env);
  const pid = server.process.pid!;
  // The conversations, through the API: each buyer writes to the seller of one phone.
  const pairs: Pair[] = [];
  for (const [i, productId] of phones.entries()) {
    const r = await call(server.url, 'POST', '/api/conversations', buyers[i]!.token, { productId, body: 'Hello, is this phone still available?' });
    if (r.status !== 201) throw new Error(`starting a conversation answered ${r.status}: ${r.text.slice(0, 300)}`);
    pairs.push({ buyer: buyers[i]!, seller: sellers[i]!, conversationId: (JSON.parse(r.text) as { data: { _id: string } }).data._id });
  }
  // Warm the stream's path (opening, a message, closing) before the baseline, so the memory after is the streams'.
  {
    const warm = await openStreams(
      server.url,
      pairs.map((p) => p.buyer),
    );
    await sendPaced(server.url, pairs, PAIRS, RATE, `warm${Date.now()}`);
    await closeAll(warm);
  }
  await sleep(2000);
  const rssBefore = rssMiB(pid);
  console.log(`\n--- ${STREAMS.toLocaleString('en')} streams, one per person, on one instance (server RSS ${round(rssBefore, 1)} MiB before) ---`);
  const openStarted = performance.now();
  const streams = await openStreams(server.url, buyers);
  const openSeconds = (performance.now() - openStarted) / 1000;
  console.log(`  ${streams.length} streams open in ${round(openSeconds, 1)} s (${Math.round(streams.length / openSeconds)}/s)`);
  // Sitting open: at least 10 s, and until every stream has had a heartbeat (every 20 s) or 30 s have passed.
  await sleep(1000);
  const cpuFrom = cpuSeconds(pid);
  const idleFrom = performance.now();
  const idleDeadline = idleFrom + 30_000;
  while (performance.now() < idleDeadline && (performance.now() - idleFrom < 10_000 || streams.some((s) => s.heartbeats === 0))) await sleep(250);
  const idleCpuPercent = round(((cpuSeconds(pid) - cpuFrom) / ((performance.now() - idleFrom) / 1000)) * 100, 1);
  const rssAfter = rssMiB(pid);
  const open = streams.filter((s) => !s.closed).length;
  const withHeartbeat = streams.filter((s) => s.heartbeats > 0).length;
  // One message to each of the first PAIRS people, with every stream open.
  const sample = summarize(await sendPaced(server.url, pairs, PAIRS, RATE, `sample${Date.now()}`));
  const kibPerStream = round(((rssAfter - rssBefore) * 1024) / open, 1);
  console.log(
    `  ${open} open, ${withHeartbeat} with a heartbeat; server RSS ${round(rssBefore, 1)} → ${round(rssAfter, 1)} MiB: ${kibPerStream} KiB a stream; server CPU while open ${idleCpuPercent} % of a core`,
  );
  console.log(`  one message to each of ${PAIRS} of them: ${sample.delivered}/${sample.sent} arrived, p50 ${sample.p50} ms, max ${sample.max} ms`);
  const first = pairs.map((_, i) => streams[i]!);
  const { row: crowded } = await delivery({
    name: `one instance, ${open.toLocaleString('en')} streams open`,
    instances: 1,
    streamsOpen: open,
    postBase: server.url,
    pairs,
    streams: first,
    pids: [pid],
    database: dbName,
  });
  const streamsResult: ChatResult['streams'] = {
    target: TARGET_STREAMS,
    opened: open,
    people: STREAMS,
    openSeconds: round(openSeconds, 1),
    rssBeforeMiB: round(rssBefore, 1),
    rssAfterMiB: round(rssAfter, 1),
    kibPerStream,
    withHeartbeat,
    idleCpuPercent,
    sample: { streams: PAIRS, delivered: sample.delivered, p50: sample.p50, max: sample.max },
  };
  await closeAll(streams);
  await server.stop();

  // 2. Delivery on one fresh instance, only the receivers' streams open.
  const profileDir = profiling ? mkdtempSync(join(tmpdir(), 'market-bench-chat-prof-')) : undefined;
  if (profileDir) onCleanup(() => rmSync(profileDir, { recursive: true, force: true }));
  server = await startApi(env, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  let single: ChatDelivery;
  {
    const receivers = await openStreams(
      server.url,
      pairs.map((p) => p.buyer),
    );
    const measured = await delivery({
      name: 'one instance',
      instances: 1,
      streamsOpen: PAIRS,
      postBase: server.url,
      pairs,
      streams: receivers,
      pids: [server.process.pid!],
      database: dbName,
    });
    single = measured.row;
    await closeAll(receivers);
    const stoppedAt = performance.now();
    await server.stop(); // SIGTERM: the server closes, and node writes its profile
    if (profileDir) printProfile(profileDir, measured.window, stoppedAt);
  }

  // 3. Two instances behind nginx, sharing PostgreSQL and Redis: streams on A, POSTs on B.
  const shared = { ...env, REDIS_URL, REDIS_PREFIX: `bench-chat-${Date.now()}:`, TRUST_PROXY: '1' };
  const a = await startApi(shared);
  const b = await startApi(shared);
  const nginx = await startNginx([a.port, b.port]);
  onCleanup(() => nginx.stop());
  let double: ChatDelivery;
  {
    const receivers = await openStreams(
      nginx.pinned[0]!,
      pairs.map((p) => p.buyer),
    );
    ({ row: double } = await delivery({
      name: 'two instances behind nginx, via Redis (streams on A, POSTs on B)',
      instances: 2,
      streamsOpen: PAIRS,
      postBase: nginx.pinned[1]!,
      pairs,
      streams: receivers,
      pids: [a.process.pid!, b.process.pid!],
      database: dbName,
    }));
    await closeAll(receivers);
  }
  const nginxErrors = nginx.errors().trim();
  if (nginxErrors) console.log(`nginx said (the first lines):\n${nginxErrors.split('\n').slice(0, 10).join('\n')}`);
  await nginx.stop();
  await a.stop();
  await b.stop();

  const runs = [single, double, crowded];
  const result: ChatResult = { cores: availableParallelism(), streams: streamsResult, delivery: runs, backgroundLoad: loadBefore ?? null };
  console.log(
    '\n' +
      table(
        ['run', 'streams open', 'sent', 'failed', 'lost', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'POST p99 ms', 'target p99'],
        runs.map((r) => [r.name, r.streamsOpen, r.sent, r.failed, r.lost, r.p50, r.p95, r.p99, r.max, r.postP99, `≤ ${r.target}`]),
      ),
  );
  writeResults({ ...readResults(), chat: result });
  const missed = [
    ...(open < STREAMS ? [`${open} of ${STREAMS} streams open`] : []),
    ...(!quick && open < TARGET_STREAMS ? [`${open} streams open (target ${TARGET_STREAMS})`] : []),
    ...(withHeartbeat < open ? [`${open - withHeartbeat} streams without a heartbeat`] : []),
    ...(sample.lost || sample.failed ? [`the sample: ${sample.failed} POSTs failed, ${sample.lost} lost`] : []),
    ...runs.filter((r) => r.lost > 0 || r.failed > 0).map((r) => `${r.name}: ${r.failed} POSTs failed, ${r.lost} lost`),
    ...runs.filter((r) => r.target !== null && r.p99 > r.target).map((r) => `${r.name}: p99 ${r.p99} ms`),
  ];
  if (missed.length) {
    console.error(`target missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  } else console.log(`${open} streams on one instance; every delivery run's p99 within ${TARGET_P99_MS} ms, nothing lost`);
});
