import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../../test/fixtures.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { openOlderRelease } from '../../test/older-release.ts';
import type { Database } from './client.ts';
import { callRoute } from '../../test/call-route.ts';

/**
 * Issue 29 (decision 040): a database of the release before it, with its bookings, migrated. Open bookings
 * become pending ones (no seller's number until an accept), a cancelled booking no longer blocks a new one, and
 * every order has its phone's seller (migration 0024's backfill), whom its review is of.
 */
const olderRelease = '0022_job_queue';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const ids = {
  seller: '11111111-1111-4111-8111-111111111111',
  buyer: '22222222-2222-4222-8222-222222222222',
  category: '33333333-3333-4333-8333-333333333333',
  phone: '44444444-4444-4444-8444-444444444444',
  open: '66666666-6666-4666-8666-666666666666',
  sold: '55555555-5555-4555-8555-555555555555',
  paid: '77777777-7777-4777-8777-777777777777',
};

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  const hash = await hashPassword('old-secret');
  await db.execute(sql`insert into users (id, provider_id, name, email, password_hash, role, email_verified_at) values
    (${ids.seller}, 'local:old-seller', 'Old Seller', 'old-seller@example.com', ${hash}, 'Seller', now()),
    (${ids.buyer}, 'local:old-buyer', 'Old Buyer', 'old-buyer@example.com', ${hash}, 'Buyer', now())`);
  await db.execute(sql`insert into categories (id, name, logo) values (${ids.category}, 'Apple', '/uploads/apple.svg')`);
  await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, phone_number, location, purchase, original_price,
      resale_price, use_years, condition, description, status) values
    (${ids.phone}, ${ids.seller}, ${ids.category}, 'iPhone 12 mini', '/uploads/old.webp', '01712-000000', 'Mirpur, Dhaka', '2021-03-01', 70000,
      35000, 3, 'Good', 'Booked before issue 29.', 'available'),
    (${ids.sold}, ${ids.seller}, ${ids.category}, 'iPhone 11', '/uploads/old2.webp', '01712-000000', 'Mirpur, Dhaka', '2020-03-01', 60000,
      25000, 4, 'Fair', 'Sold before issue 29.', 'sold')`);
  await db.execute(sql`insert into orders (id, buyer_id, product_id, product_name, product_price, product_img, buyer_name, buyer_email,
      meeting_location, mobile_number) values
    (${ids.open}, ${ids.buyer}, ${ids.phone}, 'iPhone 12 mini', 35000, '/uploads/old.webp', 'Old Buyer', 'old-buyer@example.com', 'Mirpur 10', '01911-000000')`);
  await db.execute(sql`insert into orders (id, buyer_id, product_id, product_name, product_price, product_img, buyer_name, buyer_email,
      meeting_location, mobile_number, paid) values
    (${ids.paid}, ${ids.buyer}, ${ids.sold}, 'iPhone 11', 25000, '/uploads/old2.webp', 'Old Buyer', 'old-buyer@example.com', 'Mirpur 10', '01911-000000', true)`);
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before issue 29 (${olderRelease}), migrated`, () => {
  it("keeps an open booking as a pending one: no seller's number until the seller accepts it", async () => {
    const buyer = await logIn(app, 'old-buyer@example.com', 'old-secret');
    const seller = await logIn(app, 'old-seller@example.com', 'old-secret');
    const before = await callRoute(app, 'buyerOrders', { params: { id: ids.buyer }, token: buyer.token });
    expect(before.body.data.find((o: { _id: string }) => o._id === ids.open)).toMatchObject({ state: 'requested', sellerPhone: null });
    // A paid one shows the number, as before.
    expect(before.body.data.find((o: { _id: string }) => o._id === ids.paid)).toMatchObject({ paid: true, sellerPhone: '01712-000000' });
    expect((await callRoute(app, 'acceptBooking', { params: { id: ids.open }, token: seller.token })).status).toBe(200);
    const after = await callRoute(app, 'order', { params: { id: ids.open }, token: buyer.token });
    expect(after.body.data).toMatchObject({ state: 'accepted', sellerPhone: '01712-000000' });
  });

  it("records on each order its phone's seller (backfilled): the sold phone cannot be deleted, and its buyer reviews that seller", async () => {
    const rows = await database.db.execute(sql`select id, seller_id from orders order by id`);
    expect((rows as unknown as { rows: { id: string; seller_id: string }[] }).rows).toEqual([
      { id: ids.open, seller_id: ids.seller },
      { id: ids.paid, seller_id: ids.seller },
    ]);
    const seller = await logIn(app, 'old-seller@example.com', 'old-secret');
    const refused = await callRoute(app, 'deleteProduct', { params: { id: ids.sold }, token: seller.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('sold_cannot_delete');
    const buyer = await logIn(app, 'old-buyer@example.com', 'old-secret');
    const review = await callRoute(app, 'review', { token: buyer.token, body: { orderId: ids.paid, stars: 5 } });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
  });

  it('lets a buyer who cancelled a booking book the phone again (the one-open-booking index skips cancelled ones)', async () => {
    const buyer = await logIn(app, 'old-buyer@example.com', 'old-secret');
    expect((await callRoute(app, 'deleteOrder', { params: { id: ids.open }, token: buyer.token })).body.data).toEqual({ deleted: true, hidden: true });
    const again = await callRoute(app, 'book', {
      token: buyer.token,
      body: { productId: ids.phone, meetingLocation: 'Mirpur 10', mobileNumber: '01911-000000' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const bookings = await callRoute(app, 'sellerBookings', {
      params: { id: ids.seller },
      token: (await logIn(app, 'old-seller@example.com', 'old-secret')).token,
    });
    const ofPhone = bookings.body.data.filter((o: { productId: string }) => o.productId === ids.phone);
    expect(ofPhone.map((o: { state: string }) => o.state)).toEqual(['requested', 'cancelled']);
  });
});
