import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/call-route.ts';
import { logIn } from '../../test/fixtures.ts';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { Database } from './client.ts';

/**
 * Issue 31, items 2 and 3 (decision 051): a database of the release before the handover (0029), with a paid order,
 * an accepted one and a requested one, migrated (0030). A paid order was a finished sale: it is completed, and its
 * history says so; every deal pays protected (as the release before did) and meets the day after its booking; no
 * phone is reserved by an old accept, and the migrated deals move on as this release's do.
 */
const olderRelease = '0029_booking_expiry';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const ids = {
  seller: id(1),
  buyer: id(2),
  category: id(3),
  sold: id(4),
  accepted: id(5),
  requested: id(6),
  paidOrder: id(7),
  acceptedOrder: id(8),
  requestedOrder: id(9),
};
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  const hash = await hashPassword('old-secret');
  await db.execute(sql`insert into users (id, provider_id, name, email, password_hash, role, email_verified_at) values
    (${ids.seller}, 'local:s', 'Old Seller', 'old-seller@example.com', ${hash}, 'Seller', now()),
    (${ids.buyer}, 'local:b', 'Old Buyer', 'old-buyer@example.com', ${hash}, 'Buyer', now())`);
  await db.execute(sql`insert into categories (id, name, logo) values (${ids.category}, 'Apple', '/uploads/apple.svg')`);
  const phone = (pid: string, name: string, status: string) =>
    sql`(${pid}, ${ids.seller}, ${ids.category}, ${name}, '/uploads/old.webp', '[{"url": "/uploads/old.webp"}]', '01712-000000', 'Mirpur, Dhaka', '2021-03-01', 70000, 35000, 3, 'Good', 'Old.', ${status})`;
  await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, images, phone_number, location, purchase, original_price,
      resale_price, use_years, condition, description, status) values ${sql.join(
        [phone(ids.sold, 'iPhone 11', 'sold'), phone(ids.accepted, 'iPhone 12', 'available'), phone(ids.requested, 'iPhone 13', 'available')],
        sql`, `,
      )}`);
  const order = (oid: string, pid: string, name: string, state: string, accepted: boolean) =>
    sql`(${oid}, ${pid}, ${ids.buyer}, ${ids.seller}, ${name}, 35000, '/uploads/old.webp', 'Old Buyer', 'old-buyer@example.com', 'Mirpur', '01711-000000', ${state},
      ${accepted ? sql`now() - interval '4 days'` : null}, timestamptz '2026-11-20 20:00:00+00')`;
  await db.execute(sql`insert into orders (id, product_id, buyer_id, seller_id, product_name, product_price, product_img, buyer_name, buyer_email,
      meeting_location, mobile_number, state, accepted_at, created_at) values ${sql.join(
        [
          order(ids.paidOrder, ids.sold, 'iPhone 11', 'paid', true),
          order(ids.acceptedOrder, ids.accepted, 'iPhone 12', 'accepted', true),
          order(ids.requestedOrder, ids.requested, 'iPhone 13', 'requested', false),
        ],
        sql`, `,
      )}`);
  await db.execute(sql`insert into order_events (order_id, transition, from_state, to_state, actor_role, actor_id) values
    (${ids.paidOrder}, 'book', null, 'requested', 'buyer', ${ids.buyer}), (${ids.paidOrder}, 'accept', 'requested', 'accepted', 'seller', ${ids.seller}),
    (${ids.paidOrder}, 'pay', 'accepted', 'paid', 'buyer', ${ids.buyer}),
    (${ids.acceptedOrder}, 'book', null, 'requested', 'buyer', ${ids.buyer}), (${ids.acceptedOrder}, 'accept', 'requested', 'accepted', 'seller', ${ids.seller}),
    (${ids.requestedOrder}, 'book', null, 'requested', 'buyer', ${ids.buyer})`);
  await db.execute(sql`insert into payments (order_id, product_id, buyer_id, buyer_name, product_name, product_price, transaction_id) values
    (${ids.paidOrder}, ${ids.sold}, ${ids.buyer}, 'Old Buyer', 'iPhone 11', 35000, 'pi_old_paid')`);
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before the handover (${olderRelease}), migrated`, () => {
  it('completes the paid orders, with the event that says so; every deal pays protected and meets the day after its booking (Dhaka)', async () => {
    expect(await rows(sql`select id, state, pay_with, meeting_date::text as day, handover_misses from orders order by id`)).toEqual([
      { id: ids.paidOrder, state: 'completed', pay_with: 'protected', day: '2026-11-22', handover_misses: 0 },
      { id: ids.acceptedOrder, state: 'accepted', pay_with: 'protected', day: '2026-11-22', handover_misses: 0 },
      { id: ids.requestedOrder, state: 'requested', pay_with: 'protected', day: '2026-11-22', handover_misses: 0 },
    ]);
    const events = await rows<{ transition: string; from_state: string; to_state: string; actor_role: string }>(
      sql`select transition, from_state, to_state, actor_role from order_events where order_id = ${ids.paidOrder} order by seq`,
    );
    expect(events.at(-1)).toEqual({ transition: 'complete', from_state: 'paid', to_state: 'completed', actor_role: 'site' });
    // An old accept reserved nothing: the phones are as they were.
    expect(await rows(sql`select id, status::text, held_by from products order by id`)).toEqual([
      { id: ids.sold, status: 'sold', held_by: null },
      { id: ids.accepted, status: 'available', held_by: null },
      { id: ids.requested, status: 'available', held_by: null },
    ]);
    // The completed sale is still paid (the buyer's receipt), and is now reviewable.
    const buyer = await logIn(app, 'old-buyer@example.com', 'old-secret');
    const paid = await callRoute(app, 'order', { params: { id: ids.paidOrder }, token: buyer.token });
    expect(paid.body.data).toMatchObject({ state: 'completed', paid: true, payWith: 'protected', payment: { transactionId: 'pi_old_paid' } });
    const review = await callRoute(app, 'review', { token: buyer.token, body: { orderId: ids.paidOrder, stars: 5 } });
    expect(review.status).toBe(201);
  });

  it('lets the migrated deals move on: an accept reserves its phone, an old accepted deal past its meeting day is called off', async () => {
    const seller = await logIn(app, 'old-seller@example.com', 'old-secret');
    const accepted = await callRoute(app, 'acceptBooking', { params: { id: ids.requestedOrder }, token: seller.token });
    expect(accepted.body.data).toMatchObject({ state: 'accepted' });
    expect(await rows(sql`select status::text, held_by from products where id = ${ids.requested}`)).toEqual([
      { status: 'reserved', held_by: ids.requestedOrder },
    ]);
    const calledOff = await callRoute(app, 'callOffBooking', { params: { id: ids.acceptedOrder }, token: seller.token });
    expect(calledOff.body.data).toMatchObject({ state: 'cancelled' });
    expect(await rows(sql`select status::text from products where id = ${ids.accepted}`)).toEqual([{ status: 'available' }]);
    // The database keeps the new moves too: a completed deal does not go back.
    await expect(database.db.execute(sql`update orders set state = 'paid' where id = ${ids.paidOrder}`)).rejects.toThrow();
  });
});
