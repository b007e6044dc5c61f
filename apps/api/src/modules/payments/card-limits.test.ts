import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AbuseLimits } from '../../config.ts';
import { book, createCategory, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { appWithLimits, useTestApp } from '../../../test/helper.ts';
import { callRoute } from '../../../test/call-route.ts';

/**
 * Card attempts are limited across payment intents, per buyer and per address: intents are free,
 * so a card tester who makes a fresh one for every number must gain nothing by it.
 */
const ctx = useTestApp();
const hour = 3_600_000;

const appWith = (limits: Partial<AbuseLimits>) => appWithLimits(ctx, limits);

async function buyerWithOrder() {
  const seller = await signUp(ctx.app, 'Seller');
  const buyer = await signUp(ctx.app, 'Buyer');
  const product = await postProduct(ctx.app, seller, (await createCategory(ctx.app)).id, { resalePrice: 45000 });
  return { buyer, order: await book(ctx.app, buyer, product._id) };
}

const newIntent = (app: FastifyInstance, buyer: Actor, orderId: string) => callRoute(app, 'createPaymentIntent', { token: buyer.token, body: { orderId } });
const decline = (app: FastifyInstance, intent: { intentId: string; clientSecret: string }, ip: string) =>
  callRoute(app, 'sandboxConfirm', {
    params: { id: intent.intentId },
    remoteAddress: ip,
    body: { client_secret: intent.clientSecret, card: { number: '4000 0000 0000 0002', exp_month: 12, exp_year: 2040, cvc: '123' } },
  });

describe('card attempts', () => {
  it('per buyer: a fresh intent for every try, from a fresh address every time, still ends in a 429', async () => {
    const app = await appWith({ cardAttemptsPerBuyer: { max: 5, windowMs: hour } });
    const { buyer, order } = await buyerWithOrder();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const intent = await newIntent(app, buyer, order._id);
      expect(intent.status).toBe(200);
      statuses.push((await decline(app, intent.body.data, `10.40.${i}.1`)).status);
    }
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429, 429, 429]);
    // Another buyer is not held back by this one.
    const other = await buyerWithOrder();
    expect((await decline(app, (await newIntent(app, other.buyer, other.order._id)).body.data, '10.40.99.1')).status).toBe(402);
  });

  it('per address: several buyers trying cards from one address are stopped together', async () => {
    const app = await appWith({ cardAttemptsPerIp: { max: 3, windowMs: hour } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { buyer, order } = await buyerWithOrder();
      statuses.push((await decline(app, (await newIntent(app, buyer, order._id)).body.data, '10.41.0.1')).status);
    }
    expect(statuses).toEqual([402, 402, 402, 429, 429]);
  });

  it('the 429 is in the JSON error shape with Retry-After, and counts before the card is judged', async () => {
    const app = await appWith({ cardAttemptsPerBuyer: { max: 1, windowMs: hour } });
    const { buyer, order } = await buyerWithOrder();
    const intent = (await newIntent(app, buyer, order._id)).body.data;
    expect((await decline(app, intent, '10.42.0.1')).status).toBe(402);
    const refused = await callRoute(app, 'sandboxConfirm', {
      params: { id: intent.intentId },
      remoteAddress: '10.42.0.2',
      body: { client_secret: intent.clientSecret, card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' } },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      requestId: refused.headers['x-request-id'],
      message: expect.stringMatching(/^Too many card attempts, try again in \d+ minutes$/),
      massage: refused.body.message,
      code: 'too_many_card_attempts',
      params: { seconds: Number(refused.headers['retry-after']), minutes: Math.ceil(Number(refused.headers['retry-after']) / 60) },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('payment intents per buyer are bounded too', async () => {
    const app = await appWith({ paymentIntentsPerBuyer: { max: 3, windowMs: hour } });
    const { buyer, order } = await buyerWithOrder();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await newIntent(app, buyer, order._id)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
