import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, newImei, productBody, uploadedPicture } from '../../test/fixtures.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { openOlderRelease } from '../../test/older-release.ts';
import type { Database } from './client.ts';
import { callRoute } from '../../test/call-route.ts';

/**
 * A database made by an older release, with its data, migrated to this one (a migration, not a reset):
 * the data stays and keeps working. Here: the listings of before issue 15 (no specs, no IMEI).
 */
const olderRelease = '0009_booking_declined';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const ids = {
  seller: '11111111-1111-4111-8111-111111111111',
  buyer: '22222222-2222-4222-8222-222222222222',
  category: '33333333-3333-4333-8333-333333333333',
  phone: '44444444-4444-4444-8444-444444444444',
  sold: '55555555-5555-4555-8555-555555555555',
  order: '66666666-6666-4666-8666-666666666666',
  waitingMail: '77777777-7777-4777-8777-777777777777',
  sentMail: '88888888-8888-4888-8888-888888888888',
};

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  await db.execute(sql`insert into users (id, provider_id, name, email, password_hash, role, seller_verified, email_verified_at) values
    (${ids.seller}, 'local:old-seller', 'Old Seller', 'old-seller@example.com', ${await hashPassword('old-secret')}, 'Seller', true, now()),
    (${ids.buyer}, 'local:old-buyer', 'Old Buyer', 'old-buyer@example.com', null, 'Buyer', false, null)`);
  await db.execute(sql`insert into categories (id, name, logo) values (${ids.category}, 'Apple', '/uploads/apple.svg')`);
  await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, phone_number, location, purchase, original_price,
      resale_price, use_years, condition, description, status) values
    (${ids.phone}, ${ids.seller}, ${ids.category}, 'iPhone 12 mini', '/uploads/old.webp', '01712-000000', 'Mirpur, Dhaka', '2021-03-01', 70000,
      35000, 3, 'Good', 'Posted before specs were asked.', 'available'),
    (${ids.sold}, ${ids.seller}, ${ids.category}, 'iPhone 11', '/uploads/old2.webp', '01712-000000', 'Mirpur, Dhaka', '2020-03-01', 60000,
      25000, 4, 'Fair', 'Sold long ago.', 'sold')`);
  await db.execute(sql`insert into orders (id, buyer_id, product_id, product_name, product_price, product_img, buyer_name, buyer_email,
      meeting_location, mobile_number) values
    (${ids.order}, ${ids.buyer}, ${ids.phone}, 'iPhone 12 mini', 35000, '/uploads/old.webp', 'Old Buyer', 'old-buyer@example.com', 'Mirpur 10', '01911-000000')`);
  // Mails of the outbox before it had jobs (migration 0022): one waiting, one sent.
  await db.execute(sql`insert into outbox (id, kind, to_address, subject, text_body, html_body, status, attempts, next_attempt_at, sent_at) values
    (${ids.waitingMail}, 'reset-password', 'old-buyer@example.com', 'Set a new password', 'text', '<p>html</p>', 'pending', 2, now() + interval '1 minute', null),
    (${ids.sentMail}, 'verify-email', 'old-seller@example.com', 'Confirm your e-mail address', null, null, 'sent', 1, now(), now())`);
  // This release's migrations, on top.
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before issue 15 (${olderRelease}), migrated`, () => {
  it('keeps every row; old listings answer with what they have and null for what they never said', async () => {
    const res = await callRoute(app, 'product', { params: { id: ids.phone } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      productName: 'iPhone 12 mini',
      resalePrice: 35000,
      condition: 'Good',
      img: '/uploads/old.webp',
      images: [{ url: '/uploads/old.webp', srcset: '' }],
      model: null,
      storageGb: null,
      ramGb: null,
      colour: null,
      batteryHealth: null,
      notLocked: null,
      boxAndCharger: null,
      warrantyMonths: null,
      imei: null,
    });
    expect((await callRoute(app, 'product', { params: { id: ids.sold } })).body.data.status).toBe('sold');
    const search = await callRoute(app, 'searchProducts', { query: { q: 'iphone' } });
    expect(search.body.data.map((p: { _id: string }) => p._id)).toEqual([ids.phone]);
    // A storage or battery filter leaves out what never said.
    expect((await callRoute(app, 'searchProducts', { query: { storage: 64 } })).body.meta.total).toBe(0);
  });

  it('gives a mail that was waiting in the outbox its job, due when its next attempt was (a sent one none), and the open booking its answer timer', async () => {
    const res = (await database.db.execute(
      sql`select kind, payload, attempts, run_at > now() as later, done_at from jobs where kind not in ('place-listings', 'photo-hashes') order by kind`,
    )) as unknown as {
      rows: { kind: string; payload: unknown; attempts: number; later: boolean; done_at: Date | null }[];
    };
    // (The places job of migration 0039 and the photo hashes' of 0047 run at once in this app: their own tests look at them.)
    expect(res.rows).toEqual([
      { kind: 'deal-timer', payload: { orderId: ids.order, timer: 'answer' }, attempts: 0, later: true, done_at: null },
      { kind: 'mail', payload: { mailId: ids.waitingMail }, attempts: 2, later: true, done_at: null },
    ]);
  });

  it("counts the vocabulary's words anew from the available phones: a sold phone's words are forgotten (decision 038)", async () => {
    const res = (await database.db.execute(sql`select word, uses from search_words order by word`)) as unknown as { rows: { word: string; uses: number }[] };
    const vocabulary = Object.fromEntries(res.rows.map((r) => [r.word, Number(r.uses)]));
    // 'iPhone 12 mini' is available; 'iPhone 11' ('Sold long ago.') was sold.
    expect(vocabulary).toMatchObject({ iphone: 1, '12': 1, mini: 1, apple: 1, posted: 1 });
    for (const gone of ['11', 'sold', 'long', 'ago']) expect(vocabulary).not.toHaveProperty(gone);
  });

  it('lets the old seller sign in, see the booking and edit the old listing without an IMEI (or add one)', async () => {
    const { token, language } = await logIn(app, 'old-seller@example.com', 'old-secret');
    // Accounts made before they had a language (migration 0020) are English, as their mails were.
    expect(language).toBe('en');
    const bookings = await callRoute(app, 'sellerBookings', { params: { id: ids.seller }, token });
    expect(bookings.status).toBe(200);
    expect(bookings.body.data[0]).toMatchObject({ mobileNumber: '01911-000000', meetingLocation: 'Mirpur 10' });

    const img = await uploadedPicture(app, { _id: ids.seller });
    const { imei: _none, ...withoutImei } = productBody(ids.category, img, { productName: 'iPhone 12 mini', resalePrice: 33000 });
    const edited = await callRoute(app, 'editProduct', { params: { id: ids.phone }, token, body: withoutImei });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ resalePrice: 33000, storageGb: 128, batteryHealth: 88, imei: null });
    const imei = newImei();
    const withImei = await callRoute(app, 'editProduct', { params: { id: ids.phone }, token, body: productBody(ids.category, img, { imei }) });
    expect(withImei.status).toBe(200);
    expect(withImei.body.data.imei).toBe(imei);
  });
});
