import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountTokens, users } from '../../db/schema.ts';

export type LinkPurpose = 'verify-email' | 'reset-password';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new one-time link code for `user`: 32 random bytes, of which only a hash is stored. Older
 * unused codes of the same purpose stop working, so only the latest mail's link does.
 */
export async function issueLinkToken(db: Db, user: { id: string; email: string }, purpose: LinkPurpose, lifetimeMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await db
    .insert(accountTokens)
    .values({ tokenHash: hashOf(token), userId: user.id, purpose, email: user.email, expiresAt: new Date(Date.now() + lifetimeMs) });
  return token;
}

/**
 * Uses a code up: one UPDATE marks it used only if it is unused and unexpired, so two clicks
 * at once cannot both succeed. Answers the user, locked for the caller's transaction, when the
 * code is good and the account still has the address it was sent to.
 */
export async function useLinkToken(db: Db, token: string, purpose: LinkPurpose) {
  const [used] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!used) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, used.userId)).limit(1).for('update');
  if (!user || user.email !== used.email) return undefined;
  return user;
}

/**
 * Every unused link of the account stops working, reset and confirmation alike: a password change or 'log out
 * everywhere' takes the account back from whoever may hold an older mail (decision 039). A new confirmation link
 * is one click away for the owner.
 */
export async function revokeLinkTokens(db: Db, userId: string) {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
}

/** Codes past their expiry, and used ones, are removed by the maintenance sweep. */
export async function pruneLinkTokens(db: Db) {
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, sql`now() - interval '1 day'`));
}
