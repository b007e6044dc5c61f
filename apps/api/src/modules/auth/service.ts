import { randomUUID } from 'node:crypto';
import { defaultLang, type LoginBody, type SignUpBody } from '@market/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { isUniqueViolation, unauthorized } from '../../errors.ts';
import { sendVerification } from '../accounts/service.ts';
import type { AccountLinks } from '../accounts/links.ts';
import { attachUpload, requireUpload } from '../images/uploads.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { accountExistsMail } from '../mail/templates.ts';
import { hashPassword, passwordMatches } from './passwords.ts';

/** Verified against when the e-mail is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;

/**
 * Creates the account and mails a verification link; if the e-mail already has an account,
 * creates nothing and mails its owner instead. Both take the same work (the password is
 * hashed either way) and the caller answers both the same, so sign-up tells nobody who has
 * an account. Answers whether an account was created (for logs and tests only).
 */
export async function signUp(db: Db, body: SignUpBody, links: AccountLinks): Promise<{ created: boolean }> {
  await requireUpload(db, body.userImg, 'userImg', { newAccount: null });
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          providerId: `local:${randomUUID()}`,
          name: body.name,
          email: body.email,
          passwordHash,
          role: body.role,
          userImg: body.userImg,
          language: body.language ?? defaultLang,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!user) {
        // In the owner's language, not the sign-up page's: the mail goes to them.
        const [owner] = await tx
          .select({ name: users.name, emailVerifiedAt: users.emailVerifiedAt, language: users.language })
          .from(users)
          .where(eq(users.email, body.email))
          .limit(1);
        const recipient = {
          email: body.email,
          name: owner?.name ?? body.email,
          emailVerifiedAt: owner?.emailVerifiedAt ?? null,
          language: owner?.language ?? body.language ?? defaultLang,
        };
        await enqueueMail(tx, accountExistsMail(recipient, links.login, links.forgot));
        return { created: false };
      }
      await attachUpload(tx, body.userImg, 'userImg', { newAccount: user.id });
      await sendVerification(tx, user, links);
      return { created: true };
    });
  } catch (err) {
    // Only the provider id could collide (a random UUID): say so in the log, as any other failure.
    if (isUniqueViolation(err)) throw new Error('sign-up collided on a unique key other than the e-mail', { cause: err });
    throw err;
  }
}

export async function logIn(db: Db, body: LoginBody) {
  const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
  const stored = user?.passwordHash ?? (await (decoyHash ??= hashPassword(randomUUID())));
  const matches = await passwordMatches(stored, body.password);
  if (!user || !user.passwordHash || !matches) throw unauthorized('wrong_credentials');
  return user;
}
