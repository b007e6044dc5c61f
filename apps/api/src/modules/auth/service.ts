import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { LoginBody, SignUpBody } from '@market/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { conflict, isUniqueViolation, unauthorized } from '../../errors.ts';

export const hashPassword = (password: string) => hash(password);

/** Verified against when the e-mail is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;

export async function signUp(db: Db, body: SignUpBody) {
  const passwordHash = await hashPassword(body.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        providerId: `local:${randomUUID()}`,
        name: body.name,
        email: body.email,
        passwordHash,
        role: body.role,
        userImg: body.userImg,
      })
      .returning();
    return user!;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw conflict('An account with this e-mail already exists');
    throw err;
  }
}

export async function logIn(db: Db, body: LoginBody) {
  const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
  const stored = user?.passwordHash ?? (await (decoyHash ??= hashPassword(randomUUID())));
  const matches = await verify(stored, body.password).catch(() => false);
  if (!user || !user.passwordHash || !matches) throw unauthorized('Invalid Email or Password');
  return user;
}
