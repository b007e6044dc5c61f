// The search-poisoning benchmark (issue 29, item 2; decision 038): a vocabulary grown by an attacker to W words
// (random words in the listings' search documents), N listings, and searches of 8 random unknown words (each of 5+ letters, so each is
// looked up for typos). On PostgreSQL: such searches at SEARCH_CONNECTIONS connections, p99 <= 50 ms. On PGlite
// (one process, queries one at a time): 4 clients run such searches while one client reads phones' details, each
// once (the database path); that unrelated request's p99 must stay under 100 ms.
// Usage: node bench/poisoning.ts [--quick] [--n=1000000] [--words=1000000] [--db=postgres|pglite|both]
//   (npm run bench:poisoning); updates `poisoning` in bench/results.json, with the machine's background load.
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteDirIn } from '../apps/api/src/db/client.ts';
import { load, type Measurement } from './api.ts';
import { generate, type Dataset } from './generate.ts';
import { backgroundLoad, readResults, runMain, startApi, table, writeResults, type PoisoningResult } from './lib.ts';
import { firstAnswer, SEARCH_CONNECTIONS } from './search.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const quick = args.includes('--quick');
const n = Number(arg('n', '1000000'));
const words = Number(arg('words', '1000000'));
const kinds = arg('db', 'both') === 'both' ? (['postgres', 'pglite'] as const) : [arg('db', 'both') as Dataset['db']];
const seconds = quick ? 5 : 10;

