import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/call-route.ts';
import { logIn } from '../../test/fixtures.ts';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { Database } from './client.ts';

/**
 * Issue 33 (decision 053): a database of the release before conversations (0036), with a seller's phone, a buyer,
 * their notifications and a person's e-mail choices, migrated (0037). The old rows stay as they were, the choices
 * still hold (the new `messages` kind among them), and the new release's conversations and live events work on it.
 */
const olderRelease = '0036_dispute_messages';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const ids = { seller: id(1), buyer: id(2), category: id(3), phone: id(4) };
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  const hash = await hashPassword('old-secret');
  await db.execute(sql`insert into users (id, provider_id, name, email, password_hash, role, email_verified_at, mail_off) values
    (${ids.seller}, 'local:s', 'Old Seller', 'old-seller@example.com', ${hash}, 'Seller', now(), array['review']::text[]),
    (${ids.buyer}, 'local:b', 'Old Buyer', 'old-buyer@example.com', ${hash}, 'Buyer', now(), '{}')`);
  await db.execute(sql`insert into categories (id, name, logo) values (${ids.category}, 'Google', '/uploads/google.svg')`);
  await db.execute(sql`insert into products (id, seller_id, category_id, product_name, img, images, phone_number, location, purchase, original_price,
      resale_price, use_years, condition, description, status) values
    (${ids.phone}, ${ids.seller}, ${ids.category}, 'Pixel 6', '/uploads/old.webp', '[{"url": "/uploads/old.webp", "widths": []}]', '01712-000000', 'Mirpur', '2022-03-01',
      60000, 30000, 2, 'Good', 'Old.', 'available')`);
  await db.execute(sql`insert into notifications (user_id, kind, product_name, mail) values (${ids.seller}, 'review', 'Pixel 5', 'skipped')`);
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before conversations (${olderRelease}), migrated`, () => {
  it('keeps its rows and e-mail choices; old notifications are no live events; a new one is', async () => {
    expect(await rows(sql`select kind, product_name from notifications`)).toEqual([{ kind: 'review', product_name: 'Pixel 5' }]);
    expect(await rows(sql`select count(*)::int as n from user_events`)).toEqual([{ n: 0 }]);
    const seller = await logIn(app, 'old-seller@example.com', 'old-secret');
    const choices = await callRoute(app, 'setMailPreferences', { token: seller.token, body: { mailOff: ['review', 'messages'] } });
    expect(choices.body.data).toEqual({ mailOff: ['review', 'messages'] });
    await database.db.execute(sql`insert into notifications (user_id, kind, product_name) values (${ids.seller}, 'remind', 'Pixel 6')`);
    expect(await rows(sql`select user_id, type, data->>'kind' as kind from user_events`)).toEqual([
      { user_id: ids.seller, type: 'notification', kind: 'remind' },
    ]);
  });

  it('lets the old buyer write to the old seller about the old phone', async () => {
    const buyer = await logIn(app, 'old-buyer@example.com', 'old-secret');
    const started = await callRoute(app, 'startConversation', { token: buyer.token, body: { productId: ids.phone, body: 'Still for sale?' } });
    expect(started.status).toBe(201);
    const seller = await logIn(app, 'old-seller@example.com', 'old-secret');
    expect((await callRoute(app, 'unreadMessages', { token: seller.token })).body.data).toEqual({ unread: 1 });
  });
});
