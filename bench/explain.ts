// Evidence for docs/performance.md: the SQL that the public GETs run (the search: what it asks the database beside its index), with EXPLAIN (ANALYZE,
// BUFFERS) and the mean time of each query alone, on a fresh PostgreSQL database of N products.
// The SQL is captured from the app's own services, so it follows whatever they run today.
//   node bench/explain.ts [N]        (default 100000)
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/api/src/db/client.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import { generate } from './generate.ts';
import { runMain } from './lib.ts';

type Fn = (...args: unknown[]) => Promise<unknown>;
const n = Number(process.argv[2] ?? 100_000);
const REPEAT = Number(process.env.REPEAT ?? 200);

async function main() {
  const data = await generate('postgres', n);
  const pool = new pg.Pool({ connectionString: data.databaseUrl, max: 1 });
  try {
    const captured: { text: string; params: unknown[] }[] = [];
    const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => void captured.push({ text, params }) } }) as unknown as Db;
    // A path held in a variable: its signatures are checked at run time, so app changes never break this file's typecheck.
    const servicePath = '../apps/api/src/modules/products/service.ts';
    const service = (await import(servicePath)) as Record<string, Fn>;
    const searchPath = '../apps/api/src/modules/products/search.ts';
    const search = (await import(searchPath)) as Record<string, Fn>;
    // The search answers from the in-process index (decision 022): loaded first, so only what each search runs is shown.
    const indexPath = '../apps/api/src/modules/products/search-index.ts';
    const { SearchIndex } = (await import(indexPath)) as { SearchIndex: new (db: Db) => { build(): Promise<void> } };
    const index = new SearchIndex(db);
    await index.build();
    const firstPage = await service.listInCategory!(db, data.categoryId, { limit: 50 });
    const cursor = (firstPage as { nextCursor: string | null }).nextCursor ?? undefined;
    // A cursor deep in the category: where a keyset page must seek, not scan from the top.
    const deep = Math.min(5000, data.stats.inCategoryAvailable - 1);
    const [deepRow] = (
      await pool.query<{ id: string }>(
        `select id::text as id from products where category_id = $1 and status = 'available' order by created_at desc, id desc offset ${deep} limit 1`,
        [data.categoryId],
      )
    ).rows;
    const cases: [string, () => Promise<unknown>][] = [
      ['GET /api/advertise-products', () => service.listAdvertised!(db, { limit: 50 })],
      ['GET /api/category-products/{id}', () => service.listInCategory!(db, data.categoryId, { limit: 50 })],
      ['GET /api/category-products/{id}?cursor= (page 2)', () => service.listInCategory!(db, data.categoryId, { limit: 50, cursor })],
      [`GET /api/category-products/{id}?cursor= (after row ${deep})`, () => service.listInCategory!(db, data.categoryId, { limit: 50, cursor: deepRow?.id })],
      ['GET /api/detail-product/{id}', () => service.getProduct!(db, data.productIds[0])],
      ['GET /api/category', () => db.select().from(schema.categories).orderBy(schema.categories.position, schema.categories.name)],
      // The search cases of bench/search.ts (issue 14), but the deep page.
      ['GET /api/products?q=galaxy', () => search.searchProducts!(db, { q: 'galaxy', limit: 24 }, index)],
      ['GET /api/products?q=samsng galaxi', () => search.searchProducts!(db, { q: 'samsng galaxi', limit: 24 }, index)],
      [
        'GET /api/products?q=iphone&category=&minPrice=30000&maxPrice=80000&condition=Good',
        () => search.searchProducts!(db, { q: 'iphone', category: [data.categoryId], minPrice: 30000, maxPrice: 80000, condition: ['Good'], limit: 24 }, index),
      ],
      [
        'GET /api/products?minPrice=20000&maxPrice=60000&condition=Excellent&sort=price_asc',
        () => search.searchProducts!(db, { minPrice: 20000, maxPrice: 60000, condition: ['Excellent'], sort: 'price_asc', limit: 24 }, index),
      ],
    ];
    console.log(
      `\n${n.toLocaleString('en')} products on PostgreSQL; ${data.stats.advertisedAvailable} advertised, ${data.stats.inCategoryAvailable} available in the category\n`,
    );
    for (const [name, run] of cases) {
      captured.length = 0;
      await run();
      const queries = [...captured];
      for (const q of queries) {
        const client = await pool.connect();
        try {
          const plan = await client.query({ text: `explain (analyze, buffers) ${q.text}`, values: q.params });
          const started = performance.now();
          for (let i = 0; i < REPEAT; i++) await client.query({ text: q.text, values: q.params });
          const meanMs = (performance.now() - started) / REPEAT;
          console.log(`=== ${name}: ${meanMs.toFixed(3)} ms per query, alone, over one connection (round trip included)`);
          console.log(q.text);
          console.log((plan.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n'));
          console.log();
        } finally {
          client.release();
        }
      }
    }
  } finally {
    await pool.end();
    await data.drop();
  }
}

await runMain(main);