/** A random word of 5 to 12 letters a-z: random enough that none of them is in the vocabulary or a listing. */
const randomWord = () => Array.from({ length: 5 + Math.floor(Math.random() * 8) }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
/** Searches of 8 random unknown words, the last one unfinished (it also begins words), as a search box sends them. */
const searches = (count: number) => Array.from({ length: count }, () => `/api/products?q=${Array.from({ length: 8 }, randomWord).join('%20')}`);

/**
 * The attacker's words: W random words written into the available listings' search documents (as if sellers had
 * written them: the search index's vocabulary is that of its documents), and counted in the database's vocabulary as
 * the triggers would. Loaded like the listings (generate.ts): triggers off, one statement.
 */
async function poison(data: Dataset) {
  const database = await openDatabase({ url: data.databaseUrl, pgliteDir: pgliteDirIn(data.dataDir) });
  try {
    const db = database.db;
    const [listed] = (
      (await db.execute(sql`select count(*)::int as count from products where status = 'available'`)) as unknown as { rows: { count: number }[] }
    ).rows;
    const each = Math.ceil(words / listed!.count);
    // 5 to 12 letters of 16 (an md5's hex digits, its numbers as letters): cheap enough for a million.
    const word = `translate(left(md5(random()::text || g), 5 + ((g + length(p.id::text)) % 8)), '0123456789', 'qrstuvwxyz')`;
    const triggers = ['products_search', 'products_search_changed', 'products_words_written', 'products_words_changed'];
    for (const trigger of triggers) await db.execute(sql.raw(`alter table products disable trigger ${trigger}`));
    // The documents' GIN index is rebuilt after, not updated row by row (a bulk load, as generate.ts's).
    const [index] = ((await db.execute(sql`select pg_get_indexdef('products_search_idx'::regclass) as def`)) as unknown as { rows: { def: string }[] }).rows;
    await db.execute(sql`drop index products_search_idx`);
    await db.execute(
      sql.raw(
        `update products p set search = p.search || array_to_tsvector(array(select ${word} from generate_series(1, ${each}) as g)) where p.status = 'available'`,
      ),
    );
    await db.execute(sql.raw(index!.def));
    for (const trigger of triggers) await db.execute(sql.raw(`alter table products enable trigger ${trigger}`));
    await db.execute(sql`delete from search_words`);
    await db.execute(
      sql`insert into search_words (word, uses) select word, count(*) from products, unnest(tsvector_to_array(search)) as word where status = 'available' group by word`,
    );
    await db.execute(sql.raw(data.databaseUrl ? 'vacuum analyze' : 'vacuum analyze products'));
    const [row] = ((await db.execute(sql`select count(*)::int as count from search_words`)) as unknown as { rows: { count: number }[] }).rows;
    return row!.count;
  } finally {
    await database.close();
  }
}

function check(name: string, m: Measurement) {
  if (m.non2xx || m.errors) throw new Error(`${name}: ${m.non2xx} non-2xx responses (${JSON.stringify(m.statuses ?? {})}), ${m.errors} errors or timeouts`);
}

async function main() {
  const rows: PoisoningResult['rows'] = [];
  for (const kind of kinds) {
    console.log(`\n${kind}: ${n.toLocaleString('en')} listings`);
    const data = await generate(kind, n);
    try {
      const vocabulary = await poison(data);
      console.log(`  vocabulary: ${vocabulary.toLocaleString('en')} words`);
      const server = await startApi({ DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl });
      try {
        const base = server.url;
        // At 1M listings the index loads for minutes on a busy machine: the first search waits for it.
        const first = await firstAnswer(base + searches(1)[0]!, undefined, 900_000);
        if (first.status !== 200) throw new Error(`search answered ${first.status}: ${first.body.toString().slice(0, 200)}`);
        const busy = await backgroundLoad(2000);
        if (kind === 'postgres') {
          await load(base, searches(500), 2, {}, SEARCH_CONNECTIONS);
          const m = await load(base, searches(20_000), seconds, {}, SEARCH_CONNECTIONS);
          check('search 8 unknown words', m);
          rows.push({
            db: kind,
            n,
            words: vocabulary,
            endpoint: 'search 8 unknown words',
            connections: SEARCH_CONNECTIONS,
            ...pick(m),
            backgroundLoad: busy ?? null,
          });
          // One client: the time a search takes without waiting behind others (on a busy machine, the queue is the rest).
          const alone = await load(base, searches(5_000), seconds, {}, 1);
          check('search 8 unknown words, one client', alone);
          rows.push({
            db: kind,
            n,
            words: vocabulary,
            endpoint: 'search 8 unknown words, one client',
            connections: 1,
            ...pick(alone),
            backgroundLoad: busy ?? null,
          });
        } else {
          const details = data.coldProductIds.map((id) => `/api/detail-product/${id}`);
          const [searching, unrelated] = await Promise.all([load(base, searches(20_000), seconds, {}, 4), load(base, details, seconds, {}, 1)]);
          check('search 8 unknown words', searching);
          check('unrelated request', unrelated);
          rows.push({
            db: kind,
            n,
            words: vocabulary,
            endpoint: 'search 8 unknown words (4 clients)',
            connections: 4,
            ...pick(searching),
            backgroundLoad: busy ?? null,
          });
          rows.push({
            db: kind,
            n,
            words: vocabulary,
            endpoint: 'unrelated detail read beside them',
            connections: 1,
            ...pick(unrelated),
            backgroundLoad: busy ?? null,
          });
        }
      } finally {
        await server.stop();
      }
    } finally {
      await data.drop();
    }
  }
  console.log(
    table(
      ['db', 'N', 'words', 'endpoint', 'conn', 'req/s', 'p50 ms', 'p99 ms', 'background load'],
      rows.map((r) => [r.db, r.n, r.words, r.endpoint, r.connections, r.rps, r.p50, r.p99, r.backgroundLoad ?? NaN]),
    ),
  );
  const results = readResults();
  const kept = (results.poisoning?.rows ?? []).filter((r) => !kinds.includes(r.db));
  writeResults({ ...results, poisoning: { seconds, rows: [...kept, ...rows] } });
}

const pick = (m: Measurement) => ({ rps: m.rps, p50: m.p50, p99: m.p99 });

await runMain(main);
