import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import { book, createCategory, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { useTestApp, type TestContext } from '../../../test/helper.ts';
import { orders, payments, products, refunds, stripeEvents } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

const fake = await startFakeStripe();
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const WEBHOOK_SECRET = 'whsec_test';
const stripeConfig = { provider: 'stripe' as const, secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url };
// Only to sign test events; it makes no calls.
const signer = new Stripe('sk_test_x');

const paymentRows = (ctx: TestContext) => ctx.app.db.select().from(payments);
const eventRows = (ctx: TestContext) => ctx.app.db.select().from(stripeEvents);

async function world(ctx: TestContext, price = 45000) {
  const [seller, buyer, otherBuyer, category] = await Promise.all([
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Buyer', 'Nusrat Jahan'),
    signUp(ctx.app, 'Buyer'),
    createCategory(ctx.app),
  ]);
  const product = await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy S21', resalePrice: price });
  await ctx.app.db.update(products).set({ advertise: true }).where(eq(products.id, product._id));
  const order = await book(ctx.app, buyer, product._id);
  return { seller, buyer, otherBuyer, category, product, order };
}

const createIntent = (ctx: TestContext, buyer: Actor, body: Record<string, unknown>) =>
  callRoute(ctx.app, 'createPaymentIntent', { token: buyer.token, body: body });
const pay = (ctx: TestContext, buyer: Actor, orderId: string, transactionId: string) =>
  callRoute(ctx.app, 'recordPayment', { token: `bearer ${buyer.token}`, body: { orderId, transactionId, productPrice: 1, buyerName: 'Someone Else' } });

/** A Stripe event as Stripe delivers it: the JSON text, and its signature header. */
function signedEvent(type: string, object: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return { id, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

const deliver = (ctx: TestContext, payload: string, signature?: string) =>
  callRoute(ctx.app, 'stripeWebhook', {
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    body: payload,
  });

async function expectPaidOnce(ctx: TestContext, orderId: string, productId: string, transactionId: string) {
  const rows = await paymentRows(ctx);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ orderId, productId, transactionId, buyerName: 'Nusrat Jahan', productName: 'Galaxy S21', productPrice: 45000 });
  const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order!.state).toBe('paid');
  const [product] = await ctx.app.db.select().from(products).where(eq(products.id, productId));
  expect(product).toMatchObject({ status: 'reserved', heldBy: orderId });
  expect((await callRoute(ctx.app, 'advertisedProducts')).body.data).toEqual([]);
}

async function expectUnpaid(ctx: TestContext, orderId: string) {
  expect(await paymentRows(ctx)).toEqual([]);
  const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order!.state).toBe('requested');
}

