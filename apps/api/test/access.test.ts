import type { FastifyInstance } from 'fastify';
import { routes, type RouteName } from '@market/contract/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessTable, type RouteKey, type Rule } from '../src/access-table.ts';
import { accessRequests, accessWorld, callers, isVerified, signedInCallers, type AccessRequests, type AccessWorld, type Caller } from './access-requests.ts';
import { callRoute, routeKey } from './call-route.ts';
import { useTestApp } from './helper.ts';

/**
 * Generated from the access table: every route, called as each of these callers (access-requests.ts),
 * must be allowed (2xx) or refused (401 anonymous, 403 signed in) exactly as its rule says.
 * The last two callers have not confirmed their e-mail address (one of each role that can
 * sign up): rules with `verified: true` refuse them, the others treat them as any caller of
 * their role.
 */

const ctx = useTestApp({}, { resetEach: false });

let world: AccessWorld;
let requests: AccessRequests;

beforeAll(async () => {
  const { app } = ctx;
  // The bKash stand-in is reached over HTTP, as bKash would be.
  await app.listen({ port: 0, host: '127.0.0.1' });
  world = await accessWorld(app);
  requests = accessRequests(app, world);
  // The callers are what they say they are.
  for (const caller of signedInCallers) {
    const me = await callRoute(app, 'me', { token: world.actors[caller].token });
    expect(me.status, caller).toBe(200);
    expect(me.body.data.emailVerified, caller).toBe(isVerified(caller));
  }
});

/** Each route's name, by its key in the access table. */
const nameOf = Object.fromEntries((Object.keys(routes) as RouteName[]).map((name) => [routeKey(name), name])) as Record<RouteKey, RouteName>;
/** A call by a name the table gives at run time (its request was typed by name in access-requests.ts). */
const callByName = callRoute as unknown as (app: FastifyInstance, name: RouteName, call: object) => ReturnType<typeof callRoute>;

type Verdict = 'allowed' | 'refused' | 'unverified';

/**
 * Who owns a target of each kind in access-requests.ts: `buyer` its orders and reviews, `seller` its phones, bookings
 * and the reviews of it; a conversation (and each message in it) is both of its two people's, the buyer's and the
 * seller's (issue 33).
 */
const ownersOf = (of: Extract<Rule, { who: 'owner' }>['of']): Caller[] =>
  of === 'conversation' || of === 'message' ? ['buyer', 'seller'] : [of === 'order' || of === 'review' || of === 'saved-search' ? 'buyer' : 'seller'];

