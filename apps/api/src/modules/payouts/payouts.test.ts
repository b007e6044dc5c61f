import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appWithLimits, runJobs, useTestApp } from '../../../test/helper.ts';
import { createAdmin, signUp, type Actor } from '../../../test/fixtures.ts';
import { callRoute } from '../../../test/call-route.ts';
import { auditLog, bkashSandboxPayouts, jobs, notifications, payouts, phoneCodes, smsMessages } from '../../db/schema.ts';
import { sandboxWallets } from '../bkash/sandbox-accounts.ts';
import { checkBooks } from '../ledger/books.ts';
import { adjusted, payoutAsked } from '../ledger/postings.ts';
import { payoutJob } from './job.ts';

/**
 * Issue 32, items 3–5 and 7 (decision 052): a seller's payout method (a bank account checked for form, or a bKash
 * wallet confirmed by an SMS code), payouts of their available money — to bKash through its disbursement API's
 * stand-in, once, even after a crash, or in an Admin's bank batch — and the Admins' money view.
 */
const ctx = useTestApp();
beforeAll(async () => {
  // The bKash stand-in answers over HTTP, at the address the app listens on.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  expect(await checkBooks(ctx.app.db)).toEqual([]);
});

const bank = { kind: 'bank', accountName: 'Rafiq Mobile House', accountNumber: '1234-5678-90123', bankName: 'Dutch-Bangla Bank', routingNumber: '090260724' };
const seller = () => signUp(ctx.app, 'Seller', undefined, { verified: true });
const setMethod = (who: Actor, body: Record<string, unknown>) => callRoute(ctx.app, 'setPayoutMethod', { token: who.token, body: body as never });
const confirm = (who: Actor, code: string) => callRoute(ctx.app, 'confirmPayoutNumber', { token: who.token, body: { code } });
const ask = (who: Actor, body: Record<string, unknown> = {}) => callRoute(ctx.app, 'requestPayout', { token: who.token, body });
const earnings = async (who: Actor) => (await callRoute(ctx.app, 'earnings', { token: who.token })).body.data;
/** Gives the seller `taka` available, as a completed sale would (an adjustment entry). */
const fund = (who: Actor, taka: number) => adjusted(ctx.app.db, { id: randomUUID(), sellerId: who._id, amount: taka * 100, reason: 'test' });
/** The code the SMS outbox holds for this local number (no gateway here: the words wait for the Admin). */
async function codeSentTo(wallet: string) {
  const admin = await createAdmin(ctx.app);
  const outbox = await callRoute(ctx.app, 'smsOutbox', { token: admin.token, query: { limit: 50 } });
  const sms = (outbox.body.data as { to: string; text: string | null }[]).find((m) => m.to === `88${wallet}`);
  return /\b(\d{6})\b/.exec(sms!.text!)![1]!;
}
const told = async (who: Actor) => (await ctx.app.db.select().from(notifications).where(eq(notifications.userId, who._id))).map((n) => n.kind).sort();
/** A bKash seller with a confirmed wallet. */
async function bkashSeller(wallet: string = sandboxWallets.success) {
  const s = await seller();
  expect((await setMethod(s, { kind: 'bkash', wallet })).status).toBe(200);
  expect((await confirm(s, await codeSentTo(wallet))).status).toBe(200);
  return s;
}

