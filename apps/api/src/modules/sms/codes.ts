import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { phoneCodes } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { enqueueSms } from './outbox.ts';

/** How long a code lasts, and how many tries it takes (issue 32). */
export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;

type Purpose = (typeof phoneCodes.$inferSelect)['purpose'];

/** What a code is kept as: an HMAC under the server's secret, of the code with its row's id (one guess tests one row). */
const hashOf = (secret: string, id: string, code: string) => createHmac('sha256', secret).update(`phone-code:${id}:${code}`).digest('base64url');

/**
 * Sends a new one-time code to `number` for `purpose` (in the caller's transaction): 6 random digits, kept only as
 * their HMAC, ending in 10 minutes; the person's earlier codes for the purpose end now. `text` writes the message.
 */
export async function sendCode(db: Db, secret: string, p: { userId: string; purpose: Purpose; number: string; text: (code: string) => string }) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx
      .update(phoneCodes)
      .set({ expiresAt: sql`least(${phoneCodes.expiresAt}, now())` })
      .where(and(eq(phoneCodes.userId, p.userId), eq(phoneCodes.purpose, p.purpose), isNull(phoneCodes.usedAt)));
    const id = randomUUID();
    await tx.insert(phoneCodes).values({
      id,
      userId: p.userId,
      purpose: p.purpose,
      number: p.number,
      codeHash: hashOf(secret, id, code),
      expiresAt: sql`now() + make_interval(mins => ${CODE_MINUTES})`,
    });
    await enqueueSms(tx as unknown as Db, { kind: p.purpose, to: p.number, body: p.text(code) });
  });
}

/**
 * Checks a code the person typed against their newest one for `purpose` sent to `number`, in a transaction of its
 * own (the row locked, so two guesses at once count as two, and a wrong guess stays counted): right, it is used up
 * and `then` runs in the same transaction; wrong, a try is used (400 with the tries left); ended or out of tries,
 * 400 saying to ask for a new one.
 */
export async function checkCode(
  db: Db,
  secret: string,
  p: { userId: string; purpose: Purpose; number: string; code: string },
  then: (tx: Db) => Promise<void>,
): Promise<void> {
  const refusal = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: phoneCodes.id,
        number: phoneCodes.number,
        codeHash: phoneCodes.codeHash,
        tries: phoneCodes.tries,
        live: sql<boolean>`${phoneCodes.expiresAt} > now()`,
      })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.userId, p.userId), eq(phoneCodes.purpose, p.purpose), isNull(phoneCodes.usedAt)))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row || !row.live || row.number !== p.number) return badRequest('sms_code_expired');
    if (row.tries >= CODE_TRIES) return badRequest('sms_code_tries_used');
    const right = Buffer.from(hashOf(secret, row.id, p.code));
    const kept = Buffer.from(row.codeHash);
    if (right.length === kept.length && timingSafeEqual(right, kept)) {
      await tx
        .update(phoneCodes)
        .set({ usedAt: sql`now()` })
        .where(eq(phoneCodes.id, row.id));
      await then(tx as unknown as Db);
      return null;
    }
    await tx
      .update(phoneCodes)
      .set({ tries: row.tries + 1 })
      .where(eq(phoneCodes.id, row.id));
    const left = CODE_TRIES - row.tries - 1;
    return left <= 0 ? badRequest('sms_code_tries_used') : badRequest('sms_code_wrong', { left });
  });
  if (refusal) throw refusal;
}
