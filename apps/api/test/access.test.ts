import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTable, type RouteKey, type Rule } from '../src/access-table.ts';
import { orders } from '../src/db/schema.ts';
import { sandboxProvider } from '../src/modules/payments/sandbox.ts';
import { confirmIntent } from '../src/modules/payments/sandbox-processor.ts';
import {
  book,
  createAdmin,
  createCategory,
  linkToken,
  markPaid,
  markSold,
  PASSWORD,
  postProduct,
  productBody,
  signUp,
  uploadedPicture,
  type Actor,
} from './fixtures.ts';
import { callbackRequest, googleIdToken } from './google.ts';
import { call, useTestApp } from './helper.ts';

/**
 * Generated from the access table: every route, called as each of these callers,
 * must be allowed (2xx) or refused (401 anonymous, 403 signed in) exactly as its rule says.
 * The last two callers have not confirmed their e-mail address (one of each role that can
 * sign up): rules with `verified: true` refuse them, the others treat them as any caller of
 * their role.
 */
const callers = ['anonymous', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin', 'unverifiedBuyer', 'unverifiedSeller'] as const;
type Caller = (typeof callers)[number];
type SignedIn = Exclude<Caller, 'anonymous'>;
const signedInCallers = callers.filter((c): c is SignedIn => c !== 'anonymous');
const isVerified = (caller: SignedIn) => !caller.startsWith('unverified');

const ctx = useTestApp({}, { resetEach: false });

interface World {
  actors: Record<SignedIn, Actor>;
  /** A seller none of the callers is: the phones everyone may report. */
  stranger: Actor;
  categoryId: string;
  png: Buffer;
}
let world: World;

beforeAll(async () => {
  const { app } = ctx;
  // The bKash stand-in is reached over HTTP, as bKash would be.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const [buyer, otherBuyer, seller, otherSeller, admin, unverifiedBuyer, unverifiedSeller] = await Promise.all([
    signUp(app, 'Buyer'),
    signUp(app, 'Buyer'),
    signUp(app, 'Seller'),
    signUp(app, 'Seller'),
    createAdmin(app),
    signUp(app, 'Buyer', undefined, { verified: false }),
    signUp(app, 'Seller', undefined, { verified: false }),
  ]);
  const category = await createCategory(app);
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  world = {
    actors: { buyer, otherBuyer, seller, otherSeller, admin, unverifiedBuyer, unverifiedSeller },
    stranger: await signUp(app, 'Seller'),
    categoryId: category.id,
    png,
  };
  // The callers are what they say they are.
  for (const caller of signedInCallers) {
    const me = await call(app, { method: 'GET', url: '/api/me', token: world.actors[caller].token });
    expect(me.status, caller).toBe(200);
    expect(me.body.data.emailVerified, caller).toBe(isVerified(caller));
  }
});

const sellersProduct = () => postProduct(ctx.app, world.actors.seller, world.categoryId);
const strangersProduct = () => postProduct(ctx.app, world.stranger, world.categoryId);
/** A stranger's phone a buyer has reported: in the Admin's queue. */
const reportedProduct = async () => {
  const product = await strangersProduct();
  const reported = await call(ctx.app, {
    method: 'POST',
    url: '/api/report',
    token: world.actors.buyer.token,
    payload: { productId: product._id, reason: 'fake' },
  });
  expect(reported.status).toBe(201);
  return product;
};
const buyersOrder = async () => book(ctx.app, world.actors.buyer, (await sellersProduct())._id);
/** The buyer's paid order of the seller's phone. */
const paidOrder = async () => markPaid(ctx.app, (await buyersOrder())._id, { payment: true, sold: true });
/** The buyer's review of the seller, for a paid order. */
const buyersReview = async () => {
  const reviewed = await call(ctx.app, {
    method: 'POST',
    url: '/api/review',
    token: world.actors.buyer.token,
    payload: { orderId: (await paidOrder()).id, stars: 4 },
  });
  expect(reviewed.status).toBe(201);
  return reviewed.body.data as { _id: string };
};
let serial = 0;

/** The password each kind of caller's account has (fixtures). */
const passwordOf = (caller: SignedIn) => (caller === 'admin' ? 'admin1' : PASSWORD);

