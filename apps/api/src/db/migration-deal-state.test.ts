import { allowedMoves, dealStates } from '@market/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../../test/fixtures.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import type { Database } from './client.ts';
import { callRoute } from '../../test/call-route.ts';
import { refusal } from '../../test/helper.ts';

/**
 * Issue 31 (decision 048): a database of the release before the deal's state, with an order in every situation its
 * columns could describe, migrated. Each order gets the state its columns and its phone said, and the history they
 * tell (0025); the columns that said it go, their times kept in the events, which are numbered in the order of the
 * process (0026); from then on the database lets a deal move only along the process's transitions and keeps its
 * events.
 */
const olderRelease = '0024_deals';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
/** When each declined or cancelled booking was, as the old columns said. */
let endedAt: { id: string; at: string }[];
const ids = {
  seller: id(1),
  buyer: id(2),
  admin: id(3),
  category: id(4),
  forSale: id(5),
  sold: id(6),
  soldToo: id(7),
  requested: id(8),
  accepted: id(9),
};
const more = {
  declined: 'aaaaaaaa-0000-4000-8000-000000000001',
  declinedThenDeleted: 'aaaaaaaa-0000-4000-8000-000000000002',
  cancelled: 'aaaaaaaa-0000-4000-8000-000000000003',
  paid: 'aaaaaaaa-0000-4000-8000-000000000004',
  refunded: 'aaaaaaaa-0000-4000-8000-000000000005',
  lost: 'aaaaaaaa-0000-4000-8000-000000000006',
};
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  const hash = await hashPassword('old-secret');
  await db.execute(sql`insert into users (id, provider_id, name, email, password_hash, role, email_verified_at) values
    (${ids.seller}, 'local:s', 'Old Seller', 'old-seller@example.com', ${hash}, 'Seller', now()),
    (${ids.buyer}, 'local:b', 'Old Buyer', 'old-buyer@example.com', ${hash}, 'Buyer', now()),
    (${ids.admin}, 'local:a', 'Old Admin', 'old-admin@example.com', ${hash}, 'Admin', now())`);
  await db.execute(sql`insert into categories (id, name, logo) values (${ids.category}, 'Apple', '/uploads/apple.svg')`);
  const phone = (pid: string, name: string, status: string) =>
    sql`(${pid}, ${ids.seller}, ${ids.category}, ${name}, '/uploads/old.webp', '01712-000000', 'Mirpur, Dhaka', '2021-03-01', 70000, 35000, 3, 'Good', 'Old.', ${status})`;
  await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, phone_number, location, purchase, original_price,
      resale_price, use_years, condition, description, status) values ${phone(ids.forSale, 'iPhone 12', 'available')}, ${phone(ids.sold, 'iPhone 11', 'sold')},
      ${phone(ids.soldToo, 'iPhone X', 'sold')}`);
  const order = (oid: string, product: string, extra: { paid?: boolean; accepted?: boolean; declined?: boolean; cancelled?: boolean } = {}) =>
    sql`(${oid}, ${ids.buyer}, ${product}, ${ids.seller}, 'iPhone', 35000, '/uploads/old.webp', 'Old Buyer', 'old-buyer@example.com', 'Mirpur 10', '01911-000000',
      ${extra.paid ?? false}, ${extra.accepted ? sql`now() - interval '2 days'` : sql`null`}, ${extra.declined ? sql`now() - interval '1 day'` : sql`null`},
      ${extra.cancelled ? sql`now()` : sql`null`}, now() - interval '3 days')`;
  // One open booking per buyer and phone (a unique index): each situation on a phone of its own where they would clash.
  await db.execute(sql`insert into orders (id, buyer_id, product_id, seller_id, product_name, product_price, product_img, buyer_name, buyer_email,
      meeting_location, mobile_number, paid, accepted_at, declined_at, cancelled_at, created_at) values
    ${order(ids.requested, ids.forSale)},
    ${order(more.cancelled, ids.forSale, { cancelled: true })},
    ${order(more.paid, ids.sold, { paid: true })},
    ${order(more.lost, ids.sold, { accepted: true })},
    ${order(more.refunded, ids.soldToo, { paid: true, accepted: true })}`);
  // The same buyer again, on phones of their own for the cases the unique index would refuse beside those above.
  await db.execute(sql`insert into users (id, provider_id, name, email, password_hash, role, email_verified_at) values
    (${id(5)}, 'local:b2', 'Second Buyer', 'second@example.com', ${hash}, 'Buyer', now()),
    (${id(6)}, 'local:b3', 'Third Buyer', 'third@example.com', ${hash}, 'Buyer', now()),
    (${id(7)}, 'local:b4', 'Fourth Buyer', 'fourth@example.com', ${hash}, 'Buyer', now())`);
  await db.execute(sql`insert into orders (id, buyer_id, product_id, seller_id, product_name, product_price, product_img, buyer_name, buyer_email,
      meeting_location, mobile_number, paid, accepted_at, declined_at, cancelled_at, created_at) values
    (${ids.accepted}, ${id(5)}, ${ids.forSale}, ${ids.seller}, 'iPhone 12', 35000, '/u.webp', 'Second Buyer', 'second@example.com', 'Mirpur', '01911-000001', false, now(), null, null, now()),
    (${more.declined}, ${id(6)}, ${ids.forSale}, ${ids.seller}, 'iPhone 12', 35000, '/u.webp', 'Third Buyer', 'third@example.com', 'Mirpur', '01911-000002', false, null, now(), null, now()),
    (${more.declinedThenDeleted}, ${id(7)}, ${ids.forSale}, ${ids.seller}, 'iPhone 12', 35000, '/u.webp', 'Fourth Buyer', 'fourth@example.com', 'Mirpur', '01911-000003', false, null, now() - interval '1 hour', now(), now())`);
  await db.execute(sql`insert into payments (order_id, product_id, buyer_id, buyer_name, product_name, product_price, transaction_id) values
    (${more.paid}, ${ids.sold}, ${ids.buyer}, 'Old Buyer', 'iPhone 11', 35000, 'pi_old_paid'),
    (${more.refunded}, ${ids.soldToo}, ${ids.buyer}, 'Old Buyer', 'iPhone X', 35000, 'pi_old_refunded')`);
  await db.execute(sql`insert into refunds (order_id, provider, payment_id, amount, reason, requested_by) values
    (${more.refunded}, 'sandbox', 'pi_old_refunded', 3500000, 'Changed their mind', ${ids.admin})`);
  endedAt = await rows(sql`select id, coalesce(declined_at, cancelled_at)::text as at from orders where declined_at is not null or cancelled_at is not null`);
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before the deal's state (${olderRelease}), migrated`, () => {
  it('gives every order the state its columns and its phone said', async () => {
    const states = await rows<{ id: string; state: string; hidden: boolean }>(sql`select id, state, hidden_at is not null as hidden from orders order by id`);
    expect(Object.fromEntries(states.map((r) => [r.id, r.state]))).toEqual({
      [ids.requested]: 'requested',
      [ids.accepted]: 'accepted',
      [more.declined]: 'declined',
      [more.declinedThenDeleted]: 'declined',
      [more.cancelled]: 'cancelled',
      // Paid before the handover existed: a finished sale, completed by migration 0030.
      [more.paid]: 'completed',
      [more.refunded]: 'refunded',
      [more.lost]: 'closed',
    });
    // A declined booking its buyer deleted stays declined (they still cannot book that phone again), off their list.
    expect(states.find((r) => r.id === more.declinedThenDeleted)).toMatchObject({ hidden: true });
    // The state alone says it: the columns that said the same are gone.
    const columns = await rows<{ name: string }>(sql`select column_name as name from information_schema.columns where table_name = 'orders'`);
    expect(columns.map((c) => c.name)).toEqual(expect.arrayContaining(['state', 'accepted_at', 'hidden_at']));
    expect(columns.map((c) => c.name).filter((c) => ['paid', 'declined_at', 'cancelled_at'].includes(c))).toEqual([]);
  });

  it('writes the history the columns tell: the booking, the accept, and the move to where each stands', async () => {
    const events = await rows<{
      order_id: string;
      transition: string;
      from_state: string | null;
      to_state: string;
      actor_role: string;
      actor_id: string | null;
      at: string;
    }>(sql`select order_id, transition, from_state, to_state, actor_role, actor_id, at::text as at from order_events order by seq`);
    const of = (order: string) => events.filter((e) => e.order_id === order).map((e) => `${e.transition}:${e.from_state ?? '-'}>${e.to_state}:${e.actor_role}`);
    expect(of(ids.requested)).toEqual(['book:->requested:buyer']);
    expect(of(more.paid)).toEqual(['book:->requested:buyer', 'pay:requested>paid:buyer', 'complete:paid>completed:site']);
    expect(of(more.refunded)).toEqual(['book:->requested:buyer', 'accept:requested>accepted:seller', 'pay:accepted>paid:buyer', 'refund:paid>refunded:admin']);
    expect(of(more.lost)).toEqual(['book:->requested:buyer', 'accept:requested>accepted:seller', 'close:accepted>closed:site']);
    expect(of(more.cancelled)).toEqual(['book:->requested:buyer', 'cancel:requested>cancelled:buyer']);
    expect(events.find((e) => e.transition === 'refund')?.actor_id).toBe(ids.admin);
    // The times of the dropped columns live on in the events.
    for (const { id: order, at } of endedAt) expect(events.find((e) => e.order_id === order && e.transition !== 'book')?.at, order).toBe(at);
    expect(endedAt).toHaveLength(3);
    // Numbered in the order they were written, after the migrated ones: a new move comes last.
    const seller = await logIn(app, 'old-seller@example.com', 'old-secret');
    expect((await callRoute(app, 'declineBooking', { params: { id: ids.accepted }, token: seller.token })).status).toBe(200);
    const [last] = await rows<{ order_id: string; transition: string }>(sql`select order_id, transition from order_events order by seq desc limit 1`);
    expect(last).toEqual({ order_id: ids.accepted, transition: 'decline' });
  });

  it('lets a migrated deal move on as the process says, and refuses any other move in the database itself', async () => {
    const seller = await logIn(app, 'old-seller@example.com', 'old-secret');
    const accepted = await callRoute(app, 'acceptBooking', { params: { id: ids.requested }, token: seller.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'accepted', sellerPhone: '01712-000000' });
    const refused = await callRoute(app, 'acceptBooking', { params: { id: more.lost }, token: seller.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'booking_not_pending', message: 'This booking is of a phone no longer for sale: it cannot be accepted' });
    expect(await refusal(database.db.execute(sql`update orders set state = 'requested' where id = ${more.paid}`))).toContain(
      'a deal cannot move from completed to requested',
    );
    // Money history stays: a paid or refunded order is never deleted, whoever asks the database.
    expect(await refusal(database.db.execute(sql`delete from orders where id = ${more.paid}`))).toContain('a paid order is history');
    expect(await refusal(database.db.execute(sql`delete from orders where id = ${more.refunded}`))).toContain('a paid order is history');
    expect(await refusal(database.db.execute(sql`update orders set state = 'accepted' where id = ${more.declined}`))).toContain(
      'a deal cannot move from declined to accepted',
    );
    expect(await refusal(database.db.execute(sql`update order_events set to_state = 'paid'`))).toContain('append-only');
    expect(await refusal(database.db.execute(sql`delete from order_events`))).toContain('append-only');
  });
});

describe('the database guard on a deal’s moves', () => {
  it('lets through exactly the moves of packages/contract/src/deal.ts', async () => {
    const [fn] = await rows<{ def: string }>(sql`select pg_get_functiondef('orders_follow_process'::regproc) as def`);
    const pairs = [...fn!.def.matchAll(/\('(\w+)', '(\w+)'\)/g)].map((m) => `${m[1]}>${m[2]}`).sort();
    expect(pairs).toEqual(
      allowedMoves()
        .map(([from, to]) => `${from}>${to}`)
        .sort(),
    );
    // And the CHECK names every state.
    const [check] = await rows<{ def: string }>(sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'orders_state_check'`);
    for (const state of dealStates) expect(check!.def).toContain(`'${state}'`);
  });
});
