// The money benchmark (issue 32, decision 052), on PostgreSQL:
// 1. Completing DEALS handed-over protected deals with their ledger entries, one move each as their window timers do,
//    from LANES workers at once (the job worker's lanes): the time per completion and in all; the books checked after.
// 2. A seller with ENTRIES ledger entries (half of them payments, half completions of their sales): the balance page's
//    calls (GET /api/earnings, the first page of GET /api/earnings/sales) under load; p99 <= 20 ms each.
// Usage: node bench/money.ts [--quick] [--deals=10000] [--entries=100000]  (npm run bench:money); updates `money` in
// bench/results.json, with the machine's background load.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, pgliteDirIn, type Db } from '../apps/api/src/db/client.ts';
import { orders, users } from '../apps/api/src/db/schema.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { checkBooks } from '../apps/api/src/modules/ledger/books.ts';
import { move, site } from '../apps/api/src/modules/orders/process.ts';
import { load } from './api.ts';
import { generate } from './generate.ts';
import { backgroundLoad, readResults, round, runMain, startApi, table, writeResults, type MoneyResult } from './lib.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const quick = args.includes('--quick');
const deals = Number(arg('deals', quick ? '2000' : '10000'));
const entries = Number(arg('entries', quick ? '20000' : '100000'));
const seconds = quick ? 5 : 10;
const LANES = 4;
/** The target's load: four sellers opening their balance page at once, again and again; 16 shows the throughput beside it. */
const CONNECTIONS = [4, 16];
const TARGET_CONNECTIONS = 4;
const TARGET_P99_MS = 20;
const PASSWORD = 'bench-secret';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * `count` protected deals of `sellerId`, paid (a payment and its ledger entry each), in state `state`, made by the
 * database itself. The books' per-line triggers are off for the load and the balances set from the lines after
 * (as a bulk load does; the books are checked after), so a hundred thousand entries take seconds.
 */
async function paidDeals(db: Db, sellerId: string, count: number, state: 'handed_over' | 'completed', completed: boolean) {
  await db.execute(sql`alter table ledger_lines disable trigger user`);
  await db.execute(sql`alter table ledger_entries disable trigger user`);
  await db.execute(sql`
    with made as (
      insert into orders (product_id, buyer_id, seller_id, product_name, product_price, product_img, buyer_name, buyer_email, meeting_location,
        mobile_number, pay_with, meeting_date, state, fee, created_at)
      select null, null, ${sellerId}, 'Bench phone ' || g, 20000 + (g % 50) * 1000, '', 'Bench Buyer', 'buyer@bench.test', 'Banani', '01711-000000',
        'protected', current_date, ${state}, round((20000 + (g % 50) * 1000) * 3)::int, now() - make_interval(secs => ${count} - g)
      from generate_series(1, ${count}) g
      returning id, product_price, created_at
    ),
    paid as (
      insert into payments (order_id, product_id, buyer_id, buyer_name, product_name, product_price, transaction_id, created_at)
      select id, gen_random_uuid(), null, 'Bench Buyer', 'Bench phone', product_price, 'pi_bench_' || id, created_at from made
      returning order_id, product_price, transaction_id, created_at
    ),
    held as (
      insert into ledger_entries (cause, cause_id, order_id, at) select 'payment', transaction_id, order_id, created_at from paid
      returning id, order_id
    ),
    held_lines as (
      insert into ledger_lines (entry_id, account, amount)
      select held.id, x.account, x.amount from held join paid on paid.order_id = held.order_id
      cross join lateral (values ('provider:sandbox', -paid.product_price::bigint * 100), (${`held:${sellerId}`}, paid.product_price::bigint * 100)) x(account, amount)
    )
    select 1`);
  if (completed)
    await db.execute(sql`
      with done as (
        insert into ledger_entries (cause, cause_id, order_id, at)
        select 'completion', o.id::text, o.id, o.created_at from orders o where o.seller_id = ${sellerId} and o.state = 'completed'
        returning id, order_id
      )
      insert into ledger_lines (entry_id, account, amount)
      select done.id, x.account, x.amount from done join orders o on o.id = done.order_id
      cross join lateral (values (${`held:${sellerId}`}, -o.product_price::bigint * 100), ('fees', o.fee::bigint), (${`seller:${sellerId}`}, o.product_price::bigint * 100 - o.fee)) x(account, amount)`);
  await db.execute(sql`alter table ledger_lines enable trigger user`);
  await db.execute(sql`alter table ledger_entries enable trigger user`);
}

/** The accounts the bulk load wrote to, made and set to the sums of their lines. */
async function settleBalances(db: Db) {
  await db.execute(sql`
    insert into ledger_accounts (key, kind, owner_id)
    select distinct account, split_part(account, ':', 1), nullif(split_part(account, ':', 2), '')::uuid from ledger_lines
    where split_part(account, ':', 1) <> 'provider'
    on conflict do nothing`);
  await db.execute(sql`insert into ledger_accounts (key, kind) values ('provider:sandbox', 'provider') on conflict do nothing`);
  await db.execute(
    sql`update ledger_accounts a set balance = s.total from (select account, sum(amount) as total from ledger_lines group by account) s where a.key = s.account`,
  );
}