/** A new account of the same kind as `caller` (role and verification): for calls that end the caller's sessions. */
function throwaway(caller: SignedIn): Promise<Actor> {
  if (caller === 'admin') return createAdmin(ctx.app);
  const role = world.actors[caller].role as 'Buyer' | 'Seller';
  return signUp(ctx.app, role, undefined, { verified: isVerified(caller) });
}

interface Request extends InjectOptions {
  /** The status an allowed caller gets, when it is not just any 2xx. */
  expectStatus?: number;
  /** Call as this actor (of the caller's kind) instead of the world's one. */
  as?: Actor;
  /** More checks on an allowed call's answer. */
  after?: (res: Awaited<ReturnType<typeof call>>, actor: Actor) => Promise<void>;
}

/** A valid request for each route, with fresh targets owned by `buyer` or `seller`. */
const requests: Record<RouteKey, (caller: Caller) => Promise<Request>> = {
  'GET /api/health': async () => ({ method: 'GET', url: '/api/health' }),
  'GET /api/demo-accounts': async () => ({ method: 'GET', url: '/api/demo-accounts' }),
  'POST /api/user': async () => ({
    method: 'POST',
    url: '/api/user',
    payload: { name: 'New', email: `new-${serial++}@example.com`, password: 'secret', role: 'Buyer', userImg: await uploadedPicture(ctx.app) },
    expectStatus: 202,
  }),
  'POST /api/login': async () => ({ method: 'POST', url: '/api/login', payload: { email: world.actors.buyer.email, password: PASSWORD } }),
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
  // The code of a fresh account's verification link.
  'POST /api/verify-email': async () => {
    const fresh = await signUp(ctx.app, 'Buyer', undefined, { verified: false });
    return { method: 'POST', url: '/api/verify-email', payload: { token: await linkToken(ctx.app, fresh.email, 'verify-email') }, expectStatus: 200 };
  },
  'POST /api/forgot-password': async () => ({ method: 'POST', url: '/api/forgot-password', payload: { email: world.actors.buyer.email }, expectStatus: 202 }),
  // The code of a fresh account's reset link (the world's accounts keep their passwords and sessions).
  'POST /api/reset-password': async () => {
    const fresh = await signUp(ctx.app, 'Buyer');
    const asked = await call(ctx.app, { method: 'POST', url: '/api/forgot-password', payload: { email: fresh.email } });
    expect(asked.status).toBe(202);
    return {
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: await linkToken(ctx.app, fresh.email, 'reset-password'), password: 'brand-new-secret' },
      expectStatus: 200,
    };
  },
  'GET /api/me': async () => ({
    method: 'GET',
    url: '/api/me',
    after: async (res, actor) => expect(res.body.data._id).toBe(actor._id),
  }),
  // A new link for an address not yet confirmed; a confirmed one's owner is told so (409), past the access check.
  'POST /api/verification-email': async (caller) => ({
    method: 'POST',
    url: '/api/verification-email',
    expectStatus: caller !== 'anonymous' && isVerified(caller) ? 409 : 202,
  }),
  // Both end the caller's sessions: called as a new account of the caller's kind, so the world's tokens stay good.
  'POST /api/change-password': async (caller) => ({
    method: 'POST',
    url: '/api/change-password',
    payload: { currentPassword: caller === 'anonymous' ? PASSWORD : passwordOf(caller), password: 'another-secret' },
    expectStatus: 200,
    ...(caller === 'anonymous' ? {} : { as: await throwaway(caller) }),
    after: async (res, actor) => {
      expect((await call(ctx.app, { method: 'GET', url: '/api/me', token: actor.token })).status, 'the old session').toBe(401);
      expect((await call(ctx.app, { method: 'GET', url: '/api/me', token: res.body.data.token })).status, 'the new session').toBe(200);
    },
  }),
  'PUT /api/language': async (caller) => ({
    method: 'PUT',
    url: '/api/language',
    payload: { language: 'bn' },
    expectStatus: 200,
    // A new account: the world's actors keep their English mails.
    ...(caller === 'anonymous' ? {} : { as: await throwaway(caller) }),
    after: async (res, actor) => {
      expect(res.body.data.language).toBe('bn');
      expect((await call(ctx.app, { method: 'GET', url: '/api/me', token: actor.token })).body.data.language, 'kept on the account').toBe('bn');
    },
  }),
  'POST /api/logout-everywhere': async (caller) => ({
    method: 'POST',
    url: '/api/logout-everywhere',
    expectStatus: 200,
    ...(caller === 'anonymous' ? {} : { as: await throwaway(caller) }),
    after: async (_res, actor) => expect((await call(ctx.app, { method: 'GET', url: '/api/me', token: actor.token })).status, 'the token used').toBe(401),
  }),
  'GET /api/category': async () => ({ method: 'GET', url: '/api/category' }),
  'GET /api/advertise-products': async () => ({ method: 'GET', url: '/api/advertise-products' }),
  'GET /api/products': async () => ({ method: 'GET', url: '/api/products?q=galaxy&sort=price_asc' }),
  'GET /api/product-suggestions': async () => ({ method: 'GET', url: '/api/product-suggestions?q=gala' }),
  'GET /api/category-products/:id': async () => ({ method: 'GET', url: `/api/category-products/${world.categoryId}` }),
  'GET /api/detail-product/:id': async () => ({ method: 'GET', url: `/api/detail-product/${(await sellersProduct())._id}` }),
  'GET /api/own-product/:id': async () => ({
    method: 'GET',
    url: `/api/own-product/${(await sellersProduct())._id}`,
    after: async (res) => expect(res.body.data.imei).toMatch(/^\d{15}$/),
  }),
  'GET /api/admin-overview': async () => ({ method: 'GET', url: '/api/admin-overview?period=Weekly' }),
  'GET /api/all-buyer': async () => ({ method: 'GET', url: '/api/all-buyer' }),
  'GET /api/all-seller': async () => ({ method: 'GET', url: '/api/all-seller' }),
  'GET /api/all-reported-products': async () => ({ method: 'GET', url: '/api/all-reported-products' }),
  'PUT /api/verify-seller/:id': async () => ({ method: 'PUT', url: `/api/verify-seller/${world.actors.otherSeller._id}` }),
  // A seller of its own each time (the world's sellers must keep signing in).
  'PUT /api/suspend-seller/:id': async () => ({
    method: 'PUT',
    url: `/api/suspend-seller/${(await signUp(ctx.app, 'Seller'))._id}`,
    payload: { reason: 'Listed a stolen handset' },
    after: async (res) => expect(res.body.data.suspended).toBe(true),
  }),
  'PUT /api/reinstate-seller/:id': async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const suspended = await call(ctx.app, {
      method: 'PUT',
      url: `/api/suspend-seller/${seller._id}`,
      token: world.actors.admin.token,
      payload: { reason: 'A mistake' },
    });
    expect(suspended.status).toBe(200);
    return { method: 'PUT', url: `/api/reinstate-seller/${seller._id}`, payload: { reason: 'The report was false' } };
  },
  'DELETE /api/user/:id': async () => ({ method: 'DELETE', url: `/api/user/${(await signUp(ctx.app, 'Buyer'))._id}` }),
  'GET /api/outbox': async () => ({ method: 'GET', url: '/api/outbox?limit=5' }),
  'GET /api/audit-log': async () => ({ method: 'GET', url: '/api/audit-log?limit=5&action=delete-user' }),
  'GET /api/paid-orders': async () => ({ method: 'GET', url: '/api/paid-orders?limit=5' }),
  // The bKash stand-in answers over HTTP: this file's app listens (below).
  'POST /api/bkash/create-payment': async () => ({
    method: 'POST',
    url: '/api/bkash/create-payment',
    payload: { orderId: (await buyersOrder())._id },
    after: async (res) => expect(res.body.data.bkashURL).toContain('/bkash-sandbox/checkout?paymentID='),
  }),
  // bKash's return carries no credential: what it says is checked with bKash.
  'GET /api/bkash/callback': async () => ({ method: 'GET', url: '/api/bkash/callback?paymentID=TR0011UNKNOWN&status=success', expectStatus: 302 }),
  'PUT /api/refund-order/:id': async () => ({
    method: 'PUT',
    url: `/api/refund-order/${(await paidOrder()).id}`,
    payload: { reason: 'The phone never reached the buyer' },
    after: async (res) => expect(res.body.data.refund).toMatchObject({ status: 'pending', reason: 'The phone never reached the buyer' }),
  }),
  'GET /api/buyer-overview/:id': async () => ({ method: 'GET', url: `/api/buyer-overview/${world.actors.buyer._id}` }),
  'GET /api/orders/:id': async () => ({ method: 'GET', url: `/api/orders/${world.actors.buyer.email}` }),
  'GET /api/seller-overview/:id': async () => ({ method: 'GET', url: `/api/seller-overview/${world.actors.seller._id}` }),
  'GET /api/seller-products/:id': async () => ({ method: 'GET', url: `/api/seller-products/${world.actors.seller.email}` }),
  // A listing takes only its seller's own uploads: the caller's (decision 040).
  'POST /api/product': async (caller) => ({
    method: 'POST',
    url: '/api/product',
    payload: productBody(world.categoryId, await uploadedPicture(ctx.app, caller === 'anonymous' ? undefined : world.actors[caller]), {
      productName: 'Galaxy A54',
      location: 'Mirpur, Dhaka',
    }),
    expectStatus: 201,
  }),
  'PUT /api/product/:id': async () => ({
    method: 'PUT',
    url: `/api/product/${(await sellersProduct())._id}`,
    payload: productBody(world.categoryId, await uploadedPicture(ctx.app, world.actors.seller), { resalePrice: 70000 }),
    after: async (res) => expect(res.body.data.resalePrice).toBe(70000),
  }),
  'PUT /api/advertise-product/:id': async () => ({ method: 'PUT', url: `/api/advertise-product/${(await sellersProduct())._id}` }),
  'DELETE /api/advertise-product/:id': async () => {
    const product = await sellersProduct();
    const advertised = await call(ctx.app, { method: 'PUT', url: `/api/advertise-product/${product._id}`, token: world.actors.seller.token });
    expect(advertised.status).toBe(200);
    return { method: 'DELETE', url: `/api/advertise-product/${product._id}` };
  },
  'PUT /api/mark-sold/:id': async () => ({ method: 'PUT', url: `/api/mark-sold/${(await sellersProduct())._id}` }),
  // Only a sold listing can be hidden.
  'PUT /api/hide-product/:id': async () => {
    const product = await sellersProduct();
    await markSold(ctx.app, product._id);
    return { method: 'PUT', url: `/api/hide-product/${product._id}` };
  },
  'DELETE /api/product/:id': async () => ({ method: 'DELETE', url: `/api/product/${(await sellersProduct())._id}` }),
  'POST /api/order': async () => ({
    method: 'POST',
    url: '/api/order',
    payload: { productId: (await sellersProduct())._id, meetingLocation: 'Gulshan 1', mobileNumber: '01812-000000' },
    expectStatus: 201,
  }),
  'GET /api/order/:id': async () => ({ method: 'GET', url: `/api/order/${(await buyersOrder())._id}` }),
  'GET /api/seller-bookings/:id': async () => ({ method: 'GET', url: `/api/seller-bookings/${world.actors.seller._id}` }),
  // The buyer's booking of the seller's phone.
  'PUT /api/decline-booking/:id': async () => ({ method: 'PUT', url: `/api/decline-booking/${(await buyersOrder())._id}` }),
  'PUT /api/accept-booking/:id': async () => ({ method: 'PUT', url: `/api/accept-booking/${(await buyersOrder())._id}` }),
  'DELETE /api/order/:id': async () => ({ method: 'DELETE', url: `/api/order/${(await buyersOrder())._id}` }),
  'PUT /api/report-product/:id': async () => ({ method: 'PUT', url: `/api/report-product/${(await strangersProduct())._id}` }),
  'POST /api/report': async () => ({
    method: 'POST',
    url: '/api/report',
    payload: { productId: (await strangersProduct())._id, reason: 'stolen' },
    expectStatus: 201,
  }),
  'GET /api/report-queue': async () => ({ method: 'GET', url: '/api/report-queue?limit=5' }),
  'PUT /api/dismiss-reports/:id': async () => ({
    method: 'PUT',
    url: `/api/dismiss-reports/${(await reportedProduct())._id}`,
    payload: { reason: 'The photos are of this phone' },
  }),
  'PUT /api/warn-seller/:id': async () => ({
    method: 'PUT',
    url: `/api/warn-seller/${(await reportedProduct())._id}`,
    payload: { reason: 'Say the screen is cracked' },
  }),
  'PUT /api/remove-reported/:id': async () => ({
    method: 'PUT',
    url: `/api/remove-reported/${(await reportedProduct())._id}`,
    payload: { reason: 'A stolen handset' },
  }),
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
  'POST /api/review': async () => ({
    method: 'POST',
    url: '/api/review',
    payload: { orderId: (await paidOrder()).id, stars: 5, text: 'As described, met on time' },
    expectStatus: 201,
  }),
  'PUT /api/review/:id': async () => ({
    method: 'PUT',
    url: `/api/review/${(await buyersReview())._id}`,
    payload: { stars: 3, text: 'The battery is weaker than said' },
  }),
  'PUT /api/review-answer/:id': async () => ({
    method: 'PUT',
    url: `/api/review-answer/${(await buyersReview())._id}`,
    payload: { answer: 'Thank you for buying' },
    after: async (res) => expect(res.body.data.answer.text).toBe('Thank you for buying'),
  }),
  'GET /api/seller/:id': async () => ({ method: 'GET', url: `/api/seller/${world.actors.seller._id}` }),
  'GET /api/seller-reviews/:id': async () => ({ method: 'GET', url: `/api/seller-reviews/${world.actors.seller._id}` }),
  'GET /api/seller-listings/:id': async () => ({ method: 'GET', url: `/api/seller-listings/${world.actors.seller._id}` }),
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

