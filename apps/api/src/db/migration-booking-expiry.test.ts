import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import { runJobs } from '../../test/helper.ts';
import type { Database } from './client.ts';

/**
 * Issue 31, item 4: a database of the release before the answer timer (0028), with an old unanswered booking and an
 * accepted one, migrated (0029). Each open booking gets its timer, counted from its booking but at
 * least an hour ahead (an old one is not ended the moment the new release starts); an answered one gets none.
 */
const olderRelease = '0028_notification_mail';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const ids = { seller: id(1), buyer: id(2), category: id(3), phone: id(4), old: id(5), other: id(6), accepted: id(7) };
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  await db.execute(sql`insert into users (id, provider_id, name, email, role, email_verified_at) values
    (${ids.seller}, 'local:s', 'Old Seller', 'old-seller@example.com', 'Seller', now()),
    (${ids.buyer}, 'local:b', 'Old Buyer', 'old-buyer@example.com', 'Buyer', now()),
    (${ids.other}, 'local:o', 'Other Buyer', 'other-buyer@example.com', 'Buyer', now())`);
  await db.execute(sql`insert into categories (id, name, logo) values (${ids.category}, 'Apple', '/uploads/apple.svg')`);
  await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, images, phone_number, location, purchase, original_price,
      resale_price, use_years, condition, description, storage_gb, battery_health, imei) values
    (${ids.phone}, ${ids.seller}, ${ids.category}, 'iPhone 12 mini', '/uploads/old.webp', '[{"url": "/uploads/old.webp"}]', '01712-000000', 'Mirpur, Dhaka', '2021-03-01', 70000,
      35000, 3, 'Good', 'Old.', 128, 90, '356938035643809')`);
  const order = (oid: string, buyer: string, state: string, daysAgo: number) =>
    sql`(${oid}, ${ids.phone}, ${buyer}, ${ids.seller}, 'iPhone 12 mini', 35000, '/uploads/old.webp', 'Old Buyer', 'old-buyer@example.com', 'Mirpur', '01711-000000', ${state}, now() - make_interval(days => ${daysAgo}))`;
  await db.execute(sql`insert into orders (id, product_id, buyer_id, seller_id, product_name, product_price, product_img, buyer_name, buyer_email,
      meeting_location, mobile_number, state, created_at) values ${sql.join([order(ids.old, ids.buyer, 'requested', 10), order(ids.accepted, ids.other, 'accepted', 2)], sql`, `)}`);
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before the answer timer (${olderRelease}), migrated`, () => {
  it('gives each open booking its timer, at least an hour ahead, and an answered one none', async () => {
    const timers = await rows<{ order_id: string; hours: number }>(
      sql`select payload ->> 'orderId' as order_id, round(extract(epoch from run_at - now()) / 3600)::int as hours from jobs where kind = 'deal-timer'`,
    );
    expect(timers).toEqual([{ order_id: ids.old, hours: 1 }]);
    await runJobs(app);
    expect(await rows(sql`select state from orders where id = ${ids.old}`)).toEqual([{ state: 'requested' }]);
    // An hour later (time passes): it expires, as a booking of this release would.
    await database.db.execute(sql`update jobs set run_at = now() where kind = 'deal-timer'`);
    await runJobs(app);
    expect(await rows(sql`select id, state from orders order by id`)).toEqual([
      { id: ids.old, state: 'expired' },
      { id: ids.accepted, state: 'accepted' },
    ]);
  });
});
