import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/call-route.ts';
import { logIn } from '../../test/fixtures.ts';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { checkBooks } from '../modules/ledger/books.ts';
import type { Database } from './client.ts';

/**
 * Issue 32, item 1 (decision 052): a database of the release before the ledger (0033) with money in every state —
 * a completed protected sale (sandbox), a paid deal and a handed-over one (bKash), a refunded deal, money taken for
 * nothing and refunded, still pending, and a completed cash deal — migrated (0034). The books open on that history:
 * they balance, hold what the open deals hold, owe what the pending refund owes, and the seller's completed sale is
 * theirs (no fee was taken then). The migrated deals move on as this release's do.
 */
const olderRelease = '0033_notices';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const ids = { seller: id(1), buyer: id(2), category: id(3), completed: id(4), paid: id(5), handedOver: id(6), refunded: id(7), cash: id(8) };
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
  // One phone per deal (the order's id stands for its phone's too), each deal 10,000 taka more than the one before.
  const deals = [
    { id: ids.completed, state: 'completed', payWith: 'protected', price: 10_000, status: 'sold' },
    { id: ids.paid, state: 'paid', payWith: 'protected', price: 20_000, status: 'reserved' },
    { id: ids.handedOver, state: 'handed_over', payWith: 'protected', price: 30_000, status: 'sold' },
    { id: ids.refunded, state: 'refunded', payWith: 'protected', price: 40_000, status: 'available' },
    { id: ids.cash, state: 'completed', payWith: 'cash', price: 50_000, status: 'sold' },
  ];
  await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, images, phone_number, location, purchase, original_price,
      resale_price, use_years, condition, description, status, held_by) values ${sql.join(
        deals.map(
          (d) =>
            sql`(${d.id}, ${ids.seller}, ${ids.category}, 'iPhone', '/uploads/old.webp', '[{"url": "/uploads/old.webp"}]', '01712-000000', 'Mirpur', '2021-03-01', 90000,
              ${d.price}, 3, 'Good', 'Old.', ${d.status === 'reserved' ? 'available' : d.status}, null)`,
        ),
        sql`, `,
      )}`);
  await db.execute(sql`insert into orders (id, product_id, buyer_id, seller_id, product_name, product_price, product_img, buyer_name, buyer_email,
      meeting_location, mobile_number, state, pay_with, meeting_date, accepted_at, window_ends_at) values ${sql.join(
        deals.map(
          (d) =>
            sql`(${d.id}, ${d.id}, ${ids.buyer}, ${ids.seller}, 'iPhone', ${d.price}, '/uploads/old.webp', 'Old Buyer', 'old-buyer@example.com', 'Mirpur', '01711-000000',
              ${d.state}, ${d.payWith}, '2026-11-20', now(), ${d.state === 'handed_over' ? sql`now() + interval '1 day'` : null})`,
        ),
        sql`, `,
      )}`);
  await db.execute(sql`update products set status = 'reserved', held_by = ${ids.paid} where id = ${ids.paid}`);
  const protectedDeals = deals.filter((d) => d.payWith === 'protected');
  await db.execute(
    sql`insert into payments (order_id, product_id, buyer_id, buyer_name, product_name, product_price, transaction_id) values ${sql.join(
      protectedDeals.map((d) => sql`(${d.id}, ${d.id}, ${ids.buyer}, 'Old Buyer', 'iPhone', ${d.price}, ${`trx_${d.id.slice(0, 8)}`})`),
      sql`, `,
    )}`,
  );
  // The handed-over deal was paid with bKash; the others through the card sandbox.
  await db.execute(
    sql`insert into bkash_payments (payment_id, order_id, amount, status, trx_id) values ('bk_1', ${ids.handedOver}, 30000, 'completed', ${`trx_${ids.handedOver.slice(0, 8)}`})`,
  );
  await db.execute(
    sql`insert into sandbox_intents (id, client_secret, amount, currency, order_id, status) values ${sql.join(
      protectedDeals
        .filter((d) => d.id !== ids.handedOver)
        .map((d) => sql`(${`trx_${d.id.slice(0, 8)}`}, ${`secret_${d.id.slice(0, 8)}`}, ${d.price * 100}, 'bdt', ${d.id}, 'succeeded')`),
      sql`, `,
    )}`,
  );
  // The card stand-in refunded the refunded deal's payment (in full: the only refund it knew then).
  await db.execute(sql`update sandbox_intents set refund_id = 're_1' where id = ${`trx_${ids.refunded.slice(0, 8)}`}`);
  await db.execute(sql`insert into refunds (order_id, provider, payment_id, amount, reason, status, provider_refund_id, refunded_at) values
    (${ids.refunded}, 'sandbox', ${`trx_${ids.refunded.slice(0, 8)}`}, 4000000, 'Refunded by an Admin', 'refunded', 're_1', now()),
    (${ids.paid}, 'sandbox', 'pi_charged_for_nothing', 2000000, 'The order was paid already', 'pending', null, null)`);
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before the ledger (${olderRelease}), migrated`, () => {
  it('opens the books on its history: they balance, hold the open deals, owe the pending refund; the completed sale is the seller’s, no fee taken', async () => {
    expect(await checkBooks(database.db)).toEqual([]);
    const balances = Object.fromEntries(
      (await rows<{ key: string; balance: string }>(sql`select key, balance from ledger_accounts`)).map((r) => [r.key, Number(r.balance)]),
    );
    expect(balances).toEqual({
      [`held:${ids.seller}`]: (20_000 + 30_000) * 100,
      [`seller:${ids.seller}`]: 10_000 * 100,
      'provider:sandbox': -(10_000 + 20_000) * 100 - 2_000_000,
      'provider:bkash': -30_000 * 100,
      refunds: 2_000_000,
    });
    expect(await rows(sql`select id, fee from orders order by id`)).toEqual(
      Object.values(ids)
        .slice(3)
        .map((order) => ({ id: order, fee: 0 })),
    );
    const seller = await logIn(app, 'old-seller@example.com', 'old-secret');
    expect((await callRoute(app, 'earnings', { token: seller.token })).body.data).toMatchObject({ held: 5_000_000, available: 1_000_000, paidOut: 0 });
    const sales = (await callRoute(app, 'sales', { token: seller.token })).body.data as { orderId: string; net: number; refunded: number }[];
    expect(Object.fromEntries(sales.map((s) => [s.orderId, [s.net, s.refunded]]))).toEqual({
      [ids.completed]: [1_000_000, 0],
      [ids.paid]: [0, 0],
      [ids.handedOver]: [0, 0],
      [ids.refunded]: [0, 4_000_000],
      [ids.cash]: [5_000_000, 0],
    });
  });

  it('the card stand-in’s refunds before part refunds were all in full (0035)', async () => {
    expect(await rows(sql`select id, refund_amount from sandbox_intents where refund_id is not null`)).toEqual([
      { id: `trx_${ids.refunded.slice(0, 8)}`, refund_amount: 4_000_000 },
    ]);
  });

  it('moves the migrated deals on as this release does: the handed-over one completes into the seller’s balance, the refund confirmed leaves the books', async () => {
    await database.db.execute(
      sql`insert into jobs (kind, payload) values ('deal-timer', ${JSON.stringify({ orderId: ids.handedOver, timer: 'window' })}::jsonb)`,
    );
    await app.jobs.run();
    await app.jobs.run();
    expect(await rows(sql`select state from orders where id = ${ids.handedOver}`)).toEqual([{ state: 'completed' }]);
    const seller = await logIn(app, 'old-seller@example.com', 'old-secret');
    expect((await callRoute(app, 'earnings', { token: seller.token })).body.data).toMatchObject({ held: 2_000_000, available: 4_000_000 });
    expect(await checkBooks(database.db)).toEqual([]);
  });
});
