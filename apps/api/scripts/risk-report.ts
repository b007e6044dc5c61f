// How many listings the risk signals (issue 36, decision 061) would hold for a check: the demo data, then a sample of
// the benchmark catalogue (bench/generate.ts), each listing checked as if its seller posted it now. Thresholds from
// the config (RISK_* variables, so a change can be tried). npm run risk-report -w @market/api [-- --n=1000000 --sample=20000]
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { modelIn } from '@market/contract';
import { riskSignalCodes, type RiskSignal } from '@market/contract/risk';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { fill } from '../../../bench/generate.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Db } from '../src/db/client.ts';
import { orders, phoneModels, products } from '../src/db/schema.ts';
import { seed } from '../src/db/seed.ts';
import { perceptualHash } from '../src/modules/listing-checks/phash.ts';
import { keepPhotoHashes } from '../src/modules/listing-checks/service.ts';
import { riskSignals, type RiskRules } from '../src/modules/listing-checks/signals.ts';
import { recount } from '../src/modules/price-guide/service.ts';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const BENCH_N = arg('n', 1_000_000);
const SAMPLE = arg('sample', 20_000);
const EXAMPLES = 3;
const pictures = join(import.meta.dirname, '../src/db/seed-assets/products');
const rules: RiskRules = loadConfig().risk;

type Row = typeof products.$inferSelect;

/** Every seed picture's hash, by its address (the demo and the benchmark show the seed's pictures). */
const hashes = new Map<string, bigint | null>();
async function hashOf(url: string) {
  if (!hashes.has(url)) hashes.set(url, await perceptualHash(await readFile(join(pictures, basename(url)))));
  return hashes.get(url) ?? null;
}
const photosOf = (p: Row) => Promise.all(p.images.map(async (i) => ({ url: i.url, hash: await hashOf(i.url) })));

/** Counts the price guide of every key the listings have, as the 'price-guide' job does after each listing's write. */
async function recountGuide(db: Db) {
  const keys = await db
    .selectDistinct({ modelId: products.phoneModelId, storageGb: products.storageGb, condition: products.condition })
    .from(products)
    .where(and(isNotNull(products.phoneModelId), isNotNull(products.storageGb)));
  for (const k of keys) await recount(db, { modelId: k.modelId!, storageGb: k.storageGb!, condition: k.condition });
  return keys.length;
}

/** A signal's details in a line. */
function detail(s: RiskSignal) {
  switch (s.code) {
    case 'new_seller_limit':
      return `${s.listings} other live listings, limit ${s.limit}`;
    case 'photo_reused':
      return [...new Set(s.matches.map((m) => `${basename(m.url)} ~ ${basename(m.theirUrl)} (${m.bits} bits)`))].slice(0, 3).join(', ');
    case 'price_below_guide':
      return `${s.price} BDT is ${s.percent} % of the median ${s.median} BDT (below ${s.below} %)`;
    case 'imei_flagged':
      return s.why;
    case 'contact_in_description':
      return s.found.join(', ');
    case 'number_unconfirmed':
      return 'no confirmed mobile number';
  }
}

/** Each listing's signals as if its seller posted it now (its own id given, so it matches nothing of its own). */
async function report(db: Db, title: string, rows: Row[]) {
  const counts = new Map(riskSignalCodes.map((c) => [c, 0]));
  const examples = new Map<string, string[]>();
  let held = 0;
  let heldOtherwise = 0;
  let otherPicture = 0;
  const started = performance.now();
  for (const p of rows) {
    const signals = await riskSignals(db, { ...p, productId: p.id, storageGb: p.storageGb ?? 0, photos: await photosOf(p) }, rules);
    if (signals.length > 0) held++;
    if (signals.some((s) => s.code !== 'new_seller_limit')) heldOtherwise++;
    // The seed's pictures are files: a match with another file only is another picture that hashes alike.
    const photo = signals.find((s) => s.code === 'photo_reused');
    if (photo && photo.matches.every((m) => basename(m.url) !== basename(m.theirUrl))) otherPicture++;
    for (const s of signals) {
      counts.set(s.code, counts.get(s.code)! + 1);
      const list = examples.get(s.code) ?? [];
      if (list.length < EXAMPLES) examples.set(s.code, [...list, `${p.productName} (${p.status}): ${detail(s)}`]);
    }
  }
  const share = (n: number) => `${((n * 100) / rows.length).toFixed(1)} %`;
  console.log(`\n## ${title}\n`);
  console.log(`listings evaluated: ${rows.length}`);
  console.log(`listings held: ${held} (${share(held)})`);
  console.log(`held without new_seller_limit: ${heldOtherwise} (${share(heldOtherwise)})`);
  for (const [code, n] of counts) {
    console.log(`- ${code}: ${n} (${share(n)})`);
    if (code === 'photo_reused') console.log(`  of which matching only other pictures (files) that hash alike: ${otherPicture} (${share(otherPicture)})`);
    for (const e of examples.get(code) ?? []) console.log(`    ${e}`);
  }
  console.log(`(${Math.round(performance.now() - started)} ms, ${Math.round((performance.now() - started) / rows.length)} ms a listing)`);
}