type Verdict = 'allowed' | 'refused' | 'unverified';

/**
 * What the rule says of this caller. Targets belong to `buyer` (orders, buyer data) or
 * `seller` (products, seller data). 'unverified': the caller passes every other part of the
 * rule and is refused only for not having confirmed the e-mail address.
 */
function verdict(rule: Rule, caller: Caller, key: string): Verdict {
  if (rule.who === 'anyone') return 'allowed';
  if (caller === 'anonymous') return 'refused';
  const role = world.actors[caller].role;
  const unless = (verified: true | undefined): Verdict => (verified && !isVerified(caller) ? 'unverified' : 'allowed');
  switch (rule.who) {
    case 'signed-in':
      return unless(rule.verified);
    case 'role':
      return rule.roles.includes(role) ? unless(rule.verified) : 'refused';
    case 'self-or-admin':
      return role === 'Admin' || caller === (key.includes('seller') ? 'seller' : 'buyer') ? 'allowed' : 'refused';
    case 'owner':
      return caller === (rule.of === 'order' || rule.of === 'review' ? 'buyer' : 'seller') ? 'allowed' : 'refused';
    case 'owner-or-admin':
      return role === 'Admin' || caller === (rule.of === 'product' ? 'seller' : 'buyer') ? 'allowed' : 'refused';
  }
}

