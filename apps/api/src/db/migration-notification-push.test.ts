import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedId as id, openOlderRelease, rowsIn } from '../../test/older-release.ts';
import type { Database } from './client.ts';

/**
 * Issue 33: a database of the release whose pushes were messages only (0037), with a person's two subscribed browsers,
 * another person's none, and a notification of before, migrated (0038). The old notification queues nothing; a new
 * one queues a push for each browser of its person, in the statement that tells it, and only theirs.
 */
const olderRelease = '0037_chat';

let database: Database;
let release: Awaited<ReturnType<typeof openOlderRelease>> | undefined;
const ids = { seller: id(1), buyer: id(2) };
const rows = <T>(query: ReturnType<typeof sql>) => rowsIn<T>(database, query);
const pushJobs = () =>
  rows<{ subscription: string; notification: string | null }>(
    sql`select s.endpoint as subscription, j.payload->>'notificationId' as notification from jobs j join push_subscriptions s on s.id::text = j.payload->>'subscriptionId' where j.kind = 'push' order by 1`,
  );

beforeAll(async () => {
  release = await openOlderRelease(olderRelease);
  database = release.database;
  const { db } = database;
  await db.execute(sql`insert into users (id, provider_id, name, email, role, email_verified_at) values
    (${ids.seller}, 'local:s', 'Old Seller', 'old-seller@example.com', 'Seller', now()),
    (${ids.buyer}, 'local:b', 'Old Buyer', 'old-buyer@example.com', 'Buyer', now())`);
  await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values
    (${ids.seller}, 'https://push.example/a', 'key-a', 'auth-a'), (${ids.seller}, 'https://push.example/b', 'key-b', 'auth-b')`);
  await db.execute(sql`insert into notifications (user_id, kind, product_name, mail) values (${ids.seller}, 'review', 'Pixel 5', 'skipped')`);
  await release.upgrade();
}, 60_000);

afterAll(async () => {
  await release?.close();
});

describe(`a database of the release before notification pushes (${olderRelease}), migrated`, () => {
  it('queues no push for an old notification; a new one is pushed to each browser of its person only', async () => {
    expect(await pushJobs()).toEqual([]);
    const [told] = await rows<{ id: string }>(
      sql`insert into notifications (user_id, kind, product_name) values (${ids.seller}, 'book', 'Pixel 6') returning id`,
    );
    await database.db.execute(sql`insert into notifications (user_id, kind, product_name) values (${ids.buyer}, 'accept', 'Pixel 6')`);
    expect(await pushJobs()).toEqual([
      { subscription: 'https://push.example/a', notification: told!.id },
      { subscription: 'https://push.example/b', notification: told!.id },
    ]);
  });
});
