import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import { savedPhones } from '../modules/favourites/service.ts';
import { listNotifications } from '../modules/notifications/service.ts';
import type { Database } from './client.ts';

/**
 * Issue 34, item 4: a database of the release before saved phones (0039), with a buyer who switched two kinds of
 * mail off and was told of a deal, migrated (0040). Their notification and their choices stay as they were; saved
 * phones and their two kinds of notification work at once; the favourites go with their person's account.
 */
const olderRelease = '0039_places';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const ids = { seller: id(1), buyer: id(2), other: id(3), phone: id(4) };
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  await db.execute(sql`insert into users (id, provider_id, name, email, role, email_verified_at, mail_off) values
    (${ids.seller}, 'local:s', 'Old Seller', 'old-seller@example.com', 'Seller', now(), '{}'),
    (${ids.buyer}, 'local:b', 'Old Buyer', 'old-buyer@example.com', 'Buyer', now(), array['accept', 'messages']),
    (${ids.other}, 'local:o', 'Other Buyer', 'other-buyer@example.com', 'Buyer', now(), '{}')`);
  await db.execute(sql`insert into notifications (user_id, kind, product_name, mail) values (${ids.buyer}, 'accept', 'Pixel 5', 'skipped')`);
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before saved phones (${olderRelease}), migrated`, () => {
  it("keeps a person's notifications and mail choices; the new kinds can be told and switched off", async () => {
    const before = await listNotifications(app.db, ids.buyer, { limit: 10 });
    expect(before.items).toEqual([expect.objectContaining({ kind: 'accept', productName: 'Pixel 5', params: null })]);
    expect(await rows(sql`select mail_off from users where id = ${ids.buyer}`)).toEqual([{ mail_off: ['accept', 'messages'] }]);
    await database.db.execute(sql`update users set mail_off = array['accept', 'messages', 'saved_sold'] where id = ${ids.buyer}`);
    await database.db.execute(
      sql`insert into notifications (user_id, kind, product_name, params) values (${ids.buyer}, 'saved_price_drop', 'Pixel 5', '{"oldPrice": 30000, "newPrice": 25000}')`,
    );
    const after = await listNotifications(app.db, ids.buyer, { limit: 10 });
    expect(after.items[0]).toMatchObject({ kind: 'saved_price_drop', params: { oldPrice: 30000, newPrice: 25000 } });
    // A kind nobody knows is still refused by the choices' check.
    await expect(database.db.execute(sql`update users set mail_off = array['nonsense'] where id = ${ids.buyer}`)).rejects.toThrow();
  });

  it('saves a phone once per person (a phone gone since is marked removed), and forgets them with the account', async () => {
    await database.db.execute(sql`insert into favourites (user_id, product_id, product_name) values
      (${ids.buyer}, ${ids.phone}, 'Pixel 5'), (${ids.other}, ${ids.phone}, 'Pixel 5')`);
    await expect(
      database.db.execute(sql`insert into favourites (user_id, product_id, product_name) values (${ids.buyer}, ${ids.phone}, 'Pixel 5')`),
    ).rejects.toThrow();
    const saved = await savedPhones(app.db, ids.buyer, { limit: 10 });
    expect(saved.items).toEqual([expect.objectContaining({ productId: ids.phone, productName: 'Pixel 5', state: 'removed', product: null })]);
    await database.db.execute(sql`delete from users where id = ${ids.buyer}`);
    expect(await rows(sql`select user_id from favourites`)).toEqual([{ user_id: ids.other }]);
  });
});
