import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { book, createCategory, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { orders, payments, products, sandboxIntents } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

const ctx = useTestApp();
const card = (number = '4242 4242 4242 4242', overrides: Record<string, unknown> = {}) => ({ number, exp_month: 12, exp_year: 2040, cvc: '123', ...overrides });

let buyer: Actor;
let product: { _id: string; resalePrice: number };
let order: { _id: string };

beforeEach(async () => {
  const seller = await signUp(ctx.app, 'Seller');
  buyer = await signUp(ctx.app, 'Buyer');
  const category = await createCategory(ctx.app);
  product = await postProduct(ctx.app, seller, category.id, { resalePrice: 45000 });
  await callRoute(ctx.app, 'advertiseProduct', { params: { id: product._id }, token: seller.token });
  order = await book(ctx.app, buyer, product._id);
});

const startPayment = (who: Actor, orderId: string, extra: Record<string, unknown> = {}) =>
  callRoute(ctx.app, 'createPaymentIntent', { token: who.token, body: { orderId, ...extra } });

const confirm = (intent: { intentId: string; clientSecret: string }, number?: string, overrides?: Record<string, unknown>) =>
  callRoute(ctx.app, 'sandboxConfirm', { params: { id: intent.intentId }, body: { client_secret: intent.clientSecret, card: card(number, overrides) } });

const pay = (who: Actor, orderId: string, transactionId: string) =>
  callRoute(ctx.app, 'recordPayment', {
    headers: { authorization: `bearer ${who.token}` },
    body: { orderId, transactionId, buyerName: 'Someone Else', productPrice: 1, productId: product._id, productName: 'Fake' },
  });

async function chargedIntent(orderId = order._id) {
  const intent = (await startPayment(buyer, orderId)).body.data;
  expect((await confirm(intent)).status).toBe(200);
  return intent as { intentId: string; clientSecret: string };
}

const paymentRows = () => ctx.app.db.select().from(payments);

describe('POST /api/create-payment-intent', () => {
  it("charges the order's own price, whatever the body says", async () => {
    const res = await startPayment(buyer, order._id, { productPrice: 1 });
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toBe(res.body.data.clientSecret);
    expect(res.body.data).toMatchObject({ amount: 45000, provider: 'sandbox', publishableKey: null });
    const [intent] = await ctx.app.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, res.body.data.intentId));
    expect(intent).toMatchObject({ amount: 4_500_000, currency: 'bdt', orderId: order._id, status: 'requires_payment_method' });
  });

  it("refuses another buyer's order (403) and an unknown order (404)", async () => {
    const other = await signUp(ctx.app, 'Buyer');
    expect((await startPayment(other, order._id)).status).toBe(403);
    expect((await startPayment(buyer, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('refuses a paid order, and an open order of another buyer once the phone is reserved by a payment, saying why', async () => {
    const other = await signUp(ctx.app, 'Buyer');
    const othersOrder = await book(ctx.app, other, product._id);
    expect((await pay(buyer, order._id, (await chargedIntent()).intentId)).status).toBe(201);
    const again = await startPayment(buyer, order._id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is already paid');
    const late = await startPayment(other, othersOrder._id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This phone is reserved for a buyer who is meeting the seller: it cannot be booked, accepted or paid for now');
  });
});

describe('the sandbox processor', () => {
  it.each([
    ['4000 0000 0000 0002', {}, 'Your card was declined.'],
    ['4000 0000 0000 9995', {}, 'Your card has insufficient funds.'],
    ['4242 4242 4242 4242', { exp_year: 2020 }, "Your card's expiration year is in the past."],
    ['4242 4242 4242 4242', { cvc: '12' }, "Your card's security code is invalid."],
    ['4242 4242 4242 4241', {}, 'Your card number is incorrect.'],
  ])('answers %s %j with a 402 and the provider message', async (number, overrides, message) => {
    const intent = (await startPayment(buyer, order._id)).body.data;
    const res = await confirm(intent, number, overrides);
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ type: 'card_error', message });
    expect((await pay(buyer, order._id, intent.intentId)).status).toBe(402);
    expect(await paymentRows()).toHaveLength(0);
  });

  it('refuses a wrong client secret, and never stores card details', async () => {
    const intent = (await startPayment(buyer, order._id)).body.data;
    expect((await confirm({ ...intent, clientSecret: `${intent.intentId}_secret_wrong` })).status).toBe(404);
    expect((await confirm(intent)).status).toBe(200);
    expect((await pay(buyer, order._id, intent.intentId)).status).toBe(201);
    const stored = JSON.stringify([await ctx.app.db.select().from(sandboxIntents), await paymentRows(), await ctx.app.db.select().from(orders)]);
    expect(stored).not.toMatch(/4242 ?4242 ?4242 ?4242/);
    expect(stored).not.toMatch(/"(exp_year|cvc|number)"/);
  });
});

describe('POST /api/payment', () => {
  it('records a confirmed payment once: the order is paid, the phone reserved for its buyer and off every list', async () => {
    const intent = await chargedIntent();
    const res = await pay(buyer, order._id, intent.intentId);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      buyerName: buyer.name,
      productPrice: 45000,
      transactionId: intent.intentId,
      orderId: order._id,
      productId: product._id,
      productName: 'iPhone 13',
    });
    const [row] = await ctx.app.db.select().from(products).where(eq(products.id, product._id));
    // Reserved until the handover, where it is sold (issue 31).
    expect(row).toMatchObject({ status: 'reserved', heldBy: order._id });
    expect((await callRoute(ctx.app, 'order', { params: { id: order._id }, token: buyer.token })).body.data.paid).toBe(true);
    expect((await callRoute(ctx.app, 'categoryProducts', { params: { id: row!.categoryId } })).body.data).toEqual([]);
    expect((await callRoute(ctx.app, 'advertisedProducts')).body.data).toEqual([]);
    const detail = await callRoute(ctx.app, 'product', { params: { id: product._id } });
    expect(detail.body.data.status).toBe('reserved');

    const again = await pay(buyer, order._id, intent.intentId);
    expect(again.status).toBe(200);
    expect(again.body.data.transactionId).toBe(intent.intentId);
    expect(await paymentRows()).toHaveLength(1);
  });

  it('refuses a made-up transaction id, an unconfirmed intent and an intent of another order', async () => {
    expect((await pay(buyer, order._id, 'pi_made_up')).status).toBe(400);
    const unconfirmed = (await startPayment(buyer, order._id)).body.data;
    expect((await pay(buyer, order._id, unconfirmed.intentId)).status).toBe(402);
    const secondProduct = await postProduct(ctx.app, await signUp(ctx.app, 'Seller'), (await createCategory(ctx.app)).id);
    const secondOrder = await book(ctx.app, buyer, secondProduct._id);
    const other = await chargedIntent(secondOrder._id);
    const res = await pay(buyer, order._id, other.intentId);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This payment belongs to another order');
    expect(await paymentRows()).toHaveLength(0);
  });

  it('refuses a second payment for a paid order with a 409', async () => {
    const first = await chargedIntent();
    const second = await chargedIntent();
    expect((await pay(buyer, order._id, first.intentId)).status).toBe(201);
    const res = await pay(buyer, order._id, second.intentId);
    expect(res.status).toBe(409);
    expect(await paymentRows()).toHaveLength(1);
  });

  it("refuses another buyer's order with a 403", async () => {
    const intent = await chargedIntent();
    const other = await signUp(ctx.app, 'Buyer');
    expect((await pay(other, order._id, intent.intentId)).status).toBe(403);
    expect(await paymentRows()).toHaveLength(0);
  });

  it('records exactly one payment when 20 arrive at once, with one intent or with many', async () => {
    const intent = await chargedIntent();
    const same = await Promise.all(Array.from({ length: 20 }, () => pay(buyer, order._id, intent.intentId)));
    expect(same.filter((r) => r.status === 201)).toHaveLength(1);
    expect(same.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(await paymentRows()).toHaveLength(1);
  });

  it('records exactly one payment when 20 different charged intents race for one order', async () => {
    const intents = [];
    for (let i = 0; i < 20; i++) intents.push(await chargedIntent());
    const results = await Promise.all(intents.map((intent) => pay(buyer, order._id, intent.intentId)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await paymentRows()).toHaveLength(1);
  });
});
