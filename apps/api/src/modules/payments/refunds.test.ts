import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import { book, createAdmin, createCategory, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { refusal, testConfig, useTestApp, type TestContext } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { jobs, orders, payments, refunds, sandboxIntents } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

// Issue 17: money taken for an order that cannot settle it is given back by the provider that took it,
// through a durable job that outlives a restart, and the buyer's order says 'Refunded'.

const card = { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' };

async function world(ctx: TestContext) {
  const seller = await signUp(ctx.app, 'Seller');
  const [first, second] = [await signUp(ctx.app, 'Buyer'), await signUp(ctx.app, 'Buyer')];
  const category = await createCategory(ctx.app);
  const product = await postProduct(ctx.app, seller, category.id, { resalePrice: 45000 });
  return { seller, first, second, product, firstOrder: await book(ctx.app, first, product._id), secondOrder: await book(ctx.app, second, product._id) };
}

const intentFor = async (ctx: TestContext, buyer: Actor, orderId: string) =>
  (await callRoute(ctx.app, 'createPaymentIntent', { token: buyer.token, body: { orderId } })).body.data as {
    intentId: string;
    clientSecret: string;
  };
const pay = (ctx: TestContext, buyer: Actor, orderId: string, transactionId: string) =>
  callRoute(ctx.app, 'recordPayment', { token: buyer.token, body: { orderId, transactionId } });
const orderOf = async (ctx: TestContext, buyer: Actor, id: string) => (await callRoute(ctx.app, 'order', { params: { id }, token: buyer.token })).body.data;
const refundRows = (ctx: TestContext) => ctx.app.db.select().from(refunds);

describe('with the sandbox provider', () => {
  const ctx = useTestApp();

  /** Both buyers charged for one phone: the first settles, the second lost the race. */
  async function lostRace() {
    const w = await world(ctx);
    const [a, b] = [await intentFor(ctx, w.first, w.firstOrder._id), await intentFor(ctx, w.second, w.secondOrder._id)];
    for (const intent of [a, b]) {
      const confirmed = await callRoute(ctx.app, 'sandboxConfirm', { params: { id: intent.intentId }, body: { client_secret: intent.clientSecret, card } });
      expect(confirmed.status).toBe(200);
    }
    expect((await pay(ctx, w.first, w.firstOrder._id, a.intentId)).status).toBe(201);
    return { ...w, a, b };
  }

  it('a buyer charged for a phone reserved meanwhile (paid by another) is told so and refunded in full; the order says Refunded with its id and date', async () => {
    const { second, secondOrder, b } = await lostRace();
    const res = await pay(ctx, second, secondOrder._id, b.intentId);
    expect([res.status, res.body.message]).toEqual([
      409,
      'This phone is reserved for a buyer who is meeting the seller: it cannot be booked, accepted or paid for now. Your payment is being refunded.',
    ]);
    const [queued] = await refundRows(ctx);
    expect(queued).toMatchObject({ orderId: secondOrder._id, provider: 'sandbox', paymentId: b.intentId, amount: 4_500_000, requestedBy: null });
    expect(queued!.reason).toBe('This phone is reserved for a buyer who is meeting the seller: it cannot be booked, accepted or paid for now');

    await ctx.app.jobs.run();
    const [refunded] = await refundRows(ctx);
    expect(refunded).toMatchObject({ status: 'refunded', providerRefundId: expect.stringMatching(/^re_sbx_/) });
    const [intent] = await ctx.app.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, b.intentId));
    expect(intent!.refundId).toBe(refunded!.providerRefundId);
    expect(await orderOf(ctx, second, secondOrder._id)).toMatchObject({
      paid: false,
      refund: { status: 'refunded', id: refunded!.providerRefundId, amount: 45000, refundedAt: refunded!.refundedAt!.toISOString(), ofPayment: false },
    });
    // The same payment again (a replayed call): the same answer, still one refund, nothing asked of the provider twice.
    expect((await pay(ctx, second, secondOrder._id, b.intentId)).status).toBe(409);
    await ctx.app.jobs.run();
    expect(await refundRows(ctx)).toEqual([refunded]);
  });

  it("the winner, a replay of the winning payment, an unconfirmed payment and another order's payment are never refunded", async () => {
    const { first, firstOrder, second, secondOrder } = await world(ctx);
    const a = await intentFor(ctx, first, firstOrder._id);
    const unconfirmed = await intentFor(ctx, second, secondOrder._id);
    await callRoute(ctx.app, 'sandboxConfirm', { params: { id: a.intentId }, body: { client_secret: a.clientSecret, card } });
    expect((await pay(ctx, first, firstOrder._id, a.intentId)).status).toBe(201);
    expect((await pay(ctx, first, firstOrder._id, a.intentId)).status).toBe(200);
    expect((await pay(ctx, second, secondOrder._id, unconfirmed.intentId)).status).toBe(402);
    expect((await pay(ctx, second, secondOrder._id, a.intentId)).status).toBe(400);
    await ctx.app.jobs.run();
    expect(await refundRows(ctx)).toEqual([]);
  });

  it('20 charged payments racing for one order: one settles, the 19 others are refunded, each once', async () => {
    const { second, secondOrder } = await world(ctx);
    const intents = [];
    for (let i = 0; i < 20; i++) {
      const intent = await intentFor(ctx, second, secondOrder._id);
      await callRoute(ctx.app, 'sandboxConfirm', { params: { id: intent.intentId }, body: { client_secret: intent.clientSecret, card } });
      intents.push(intent);
    }
    const results = await Promise.all(intents.map((i) => pay(ctx, second, secondOrder._id, i.intentId)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    await ctx.app.jobs.run();
    const rows = await refundRows(ctx);
    expect(rows).toHaveLength(19);
    expect(rows.every((r) => r.status === 'refunded')).toBe(true);
    const [payment] = await ctx.app.db.select().from(payments);
    expect(rows.map((r) => r.paymentId)).not.toContain(payment!.transactionId);
    // A paid order whose other payments were given back is still paid.
    expect(await orderOf(ctx, second, secondOrder._id)).toMatchObject({ paid: true, refund: { status: 'refunded', ofPayment: false } });
  });

  it('a refunded order stays: its buyer only hides it, the database refuses deleting it, deleting the buyer leaves it, and the reserved phone stays', async () => {
    const { seller, second, secondOrder, b, product } = await lostRace();
    await pay(ctx, second, secondOrder._id, b.intentId);
    await ctx.app.jobs.run();
    expect((await callRoute(ctx.app, 'deleteOrder', { params: { id: secondOrder._id }, token: second.token })).body.data).toEqual({
      deleted: true,
      hidden: true,
    });
    expect(await refusal(ctx.app.db.delete(orders).where(eq(orders.id, secondOrder._id)))).toContain('an order with a refund is history');
    const admin = await createAdmin(ctx.app);
    expect((await callRoute(ctx.app, 'deleteUser', { params: { id: second._id }, token: admin.token })).status).toBe(200);
    // A phone reserved for its paying buyer is not deleted (issue 31).
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: product._id }, token: seller.token })).body.code).toBe('reserved_cannot_delete');
    const [kept] = await ctx.app.db.select().from(orders).where(eq(orders.id, secondOrder._id));
    expect(kept).toMatchObject({ state: 'cancelled', buyerId: null, productId: product._id });
  });

  it('the database keeps a refund: never deleted, and once refunded never changed', async () => {
    const { second, secondOrder, b } = await lostRace();
    await pay(ctx, second, secondOrder._id, b.intentId);
    await ctx.app.jobs.run();
    const db = ctx.app.db;
    expect(await refusal(db.delete(refunds))).toContain('a refund cannot be deleted');
    expect(await refusal(db.update(refunds).set({ status: 'pending', refundedAt: null }))).toContain('a confirmed refund cannot change');
    expect(await refusal(db.update(orders).set({ state: 'requested' }).where(eq(orders.state, 'paid')))).toContain('a deal cannot move from paid to requested');
    expect(await refundRows(ctx)).toHaveLength(1);
  });
});

