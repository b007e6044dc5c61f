import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * A person as a mail of theirs needs them (address, name, whether confirmed, language, the kinds they switched off),
 * locked for the caller's transaction: one round of a digest at a time per person.
 */
export async function recipientForUpdate(tx: Db, userId: string) {
  const [person] = await tx
    .select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt, language: users.language, mailOff: users.mailOff })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return person;
}