async function withDatabase(work: (db: Db, uploadsDir: string) => Promise<void>) {
  const dir = await mkdtemp(join(tmpdir(), 'risk-report-'));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await database.migrate();
    await work(database.db, join(dir, 'uploads'));
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

console.log(`Rules: ${JSON.stringify(rules)}`);

await withDatabase(async (db, uploadsDir) => {
  await seed(db, uploadsDir);
  const rows = await db.select().from(products).orderBy(products.createdAt);
  for (const p of rows) await keepPhotoHashes(db, p.id, p.sellerId, await photosOf(p));
  const keys = await recountGuide(db);
  console.log(`\nThe demo data: ${rows.length} listings, ${hashes.size} pictures, ${keys} price guide keys`);
  // The price guide's history (seed-sales.ts): copies of four demo phones sold in cash deals (the demo's own deals are paid protected).
  const pastSales = await db
    .selectDistinct({ id: orders.productId })
    .from(orders)
    .where(and(eq(orders.payWith, 'cash'), eq(orders.state, 'completed')));
  const past = new Set(pastSales.map((o) => o.id));
  await report(
    db,
    'The demo listings (seed-data.ts)',
    rows.filter((p) => !past.has(p.id)),
  );
  await report(
    db,
    "The price guide's past sales (seed-sales.ts)",
    rows.filter((p) => past.has(p.id)),
  );
});

await withDatabase(async (db, uploadsDir) => {
  const started = performance.now();
  await fill(db, 'pglite', BENCH_N, uploadsDir, console.log);
  // The generator writes no model nor storage: each listing gets the model its name names (as the 'phone-model-links'
  // job would) and that model's smallest storage, so the price guide has keys to count.
  const models = await db.select().from(phoneModels);
  const named = await db.selectDistinct({ name: products.productName, categoryId: products.categoryId }).from(products);
  const found = named.flatMap((n) => {
    const m = modelIn(
      n.name,
      models.filter((m) => m.categoryId === n.categoryId),
    );
    return m ? [{ ...n, model: m.id, storage: m.variants[0]?.storageGb ?? 0 }] : [];
  });
  await db.execute(sql`set session_replication_role = replica`); // no search triggers for a bulk update
  await db.execute(
    sql`update ${products} set phone_model_id = f.model, storage_gb = f.storage
        from jsonb_to_recordset(${JSON.stringify(found)}::jsonb) as f(name text, "categoryId" uuid, model uuid, storage int)
        where ${products.productName} = f.name and ${products.categoryId} = f."categoryId"`,
  );
  await db.execute(sql`set session_replication_role = origin`);
  await db.execute(sql`vacuum analyze products`); // as autovacuum would after a million updates
  // A seller's picture is the same file in all of their listings: one stored hash per seller and picture gives every
  // look-up the same answer as one per listing, without 1M rows that all share a band.
  const firsts = await db
    .selectDistinctOn([products.sellerId, products.img], { id: products.id, sellerId: products.sellerId, img: products.img })
    .from(products)
    .orderBy(products.sellerId, products.img, products.id);
  for (const r of firsts) await keepPhotoHashes(db, r.id, r.sellerId, [{ url: r.img, hash: await hashOf(r.img) }]);
  const keys = await recountGuide(db);
  await db.execute(sql`select setseed(0.36)`);
  const sample = await db
    .select()
    .from(products)
    .orderBy(sql`random()`)
    .limit(SAMPLE);
  console.log(`\n(benchmark catalogue generated and prepared in ${Math.round((performance.now() - started) / 1000)} s)`);
  await report(
    db,
    `The benchmark catalogue (a random ${sample.length} of ${BENCH_N} listings, ${models.length} catalogue models, ${found.length} of ${named.length} names matched, ${keys} price guide keys)`,
    sample,
  );
});