const rules = Object.entries(accessTable) as [RouteKey, Rule][];
const verifiedRoutes = rules.filter(([, r]) => 'verified' in r && r.verified).map(([k]) => k);

describe('the access table', () => {
  it('has a valid request for every route, and no more', () => {
    expect(Object.keys(requests).sort()).toEqual(Object.keys(accessTable).sort());
  });

  it('is exactly the rules pinned here by hand: a new route, even one open to anyone, fails until someone pins it on purpose', () => {
    const said = (rule: Rule): string => {
      const confirmed = 'verified' in rule && rule.verified ? ', confirmed e-mail' : '';
      switch (rule.who) {
        case 'anyone':
        case 'signed-in':
        case 'self-or-admin':
          return `${rule.who}${confirmed}`;
        case 'role':
          return `${rule.roles.join(' or ')}${confirmed}`;
        case 'owner':
          return `${rule.roles.join(' or ')} owning the ${rule.of}${rule.bodyKey ? ` (body.${rule.bodyKey})` : ''}`;
        case 'owner-or-admin':
          return `owner of the ${rule.of}, or Admin`;
      }
    };
    expect(Object.fromEntries(rules.map(([key, rule]) => [key, said(rule)]))).toEqual({
      'GET /api/health': 'anyone',
      'GET /api/demo-accounts': 'anyone',
      'POST /api/user': 'anyone',
      'POST /api/login': 'anyone',
      'GET /api/me': 'signed-in',
      // The one-time links: the code in the body is the credential.
      'POST /api/verify-email': 'anyone',
      'POST /api/forgot-password': 'anyone',
      'POST /api/reset-password': 'anyone',
      'POST /api/verification-email': 'signed-in',
      'POST /api/change-password': 'signed-in',
      'POST /api/logout-everywhere': 'signed-in',
      'PUT /api/language': 'signed-in',
      // Google sign-in (OpenID Connect): the popup's two steps, then the ID token for a session.
      'GET /api/auth/google/start': 'anyone',
      'GET /api/auth/google/callback': 'anyone',
      'POST /api/google-user': 'anyone',
      // The public catalogue.
      'GET /api/category': 'anyone',
      'GET /api/advertise-products': 'anyone',
      'GET /api/products': 'anyone',
      'GET /api/product-suggestions': 'anyone',
      'GET /api/category-products/:id': 'anyone',
      'GET /api/detail-product/:id': 'anyone',
      'GET /api/own-product/:id': 'owner of the product, or Admin',
      'GET /api/seller-products/:id': 'self-or-admin',
      'GET /api/all-reported-products': 'Admin',
      // What reaches other people waits until the caller has confirmed the address (decision 013).
      'POST /api/product': 'Seller, confirmed e-mail',
      'PUT /api/product/:id': 'Seller owning the product',
      'PUT /api/advertise-product/:id': 'Seller owning the product',
      'DELETE /api/advertise-product/:id': 'Seller owning the product',
      'PUT /api/mark-sold/:id': 'Seller owning the product',
      'PUT /api/hide-product/:id': 'Seller owning the product',
      'PUT /api/report-product/:id': 'signed-in, confirmed e-mail',
      'POST /api/report': 'signed-in, confirmed e-mail',
      'GET /api/report-queue': 'Admin',
      'PUT /api/dismiss-reports/:id': 'Admin',
      'PUT /api/warn-seller/:id': 'Admin',
      'PUT /api/remove-reported/:id': 'Admin',
      'DELETE /api/product/:id': 'owner of the product, or Admin',
      'POST /api/order': 'Buyer, confirmed e-mail',
      'GET /api/orders/:id': 'self-or-admin',
      'GET /api/seller-bookings/:id': 'self-or-admin',
      'PUT /api/decline-booking/:id': 'Seller owning the booking',
      'PUT /api/accept-booking/:id': 'Seller owning the booking',
      'GET /api/order/:id': 'owner of the order, or Admin',
      'DELETE /api/order/:id': 'owner of the order, or Admin',
      'POST /api/create-payment-intent': 'Buyer owning the order (body.orderId)',
      'POST /api/payment': 'Buyer owning the order (body.orderId)',
      // The payment sandbox's processor: the intent's client secret is the credential, as with Stripe.js.
      'POST /api/sandbox/payment_intents/:id/confirm': 'anyone',
      // Stripe's signature on the raw body is the credential.
      'POST /api/stripe/webhook': 'anyone',
      'POST /api/bkash/create-payment': 'Buyer owning the order (body.orderId)',
      // bKash's return: nothing it says is believed until bKash confirms it (execute, then query).
      'GET /api/bkash/callback': 'anyone',
      'GET /api/all-buyer': 'Admin',
      'GET /api/all-seller': 'Admin',
      'PUT /api/verify-seller/:id': 'Admin',
      'PUT /api/suspend-seller/:id': 'Admin',
      'PUT /api/reinstate-seller/:id': 'Admin',
      'DELETE /api/user/:id': 'Admin',
      'GET /api/outbox': 'Admin',
      'GET /api/audit-log': 'Admin',
      // Money given back: an Admin's act, audited.
      'GET /api/paid-orders': 'Admin',
      'PUT /api/refund-order/:id': 'Admin',
      'GET /api/admin-overview': 'Admin',
      'GET /api/buyer-overview/:id': 'self-or-admin',
      'GET /api/seller-overview/:id': 'self-or-admin',
      // Reviews come from paid orders: the buyer writes (and changes) one, the reviewed seller answers; anyone reads.
      'POST /api/review': 'Buyer owning the order (body.orderId)',
      'PUT /api/review/:id': 'Buyer owning the review',
      'PUT /api/review-answer/:id': 'Seller owning the review-of-me',
      'GET /api/seller/:id': 'anyone',
      'GET /api/seller-reviews/:id': 'anyone',
      'GET /api/seller-listings/:id': 'anyone',
      // Sign-up uploads the avatar before the account exists: open, and limited instead.
      'POST /api/images': 'anyone',
    });
  });

  it('has callers of every kind: each role verified, and each role that can sign up unverified', () => {
    const kinds = signedInCallers.map((c) => `${world.actors[c].role}${isVerified(c) ? '' : ' (unverified)'}`);
    expect(new Set(kinds)).toEqual(new Set(['Buyer', 'Seller', 'Admin', 'Buyer (unverified)', 'Seller (unverified)']));
    // A rule with `verified` meets a caller it refuses for that alone, and one it lets through.
    for (const key of verifiedRoutes) {
      const verdicts = callers.map((c) => verdict(accessTable[key], c, key));
      expect(verdicts, key).toContain('unverified');
      expect(verdicts, key).toContain('allowed');
    }
  });
});

