import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The spec names users in paths by `_id` or by e-mail; both are accepted. */
export async function resolveUser(db: Db, ref: string) {
  const where = UUID.test(ref) ? eq(users.id, ref.toLowerCase()) : eq(users.email, ref.trim().toLowerCase());
  const [user] = await db.select().from(users).where(where).limit(1);
  if (!user) throw notFound('User');
  return user;
}
