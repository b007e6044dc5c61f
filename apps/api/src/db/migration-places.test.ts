import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import { placeListingsJob } from '../modules/places/match.ts';
import type { Database } from './client.ts';

/**
 * Issue 34: a database of the release before districts (0038), with listings and bookings whose places are free
 * words (English, Bangla, an older spelling, none at all), migrated (0039). The migration queues the matching job;
 * run (in batches of two, so it resumes across runs), it gives each listing and booking the district its words name
 * and leaves the others without one, for their seller to name at the next edit.
 */
const olderRelease = '0038_notification_push';

let database: Database;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);
const ids = { seller: id(1), buyer: id(2), category: id(3) };
/** The listings' ids, in the order of `places`. */
const listing = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const places = [
  'Mirpur 10, Dhaka',
  'Agrabad, Chittagong',
  'কান্দিরপাড়, কুমিল্লা',
  "near Cox's Bazar beach",
  'Sonadanga, Khulna',
  'behind the big mosque',
  'Jessore Road',
];

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  await db.execute(sql`insert into users (id, provider_id, name, email, role, email_verified_at) values
    (${ids.seller}, 'local:s', 'Old Seller', 'old-seller@example.com', 'Seller', now()),
    (${ids.buyer}, 'local:b', 'Old Buyer', 'old-buyer@example.com', 'Buyer', now())`);
  await db.execute(sql`insert into categories (id, name, logo) values (${ids.category}, 'Samsung', '/logos/samsung.svg')`);
  for (const [i, place] of places.entries()) {
    await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, phone_number, location, purchase,
        original_price, resale_price, use_years, condition, description)
      values (${listing(i)}, ${ids.seller}, ${ids.category}, ${`Galaxy ${i}`}, '/uploads/a.webp', '01712-345678', ${place}, '2023-01-01',
        50000, 30000, 1, 'Good', 'old listing')`);
  }
  await db.execute(sql`insert into orders (product_id, buyer_id, seller_id, product_name, product_price, product_img, buyer_name, buyer_email,
      meeting_location, mobile_number, meeting_date)
    values (${listing(0)}, ${ids.buyer}, ${ids.seller}, 'Galaxy 0', 30000, '/uploads/a.webp', 'Old Buyer', 'old-buyer@example.com', 'GEC Circle, Chattogram', '01911-222333', '2026-12-01'),
           (${listing(1)}, ${ids.buyer}, ${ids.seller}, 'Galaxy 1', 30000, '/uploads/a.webp', 'Old Buyer', 'old-buyer@example.com', 'the tea stall', '01911-222333', '2026-12-01')`);
  // Migrated without an app: its job worker would run the job at once; here it is run step by step.
  await database.migrate();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

const queued = () =>
  rows<{ payload: { after?: string; bookings?: boolean } }>(
    sql`select payload from jobs where kind = 'place-listings' and done_at is null order by created_at`,
  );

describe(`a database of the release before districts (${olderRelease}), migrated`, () => {
  it('queues the matching job once, and the job names the districts the old places name, in batches, listings then bookings', async () => {
    let jobs = await queued();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toEqual({});
    const run = placeListingsJob(database.db, 2);
    let runs = 0;
    while (jobs.length) {
      await database.db.execute(sql`update jobs set done_at = now() where kind = 'place-listings' and done_at is null`);
      await run(jobs[0]!.payload);
      runs++;
      jobs = await queued();
      expect(jobs.length).toBeLessThanOrEqual(1);
    }
    // 7 listings in batches of 2 (4 runs), then the 2 bookings (a full batch, then an empty one).
    expect(runs).toBe(6);
    const listings = await rows<{ location: string; district: string | null }>(sql`select location, district from products order by id`);
    expect(listings).toEqual([
      { location: 'Mirpur 10, Dhaka', district: 'dhaka' },
      { location: 'Agrabad, Chittagong', district: 'chattogram' },
      { location: 'কান্দিরপাড়, কুমিল্লা', district: 'cumilla' },
      { location: "near Cox's Bazar beach", district: 'coxs-bazar' },
      { location: 'Sonadanga, Khulna', district: 'khulna' },
      { location: 'behind the big mosque', district: null },
      { location: 'Jessore Road', district: 'jashore' },
    ]);
    expect(await rows(sql`select meeting_location, meeting_district from orders order by meeting_location`)).toEqual([
      { meeting_location: 'GEC Circle, Chattogram', meeting_district: 'chattogram' },
      { meeting_location: 'the tea stall', meeting_district: null },
    ]);
  });
});
