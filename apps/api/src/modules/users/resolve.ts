import { isUuid } from '@market/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

/** The spec names users in paths by `_id` or by e-mail; both are accepted. */
export async function resolveUser(db: Db, ref: string) {
  const where = isUuid(ref) ? eq(users.id, ref.toLowerCase()) : eq(users.email, ref.trim().toLowerCase());
  const [user] = await db.select().from(users).where(where).limit(1);
  if (!user) throw notFound('User');
  return user;
}
