import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/call-route.ts';
import { logIn, productBody } from '../../test/fixtures.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import type { Database } from './client.ts';

/**
 * Issue 36: a database of the release before listing checks (0045), with a seller's listings for sale and sold and
 * an upload, migrated (0046). The listings keep their state and stay on the site; the upload has no hash (none was
 * taken then) and is attached as before; a new listing with a signal waits for a check at once.
 */
const olderRelease = '0045_user_devices';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const ids = { seller: id(1), brand: id(2), forSale: id(3), sold: id(4), oldUpload: id(5), newUpload: id(6) };
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  await db.execute(sql`insert into users (id, provider_id, name, email, role, email_verified_at, password_hash) values
    (${ids.seller}, 'local:old-seller@example.com', 'Old Seller', 'old-seller@example.com', 'Seller', now(), ${await hashPassword('secret1')})`);
  await db.execute(sql`insert into categories (id, name, logo) values (${ids.brand}, 'Samsung', '/logos/samsung.svg')`);
  for (const [product, status] of [
    [ids.forSale, 'available'],
    [ids.sold, 'sold'],
  ] as const) {
    await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, phone_number, location, district, purchase,
        original_price, resale_price, use_years, condition, description, status)
      values (${product}, ${ids.seller}, ${ids.brand}, 'Galaxy S21', '/uploads/a.webp', '01712-345678', 'Mirpur', 'dhaka', '2023-01-01',
        50000, 30000, 1, 'Good', 'old listing', ${status})`);
  }
  await db.execute(sql`insert into uploads (name, bytes, uploaded_by) values (${`${ids.oldUpload}.webp`}, 1000, ${ids.seller})`);
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before listing checks (${olderRelease}), migrated`, () => {
  it('keeps its listings as they were, on the site; an old upload (no hash) is attached as before', async () => {
    expect(await rows(sql`select id, status::text from products order by id`)).toEqual([
      { id: ids.forSale, status: 'available' },
      { id: ids.sold, status: 'sold' },
    ]);
    expect((await callRoute(app, 'product', { params: { id: ids.forSale } })).status).toBe(200);
    expect(await rows(sql`select phash from uploads`)).toEqual([{ phash: null }]);
    const seller = await logIn(app, 'old-seller@example.com', 'secret1');
    const posted = await callRoute(app, 'addProduct', { token: seller.token, body: productBody(ids.brand, `/uploads/${ids.oldUpload}.webp`) });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.data.status).toBe('available');
  });

  it('holds a new listing with a signal for a check at once', async () => {
    await database.db.execute(sql`insert into uploads (name, bytes, uploaded_by) values (${`${ids.newUpload}.webp`}, 1000, ${ids.seller})`);
    const seller = await logIn(app, 'old-seller@example.com', 'secret1');
    const posted = await callRoute(app, 'addProduct', {
      token: seller.token,
      body: productBody(ids.brand, `/uploads/${ids.newUpload}.webp`, { description: 'Call 01711-223344' }),
    });
    expect(posted.body.data).toMatchObject({ status: 'pending', check: { state: 'waiting', signals: ['contact_in_description'] } });
    expect(await rows(sql`select count(*)::int as n from listing_checks`)).toEqual([{ n: 1 }]);
  });
});
