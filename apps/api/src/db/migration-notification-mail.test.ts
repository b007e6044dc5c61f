import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../../test/fixtures.ts';
import { runJobs } from '../../test/helper.ts';
import { callRoute } from '../../test/call-route.ts';
import { openOlderRelease, rowsIn } from '../../test/older-release.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { Database } from './client.ts';

/**
 * Issue 31, item 6 (decision 049): a database of the release before notification mails, with notifications told
 * already, migrated (0028). They are not mailed now (their moves are long past); every account wants every kind
 * by mail; a notification made after the upgrade is mailed.
 */
const olderRelease = '0027_notifications';

let database: Database;
let app: FastifyInstance;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const seller = '11111111-0000-4000-8000-000000000000';
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  await database.db.execute(sql`insert into users (id, provider_id, name, email, password_hash, role, email_verified_at) values
    (${seller}, 'local:s', 'Old Seller', 'old-seller@example.com', ${await hashPassword('old-secret')}, 'Seller', now())`);
  await database.db.execute(sql`insert into notifications (user_id, kind, order_id, product_name, read_at) values
    (${seller}, 'book', gen_random_uuid(), 'iPhone 12 mini', null), (${seller}, 'pay', gen_random_uuid(), 'iPhone 12 mini', now())`);
  app = await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before notification mails (${olderRelease}), migrated`, () => {
  it('mails none of the notifications told before, keeps them as they were, and lets their person choose', async () => {
    await runJobs(app);
    expect(await rows(sql`select kind, mail, read_at is not null as read from notifications order by kind`)).toEqual([
      { kind: 'book', mail: 'skipped', read: false },
      { kind: 'pay', mail: 'skipped', read: true },
    ]);
    expect(await rows(sql`select count(*)::int as n from outbox`)).toEqual([{ n: 0 }]);
    const actor = await logIn(app, 'old-seller@example.com', 'old-secret');
    expect((await callRoute(app, 'unreadNotifications', { token: actor.token })).body.data).toEqual({ unread: 1 });
    expect((await callRoute(app, 'mailPreferences', { token: actor.token })).body.data).toEqual({ mailOff: [] });
  });

  it('makes a new notification wait for its mail to be decided, and refuses a kind or a mail state the tables do not have', async () => {
    await database.db.execute(
      sql`insert into notifications (user_id, kind, order_id, product_name) values (${seller}, 'cancel', gen_random_uuid(), 'iPhone 12 mini')`,
    );
    const [made] = await rows<{ id: string; mail: string }>(sql`select id, mail from notifications where kind = 'cancel'`);
    expect(made!.mail).toBe('due');
    await expect(database.db.execute(sql`update users set mail_off = array['spam'] where id = ${seller}`)).rejects.toThrow();
    await expect(database.db.execute(sql`update notifications set mail = 'sent' where id = ${made!.id}`)).rejects.toThrow();
  });
});
