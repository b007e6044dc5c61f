import type { PayoutMethod, PayoutMethodBody } from '@market/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { payoutMethods, users } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { texts } from '../../texts.ts';
import { notify } from '../notifications/service.ts';
import { numberConfirmed } from '../seller-number/service.ts';
import { checkCode, sendCode } from '../sms/codes.ts';

type MethodRow = typeof payoutMethods.$inferSelect;
/** The body as the route's schema left it (the wallet in its local form, the numbers as digits). */
type Parsed = z.output<typeof PayoutMethodBody>;

/** Where a payout goes, for people: the wallet, or the bank, the account's last 4 digits and the branch's routing number. */
export const destinationOf = (m: Pick<MethodRow, 'kind' | 'wallet' | 'bankName' | 'accountNumber' | 'routingNumber'>) =>
  m.kind === 'bkash' ? `bKash ${m.wallet}` : `${m.bankName} ····${m.accountNumber!.slice(-4)} (routing ${m.routingNumber})`;

export const toMethod = (m: MethodRow): PayoutMethod => ({
  kind: m.kind,
  wallet: m.wallet,
  accountName: m.accountName,
  accountNumberEnd: m.accountNumber?.slice(-4) ?? null,
  bankName: m.bankName,
  routingNumber: m.routingNumber,
  confirmed: m.confirmedAt !== null,
  updatedAt: m.updatedAt.toISOString(),
});

export async function methodOf(db: Db, userId: string): Promise<MethodRow | null> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
  return row ?? null;
}

/**
 * Sets where the seller is paid (issue 32), and tells them when it changed (a notification and its e-mail: a changed
 * payout method is what someone who took over an account would do first). A bank account is confirmed by its form; a
 * bKash wallet waits for the SMS code sent to it now (the same wallet again: a new code), unless it is confirmed already.
 */
export async function setMethod(db: Db, secret: string, user: AuthUser, body: Parsed): Promise<PayoutMethod> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [before] = await t.select().from(payoutMethods).where(eq(payoutMethods.userId, user.id)).for('update');
    const sameWallet = body.kind === 'bkash' && before?.kind === 'bkash' && before.wallet === body.wallet && before.confirmedAt !== null;
    // The same method again (a new code asked for the same wallet, a form sent twice) is no change to tell of.
    const unchanged =
      before !== undefined &&
      (body.kind === 'bkash'
        ? before.kind === 'bkash' && before.wallet === body.wallet
        : before.kind === 'bank' &&
          before.accountName === body.accountName &&
          before.accountNumber === body.accountNumber &&
          before.bankName === body.bankName &&
          before.routingNumber === body.routingNumber);
    const values =
      body.kind === 'bkash'
        ? { kind: 'bkash' as const, wallet: body.wallet, accountName: null, accountNumber: null, bankName: null, routingNumber: null }
        : {
            kind: 'bank' as const,
            wallet: null,
            accountName: body.accountName,
            accountNumber: body.accountNumber,
            bankName: body.bankName,
            routingNumber: body.routingNumber,
          };
    const confirmedAt = body.kind === 'bank' || sameWallet ? (sameWallet ? before!.confirmedAt : sql`now()`) : null;
    const [row] = await t
      .insert(payoutMethods)
      .values({ userId: user.id, ...values, confirmedAt, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: payoutMethods.userId, set: { ...values, confirmedAt, updatedAt: sql`now()` } })
      .returning();
    if (body.kind === 'bkash' && !sameWallet) {
      const [{ language }] = (await t.select({ language: users.language }).from(users).where(eq(users.id, user.id))) as [{ language: 'en' | 'bn' }];
      await sendCode(t, secret, {
        userId: user.id,
        purpose: 'payout-number',
        number: body.wallet,
        text: (code) => texts(language)('sms.payoutCode', { code }),
      });
    }
    if (!unchanged) await notify(t, 'payout_method_changed', [{ userId: user.id, productName: destinationOf(row!) }]);
    return toMethod(row!);
  });
}

/**
 * The seller enters the code sent to their bKash wallet: right, the wallet is confirmed and can receive payouts, and
 * (issue 36) it is their confirmed mobile number when they have none yet.
 */
export async function confirmNumber(db: Db, secret: string, user: AuthUser, code: string): Promise<PayoutMethod> {
  const method = await methodOf(db, user.id);
  if (!method || method.kind !== 'bkash') throw conflict('payout_method_missing');
  if (method.confirmedAt) throw conflict('payout_number_confirmed');
  await checkCode(db, secret, { userId: user.id, purpose: 'payout-number', number: method.wallet!, code }, async (tx) => {
    await tx
      .update(payoutMethods)
      .set({ confirmedAt: sql`now()` })
      .where(eq(payoutMethods.userId, user.id));
    await numberConfirmed(tx, user.id, method.wallet!, { ifNone: true });
  });
  return toMethod((await methodOf(db, user.id))!);
}