const CONFIRM_FIRST = /^Confirm your e-mail address first/;

describe.each(rules)('%s', (key, rule) => {
  it.each(callers)('as %s', async (caller) => {
    const { expectStatus, as, after, ...request } = await requests[key](caller);
    const actor = caller === 'anonymous' ? undefined : (as ?? world.actors[caller]);
    const res = await call(ctx.app, { ...request, token: actor?.token });
    const expected = verdict(rule, caller, key);
    if (expected === 'allowed') {
      if (expectStatus) {
        expect(res.status, JSON.stringify(res.body)).toBe(expectStatus);
      } else {
        expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      }
      if (after && actor) await after(res, actor);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(caller === 'anonymous' ? 401 : 403);
      expect(res.body.success).toBe(false);
      // Refused for not having confirmed the address, and only then.
      if (expected === 'unverified') expect(res.body.message).toMatch(CONFIRM_FIRST);
      else expect(res.body.message).not.toMatch(CONFIRM_FIRST);
    }
  });
});

describe('self-or-admin routes, each signed-in caller on its own data (confirmed or not)', () => {
  const selfRoutes = rules.filter(([, r]) => r.who === 'self-or-admin');
  it('has some', () => expect(selfRoutes.length).toBeGreaterThan(0));
  describe.each(selfRoutes)('%s', (key) => {
    it.each(signedInCallers.flatMap((c) => [[c, '_id'] as const, [c, 'email'] as const]))('as %s, by %s', async (caller, ref) => {
      const actor = world.actors[caller];
      const res = await call(ctx.app, { method: 'GET', url: key.split(' ')[1]!.replace(':id', encodeURIComponent(actor[ref])), token: actor.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });
});

describe('the e-mail check comes before reading the input', () => {
  it.each(verifiedRoutes)('%s refuses an unconfirmed caller of the right role a malformed request with 403, not 400', async (key) => {
    const rule = accessTable[key];
    const caller = signedInCallers.find((c) => !isVerified(c) && verdict(rule, c, key) === 'unverified');
    expect(caller, 'an unconfirmed caller the rule lets through but for that').toBeDefined();
    const [method, path] = key.split(' ') as ['POST' | 'PUT', string];
    const res = await call(ctx.app, { method, url: path.replace(':id', 'not-an-id'), payload: { unexpected: ['x'] }, token: world.actors[caller!].token });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.message).toMatch(CONFIRM_FIRST);
    // The same request from a confirmed caller of that role is turned away by validation instead.
    const confirmed = signedInCallers.find((c) => isVerified(c) && verdict(rule, c, key) === 'allowed')!;
    const checked = await call(ctx.app, {
      method,
      url: path.replace(':id', 'not-an-id'),
      payload: { unexpected: ['x'] },
      token: world.actors[confirmed].token,
    });
    expect(checked.status, JSON.stringify(checked.body)).toBe(400);
  });
});