const fake = await startFakeStripe();
afterAll(() => fake.close());

describe('with Stripe, through a restart', () => {
  const stripeConfig = { provider: 'stripe' as const, secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_test', apiUrl: fake.url };
  const ctx = useTestApp({ payments: stripeConfig });
  beforeEach(() => {
    fake.refundStatus = 'succeeded';
    fake.requests.length = 0;
  });

  async function lostRaceOnStripe() {
    const w = await world(ctx);
    const [a, b] = [await intentFor(ctx, w.first, w.firstOrder._id), await intentFor(ctx, w.second, w.secondOrder._id)];
    fake.succeed(a.intentId);
    fake.succeed(b.intentId);
    expect((await pay(ctx, w.first, w.firstOrder._id, a.intentId)).status).toBe(201);
    return { ...w, b };
  }

  it('refunds through Stripe with an idempotency key, in full', async () => {
    const { second, secondOrder, b } = await lostRaceOnStripe();
    expect((await pay(ctx, second, secondOrder._id, b.intentId)).status).toBe(409);
    await ctx.app.jobs.run();
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toEqual({ payment_intent: b.intentId, amount: '4500000' });
    const [row] = await refundRows(ctx);
    expect(created[0]!.headers['idempotency-key']).toBe(`refund-${row!.id}`);
    expect(fake.refunds.get(row!.providerRefundId!)).toMatchObject({ status: 'succeeded', amount: 4_500_000, payment_intent: b.intentId });
    expect(await orderOf(ctx, second, secondOrder._id)).toMatchObject({ refund: { status: 'refunded', id: row!.providerRefundId } });
  });

  it('a refund Stripe leaves pending survives a restart: the next process asks again and records it once Stripe confirms', async () => {
    const { second, secondOrder, b } = await lostRaceOnStripe();
    fake.refundStatus = 'pending';
    expect((await pay(ctx, second, secondOrder._id, b.intentId)).status).toBe(409);
    await ctx.app.jobs.run();
    const [pending] = await refundRows(ctx);
    expect(pending).toMatchObject({ status: 'pending', providerRefundId: expect.stringMatching(/^re_/) });
    expect(await orderOf(ctx, second, secondOrder._id)).toMatchObject({ refund: { status: 'pending', refundedAt: null } });
    const [job] = await ctx.app.db.select().from(jobs).where(eq(jobs.kind, 'refund'));
    expect(job).toMatchObject({ kind: 'refund', doneAt: null, attempts: 1, lastError: expect.stringContaining('pending') });

    // The process stops; Stripe settles the refund meanwhile; another process starts on the same database.
    await ctx.app.close();
    fake.settleRefunds();
    // Its back-off has passed.
    await ctx.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, 'refund'));
    const next = await buildApp({ config: testConfig({ payments: stripeConfig }), database: ctx.database });
    await next.ready();
    try {
      await next.jobs.run();
      const [done] = await next.db.select().from(refunds);
      expect(done).toMatchObject({ status: 'refunded', providerRefundId: pending!.providerRefundId });
      // Asked by its id, not created twice.
      expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds')).toHaveLength(1);
      expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/refunds/${pending!.providerRefundId}`)).toBe(true);
      const [finished] = await next.db.select().from(jobs).where(eq(jobs.kind, 'refund'));
      expect(finished!.doneAt).not.toBeNull();
    } finally {
      ctx.app = next;
    }
  });
});
