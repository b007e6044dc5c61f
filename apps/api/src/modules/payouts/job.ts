import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bkashSandboxPayments, bkashSandboxPayouts, payouts, sandboxIntents } from '../../db/schema.ts';
import { BkashError, type BkashClient, type BkashPayout } from '../bkash/client.ts';
import { markFailed, markPaid, type ProviderSays } from './service.ts';

/** bKash's codes for what it never had under an invoice number, and for one it was given before. */
const NEVER_HAD = '2002';
const DUPLICATE = '2068';

/**
 * The job of a bKash payout (issue 32): bKash is asked once, with the payout's id as the merchant invoice number, which
 * bKash takes once. The payout is marked 'sending' (committed) before the call; a job that finds it sending already
 * (its worker died after asking, or the answer was lost) asks bKash what became of that invoice first and pays only
 * if bKash never had it. bKash's refusal (a wallet that is no account) fails the payout: the money goes back to the
 * seller, who is told; a network fault or a timeout throws, and the queue asks again later.
 */
export const payoutJob =
  (db: Db, bkash: Pick<BkashClient, 'payout' | 'queryPayout'> | undefined) =>
  async ({ payoutId }: { payoutId: string }) => {
    const [p] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
    if (!p || p.method !== 'bkash' || p.state === 'paid' || p.state === 'failed') return;
    if (!bkash) throw new Error('bKash is not configured on this server: the payout waits');
    let answer: BkashPayout | null = null;
    if (p.state === 'sending') answer = await asked(bkash, p.id);
    else
      await db
        .update(payouts)
        .set({ state: 'sending' })
        .where(and(eq(payouts.id, p.id), eq(payouts.state, 'requested')));
    if (!answer) {
      try {
        answer = await bkash.payout({ amount: p.amount / 100, invoice: p.id, receiver: p.destination.wallet! });
      } catch (err) {
        if (!(err instanceof BkashError)) throw err;
        if (err.code === DUPLICATE) answer = await asked(bkash, p.id);
        else return markFailed(db, p.id, `bKash: ${err.message}`);
      }
    }
    if (answer?.transactionStatus === 'Completed') return markPaid(db, p.id, answer.trxID);
    throw new Error(`the payout ${p.id} is ${answer?.transactionStatus ?? 'unknown'} at bKash`);
  };

/** What bKash says became of the payout under this invoice number; null when it never had it. */
async function asked(bkash: Pick<BkashClient, 'queryPayout'>, invoice: string): Promise<BkashPayout | null> {
  try {
    return await bkash.queryPayout(invoice);
  } catch (err) {
    if (err instanceof BkashError && err.code === NEVER_HAD) return null;
    throw err;
  }
}

const poisha = (taka: string | number | null) => Math.round(Number(taka ?? 0) * 100);

/** The local stand-ins' own records, for the reconciliation (each provider's answer for itself, in poisha). */
export const standInReports: Record<string, ProviderSays> = {
  sandbox: async (db) => {
    const [r] = await db
      .select({
        taken: sql<string>`coalesce(sum(${sandboxIntents.amount}) filter (where ${sandboxIntents.status} = 'succeeded'), 0)`,
        refunded: sql<string>`coalesce(sum(${sandboxIntents.refundAmount}) filter (where ${sandboxIntents.refundId} is not null), 0)`,
      })
      .from(sandboxIntents);
    return { taken: Number(r!.taken), refunded: Number(r!.refunded), paidOut: 0 };
  },
  bkash: async (db) => {
    const rows = await db
      .select({ amount: bkashSandboxPayments.amount, refund: bkashSandboxPayments.refundAmount, refunded: bkashSandboxPayments.refundTrxId })
      .from(bkashSandboxPayments)
      .where(eq(bkashSandboxPayments.status, 'Completed'));
    return {
      taken: rows.reduce((s, r) => s + poisha(r.amount), 0),
      refunded: rows.filter((r) => r.refunded).reduce((s, r) => s + poisha(r.refund ?? r.amount), 0),
      paidOut: 0,
    };
  },
  'bkash-payout': async (db) => {
    const rows = await db.select({ amount: bkashSandboxPayouts.amount }).from(bkashSandboxPayouts);
    return { taken: 0, refunded: 0, paidOut: rows.reduce((s, r) => s + poisha(r.amount), 0) };
  },
};