describe('with Stripe as the payment provider', () => {
  const ctx = useTestApp({ payments: stripeConfig });
  // resetDatabase leaves stripe_events alone.
  beforeEach(async () => {
    await ctx.app.db.delete(stripeEvents);
  });

  describe('POST /api/create-payment-intent', () => {
    it("creates a BDT intent for the order's own price and answers its client secret and the publishable key", async () => {
      const { buyer, order } = await world(ctx);
      const res = await createIntent(ctx, buyer, { orderId: order._id, productPrice: 1 });
      expect(res.status).toBe(200);
      const [sent] = fake.requests;
      expect(fake.requests).toHaveLength(1);
      expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
      expect(sent!.headers.authorization).toBe('Bearer sk_test_x');
      expect(sent!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      expect(sent!.body).toEqual({ amount: '4500000', currency: 'bdt', metadata: { orderId: order._id }, allowed_payment_method_types: ['card'] });
      const intent = [...fake.intents.values()][0]!;
      expect(intent.id).toMatch(/^pi_/);
      expect(res.body).toEqual({
        success: true,
        clientSecret: intent.client_secret,
        data: { clientSecret: intent.client_secret, intentId: intent.id, amount: 45000, provider: 'stripe', publishableKey: 'pk_test_x', bkash: true },
      });
      expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    });
  });

  describe('POST /api/payment', () => {
    async function started() {
      const w = await world(ctx);
      const res = await createIntent(ctx, w.buyer, { orderId: w.order._id });
      return { ...w, intentId: res.body.data.intentId as string };
    }

    it('answers 402 and records nothing until Stripe says the intent succeeded; then 201 once, and 200 with the same payment again', async () => {
      const { buyer, order, product, intentId } = await started();
      const early = await pay(ctx, buyer, order._id, intentId);
      expect(early.status).toBe(402);
      expect(early.body).toMatchObject({ success: false, message: 'This payment has not succeeded' });
      expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${intentId}` });
      expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk_test_x');
      await expectUnpaid(ctx, order._id);

      fake.succeed(intentId);
      const paid = await pay(ctx, buyer, order._id, intentId);
      expect(paid.status).toBe(201);
      const payment = {
        buyerName: 'Nusrat Jahan',
        productPrice: 45000,
        transactionId: intentId,
        orderId: order._id,
        productId: product._id,
        productName: 'Galaxy S21',
      };
      expect(paid.body).toEqual({ success: true, data: payment });
      await expectPaidOnce(ctx, order._id, product._id, intentId);

      const again = await pay(ctx, buyer, order._id, intentId);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ success: true, data: payment });
      await expectPaidOnce(ctx, order._id, product._id, intentId);
    });

    it('records one payment for 20 concurrent requests with the same succeeded intent', async () => {
      const { buyer, order, product, intentId } = await started();
      fake.succeed(intentId);
      const answers = await Promise.all(Array.from({ length: 20 }, () => pay(ctx, buyer, order._id, intentId)));
      expect(answers.map((a) => a.status).sort()).toEqual([...Array<number>(19).fill(200), 201]);
      await expectPaidOnce(ctx, order._id, product._id, intentId);
    });

    it('refuses an intent Stripe does not know with a 400', async () => {
      const { buyer, order } = await world(ctx);
      const res = await pay(ctx, buyer, order._id, 'pi_made_up_by_the_browser');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('transactionId does not name a payment');
      expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_made_up_by_the_browser' });
      await expectUnpaid(ctx, order._id);
    });

    it("refuses a succeeded intent of another order with a 400, even the same buyer's", async () => {
      const { seller, buyer, category, order } = await world(ctx);
      const second = await postProduct(ctx.app, seller, category.id, { resalePrice: 45000 });
      const otherOrder = await book(ctx.app, buyer, second._id);
      const other = await createIntent(ctx, buyer, { orderId: otherOrder._id });
      fake.succeed(other.body.data.intentId);
      const res = await pay(ctx, buyer, order._id, other.body.data.intentId);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This payment belongs to another order');
      await expectUnpaid(ctx, order._id);
    });

    it.each([
      ['a smaller amount', { amount: 100 }],
      ['another currency', { amount: 4500000, currency: 'usd' }],
    ])('refuses a succeeded intent for this order with %s with a 400, and gives that money back', async (_, input) => {
      const { buyer, order } = await world(ctx);
      const intent = fake.addIntent({ ...input, orderId: order._id, status: 'succeeded' });
      const res = await pay(ctx, buyer, order._id, intent.id);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The amount paid does not match the order. Your payment is being refunded.');
      const [refund] = await ctx.app.db.select().from(refunds);
      expect(refund).toMatchObject({ orderId: order._id, provider: 'stripe', paymentId: intent.id, amount: input.amount });
      await expectUnpaid(ctx, order._id);
    });
  });

  describe('POST /api/stripe/webhook', () => {
    async function succeededIntent() {
      const w = await world(ctx);
      const created = await createIntent(ctx, w.buyer, { orderId: w.order._id });
      return { ...w, intent: fake.succeed(created.body.data.intentId) };
    }

    it('settles the order of a signed payment_intent.succeeded exactly once, however often it is delivered', async () => {
      const { order, product, intent } = await succeededIntent();
      const event = signedEvent('payment_intent.succeeded', intent);
      const res = await deliver(ctx, event.payload, event.signature);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
      await expectPaidOnce(ctx, order._id, product._id, intent.id);
      expect(await eventRows(ctx)).toMatchObject([{ id: event.id, type: 'payment_intent.succeeded' }]);

      const again = await deliver(ctx, event.payload, signer.webhooks.generateTestHeaderString({ payload: event.payload, secret: WEBHOOK_SECRET }));
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ received: true, duplicate: true });
      await expectPaidOnce(ctx, order._id, product._id, intent.id);
      expect(await eventRows(ctx)).toHaveLength(1);
    });

    it('settles once when the same event arrives 10 times at once', async () => {
      const { order, product, intent } = await succeededIntent();
      const event = signedEvent('payment_intent.succeeded', intent);
      const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(ctx, event.payload, event.signature)));
      expect(answers.map((a) => a.status)).toEqual(Array<number>(10).fill(200));
      expect(answers.filter((a) => !a.body.duplicate)).toHaveLength(1);
      await expectPaidOnce(ctx, order._id, product._id, intent.id);
    });

    it('agrees with POST /api/payment: whichever comes first records the one payment', async () => {
      const { buyer, order, product, intent } = await succeededIntent();
      expect((await pay(ctx, buyer, order._id, intent.id)).status).toBe(201);
      const event = signedEvent('payment_intent.succeeded', intent);
      expect((await deliver(ctx, event.payload, event.signature)).status).toBe(200);
      await expectPaidOnce(ctx, order._id, product._id, intent.id);
    });

    it("refunds a charged intent whose phone was sold to another buyer meanwhile, once however often it is delivered, and never the winner's", async () => {
      const { otherBuyer, product, order, intent: winner } = await succeededIntent();
      const lost = await book(ctx.app, otherBuyer, product._id);
      const lostIntent = fake.succeed((await createIntent(ctx, otherBuyer, { orderId: lost._id })).body.data.intentId);
      const won = signedEvent('payment_intent.succeeded', winner);
      expect((await deliver(ctx, won.payload, won.signature)).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const event = signedEvent('payment_intent.succeeded', lostIntent);
        expect((await deliver(ctx, event.payload, event.signature)).status).toBe(200);
      }
      await expectPaidOnce(ctx, order._id, product._id, winner.id);
      await ctx.app.jobs.run();
      const rows = await ctx.app.db.select().from(refunds);
      expect(rows).toMatchObject([
        {
          orderId: lost._id,
          paymentId: lostIntent.id,
          status: 'refunded',
          reason: 'This phone is reserved for a buyer who is meeting the seller: it cannot be booked, accepted or paid for now',
        },
      ]);
      expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    });

    it('does not settle an order from an event whose amount differs from the order', async () => {
      const { order } = await world(ctx);
      const intent = fake.addIntent({ amount: 100, orderId: order._id, status: 'succeeded' });
      const event = signedEvent('payment_intent.succeeded', intent);
      expect((await deliver(ctx, event.payload, event.signature)).status).toBe(200);
      await expectUnpaid(ctx, order._id);
    });

    it.each([
      ['a wrong signature', (p: string) => ({ payload: p, signature: signer.webhooks.generateTestHeaderString({ payload: p, secret: 'whsec_someone_else' }) })],
      ['no signature', (p: string) => ({ payload: p, signature: undefined })],
      ['a garbled signature header', (p: string) => ({ payload: p, signature: 'not-a-signature' })],
      [
        'a body changed after signing',
        (p: string) => ({
          payload: p.replace('"amount":4500000', '"amount":4500001'),
          signature: signer.webhooks.generateTestHeaderString({ payload: p, secret: WEBHOOK_SECRET }),
        }),
      ],
      [
        'a stale signature',
        (p: string) => ({
          payload: p,
          signature: signer.webhooks.generateTestHeaderString({ payload: p, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 }),
        }),
      ],
    ])('refuses %s with a 400 and records nothing', async (_, tamper) => {
      const { order, intent } = await succeededIntent();
      const event = signedEvent('payment_intent.succeeded', intent);
      const { payload, signature } = tamper(event.payload);
      const eventsBefore = await eventRows(ctx);
      const res = await deliver(ctx, payload, signature);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'stripe-signature does not match the body' });
      await expectUnpaid(ctx, order._id);
      expect(await eventRows(ctx)).toEqual(eventsBefore);
    });

    it('acknowledges an event type it does not handle and changes nothing else', async () => {
      const { order, intent } = await succeededIntent();
      const event = signedEvent('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' });
      const res = await deliver(ctx, event.payload, event.signature);
      expect(res.status).toBe(200);
      await expectUnpaid(ctx, order._id);
      const charge = signedEvent('charge.refunded', { id: 'ch_1', object: 'charge', amount: 4500000 });
      expect((await deliver(ctx, charge.payload, charge.signature)).status).toBe(200);
    });

    it('acknowledges a succeeded intent that is not for one of our orders', async () => {
      const { order } = await world(ctx);
      for (const orderId of [undefined, '00000000-0000-4000-8000-000000000000', 'invoice-42']) {
        const event = signedEvent('payment_intent.succeeded', fake.addIntent({ amount: 4500000, orderId, status: 'succeeded' }));
        expect((await deliver(ctx, event.payload, event.signature)).status, String(orderId)).toBe(200);
      }
      await expectUnpaid(ctx, order._id);
    });
  });
});

describe('with the sandbox provider (the default)', () => {
  const ctx = useTestApp();

  it('has no Stripe webhook: 404, even for a correctly signed event', async () => {
    const event = signedEvent('payment_intent.succeeded', {
      id: 'pi_x',
      object: 'payment_intent',
      amount: 100,
      currency: 'bdt',
      status: 'succeeded',
      metadata: {},
    });
    const res = await deliver(ctx, event.payload, event.signature);
    expect(res.status).toBe(404);
    expect(await eventRows(ctx)).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});
