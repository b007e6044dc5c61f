import { feeOf } from '@market/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runJobs, useTestApp } from '../../../test/helper.ts';
import { createAdmin, createCategory, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { callRoute } from '../../../test/call-route.ts';
import { auditLog, jobs, ledgerAccounts, ledgerEntries, ledgerLines, orders } from '../../db/schema.ts';
import { confirmIntent } from '../payments/sandbox-processor.ts';
import { sandboxProvider } from '../payments/sandbox.ts';
import { account, checkBooks, post } from './books.ts';

/**
 * Issue 32, items 1, 2 and 6 (decision 052): every movement of a protected deal's money is a balanced ledger entry,
 * written once for its cause; the site's fee is fixed at booking and taken at completion; the books always balance.
 */
const ctx = useTestApp();
const terms = { percent: 3, minimum: 30 };

// After every test, whatever it did: the books balance, every account is the sum of its lines, the money held is
// that of the protected deals open, every payment is in the books once.
afterEach(async () => {
  expect(await checkBooks(ctx.app.db)).toEqual([]);
});

async function world(price = 80_000) {
  const seller = await signUp(ctx.app, 'Seller');
  const category = await createCategory(ctx.app);
  const product = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel 8', resalePrice: price });
  const buyer = await signUp(ctx.app, 'Buyer');
  return { seller, product, buyer };
}

const book = async (buyer: Actor, productId: string, payWith: 'cash' | 'protected' = 'protected') => {
  const res = await callRoute(ctx.app, 'book', { token: buyer.token, body: { productId, meetingLocation: 'Banani', mobileNumber: '01911-222333', payWith } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; fee: number };
};

async function pay(buyer: Actor, orderId: string, price: number) {
  const intent = await sandboxProvider(ctx.app.db).createIntent({ amount: price * 100, orderId });
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' };
  expect((await confirmIntent(ctx.app.db, intent.id, intent.clientSecret, card)).ok).toBe(true);
  const res = await callRoute(ctx.app, 'recordPayment', { body: { orderId, transactionId: intent.id }, token: buyer.token });
  return { res, intentId: intent.id };
}

const handOver = async (seller: Actor, buyer: Actor, id: string) => {
  const code = (await callRoute(ctx.app, 'handoverCode', { params: { id }, token: buyer.token })).body.data.code;
  const res = await callRoute(ctx.app, 'handOver', { params: { id }, body: { code }, token: seller.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** The complaint window runs out now: its timer fires. */
async function windowRunsOut(id: string) {
  await ctx.app.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(sql`${jobs.kind} = 'deal-timer' and ${jobs.payload} ->> 'orderId' = ${id} and ${jobs.payload} ->> 'timer' = 'window'`);
  await runJobs(ctx.app);
}

const earnings = async (seller: Actor) => (await callRoute(ctx.app, 'earnings', { token: seller.token })).body.data;
const sales = async (seller: Actor) => (await callRoute(ctx.app, 'sales', { token: seller.token })).body.data;
const entriesOf = async (orderId: string) =>
  (await ctx.app.db.select({ cause: ledgerEntries.cause }).from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).map((e) => e.cause).sort();
/** The database refused it, saying `why` (drizzle wraps the database's error as its cause). */
const refused = async (query: PromiseLike<unknown>, why: RegExp) => {
  const error = await Promise.resolve(query).then(
    () => null,
    (e: Error & { cause?: Error }) => e,
  );
  expect(error, 'refused').not.toBeNull();
  expect(error!.cause?.message ?? error!.message).toMatch(why);
};
const balanceOf = async (key: string) => Number((await ctx.app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.key, key)))[0]?.balance ?? 0);

describe('the site’s fee', () => {
  it('is a percent of the price, at least the minimum, never more than the price', () => {
    expect(feeOf(80_000, terms)).toBe(240_000);
    expect(feeOf(500, terms)).toBe(3_000);
    expect(feeOf(20, terms)).toBe(2_000);
    expect(feeOf(12_345, { percent: 2.5, minimum: 0 })).toBe(30_863);
    expect(feeOf(1000, { percent: 0, minimum: 0 })).toBe(0);
  });

  it('is fixed on a protected deal when it is booked and shown on it; a cash deal owes none; anyone may read the terms', async () => {
    const { product, buyer } = await world(80_000);
    expect((await book(buyer, product._id)).fee).toBe(240_000);
    const other = await signUp(ctx.app, 'Buyer');
    expect((await book(other, product._id, 'cash')).fee).toBe(0);
    expect((await callRoute(ctx.app, 'fees', {})).body.data).toEqual(terms);
  });
});

describe('a protected deal’s money', () => {
  it('is held for the seller once paid, and is theirs less the fee when the window completes the deal; the Earnings say so', async () => {
    const { seller, product, buyer } = await world(80_000);
    const deal = await book(buyer, product._id);
    expect(await earnings(seller)).toMatchObject({ held: 0, available: 0, payingOut: 0, paidOut: 0, fees: terms });
    const { res, intentId } = await pay(buyer, deal._id, 80_000);
    expect(res.status).toBe(201);
    expect(await earnings(seller)).toMatchObject({ held: 8_000_000, available: 0 });
    expect(await balanceOf('provider:sandbox')).toBeLessThanOrEqual(-8_000_000);
    // The same payment again is the same entry: written once.
    expect((await callRoute(ctx.app, 'recordPayment', { body: { orderId: deal._id, transactionId: intentId }, token: buyer.token })).status).toBe(200);
    expect(await entriesOf(deal._id)).toEqual(['payment']);

    await handOver(seller, buyer, deal._id);
    expect(await earnings(seller)).toMatchObject({ held: 8_000_000, available: 0 });
    await windowRunsOut(deal._id);
    expect(await entriesOf(deal._id)).toEqual(['completion', 'payment']);
    expect(await earnings(seller)).toMatchObject({ held: 0, available: 8_000_000 - 240_000 });
    expect(await sales(seller)).toEqual([
      expect.objectContaining({
        orderId: deal._id,
        price: 80_000,
        payWith: 'protected',
        state: 'completed',
        held: 0,
        fee: 240_000,
        net: 7_760_000,
        refunded: 0,
      }),
    ]);
    // The timer again, or the deal released again, writes nothing more.
    await windowRunsOut(deal._id);
    expect(await entriesOf(deal._id)).toEqual(['completion', 'payment']);
  });

  it('a cash deal moves no money through the books, owes no fee, and is listed among the sales at its price', async () => {
    const { seller, product, buyer } = await world(30_000);
    const deal = await book(buyer, product._id, 'cash');
    await callRoute(ctx.app, 'acceptBooking', { params: { id: deal._id }, token: seller.token });
    await handOver(seller, buyer, deal._id);
    expect(await entriesOf(deal._id)).toEqual([]);
    expect(await earnings(seller)).toMatchObject({ held: 0, available: 0 });
    expect(await sales(seller)).toEqual([expect.objectContaining({ payWith: 'cash', state: 'completed', fee: 0, net: 3_000_000, held: 0 })]);
  });

  it('called off after paying: owed back from what the deal holds, and out through the provider once it confirms', async () => {
    const { seller, product, buyer } = await world(50_000);
    const deal = await book(buyer, product._id);
    await pay(buyer, deal._id, 50_000);
    await ctx.app.db.update(orders).set({ meetingDate: '2026-01-01' }).where(eq(orders.id, deal._id));
    expect((await callRoute(ctx.app, 'callOffOrder', { params: { id: deal._id }, token: buyer.token })).status).toBe(200);
    // Owed at once (the refund's job may already have been confirmed by the provider: the route starts it).
    expect(await entriesOf(deal._id)).toEqual(expect.arrayContaining(['payment', 'refund']));
    expect(await earnings(seller)).toMatchObject({ held: 0, available: 0 });
    await runJobs(ctx.app);
    expect(await entriesOf(deal._id)).toEqual(['payment', 'refund', 'refund_paid']);
    expect(await sales(seller)).toEqual([expect.objectContaining({ state: 'cancelled', held: 0, fee: 0, net: 0, refunded: 5_000_000 })]);
  });

  it('refunded by an Admin after it completed: taken back from the seller and the site in the shares they had', async () => {
    const { seller, product, buyer } = await world(80_000);
    const admin = await createAdmin(ctx.app);
    const deal = await book(buyer, product._id);
    await pay(buyer, deal._id, 80_000);
    await handOver(seller, buyer, deal._id);
    await windowRunsOut(deal._id);
    const fees = await balanceOf('fees');
    const res = await callRoute(ctx.app, 'refundOrder', { params: { id: deal._id }, body: { reason: 'Stolen phone' }, token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await earnings(seller)).toMatchObject({ held: 0, available: 0 });
    expect(await balanceOf('fees')).toBe(fees - 240_000);
    expect(await sales(seller)).toEqual([expect.objectContaining({ state: 'refunded', fee: 0, net: 0, refunded: 8_000_000 })]);
  });

  it('taken for a deal it could not pay (another payment settled it first) is owed back from the provider’s side, never held', async () => {
    const { product, buyer } = await world(40_000);
    const deal = await book(buyer, product._id);
    await pay(buyer, deal._id, 40_000);
    const second = await pay(buyer, deal._id, 40_000);
    expect(second.res.body).toMatchObject({ code: 'payment_refunded' });
    const [refund] = await ctx.app.db
      .execute(sql`select e.id from ledger_entries e where e.cause = 'refund' and e.order_id = ${deal._id}`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    const lines = await ctx.app.db.select().from(ledgerLines).where(eq(ledgerLines.entryId, refund!.id));
    expect(lines.map((l) => [l.account, l.amount]).sort()).toEqual([
      ['provider:sandbox', -4_000_000],
      ['refunds', 4_000_000],
    ]);
  });
});

describe('a dispute decided', () => {
  async function disputed(price = 60_000) {
    const w = await world(price);
    const admin = await createAdmin(ctx.app);
    const deal = await book(w.buyer, w.product._id);
    await pay(w.buyer, deal._id, price);
    await handOver(w.seller, w.buyer, deal._id);
    const opened = await callRoute(ctx.app, 'openDispute', {
      params: { id: deal._id },
      body: { reason: 'not_working', text: 'The screen flickers', photos: [] },
      token: w.buyer.token,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    return { ...w, admin, deal };
  }
  const decide = (admin: Actor, id: string, body: Record<string, unknown>) =>
    callRoute(ctx.app, 'decideDispute', { params: { id }, body: body as never, token: admin.token });

  it('split: part back to the buyer, the rest to the seller less the fee in proportion; audited; decided once', async () => {
    const { seller, admin, deal } = await disputed(60_000);
    const fee = feeOf(60_000, terms);
    expect((await decide(admin, deal._id, { decision: 'split', reason: 'A scratch not in the photos', refundAmount: 60_000 })).body).toMatchObject({
      code: 'refund_not_below_price',
      params: { price: 60_000 },
    });
    expect((await decide(admin, deal._id, { decision: 'split', reason: 'x' })).status).toBe(400);
    const res = await decide(admin, deal._id, { decision: 'split', reason: 'A scratch not in the photos', refundAmount: 15_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'completed', dispute: { decision: 'split', refundAmount: 15_000 } });
    const kept = 4_500_000;
    const feeTaken = Math.round((fee * kept) / 6_000_000);
    expect(await earnings(seller)).toMatchObject({ held: 0, available: kept - feeTaken });
    expect(await sales(seller)).toEqual([expect.objectContaining({ fee: feeTaken, net: kept - feeTaken, refunded: 1_500_000 })]);
    await runJobs(ctx.app);
    // The part given back left through the provider that took it (a partial refund).
    expect(await entriesOf(deal._id)).toEqual(['completion', 'payment', 'refund', 'refund_paid']);
    const [act] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, deal._id));
    expect(act).toMatchObject({ action: 'split-dispute' });
    // Decided again, any way: refused, and nothing moves.
    for (const body of [
      { decision: 'split', reason: 'again', refundAmount: 100 },
      { decision: 'refund', reason: 'again' },
      { decision: 'release', reason: 'again' },
    ])
      expect((await decide(admin, deal._id, body)).status).toBe(409);
    expect(await entriesOf(deal._id)).toEqual(['completion', 'payment', 'refund', 'refund_paid']);
  });

  it('two Admins deciding at once (a split and a release): one decision, one completion', async () => {
    const { admin, deal } = await disputed(70_000);
    const other = await createAdmin(ctx.app);
    const answers = await Promise.all([
      decide(admin, deal._id, { decision: 'split', reason: 'Half', refundAmount: 35_000 }),
      decide(other, deal._id, { decision: 'release', reason: 'As described' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const causes = await entriesOf(deal._id);
    expect(causes.filter((c) => c === 'completion')).toHaveLength(1);
  });
});

describe('the database keeps the books', () => {
  it('refuses changing or deleting an entry or a line, deleting an account, an entry that does not balance, and a cause written twice', async () => {
    const db = ctx.app.db;
    await post(db, [
      {
        cause: 'adjustment',
        causeId: 'test-1',
        lines: [
          { account: account.adjustments, amount: -500 },
          { account: account.seller('00000000-0000-4000-8000-000000000001'), amount: 500 },
        ],
      },
    ]);
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.causeId, 'test-1'));
    await refused(db.update(ledgerEntries).set({ memo: 'changed' }).where(eq(ledgerEntries.id, entry!.id)), /append-only/);
    await refused(db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry!.id)), /append-only/);
    await refused(db.update(ledgerLines).set({ amount: 900 }).where(eq(ledgerLines.entryId, entry!.id)), /append-only/);
    await refused(db.delete(ledgerLines).where(eq(ledgerLines.entryId, entry!.id)), /append-only/);
    await refused(db.delete(ledgerAccounts).where(eq(ledgerAccounts.key, 'adjustments')), /append-only/);
    await refused(db.update(ledgerAccounts).set({ kind: 'fees' }).where(eq(ledgerAccounts.key, 'adjustments')), /append-only/);
    // An entry whose lines do not sum to 0 is refused when its transaction commits.
    await refused(
      db.transaction(async (tx) => {
        const [e] = await tx.insert(ledgerEntries).values({ cause: 'adjustment', causeId: 'test-2' }).returning();
        await tx.insert(ledgerLines).values([
          { entryId: e!.id, account: 'adjustments', amount: -500 },
          { entryId: e!.id, account: 'seller:00000000-0000-4000-8000-000000000001', amount: 400 },
        ]);
      }),
      /does not balance/,
    );
    await refused(
      db.transaction(async (tx) => {
        await tx.insert(ledgerEntries).values({ cause: 'adjustment', causeId: 'test-3' });
      }),
      /does not balance/,
    );
    // The same cause again: written once.
    expect(
      await post(db, [
        {
          cause: 'adjustment',
          causeId: 'test-1',
          lines: [
            { account: account.adjustments, amount: -500 },
            { account: account.seller('00000000-0000-4000-8000-000000000001'), amount: 500 },
          ],
        },
      ]),
    ).toBe(0);
    expect(await balanceOf('seller:00000000-0000-4000-8000-000000000001')).toBe(500);
  });
});

describe('a seller’s sales', () => {
  it('are their own, newest first, paged, and download as CSV (amounts in taka, spreadsheet formulas defused)', async () => {
    const { seller, product, buyer } = await world(80_000);
    const deal = await book(buyer, product._id);
    await pay(buyer, deal._id, 80_000);
    const category = await createCategory(ctx.app);
    const second = await postProduct(ctx.app, seller, category.id, { productName: '=HYPERLINK("x")', resalePrice: 20_000 });
    const other = await book(buyer, second._id);
    await pay(buyer, other._id, 20_000);
    const first = await callRoute(ctx.app, 'sales', { token: seller.token, query: { limit: 1 } });
    expect(first.body.data.map((s: { orderId: string }) => s.orderId)).toEqual([other._id]);
    const next = await callRoute(ctx.app, 'sales', { token: seller.token, query: { limit: 1, cursor: first.body.meta.nextCursor } });
    expect(next.body.data.map((s: { orderId: string }) => s.orderId)).toEqual([deal._id]);
    // Another seller sees none of them.
    expect(await sales(await signUp(ctx.app, 'Seller'))).toEqual([]);

    const csv = await ctx.app.inject({ method: 'GET', url: '/api/earnings/sales.csv', headers: { authorization: `Bearer ${seller.token}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="sales-\d{4}-\d\d-\d\d\.csv"$/);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('booked,phone,buyer,paid with,state,price,held,fee,net,refunded,deal');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`"'=HYPERLINK(""x"")",${buyer.name},protected,paid,20000.00,20000.00,0.00,0.00,0.00,${other._id}`);
    expect(rows[2]).toContain(',protected,paid,80000.00,80000.00,0.00,0.00,0.00,');
  });
});
