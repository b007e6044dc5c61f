import type { NumberCodeSent, NumberConfirmed } from '@market/contract';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { phoneCodes, users } from '../../db/schema.ts';
import { badRequest, conflict, isUniqueViolation } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { texts } from '../../texts.ts';
import { releaseNumberHolds } from '../listing-checks/service.ts';
import { CODE_MINUTES, checkCode, sendCode } from '../sms/codes.ts';

/**
 * A seller's confirmed mobile number (issue 36, decision 062): a code by SMS to the number they give, entered on their
 * account page. Until they enter it, a number confirmed before stays theirs.
 */
export async function sendNumberCode(db: Db, secret: string, user: AuthUser, number: string): Promise<NumberCodeSent> {
  if (user.phoneConfirmedAt && user.phone === number) throw conflict('number_already_confirmed');
  // No code to a number another account confirmed: it could never be this one's (users_phone_key).
  if (await confirmedElsewhere(db, user.id, number)) throw conflict('number_taken');
  await sendCode(db, secret, {
    userId: user.id,
    purpose: 'seller-number',
    number,
    text: (code) => texts(user.language)('sms.numberCode', { code }),
  });
  return { number, minutes: CODE_MINUTES };
}

const confirmedElsewhere = async (db: Db, userId: string, number: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, number), ne(users.id, userId)))
      .limit(1)
  ).length > 0;

/**
 * `number` is the seller's confirmed number now (in the caller's transaction; `ifNone`: only when they have none) and
 * their listings that waited for it go live. Answers what became of those listings, or null when nothing changed.
 */
export async function numberConfirmed(db: Db, userId: string, number: string, { ifNone = false } = {}) {
  // The seller's row first (a listing being posted locks it too): a listing posted meanwhile is either counted here
  // or sees the number confirmed.
  // Another account's confirmed number (taken since its code was sent, or a payout wallet shared): refused, or (`ifNone`)
  // left alone; two accounts confirming one number at once meet the unique index, whose refusal is the same answer.
  if (await confirmedElsewhere(db, userId, number)) {
    if (ifNone) return null;
    throw conflict('number_taken');
  }
  let row: { id: string } | undefined;
  try {
    [row] = await db.transaction((sp) =>
      sp
        .update(users)
        .set({ phone: number, phoneConfirmedAt: sql`now()` })
        .where(and(eq(users.id, userId), ifNone ? isNull(users.phoneConfirmedAt) : undefined))
        .returning({ id: users.id }),
    );
  } catch (err) {
    if (!isUniqueViolation(err, 'users_phone_key')) throw err;
    if (ifNone) return null;
    throw conflict('number_taken');
  }
  if (!row) return null;
  return releaseNumberHolds(db, userId);
}

/** The seller enters the code: right, the number it went to is theirs, confirmed, and their listings held for it go live. */
export async function confirmMyNumber(db: Db, secret: string, user: AuthUser, code: string): Promise<NumberConfirmed> {
  // The number the newest code went to (a new code ends the ones before; checkCode reads the same row, locked).
  const [sent] = await db
    .select({ number: phoneCodes.number })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.userId, user.id), eq(phoneCodes.purpose, 'seller-number'), isNull(phoneCodes.usedAt)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  if (!sent) throw badRequest('sms_code_expired');
  let released = { published: 0, stillChecked: 0 };
  await checkCode(db, secret, { userId: user.id, purpose: 'seller-number', number: sent.number, code }, async (tx) => {
    released = (await numberConfirmed(tx, user.id, sent.number)) ?? released;
  });
  return { confirmedNumber: sent.number, ...released };
}
