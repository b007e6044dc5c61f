import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import { loadShippedModels, phoneModelLinksJob } from '../modules/phone-models/catalogue.ts';
import { shippedModels } from '../modules/phone-models/shipped.ts';
import type { Database } from './client.ts';

/**
 * Issue 34, item 1: a database of the release before the model catalogue (0041), with listings named in free words,
 * migrated (0042). Their search documents read as before; the shipped catalogue, loaded as every start loads it, queues
 * the linking job; run in batches of two, it gives each listing the model its name names (the longest name that
 * stands in it), leaves the others without one, and their documents then hold the model's other names.
 */
const olderRelease = '0041_saved_searches';

let database: Database;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);
const ids = { seller: id(1), samsung: id(2), apple: id(3) };
const listing = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const listings: [brand: 'samsung' | 'apple', name: string][] = [
  ['samsung', 'Samsung Galaxy S23 Ultra 256GB, like new'],
  ['samsung', 'Galaxy S23 fresh'],
  ['apple', 'iPhone 13 Pro Max'],
  ['apple', 'iphone 13 128gb'],
  ['samsung', 'My old phone'],
];
let documents: string[] = [];

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  await db.execute(sql`insert into users (id, provider_id, name, email, role, email_verified_at) values
    (${ids.seller}, 'local:s', 'Old Seller', 'old-seller@example.com', 'Seller', now())`);
  await db.execute(
    sql`insert into categories (id, name, logo) values (${ids.samsung}, 'Samsung', '/logos/samsung.svg'), (${ids.apple}, 'Apple', '/logos/apple.svg')`,
  );
  for (const [i, [brand, name]] of listings.entries()) {
    await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, phone_number, location, district, purchase,
        original_price, resale_price, use_years, condition, description)
      values (${listing(i)}, ${ids.seller}, ${ids[brand]}, ${name}, '/uploads/a.webp', '01712-345678', 'Mirpur', 'dhaka', '2023-01-01',
        50000, 30000, 1, 'Good', 'old listing')`);
  }
  documents = (await rows<{ search: string }>(sql`select search::text from products order by id`)).map((r) => r.search);
  await database.migrate();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

const queued = () =>
  rows<{ payload: { after?: string } }>(sql`select payload from jobs where kind = 'phone-model-links' and done_at is null order by created_at`);

describe(`a database of the release before the model catalogue (${olderRelease}), migrated`, () => {
  it('keeps every listing and its search document as it was, without a model', async () => {
    expect(await rows(sql`select phone_model_id, unlisted_model from products`)).toEqual(listings.map(() => ({ phone_model_id: null, unlisted_model: null })));
    expect((await rows<{ search: string }>(sql`select search::text from products order by id`)).map((r) => r.search)).toEqual(documents);
    // A write through the new trigger reads as the old one did while the listing has no model.
    await database.db.execute(sql`update products set description = description where id = ${listing(0)}`);
    expect((await rows<{ search: string }>(sql`select search::text from products where id = ${listing(0)}`))[0]!.search).toBe(documents[0]);
  });

  it('loads the shipped catalogue once, and its job gives the old listings the models their names name, in batches', async () => {
    // The models of the brands this shop has (Samsung and Apple here).
    expect(await loadShippedModels(database.db)).toBe(shippedModels().filter((m) => m.brand === 'Samsung' || m.brand === 'Apple').length);
    expect(await loadShippedModels(database.db)).toBe(0);
    let jobs = await queued();
    expect(jobs).toEqual([{ payload: {} }]);
    const run = phoneModelLinksJob(database.db, 2);
    let runs = 0;
    while (jobs.length) {
      await database.db.execute(sql`update jobs set done_at = now() where kind = 'phone-model-links' and done_at is null`);
      await run(jobs[0]!.payload);
      runs++;
      jobs = await queued();
    }
    // 5 listings in batches of 2: 3 runs.
    expect(runs).toBe(3);
    const linked = await rows<{ product_name: string; model: string | null }>(
      sql`select p.product_name, m.name as model from products p left join phone_models m on m.id = p.phone_model_id order by p.id`,
    );
    expect(linked.map((r) => r.model)).toEqual(['Galaxy S23 Ultra', 'Galaxy S23', 'iPhone 13 Pro Max', 'iPhone 13', null]);
    // The Ultra's document now holds the names people type for it, and its Bangla name.
    const [ultra] = await rows<{ words: string[] }>(sql`select tsvector_to_array(search) as words from products where id = ${listing(0)}`);
    expect(ultra!.words).toEqual(expect.arrayContaining(['s23u', 'আল্ট্রা']));
  });
});