runMain(async () => {
  const log = (msg: string) => console.log(msg);
  const data = await generate('postgres', 1000, log);
  const database = await openDatabase({ url: data.databaseUrl, pgliteDir: pgliteDirIn(data.dataDir) });
  const db = database.db;
  let completions: MoneyResult['completions'];
  let sellerEmail: string;
  try {
    // The ledger's foreign keys need the accounts before the lines: make the ones the loads write.
    const [completing] = await db
      .insert(users)
      .values({ providerId: `local:${randomUUID()}`, name: 'Completing Seller', email: 'completing@bench.test', role: 'Seller', userImg: '' })
      .returning({ id: users.id });
    const [rich] = await db
      .insert(users)
      .values({
        providerId: `local:${randomUUID()}`,
        name: 'Busy Seller',
        email: 'busy@bench.test',
        role: 'Seller',
        userImg: '',
        passwordHash: await hashPassword(PASSWORD),
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id, email: users.email });
    sellerEmail = rich!.email;
    await db.execute(sql`insert into ledger_accounts (key, kind, owner_id) values
      ('provider:sandbox', 'provider', null), ('fees', 'fees', null),
      (${`held:${completing!.id}`}, 'held', ${completing!.id}), (${`seller:${completing!.id}`}, 'seller', ${completing!.id}),
      (${`held:${rich!.id}`}, 'held', ${rich!.id}), (${`seller:${rich!.id}`}, 'seller', ${rich!.id})`);

    log(`${deals} handed-over deals to complete, ${entries} entries for one seller…`);
    await paidDeals(db, completing!.id, deals, 'handed_over', false);
    await paidDeals(db, rich!.id, entries / 2, 'completed', true);
    await settleBalances(db);
    await db.execute(sql`vacuum analyze`);

    // 1. Completing the deals, LANES at a time, one move each (as the window timers' jobs do).
    const ids = (await db.select({ id: orders.id }).from(orders).where(eq(orders.sellerId, completing!.id))).map((o) => o.id);
    const times: number[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (next < ids.length) {
          const id = ids[next++]!;
          const t = performance.now();
          const moved = await move(db, 'complete', eq(orders.id, id), site);
          if (moved.length !== 1) throw new Error(`deal ${id} did not complete`);
          times.push(performance.now() - t);
        }
      }),
    );
    const totalMs = performance.now() - started;
    times.sort((a, b) => a - b);
    completions = {
      deals,
      lanes: LANES,
      totalMs: round(totalMs, 0),
      perSecond: round((deals / totalMs) * 1000, 0),
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
    };
    const problems = await checkBooks(db);
    if (problems.length) throw new Error(`the books after the completions: ${problems.slice(0, 5).join('; ')}`);
    log(
      `completed ${deals} deals in ${completions.totalMs} ms (${completions.perSecond}/s; p50 ${completions.p50} ms, p99 ${completions.p99} ms); the books balance`,
    );
  } finally {
    await database.close();
  }

  // 2. The balance page of the seller with ENTRIES entries, through the real server.
  const server = await startApi({ DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl });
  const base = server.url;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: sellerEmail, password: PASSWORD }),
  });
  const { data: session } = (await login.json()) as { data: { token: string } };
  const headers = { authorization: `Bearer ${session.token}` };
  const earnings = (await (await fetch(`${base}/api/earnings`, { headers })).json()) as { data: { available: number } };
  if (earnings.data.available <= 0) throw new Error('the busy seller has no money available');
  const rows: MoneyResult['rows'] = [];
  const loadBefore = await backgroundLoad();
  for (const [endpoint, path] of [
    ['GET /api/earnings', '/api/earnings'],
    ['GET /api/earnings/sales (first page of 20)', '/api/earnings/sales?limit=20'],
  ] as const)
    for (const connections of CONNECTIONS) {
      const m = await load(base, [path], seconds, headers, connections);
      if (m.non2xx || m.errors) throw new Error(`${endpoint}: ${m.non2xx} non-2xx, ${m.errors} errors ${JSON.stringify(m.statuses ?? {})}`);
      rows.push({ endpoint, entries, connections, rps: m.rps, p50: m.p50, p99: m.p99, target: connections === TARGET_CONNECTIONS ? TARGET_P99_MS : null });
    }
  const result: MoneyResult = { completions, rows, seconds, backgroundLoad: loadBefore ?? null };
  console.log(
    table(
      ['endpoint', 'entries', 'connections', 'rps', 'p50 ms', 'p99 ms', 'target p99'],
      rows.map((r) => [r.endpoint, r.entries, r.connections, r.rps, r.p50, r.p99, r.target === null ? '—' : `≤ ${r.target}`]),
    ),
  );
  writeResults({ ...readResults(), money: result });
  const missed = rows.filter((r) => r.target !== null && r.p99 > r.target);
  if (missed.length) {
    console.error(`target missed: ${missed.map((r) => `${r.endpoint} p99 ${r.p99} ms`).join('; ')}`);
    process.exitCode = 1;
  } else console.log(`every balance-page call's p99 is within ${TARGET_P99_MS} ms at ${entries} entries and ${TARGET_CONNECTIONS} connections`);
});
