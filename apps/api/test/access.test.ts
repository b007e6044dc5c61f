import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTable, type RouteKey, type Rule } from '../src/access-table.ts';
import { orders } from '../src/db/schema.ts';
import { sandboxProvider } from '../src/modules/payments/sandbox.ts';
import { confirmIntent } from '../src/modules/payments/sandbox-processor.ts';
import { book, createAdmin, createCategory, postProduct, signUp, type Actor } from './fixtures.ts';
import { callbackRequest, googleIdToken } from './google.ts';
import { call, useTestApp } from './helper.ts';

/**
 * Generated from the access table: every route, called as each of these callers,
 * must be allowed (2xx) or refused (401 anonymous, 403 signed in) exactly as its rule says.
 */
const callers = ['anonymous', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const;
type Caller = (typeof callers)[number];

const ctx = useTestApp({}, { resetEach: false });

interface World {
  actors: Record<Exclude<Caller, 'anonymous'>, Actor>;
  categoryId: string;
  png: Buffer;
}
let world: World;

beforeAll(async () => {
  const { app } = ctx;
  const [buyer, otherBuyer, seller, otherSeller, admin] = await Promise.all([
    signUp(app, 'Buyer'),
    signUp(app, 'Buyer'),
    signUp(app, 'Seller'),
    signUp(app, 'Seller'),
    createAdmin(app),
  ]);
  const category = await createCategory(app);
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } }).png().toBuffer();
  world = { actors: { buyer, otherBuyer, seller, otherSeller, admin }, categoryId: category.id, png };
});

const sellersProduct = () => postProduct(ctx.app, world.actors.seller, world.categoryId);
const buyersOrder = async () => book(ctx.app, world.actors.buyer, (await sellersProduct())._id);
let serial = 0;

/** A valid request for each route, with fresh targets owned by `buyer` or `seller`. */
const requests: Record<RouteKey, () => Promise<InjectOptions & { expectStatus?: number }>> = {
  'GET /api/health': async () => ({ method: 'GET', url: '/api/health' }),
  'GET /api/demo-accounts': async () => ({ method: 'GET', url: '/api/demo-accounts' }),
  'POST /api/user': async () => ({
    method: 'POST',
    url: '/api/user',
    payload: { name: 'New', email: `new-${serial++}@example.com`, password: 'secret', role: 'Buyer', userImg: '/uploads/a.webp' },
  }),
  'POST /api/login': async () => ({ method: 'POST', url: '/api/login', payload: { email: world.actors.buyer.email, password: 'secret1' } }),
  'POST /api/images': async () => {
    const boundary = 'access-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      world.png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { method: 'POST', url: '/api/images', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  },
  // The popup's first step succeeds with a redirect to the provider; the callback runs the whole flow first.
  'GET /api/auth/google/start': async () => ({ method: 'GET', url: '/api/auth/google/start', expectStatus: 302 }),
  'GET /api/auth/google/callback': async () => callbackRequest(ctx.app, { name: 'Access Test', email: `google-${serial++}@example.com` }),
  'POST /api/google-user': async () => ({
    method: 'POST',
    url: '/api/google-user',
    payload: { idToken: await googleIdToken(ctx.app, { name: 'Access Test', email: `google-${serial++}@example.com` }) },
  }),
  'GET /api/category': async () => ({ method: 'GET', url: '/api/category' }),
  'GET /api/advertise-products': async () => ({ method: 'GET', url: '/api/advertise-products' }),
  'GET /api/category-products/:id': async () => ({ method: 'GET', url: `/api/category-products/${world.categoryId}` }),
  'GET /api/detail-product/:id': async () => ({ method: 'GET', url: `/api/detail-product/${(await sellersProduct())._id}` }),
  'GET /api/admin-overview': async () => ({ method: 'GET', url: '/api/admin-overview' }),
  'GET /api/all-buyer': async () => ({ method: 'GET', url: '/api/all-buyer' }),
  'GET /api/all-seller': async () => ({ method: 'GET', url: '/api/all-seller' }),
  'GET /api/all-reported-products': async () => ({ method: 'GET', url: '/api/all-reported-products' }),
  'PUT /api/verify-seller/:id': async () => ({ method: 'PUT', url: `/api/verify-seller/${world.actors.otherSeller._id}` }),
  'DELETE /api/user/:id': async () => ({ method: 'DELETE', url: `/api/user/${(await signUp(ctx.app, 'Buyer'))._id}` }),
  'GET /api/buyer-overview/:id': async () => ({ method: 'GET', url: `/api/buyer-overview/${world.actors.buyer._id}` }),
  'GET /api/orders/:id': async () => ({ method: 'GET', url: `/api/orders/${world.actors.buyer.email}` }),
  'GET /api/seller-overview/:id': async () => ({ method: 'GET', url: `/api/seller-overview/${world.actors.seller._id}` }),
  'GET /api/seller-products/:id': async () => ({ method: 'GET', url: `/api/seller-products/${world.actors.seller.email}` }),
  'POST /api/product': async () => ({
    method: 'POST',
    url: '/api/product',
    payload: {
      img: '/uploads/p.webp',
      phoneNumber: '01712-345678',
      location: 'Mirpur, Dhaka',
      purchase: '2024-01-01',
      originalPrice: 50000,
      resalePrice: 30000,
      productName: 'Galaxy A54',
      useYears: 1,
      categoryId: world.categoryId,
      condition: 'Good',
      description: 'Works well.',
    },
  }),
  'PUT /api/advertise-product/:id': async () => ({ method: 'PUT', url: `/api/advertise-product/${(await sellersProduct())._id}` }),
  'DELETE /api/product/:id': async () => ({ method: 'DELETE', url: `/api/product/${(await sellersProduct())._id}` }),
  'POST /api/order': async () => ({
    method: 'POST',
    url: '/api/order',
    payload: { productId: (await sellersProduct())._id, meetingLocation: 'Gulshan 1', mobileNumber: '01812-000000' },
  }),
  'GET /api/order/:id': async () => ({ method: 'GET', url: `/api/order/${(await buyersOrder())._id}` }),
  'DELETE /api/order/:id': async () => ({ method: 'DELETE', url: `/api/order/${(await buyersOrder())._id}` }),
  'PUT /api/report-product/:id': async () => ({ method: 'PUT', url: `/api/report-product/${(await sellersProduct())._id}` }),
  'POST /api/create-payment-intent': async () => ({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: (await buyersOrder())._id } }),
  'POST /api/payment': async () => {
    const order = await buyersOrder();
    const intent = await paidIntent(order._id);
    return { method: 'POST', url: '/api/payment', payload: { orderId: order._id, transactionId: intent } };
  },
  'POST /api/sandbox/payment_intents/:id/confirm': async () => {
    const intent = await sandboxProvider(ctx.app.db).createIntent({ amount: 100, orderId: (await buyersOrder())._id });
    return { method: 'POST', url: `/api/sandbox/payment_intents/${intent.id}/confirm`, payload: { client_secret: intent.clientSecret, card: testCard } };
  },
  // Without Stripe keys (this app) the webhook answers 404 to everyone; its signature check is tested with Stripe on.
  'POST /api/stripe/webhook': async () => ({ method: 'POST', url: '/api/stripe/webhook', payload: { id: 'evt_1' }, expectStatus: 404 }),
};

