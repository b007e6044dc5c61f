import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/call-route.ts';
import { logIn } from '../../test/fixtures.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import type { Database } from './client.ts';

/**
 * Issue 36, items 3 and 4: a database of the release before listing terms and sellers' numbers (0046), with listings
 * on sale, sold and held, and sellers whose bKash payout wallet is confirmed or not, migrated (0047). Every listing
 * gets a full 60-day term from the migration (none expires at once), its state as it was; a seller's confirmed
 * wallet becomes their verified number; a held listing that goes live later starts its own term.
 */
const olderRelease = '0046_listing_checks';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const ids = { seller: id(1), unconfirmed: id(2), brand: id(3), forSale: id(4), sold: id(5), held: id(6), sameWallet: id(7) };
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  const password = await hashPassword('secret1');
  await db.execute(sql`insert into users (id, provider_id, name, email, role, email_verified_at, password_hash, created_at) values
    (${ids.seller}, 'local:old-seller@example.com', 'Old Seller', 'old-seller@example.com', 'Seller', now(), ${password}, now() - interval '2 years'),
    (${ids.unconfirmed}, 'local:new-seller@example.com', 'New Seller', 'new-seller@example.com', 'Seller', now(), ${password}, now()),
    (${ids.sameWallet}, 'local:same@example.com', 'Same Wallet', 'same@example.com', 'Seller', now(), ${password}, now())`);
  await db.execute(sql`insert into payout_methods (user_id, kind, wallet, confirmed_at) values
    (${ids.seller}, 'bkash', '01712345678', now() - interval '30 days'),
    (${ids.unconfirmed}, 'bkash', '01812345678', null),
    (${ids.sameWallet}, 'bkash', '01712345678', now() - interval '2 days')`);
  await db.execute(sql`insert into categories (id, name, logo) values (${ids.brand}, 'Samsung', '/logos/samsung.svg')`);
  for (const [product, status] of [
    [ids.forSale, 'available'],
    [ids.sold, 'sold'],
    [ids.held, 'pending'],
  ] as const) {
    // Listed long ago: its term starts with the migration, not from the day it was posted.
    await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, phone_number, location, district, purchase,
        original_price, resale_price, use_years, condition, description, status, created_at)
      values (${product}, ${ids.seller}, ${ids.brand}, 'Galaxy S21', '/uploads/a.webp', '01712-345678', 'Mirpur', 'dhaka', '2023-01-01',
        50000, 30000, 1, 'Good', 'old listing', ${status}, now() - interval '200 days')`);
  }
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before listing terms (${olderRelease}), migrated`, () => {
  it('gives every listing a whole term from now, in the state it was', async () => {
    const listed = await rows<{ id: string; status: string; days: number; reminded: string | null }>(
      sql`select id, status::text, round(extract(epoch from expires_at - now()) / 86400)::int as days, expiry_reminded_at as reminded from products order by id`,
    );
    expect(listed).toEqual([
      { id: ids.forSale, status: 'available', days: 60, reminded: null },
      { id: ids.sold, status: 'sold', days: 60, reminded: null },
      { id: ids.held, status: 'pending', days: 60, reminded: null },
    ]);
    expect((await callRoute(app, 'product', { params: { id: ids.forSale } })).body.data.status).toBe('available');
  });

  it('queues the job that hashes the photos of listings posted before photos were hashed', async () => {
    expect(await rows(sql`select payload from jobs where kind = 'photo-hashes' order by created_at limit 1`)).toEqual([{ payload: {} }]);
  });

  it('makes a seller’s confirmed bKash wallet their verified number (a wallet two confirmed: the first’s), and leaves an unconfirmed one alone', async () => {
    expect(await rows(sql`select id, phone, phone_confirmed_at is not null as confirmed from users order by id`)).toEqual([
      { id: ids.seller, phone: '01712345678', confirmed: true },
      { id: ids.unconfirmed, phone: null, confirmed: false },
      { id: ids.sameWallet, phone: null, confirmed: false },
    ]);
  });

  it('starts a held listing’s term when it goes live, and lets its seller renew', async () => {
    await database.db.execute(sql`update products set expires_at = now() - interval '1 day' where id = ${ids.held}`);
    await database.db.execute(sql`update products set status = 'available' where id = ${ids.held}`);
    expect(await rows(sql`select round(extract(epoch from expires_at - now()) / 86400)::int as days from products where id = ${ids.held}`)).toEqual([
      { days: 60 },
    ]);
    const seller = await logIn(app, 'old-seller@example.com', 'secret1');
    const renewed = await callRoute(app, 'renewProduct', { params: { id: ids.forSale }, token: seller.token });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.data.status).toBe('available');
  });
});
