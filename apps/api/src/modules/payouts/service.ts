import { randomUUID } from 'node:crypto';
import type { MoneyOverview, Payout, PayoutBody, PayoutsQuery, PageQuery } from '@market/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, payouts, users } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAdminAct } from '../audit/service.ts';
import { account, balances } from '../ledger/books.ts';
import { adjusted, payoutAsked, payoutFailed, payoutPaid } from '../ledger/postings.ts';
import { notify } from '../notifications/service.ts';
import { destinationOf, methodOf } from './method.ts';

type PayoutRow = typeof payouts.$inferSelect;

/** Taka with their poisha, for people: ৳1,234.50. */
export const takaText = (poisha: number) =>
  `৳${(poisha / 100).toLocaleString('en-IN', { minimumFractionDigits: poisha % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

export const toPayout = (p: PayoutRow, sellerName: string | null = null): Payout => ({
  _id: p.id,
  sellerId: p.sellerId,
  sellerName,
  amount: p.amount,
  method: p.method,
  destination: p.destination.label ?? '',
  state: p.state,
  cause: p.cause,
  providerRef: p.providerRef,
  failure: p.failure,
  createdAt: p.createdAt.toISOString(),
  settledAt: p.settledAt?.toISOString() ?? null,
});

/**
 * A payout of the seller's available money (issue 32): all of it, or `amount` taka, at least `minimum` taka, to their
 * payout method (a bKash wallet only once confirmed), one at a time. The seller's accounts are locked first (in the
 * order every writer of the books takes them), so two payouts asked at once are one after the other and the second
 * finds the first. Money held for deals (a dispute's too) is never available, so never paid out. A bKash payout is
 * a job that pays it; a bank payout waits for the Admin's next batch.
 */
export async function requestPayout(db: Db, sellerId: string, body: PayoutBody, minimum: number, cause: 'asked' | 'weekly' = 'asked') {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [seller, onTheWay] = [account.seller(sellerId), account.payouts(sellerId)];
    await t
      .insert(ledgerAccounts)
      .values([onTheWay, seller].map((a) => ({ key: a.key, kind: a.kind, ownerId: a.ownerId })))
      .onConflictDoNothing();
    await t.execute(sql`select 1 from ${ledgerAccounts} where key in (${onTheWay.key}, ${seller.key}) order by key for update`);
    const method = await methodOf(t, sellerId);
    if (!method) throw conflict('payout_method_missing');
    if (method.kind === 'bkash' && !method.confirmedAt) throw conflict('payout_number_unconfirmed');
    const [who] = await t.select({ suspended: users.suspendedAt }).from(users).where(eq(users.id, sellerId));
    if (who?.suspended) throw conflict('seller_suspended');
    const [open] = await t
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.sellerId, sellerId), inArray(payouts.state, ['requested', 'sending'])));
    if (open) throw conflict('payout_in_progress');
    const available = (await balances(t, [seller.key])).get(seller.key)!;
    const amount = body.amount === undefined ? available : body.amount * 100;
    if (body.amount !== undefined && amount > available) throw conflict('payout_over_balance', { available: Math.max(0, Math.floor(available / 100)) });
    if (amount < minimum * 100) throw conflict('payout_below_minimum', { minimum });
    const destination: Record<string, string> =
      method.kind === 'bkash'
        ? { label: destinationOf(method), wallet: method.wallet! }
        : {
            label: destinationOf(method),
            accountName: method.accountName!,
            accountNumber: method.accountNumber!,
            bankName: method.bankName!,
            routingNumber: method.routingNumber!,
          };
    const [row] = await t.insert(payouts).values({ sellerId, amount, method: method.kind, destination, cause }).returning();
    await payoutAsked(t, { id: row!.id, sellerId, amount });
    if (method.kind === 'bkash') await enqueueJob(t, 'payout', { payoutId: row!.id });
    return toPayout(row!);
  });
}

/** A payout confirmed by its provider (`ref`: bKash's trxID, or the bank batch): the books say it left, the seller is told. Once. */
export async function markPaid(db: Db, id: string, ref: string | null) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [done] = await t
      .update(payouts)
      .set({ state: 'paid', providerRef: ref, settledAt: sql`now()` })
      .where(and(eq(payouts.id, id), inArray(payouts.state, ['requested', 'sending'])))
      .returning();
    if (!done) return;
    await payoutPaid(t, { id, sellerId: done.sellerId, amount: done.amount, method: done.method, ref });
    await notify(t, 'payout_paid', [{ userId: done.sellerId, productName: takaText(done.amount) }]);
  });
}

/** A payout the provider refused: the money goes back to the seller's available balance with why, and they are told. Once. */
export async function markFailed(db: Db, id: string, failure: string) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [done] = await t
      .update(payouts)
      .set({ state: 'failed', failure: failure.slice(0, 500), settledAt: sql`now()` })
      .where(and(eq(payouts.id, id), inArray(payouts.state, ['requested', 'sending'])))
      .returning();
    if (!done) return;
    await payoutFailed(t, { id, sellerId: done.sellerId, amount: done.amount, failure });
    await notify(t, 'payout_failed', [{ userId: done.sellerId, productName: takaText(done.amount) }]);
  });
}

const keys = { table: payouts, id: payouts.id, createdAt: payouts.createdAt };

async function listPayouts(db: Db, where: SQL | undefined, query: PageQuery) {
  const rows = await db
    .select({ payout: payouts, sellerName: users.name })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.sellerId))
    .where(and(where, after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const page = paged(rows, query, (r) => r.payout.id);
  return { items: page.items.map((r) => toPayout(r.payout, r.sellerName)), nextCursor: page.nextCursor };
}

export const sellerPayouts = (db: Db, sellerId: string, query: PageQuery) => listPayouts(db, eq(payouts.sellerId, sellerId), query);
export const everyPayout = (db: Db, query: PayoutsQuery) => listPayouts(db, query.state ? eq(payouts.state, query.state) : undefined, query);

/** A CSV cell of people's words: quoted when it must be, never a spreadsheet formula. */
const words = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * The Admin's batch of bank payouts: every one waiting goes into a new batch (they are being sent from now on) and
 * the answer is the file for the bank, one transfer a line (audited). Two Admins at once make two batches of
 * different payouts, never one payout in both.
 */
export async function makeBatch(db: Db, admin: AuthUser): Promise<{ id: string; csv: string }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const waiting = await t
      .select()
      .from(payouts)
      .where(and(eq(payouts.method, 'bank'), eq(payouts.state, 'requested')))
      .orderBy(payouts.createdAt)
      .for('update', { skipLocked: true });
    if (!waiting.length) throw conflict('no_bank_payouts_waiting');
    const batchId = randomUUID();
    await t
      .update(payouts)
      .set({ state: 'sending', batchId, providerRef: batchId })
      .where(
        inArray(
          payouts.id,
          waiting.map((p) => p.id),
        ),
      );
    const total = waiting.reduce((sum, p) => sum + p.amount, 0);
    await recordAdminAct(t, admin, {
      action: 'send-payout-batch',
      target: { kind: 'user', id: admin.id, label: `Batch ${batchId}: ${waiting.length} bank payouts, ${takaText(total)}` },
    });
    const lines = ['payout,account name,account number,bank,routing number,amount (taka),reference'];
    for (const p of waiting) {
      const d = p.destination;
      lines.push(
        [
          p.id,
          words(d.accountName ?? ''),
          d.accountNumber,
          words(d.bankName ?? ''),
          d.routingNumber,
          (p.amount / 100).toFixed(2),
          `RP-${p.id.slice(0, 8)}`,
        ].join(','),
      );
    }
    return { id: batchId, csv: `${lines.join('\r\n')}\r\n` };
  });
}

/** The Admin says what became of a bank payout of a batch: paid, or failed with why (the money goes back). Audited, the seller told. */
export async function settleBankPayout(db: Db, admin: AuthUser, id: string, outcome: 'paid' | 'failed', reason: string) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [p] = await t.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!p) throw notFound('Payout');
    if (p.method !== 'bank' || p.state !== 'sending') throw conflict('payout_not_in_batch', { state: p.state });
    if (outcome === 'paid') await markPaid(t, id, p.batchId);
    else await markFailed(t, id, reason);
    const [seller] = await t.select({ name: users.name }).from(users).where(eq(users.id, p.sellerId));
    await recordAdminAct(t, admin, {
      action: 'settle-payout',
      target: {
        kind: 'user',
        id: p.sellerId,
        label: `${outcome === 'paid' ? 'Paid' : 'Failed'}: ${takaText(p.amount)} to ${seller?.name ?? 'a deleted seller'}`,
      },
      reason,
    });
    const [after] = await t.select().from(payouts).where(eq(payouts.id, id));
    return toPayout(after!);
  });
}

/**
 * The weekly payouts (issue 32), from the hourly housekeeping: each seller with a usable payout method, at least
 * `minimum` taka available, no payout open and none in the last 7 days is paid out all of it. Several instances at
 * once pay each seller once (requestPayout locks and the one-open-payout index). Answers how many were made.
 */
export async function weeklyPayouts(db: Db, minimum: number): Promise<number> {
  const due = (await db.execute(sql`
    select pm.user_id from payout_methods pm
    join ledger_accounts a on a.key = 'seller:' || pm.user_id
    where a.balance >= ${minimum * 100} and (pm.kind = 'bank' or pm.confirmed_at is not null)
      and not exists (select 1 from payouts p where p.seller_id = pm.user_id and (p.state in ('requested', 'sending') or p.created_at > now() - interval '7 days'))
    limit 500`)) as unknown as { rows: { user_id: string }[] };
  let made = 0;
  for (const { user_id } of due.rows) {
    try {
      await requestPayout(db, user_id, {}, minimum, 'weekly');
      made++;
    } catch (err) {
      // Suspended, or another instance made it meanwhile: nothing to pay now.
      if (!(err instanceof AppError)) throw err;
    }
  }
  return made;
}

/** An Admin corrects a seller's available balance (taka), with the reason: a ledger entry of its own, audited. */
export async function adjustBalance(db: Db, admin: AuthUser, sellerId: string, amount: number, reason: string) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [seller] = await t.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, sellerId));
    if (!seller || seller.role !== 'Seller') throw notFound('User');
    await adjusted(t, { id: randomUUID(), sellerId, amount: amount * 100, reason });
    await recordAdminAct(t, admin, {
      action: 'adjust-balance',
      target: { kind: 'user', id: sellerId, label: `${amount > 0 ? '+' : '−'}${takaText(Math.abs(amount) * 100)} to ${seller.name}` },
      reason,
    });
    const key = account.seller(sellerId).key;
    return { available: (await balances(t, [key])).get(key)! };
  });
}

/** What each provider's side of the books says it took, refunded and paid out (poisha; positive). */
async function booksOfProviders(db: Db) {
  const rows = (await db.execute(sql`
    select a.key, e.cause, sum(l.amount) as amount from ledger_lines l
    join ledger_accounts a on a.key = l.account join ledger_entries e on e.id = l.entry_id
    where a.kind = 'provider' group by a.key, e.cause`)) as unknown as { rows: { key: string; cause: string; amount: string }[] };
  const found = new Map<string, { taken: number; refunded: number; paidOut: number }>();
  for (const r of rows.rows) {
    const name = r.key.slice('provider:'.length);
    const sums = found.get(name) ?? { taken: 0, refunded: 0, paidOut: 0 };
    const amount = Number(r.amount);
    if (r.cause === 'payment' || (r.cause === 'refund' && amount < 0)) sums.taken -= amount;
    else if (r.cause === 'refund_paid') sums.refunded += amount;
    else if (r.cause === 'payout_paid') sums.paidOut += amount;
    found.set(name, sums);
  }
  return found;
}

export type ProviderSays = (db: Db) => Promise<{ taken: number; refunded: number; paidOut: number }>;

/**
 * The Admins' money view (issue 32): the money held for deals, the fees earned, refunds owed, what sellers may be
 * paid, payouts waiting, being sent or failed (the last 30 days), and each provider reconciled: what the books say
 * it took, refunded and paid out against what the provider itself says (the stand-ins answer from their own records;
 * a real provider's report is not fetched here: null).
 */
export async function moneyOverview(db: Db, providers: Record<string, ProviderSays>): Promise<MoneyOverview> {
  const totals = (await db.execute(sql`
    select
      coalesce(sum(balance) filter (where kind = 'held'), 0) as held,
      coalesce(sum(balance) filter (where kind = 'fees'), 0) as fees,
      coalesce(sum(balance) filter (where kind = 'refunds'), 0) as refunds,
      coalesce(sum(balance) filter (where kind = 'seller'), 0) as sellers
    from ledger_accounts`)) as unknown as { rows: Record<string, string>[] };
  const counts = (await db.execute(sql`
    select state, count(*)::int as count, coalesce(sum(amount), 0) as amount from payouts
    where state in ('requested', 'sending') or (state = 'failed' and settled_at > now() - interval '30 days') group by state`)) as unknown as {
    rows: { state: string; count: number; amount: string }[];
  };
  const of = (state: string) => {
    const r = counts.rows.find((c) => c.state === state);
    return { count: r?.count ?? 0, amount: Number(r?.amount ?? 0) };
  };
  const books = await booksOfProviders(db);
  const names = [...new Set([...books.keys(), ...Object.keys(providers)])].sort();
  const reports = await Promise.all(
    names.map(async (provider) => {
      const own = books.get(provider) ?? { taken: 0, refunded: 0, paidOut: 0 };
      const says = providers[provider] ? await providers[provider](db) : null;
      const matches = says ? says.taken === own.taken && says.refunded === own.refunded && says.paidOut === own.paidOut : null;
      return { provider, books: own, providerSays: says, matches };
    }),
  );
  const t = totals.rows[0]!;
  return {
    held: Number(t.held),
    fees: Number(t.fees),
    refundsOwed: Number(t.refunds),
    sellersAvailable: Number(t.sellers),
    payouts: { waiting: of('requested'), sending: of('sending'), failed: of('failed') },
    providers: reports,
  };
}