/**
 * What the rule says of this caller. Targets belong to `buyer` (orders, buyer data) or
 * `seller` (products, seller data), or to both (conversations: ownersOf). 'unverified': the caller passes every other part of the
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
    case 'owner': {
      if (!rule.roles.includes(role)) return 'refused';
      // The e-mail check needs no database: it comes before the owner is looked up, so an unconfirmed caller of the
      // right role is refused for that, whoever owns the target.
      if (rule.verified && !isVerified(caller)) return 'unverified';
      return ownersOf(rule.of).includes(caller) ? 'allowed' : 'refused';
    }
    case 'owner-or-admin':
      return role === 'Admin' || caller === (rule.of === 'product' ? 'seller' : 'buyer') ? 'allowed' : 'refused';
  }
}

const rules = Object.entries(accessTable) as [RouteKey, Rule][];
const verifiedRoutes = rules.filter(([, r]) => 'verified' in r && r.verified).map(([k]) => k);

describe('the access table', () => {
  it('has a valid request for every route, and no more', () => {
    const keys = Object.keys(requests).map((name) => routeKey(name as RouteName));
    expect(keys.sort()).toEqual(Object.keys(accessTable).sort());
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
          return `${rule.roles.join(' or ')} owning the ${rule.of}${rule.bodyKey ? ` (body.${rule.bodyKey})` : ''}${confirmed}`;
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
      'POST /api/listing-term': 'anyone',
      'POST /api/still-available': 'anyone',
      'POST /api/forgot-password': 'anyone',
      'POST /api/reset-password': 'anyone',
      'POST /api/verification-email': 'signed-in',
      'POST /api/change-password': 'signed-in',
      'POST /api/logout-everywhere': 'signed-in',
      'PUT /api/language': 'signed-in',
      'POST /api/my-number': 'Seller, confirmed e-mail',
      'POST /api/my-number/confirm': 'Seller',
      'GET /api/notifications': 'signed-in',
      'GET /api/fees': 'anyone',
      'GET /api/earnings': 'Seller',
      'GET /api/earnings/sales': 'Seller',
      'GET /api/earnings/sales.csv': 'Seller',
      'GET /api/payout-method': 'Seller',
      'PUT /api/payout-method': 'Seller, confirmed e-mail',
      'POST /api/payout-method/confirm': 'Seller',
      'POST /api/payouts': 'Seller, confirmed e-mail',
      'GET /api/payouts': 'Seller',
      'GET /api/all-payouts': 'Admin',
      'POST /api/payout-batches': 'Admin',
      'PUT /api/payout/:id': 'Admin',
      'POST /api/seller-balance/:id': 'Admin',
      'GET /api/money-overview': 'Admin',
      'GET /api/sms-outbox': 'Admin',
      'GET /api/notifications/unread': 'signed-in',
      'PUT /api/notifications/:id/read': 'signed-in',
      'PUT /api/notifications/read-all': 'signed-in',
      'GET /api/notifications/preferences': 'signed-in',
      'PUT /api/notifications/preferences': 'signed-in',
      // Google sign-in (OpenID Connect): the popup's two steps, then the ID token for a session.
      'GET /api/auth/google/start': 'anyone',
      'GET /api/auth/google/callback': 'anyone',
      'POST /api/google-user': 'anyone',
      // The public catalogue.
      'GET /api/category': 'anyone',
      'GET /api/phone-models': 'anyone',
      'GET /api/price-guide': 'anyone',
      'GET /api/prices/:brand/:model': 'anyone',
      'GET /api/advertise-products': 'anyone',
      'GET /api/products': 'anyone',
      'GET /api/product-suggestions': 'anyone',
      'GET /api/category-products/:id': 'anyone',
      'GET /api/detail-product/:id': 'anyone',
      'GET /api/similar-products/:id': 'anyone',
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
      'PUT /api/renew-product/:id': 'Seller owning the product',
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
      'GET /api/order/:id/events': 'owner of the order, or Admin',
      'GET /api/booking/:id/events': 'Seller owning the booking',
      'GET /api/order/:id/handover': 'Buyer owning the order',
      'POST /api/booking/:id/handover': 'Seller owning the booking',
      'POST /api/order/:id/call-off': 'Buyer owning the order',
      'POST /api/booking/:id/call-off': 'Seller owning the booking',
      'POST /api/order/:id/dispute': 'Buyer owning the order',
      'GET /api/disputes': 'Admin',
      'PUT /api/dispute/:id': 'Admin',
      'POST /api/dispute/:id/question': 'Admin',
      'POST /api/order/:id/dispute-answer': 'Buyer owning the order',
      'POST /api/booking/:id/dispute-answer': 'Seller owning the booking',
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
      'PUT /api/suspend-buyer/:id': 'Admin',
      'PUT /api/reinstate-buyer/:id': 'Admin',
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
      // Conversations (issue 33): a buyer writes about a phone; a conversation and its messages are its two people's,
      // whoever of them asks; Admins read only what was reported.
      'POST /api/conversations': 'Buyer, confirmed e-mail',
      'GET /api/conversations': 'signed-in',
      'GET /api/conversations/unread': 'signed-in',
      'GET /api/conversations/:id': 'Buyer or Seller owning the conversation',
      'GET /api/conversations/:id/messages': 'Buyer or Seller owning the conversation',
      'POST /api/conversations/:id/messages': 'Buyer or Seller owning the conversation, confirmed e-mail',
      'PUT /api/conversations/:id/read': 'Buyer or Seller owning the conversation',
      'POST /api/messages/:id/report': 'Buyer or Seller owning the message',
      'GET /api/blocks': 'signed-in',
      'PUT /api/blocks/:id': 'signed-in',
      'DELETE /api/blocks/:id': 'signed-in',
      // Saved phones (issue 34): a Buyer's or a Seller's own, never another's (no id of a person in the paths).
      'GET /api/favourites': 'Buyer or Seller',
      'GET /api/favourites/ids': 'Buyer or Seller',
      'PUT /api/favourites/:id': 'Buyer or Seller',
      'DELETE /api/favourites/:id': 'Buyer or Seller',
      // Saved searches (issue 34): a Buyer's or a Seller's own.
      'POST /api/saved-searches': 'Buyer or Seller',
      'GET /api/saved-searches': 'Buyer or Seller',
      'PUT /api/saved-searches/:id': 'Buyer or Seller owning the saved-search',
      'DELETE /api/saved-searches/:id': 'Buyer or Seller owning the saved-search',
      'GET /api/admin/message-reports': 'Admin',
      'GET /api/admin/unlisted-models': 'Admin',
      'POST /api/admin/phone-models': 'Admin',
      'POST /api/admin/phone-models/:id/aliases': 'Admin',
      'GET /api/admin/listing-checks': 'Admin',
      'PUT /api/admin/listing-checks/:id/approve': 'Admin',
      'PUT /api/admin/listing-checks/:id/reject': 'Admin',
      'GET /api/admin/conversations/:id': 'Admin',
      'POST /api/admin/messages/:id/dismiss': 'Admin',
      'POST /api/admin/messages/:id/warn': 'Admin',
      // The live stream, and Web Push: the key is public (a browser needs it before it subscribes).
      'GET /api/events': 'signed-in',
      'GET /api/push/key': 'anyone',
      'POST /api/push/subscriptions': 'signed-in',
      'DELETE /api/push/subscriptions': 'signed-in',
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
    const { expectStatus, as, after, ...request } = await requests[nameOf[key]](caller);
    const actor = caller === 'anonymous' ? undefined : (as ?? world.actors[caller]);
    const res = await callByName(ctx.app, nameOf[key], { ...request, token: actor?.token });
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
      const res = await callByName(ctx.app, nameOf[key], { params: { id: actor[ref] }, token: actor.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });
});

describe('the e-mail check comes before reading the input', () => {
  it.each(verifiedRoutes)('%s refuses an unconfirmed caller of the right role a malformed request with 403, not 400', async (key) => {
    const rule = accessTable[key];
    const caller = signedInCallers.find((c) => !isVerified(c) && verdict(rule, c, key) === 'unverified');
    expect(caller, 'an unconfirmed caller the rule lets through but for that').toBeDefined();
    // An id where the path has one, and a body of nothing the route knows.
    const malformed = { params: { id: 'not-an-id' }, body: { unexpected: ['x'] } };
    const res = await callByName(ctx.app, nameOf[key], { ...malformed, token: world.actors[caller!].token });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.message).toMatch(CONFIRM_FIRST);
    // The same request from a confirmed caller of that role is turned away by validation instead.
    const confirmed = signedInCallers.find((c) => isVerified(c) && verdict(rule, c, key) === 'allowed')!;
    const checked = await callByName(ctx.app, nameOf[key], { ...malformed, token: world.actors[confirmed].token });
    expect(checked.status, JSON.stringify(checked.body)).toBe(400);
  });
});