describe('a payout method', () => {
  it('a bank account is checked for form and confirmed at once; the seller sees its last 4 digits and is told of the change', async () => {
    const s = await seller();
    const bad = await setMethod(s, { ...bank, routingNumber: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('routing number: 9 digits');
    const res = await setMethod(s, bank);
    expect(res.body.data).toMatchObject({
      kind: 'bank',
      accountName: 'Rafiq Mobile House',
      accountNumberEnd: '0123',
      bankName: 'Dutch-Bangla Bank',
      routingNumber: '090260724',
      confirmed: true,
    });
    expect(JSON.stringify(res.body.data)).not.toContain('1234567890123');
    expect(await told(s)).toEqual(['payout_method_changed']);
  });

  it('a bKash wallet waits for the SMS code: 5 tries, wrong ones counted, an ended code refused, the right one confirms it', async () => {
    const s = await seller();
    const res = await setMethod(s, { kind: 'bkash', wallet: '+880 1711-223344' });
    expect(res.body.data).toMatchObject({ kind: 'bkash', wallet: '01711223344', confirmed: false });
    const code = await codeSentTo('01711223344');
    // Only an HMAC of the code is kept.
    const [row] = await ctx.app.db.select().from(phoneCodes).where(eq(phoneCodes.userId, s._id));
    expect(JSON.stringify(row)).not.toContain(code);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await confirm(s, wrong)).body).toMatchObject({ code: 'sms_code_wrong', params: { left: 4 } });
    expect((await ask(s)).body).toMatchObject({ code: 'payout_number_unconfirmed' });
    expect((await confirm(s, code)).body.data).toMatchObject({ confirmed: true });
    expect((await confirm(s, code)).body).toMatchObject({ code: 'payout_number_confirmed' });

    const other = await seller();
    await setMethod(other, { kind: 'bkash', wallet: '01811223344' });
    const theirs = await codeSentTo('01811223344');
    const miss = String((Number(theirs) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) await confirm(other, miss);
    expect((await confirm(other, miss)).body).toMatchObject({ code: 'sms_code_tries_used' });
    // Out of tries, even the right code is refused: a new one is needed.
    expect((await confirm(other, theirs)).body).toMatchObject({ code: 'sms_code_tries_used' });
    await setMethod(other, { kind: 'bkash', wallet: '01811223344' });
    const fresh = await codeSentTo('01811223344');
    // A new code for the same wallet is no change of method to tell of.
    expect((await told(other)).filter((k) => k === 'payout_method_changed')).toHaveLength(1);
    await ctx.app.db
      .update(phoneCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(phoneCodes.userId, other._id));
    expect((await confirm(other, fresh)).body).toMatchObject({ code: 'sms_code_expired' });
  });

  it('codes to one number and method changes per account are limited; a bad body costs nothing', async () => {
    const limited = await appWithLimits(ctx, { smsCodesPerNumber: { max: 2, windowMs: 60_000 }, payoutMethodPerUser: { max: 3, windowMs: 60_000 } });
    const [a, b] = [await seller(), await seller()];
    const put = (who: Actor, body: Record<string, unknown>) => callRoute(limited, 'setPayoutMethod', { token: who.token, body: body as never });
    expect((await put(a, { kind: 'bkash', wallet: 'not a number' })).status).toBe(400);
    expect((await put(a, { kind: 'bkash', wallet: '01911000111' })).status).toBe(200);
    expect((await put(b, { kind: 'bkash', wallet: '+8801911000111' })).status).toBe(200);
    // The same number, however it is written, from another account: over its limit.
    expect((await put(a, { kind: 'bkash', wallet: '01911-000111' })).body).toMatchObject({ code: 'too_many_sms_codes' });
    expect((await put(a, bank)).status).toBe(200);
    expect((await put(a, bank)).body).toMatchObject({ code: 'too_many_payout_changes' });
  });
});

describe('a payout', () => {
  it('is refused without a method, below the minimum, over the balance; money held for a dispute is never available', async () => {
    const s = await seller();
    expect((await ask(s)).body).toMatchObject({ code: 'payout_method_missing' });
    await setMethod(s, bank);
    await fund(s, 300);
    expect((await ask(s)).body).toMatchObject({ code: 'payout_below_minimum', params: { minimum: 500 } });
    await fund(s, 700);
    expect((await ask(s, { amount: 1001 })).body).toMatchObject({ code: 'payout_over_balance', params: { available: 1000 } });
    const paid = await ask(s, { amount: 600 });
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({ amount: 60_000, method: 'bank', state: 'requested', destination: 'Dutch-Bangla Bank ····0123 (routing 090260724)' });
    expect(await earnings(s)).toMatchObject({ available: 40_000, payingOut: 60_000 });
    expect((await ask(s)).body).toMatchObject({ code: 'payout_in_progress' });
  });

  it('two asked at once: one is made, the other is told one is on its way; the balance is paid out once', async () => {
    const s = await seller();
    await setMethod(s, bank);
    await fund(s, 2000);
    const answers = await Promise.all([ask(s), ask(s), ask(s)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(['payout_in_progress', 'payout_in_progress']);
    expect(await earnings(s)).toMatchObject({ available: 0, payingOut: 200_000 });
  });

  it('to bKash: paid through the disbursement API once, the seller told; the books and bKash agree', async () => {
    const s = await bkashSeller();
    await fund(s, 1500);
    const asked = await ask(s);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    await runJobs(ctx.app);
    const [p] = await ctx.app.db.select().from(payouts).where(eq(payouts.id, asked.body.data._id));
    expect(p).toMatchObject({ state: 'paid', providerRef: expect.stringMatching(/^PO/) });
    expect(await ctx.app.db.select().from(bkashSandboxPayouts).where(eq(bkashSandboxPayouts.invoice, p!.id))).toHaveLength(1);
    expect(await earnings(s)).toMatchObject({ available: 0, payingOut: 0, paidOut: 150_000 });
    expect(await told(s)).toContain('payout_paid');
    const admin = await createAdmin(ctx.app);
    const view = (await callRoute(ctx.app, 'moneyOverview', { token: admin.token })).body.data;
    expect(view.providers.find((r: { provider: string }) => r.provider === 'bkash-payout')).toMatchObject({
      books: { paidOut: 150_000 },
      providerSays: { paidOut: 150_000 },
      matches: true,
    });
  });

  it('to a wallet bKash refuses: failed with bKash’s words, the money back in the available balance, the seller told', async () => {
    const s = await bkashSeller('01999000111');
    await fund(s, 800);
    const asked = await ask(s);
    await runJobs(ctx.app);
    const [p] = await ctx.app.db.select().from(payouts).where(eq(payouts.id, asked.body.data._id));
    expect(p).toMatchObject({ state: 'failed', failure: 'bKash: Invalid Wallet' });
    expect(await earnings(s)).toMatchObject({ available: 80_000, payingOut: 0, paidOut: 0 });
    expect(await told(s)).toContain('payout_failed');
    const mine = await callRoute(ctx.app, 'payouts', { token: s.token });
    expect(mine.body.data).toEqual([expect.objectContaining({ state: 'failed', failure: 'bKash: Invalid Wallet' })]);
  });

  it('after a crash it asks bKash before paying: paid already, it is recorded, not paid twice; never asked, it is paid', async () => {
    const [paidBefore, neverAsked] = [await bkashSeller(), await bkashSeller()];
    // Two payouts whose process died after marking them 'sending' (their jobs not run here: this test runs them), the
    // first after bKash had paid it.
    const sending = async (who: Actor) => {
      const [row] = await ctx.app.db
        .insert(payouts)
        .values({
          sellerId: who._id,
          amount: 100_000,
          method: 'bkash',
          destination: { label: 'bKash', wallet: sandboxWallets.success },
          cause: 'asked',
          state: 'sending',
        })
        .returning();
      await fund(who, 1000);
      await payoutAsked(ctx.app.db, { id: row!.id, sellerId: who._id, amount: 100_000 });
      return row!.id;
    };
    const first = await sending(paidBefore);
    const second = await sending(neverAsked);
    await ctx.app.bkash!.payouts.payout({ amount: 1000, invoice: first, receiver: sandboxWallets.success });
    const job = payoutJob(ctx.app.db, ctx.app.bkash!.payouts);
    await job({ payoutId: first });
    await job({ payoutId: second });
    await job({ payoutId: first });
    for (const id of [first, second]) {
      expect((await ctx.app.db.select().from(payouts).where(eq(payouts.id, id)))[0]!.state).toBe('paid');
      expect(await ctx.app.db.select().from(bkashSandboxPayouts).where(eq(bkashSandboxPayouts.invoice, id))).toHaveLength(1);
    }
    expect(await earnings(paidBefore)).toMatchObject({ available: 0, payingOut: 0, paidOut: 100_000 });
  });

  it('to a bank: in the Admin’s batch file, then marked paid or failed (audited, the seller told); a payout is in one batch only', async () => {
    const admin = await createAdmin(ctx.app);
    const [a, b] = [await seller(), await seller()];
    for (const s of [a, b]) {
      await setMethod(s, bank);
      await fund(s, 1000);
    }
    const pa = (await ask(a)).body.data._id as string;
    const pb = (await ask(b)).body.data._id as string;
    const batch = await ctx.app.inject({ method: 'POST', url: '/api/payout-batches', headers: { authorization: `Bearer ${admin.token}` } });
    expect(batch.statusCode).toBe(200);
    expect(batch.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = batch.body.trim().split('\r\n');
    expect(lines[0]).toBe('payout,account name,account number,bank,routing number,amount (taka),reference');
    expect(lines.slice(1).sort()).toEqual(
      [pa, pb].map((id) => `${id},Rafiq Mobile House,1234567890123,Dutch-Bangla Bank,090260724,1000.00,RP-${id.slice(0, 8)}`).sort(),
    );
    expect((await callRoute(ctx.app, 'payoutBatch', { token: admin.token })).body).toMatchObject({ code: 'no_bank_payouts_waiting' });
    const settle = (id: string, outcome: 'paid' | 'failed', reason: string) =>
      callRoute(ctx.app, 'settlePayout', { token: admin.token, params: { id }, body: { outcome, reason } });
    expect((await settle(pa, 'paid', 'The bank confirmed the transfer')).body.data).toMatchObject({ state: 'paid' });
    expect((await settle(pb, 'failed', 'The account is closed')).body.data).toMatchObject({ state: 'failed', failure: 'The account is closed' });
    expect((await settle(pa, 'failed', 'again')).body).toMatchObject({ code: 'payout_not_in_batch', params: { state: 'paid' } });
    expect((await settle(randomUUID(), 'paid', 'x')).status).toBe(404);
    expect(await earnings(a)).toMatchObject({ available: 0, paidOut: 100_000 });
    expect(await earnings(b)).toMatchObject({ available: 100_000, paidOut: 0 });
    const acts = await ctx.app.db.select({ action: auditLog.action }).from(auditLog);
    expect(acts.map((x) => x.action).sort()).toEqual(['send-payout-batch', 'settle-payout', 'settle-payout']);
    const view = (await callRoute(ctx.app, 'moneyOverview', { token: admin.token })).body.data;
    expect(view.payouts.failed).toEqual({ count: 1, amount: 100_000 });
  });

  it('is made weekly for each seller with enough available and a usable method, once however often the sweep runs', async () => {
    const [ready, small, unconfirmed] = [await seller(), await seller(), await seller()];
    await setMethod(ready, bank);
    await fund(ready, 900);
    await setMethod(small, bank);
    await fund(small, 100);
    await setMethod(unconfirmed, { kind: 'bkash', wallet: '01711999888' });
    await fund(unconfirmed, 900);
    await Promise.all([ctx.app.sweep(), ctx.app.sweep()]);
    await ctx.app.sweep();
    const made = await ctx.app.db.select().from(payouts);
    expect(made.map((p) => [p.sellerId, p.cause, p.amount])).toEqual([[ready._id, 'weekly', 90_000]]);
  });
});

describe('an Admin', () => {
  it('adjusts a seller’s balance with a reason: a ledger entry of its own, audited; not a buyer’s', async () => {
    const admin = await createAdmin(ctx.app);
    const s = await seller();
    const res = await callRoute(ctx.app, 'adjustBalance', {
      token: admin.token,
      params: { id: s._id },
      body: { amount: 250, reason: 'Goodwill for a late payout' },
    });
    expect(res.body.data).toEqual({ available: 25_000 });
    const [act] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adjust-balance'), eq(auditLog.targetId, s._id)));
    expect(act).toMatchObject({ reason: 'Goodwill for a late payout' });
    const buyer = await signUp(ctx.app, 'Buyer');
    expect((await callRoute(ctx.app, 'adjustBalance', { token: admin.token, params: { id: buyer._id }, body: { amount: 5, reason: 'x' } })).status).toBe(404);
    expect((await callRoute(ctx.app, 'adjustBalance', { token: admin.token, params: { id: s._id }, body: { amount: 0, reason: 'x' } })).status).toBe(400);
  });

  it('the database keeps a payout: never deleted, never changes what it pays, never moves back', async () => {
    const s = await seller();
    await setMethod(s, bank);
    await fund(s, 600);
    const id = (await ask(s)).body.data._id as string;
    const refused = async (q: PromiseLike<unknown>) => {
      const error = (await Promise.resolve(q).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      ))!;
      expect(error.cause?.message ?? error.message).toMatch(/payouts are history/);
    };
    await refused(ctx.app.db.delete(payouts).where(eq(payouts.id, id)));
    await refused(ctx.app.db.update(payouts).set({ amount: 1 }).where(eq(payouts.id, id)));
    await ctx.app.db.update(payouts).set({ state: 'sending' }).where(eq(payouts.id, id));
    await refused(ctx.app.db.update(payouts).set({ state: 'requested' }).where(eq(payouts.id, id)));
    // Left as it is for the books: sending, the money on its way.
    expect(await ctx.app.db.select({ kind: jobs.kind }).from(jobs).where(eq(jobs.kind, 'payout'))).toEqual([]);
  });
});

describe('text messages', () => {
  it('wait in the SMS outbox for the Admin while no gateway is set; the Admin reads their words', async () => {
    const s = await seller();
    await setMethod(s, { kind: 'bkash', wallet: '01711555666' });
    await runJobs(ctx.app);
    const [sms] = await ctx.app.db.select().from(smsMessages).where(eq(smsMessages.toNumber, '8801711555666'));
    expect(sms).toMatchObject({ kind: 'payout-number', status: 'pending', body: expect.stringMatching(/^Resale Phones: \d{6} is your code/) });
  });
});