const testCard = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' };

/** An intent the sandbox has charged for this order's price. */
async function paidIntent(orderId: string) {
  const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
  const intent = await sandboxProvider(ctx.app.db).createIntent({ amount: order!.productPrice * 100, orderId });
  const confirmed = await confirmIntent(ctx.app.db, intent.id, intent.clientSecret, testCard);
  expect(confirmed.ok).toBe(true);
  return intent.id;
}

/** Targets belong to `buyer` (orders, buyer data) or `seller` (products, seller data). */
function allowed(rule: Rule, caller: Caller, key: string): boolean {
  if (rule.who === 'anyone') return true;
  if (caller === 'anonymous') return false;
  const role = world.actors[caller].role;
  switch (rule.who) {
    case 'signed-in':
      return true;
    case 'role':
      return rule.roles.includes(role);
    case 'self-or-admin':
      return role === 'Admin' || caller === (key.includes('seller') ? 'seller' : 'buyer');
    case 'owner':
      return caller === (rule.of === 'product' ? 'seller' : 'buyer');
    case 'owner-or-admin':
      return role === 'Admin' || caller === (rule.of === 'product' ? 'seller' : 'buyer');
  }
}

describe('the access table', () => {
  it('has a valid request for every route, and no more', () => {
    expect(Object.keys(requests).sort()).toEqual(Object.keys(accessTable).sort());
  });

  it('says what the issue asks for each group of routes', () => {
    const byRule = (who: string, roles?: string[]) =>
      Object.entries(accessTable as Record<string, Rule>)
        .filter(([, r]) => r.who === who && (!roles || ('roles' in r && r.roles.join() === roles.join())))
        .map(([k]) => k)
        .sort();
    expect(byRule('role', ['Admin'])).toEqual(
      ['DELETE /api/user/:id', 'GET /api/admin-overview', 'GET /api/all-buyer', 'GET /api/all-reported-products', 'GET /api/all-seller', 'PUT /api/verify-seller/:id'].sort(),
    );
    expect(byRule('self-or-admin')).toEqual(['GET /api/buyer-overview/:id', 'GET /api/orders/:id', 'GET /api/seller-overview/:id', 'GET /api/seller-products/:id']);
    expect(byRule('role', ['Seller'])).toEqual(['POST /api/product']);
    expect(byRule('role', ['Buyer'])).toEqual(['POST /api/order']);
    expect(byRule('signed-in')).toEqual(['PUT /api/report-product/:id']);
    expect(byRule('owner')).toEqual(['POST /api/create-payment-intent', 'POST /api/payment', 'PUT /api/advertise-product/:id']);
  });
});

describe.each(Object.entries(accessTable) as [RouteKey, Rule][])('%s', (key, rule) => {
  it.each(callers)('as %s', async (caller) => {
    const { expectStatus, ...request } = await requests[key]();
    const token = caller === 'anonymous' ? undefined : world.actors[caller].token;
    const res = await call(ctx.app, { ...request, token });
    if (expectStatus && allowed(rule, caller, key)) {
      expect(res.status, JSON.stringify(res.body)).toBe(expectStatus);
    } else if (allowed(rule, caller, key)) {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(caller === 'anonymous' ? 401 : 403);
      expect(res.body.success).toBe(false);
    }
  });
});
