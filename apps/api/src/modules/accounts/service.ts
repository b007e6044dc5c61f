import type { ChangePasswordBody, Lang } from '@market/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userIdentities, users } from '../../db/schema.ts';
import { badRequest, conflict } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { hashPassword, passwordMatches } from '../auth/passwords.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordChangedMail, RESET_LINK_MINUTES, resetPasswordMail, VERIFY_LINK_HOURS, verifyEmailMail } from '../mail/templates.ts';
import { LOCAL_OIDC_PROVIDER } from '../google/service.ts';
import { issueLinkToken, revokeLinkTokens, useLinkToken } from './link-tokens.ts';
import type { AccountLinks } from './links.ts';

const HOUR = 3_600_000;

/** A verification link for the user's current address (older ones stop working). */
export async function sendVerification(db: Db, user: AuthUser, links: AccountLinks) {
  const token = await issueLinkToken(db, user, 'verify-email', VERIFY_LINK_HOURS * HOUR);
  await enqueueMail(db, verifyEmailMail(user, links.verify(token)));
}

export async function resendVerification(db: Db, user: AuthUser, links: AccountLinks) {
  if (user.emailVerifiedAt) throw conflict('email_already_confirmed');
  await db.transaction((tx) => sendVerification(tx, user, links));
}

const badLink = () => badRequest('link_expired');

export async function verifyEmail(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const user = await useLinkToken(tx, token, 'verify-email');
    if (!user) throw badLink();
    if (user.emailVerifiedAt) return user;
    const [updated] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  });
}

/** A reset link if the address has an account; nothing otherwise. The caller answers the same either way. */
export async function requestPasswordReset(db: Db, email: string, links: AccountLinks): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) return false;
    const token = await issueLinkToken(tx, user, 'reset-password', RESET_LINK_MINUTES * 60_000);
    await enqueueMail(tx, resetPasswordMail(user, links.reset(token)));
    return true;
  });
}

/**
 * The reset link proves the address: the new password is set, the address counts as
 * confirmed, every session ends, and the local stand-in can no longer enter the account.
 */
export async function resetPassword(db: Db, token: string, password: string, links: AccountLinks) {
  return db.transaction(async (tx) => {
    const user = await useLinkToken(tx, token, 'reset-password');
    if (!user) throw badLink();
    // Hashed only for a good code: a made-up one costs the server nothing.
    const passwordHash = await hashPassword(password);
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning();
    await tx.delete(userIdentities).where(and(eq(userIdentities.userId, user.id), eq(userIdentities.provider, LOCAL_OIDC_PROVIDER)));
    await revokeLinkTokens(tx, user.id);
    await enqueueMail(tx, passwordChangedMail(user, links.forgot));
    return updated!;
  });
}

/** Checks the current password first; a wrong one is a 400 (and counts as a failed login, by the caller). */
export async function changePassword(db: Db, user: AuthUser, body: ChangePasswordBody, links: AccountLinks) {
  if (!user.passwordHash) throw badRequest('no_password_yet');
  const matches = await passwordMatches(user.passwordHash, body.currentPassword);
  if (!matches) throw badRequest('wrong_current_password');
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning();
    await revokeLinkTokens(tx, user.id);
    await enqueueMail(tx, passwordChangedMail(user, links.forgot));
    return updated!;
  });
}

/** Every token issued so far stops working, and so does every unused link mailed to the account. */
export async function logOutEverywhere(db: Db, user: AuthUser) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id));
    await revokeLinkTokens(tx, user.id);
  });
}

/** The account's language (decision 029): the mails it gets from now on are written in it. */
export async function setLanguage(db: Db, user: AuthUser, language: Lang) {
  const [updated] = await db.update(users).set({ language }).where(eq(users.id, user.id)).returning();
  return updated!;
}
