import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@market/contract';
import { count } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessTable } from '../access-table.ts';
import { orders, products, users } from '../db/schema.ts';
import { call, useTestApp } from '../../test/helper.ts';
import errors from './errors.ts';
import { expectErrorBody } from '../../test/error-body.ts';
import { book, createAdmin, createCategory, postProduct, productBody, signUp, uploadedPicture, type Actor } from '../../test/fixtures.ts';
import { callRoute, routeKey, routePath, routeRequest } from '../../test/call-route.ts';

const ctx = useTestApp();

/** Asserts the one error shape of DESIGN.md: `{ success: false, message, massage, code, params? }`, message repeated. */
function expectErrorShape(res: { status: number; body: Record<string, unknown>; headers: Record<string, unknown> }, status?: number, code?: ErrorCode) {
  if (status !== undefined) expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expectErrorBody(res.body, code);
}

let client = 0;
/**
 * A request with a raw body, so that invalid JSON and odd types reach the server as sent.
 * Each comes from its own address, so the login rate limit never stands in for validation.
 */
const raw = (name: 'logIn' | 'signUp' | 'addProduct' | 'book', payload: string, opts: { token?: string | undefined; type?: string } = {}) =>
  ctx.app
    .inject({
      ...routeRequest(name),
      payload,
      remoteAddress: `10.0.${Math.floor(++client / 250) % 250}.${client % 250}`,
      headers: { 'content-type': opts.type ?? 'application/json', ...(opts.token ? { authorization: opts.token } : {}) },
    })
    .then((res) => ({ status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers as Record<string, unknown> }));

async function counts() {
  const n = async (table: typeof users | typeof products | typeof orders) => Number((await ctx.app.db.select({ n: count() }).from(table))[0]!.n);
  return { users: await n(users), products: await n(products), orders: await n(orders) };
}

describe('error replies', () => {
  it('answers bad JSON with a 400', async () => {
    for (const payload of ['{"email":', '{email: "a@b.c"}', "{'a':1}", '{"a":1}}', 'undefined', '\u0000']) {
      const res = await raw('logIn', payload);
      expectErrorShape(res, 400);
    }
  });

  it('answers an empty JSON body with a 400', async () => {
    expectErrorShape(await raw('logIn', ''), 400);
  });

  it('answers a content-type the route does not read with a 415', async () => {
    for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream', 'image/png', 'text/plain']) {
      const res = await raw('logIn', 'email=a@b.c&password=secret', { type });
      expectErrorShape(res, 415);
    }
  });

  it('answers a body over the limit with a 413', async () => {
    const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(300 * 1024) });
    expectErrorShape(await raw('logIn', payload), 413);
  });

  it('answers an unknown /api route or method with a JSON 404', async () => {
    // Literal paths and methods: none of them is a route, so none has a name.
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api/'],
      ['POST', '/api/category'],
      ['PATCH', '/api/login'],
      ['GET', '/api/detail-product'],
      ['GET', '/api/detail-product/a/b'],
    ] as const) {
      const res = await call(ctx.app, { method, url });
      expectErrorShape(res, 404);
      expect(res.body.message).toContain(url);
    }
  });

  it('answers a malformed percent-encoding or an over-long id with a 4xx JSON error, never a 500', async () => {
    // Fastify's router answers these itself, before any hook; `frameworkErrors` gives them our shape.
    // Literal paths: no client builds them (a broken percent-encoding, an id past the router's limit).
    for (const [url, status] of [
      ['/api/detail-product/%E0%A4%A', 400],
      [`/api/detail-product/${'x'.repeat(5000)}`, 414],
    ] as const) {
      const res = await call(ctx.app, { method: 'GET', url });
      expectErrorShape(res, status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

const idRoutes = Object.keys(accessTable).filter((key) => key.includes(':id'));
const malformedIds = [
  'abc',
  '1',
  '-1',
  '0',
  'null',
  'undefined',
  '00000000-0000-0000-0000-00000000000g',
  '00000000000000000000000000000000',
  `${randomUUID()}-extra`,
  ` ${randomUUID()}`,
  encodeURIComponent("1' or '1'='1"),
  encodeURIComponent("'; drop table users; --"),
  encodeURIComponent('{"$gt":""}'),
  '%00',
  '%E2%98%83',
  encodeURIComponent('😀'.repeat(10)),
  '..%2F..%2Fetc%2Fpasswd',
  'a'.repeat(290),
];

describe('malformed ids', () => {
  it('there are :id routes to check', () => {
    expect(idRoutes.length).toBeGreaterThanOrEqual(13);
  });

  it.each(idRoutes)('%s answers 400 or 404, never 500', async (key) => {
    const admin = await createAdmin(ctx.app);
    const seller = await signUp(ctx.app, 'Seller');
    // A Seller's own acts (advertising, marking sold, declining a booking): an Admin is stopped before the id is read.
    const rule = accessTable[key as keyof typeof accessTable];
    // A Buyer's own acts (changing a review): a buyer, whom the id then fails.
    const buyer = await signUp(ctx.app, 'Buyer');
    // A Buyer's or a Seller's own saved phones (a role rule without Admins): a buyer too.
    const buyers = (rule.who === 'owner' || (rule.who === 'role' && !rule.roles.includes('Admin'))) && rule.roles.includes('Buyer');
    const actor = rule.who === 'owner' && rule.roles.includes('Seller') ? seller : buyers ? buyer : admin;
    const [method, path] = key.split(' ') as ['GET' | 'PUT' | 'DELETE' | 'POST', string];
    // A route that also takes a body gets a valid one: only the id is wrong.
    const payload =
      key === routeKey('editProduct')
        ? productBody((await createCategory(ctx.app)).id, await uploadedPicture(ctx.app))
        : /reports\/|warn-seller|remove-reported|suspend-seller|reinstate-seller|suspend-buyer|reinstate-buyer|verify-seller|refund-order|listing-checks/.test(
              key,
            )
          ? { reason: 'Looked at it' }
          : key === routeKey('editReview')
            ? { stars: 4 }
            : key === routeKey('answerReview')
              ? { answer: 'Thank you' }
              : key === routeKey('handOver')
                ? { code: '123456' }
                : key === routeKey('openDispute')
                  ? { reason: 'other', text: 'It broke' }
                  : key === routeKey('decideDispute')
                    ? { decision: 'release', reason: 'Looked at it' }
                    : key === routeKey('settlePayout')
                      ? { outcome: 'paid', reason: 'The bank confirmed it' }
                      : key === routeKey('adjustBalance')
                        ? { amount: 100, reason: 'A correction' }
                        : key === routeKey('askDispute')
                          ? { to: 'buyer', text: 'Did it charge?' }
                          : key === routeKey('answerDisputeOrder') || key === routeKey('answerDisputeBooking')
                            ? { text: 'It did' }
                            : key === routeKey('sendMessage')
                              ? { body: 'Is it still available?' }
                              : key === routeKey('readConversation')
                                ? { seq: 1 }
                                : key === routeKey('reportMessage')
                                  ? { reason: 'spam' }
                                  : key === routeKey('dismissMessageReports') || key === routeKey('warnSender')
                                    ? { reason: 'Looked at it' }
                                    : key === routeKey('setSavedSearchFrequency')
                                      ? { frequency: 'daily' }
                                      : key === routeKey('addModelAlias')
                                        ? { alias: 'Another name' }
                                        : undefined;
    const before = await counts();
    for (const id of malformedIds) {
      // Put in as it is, not as callRoute would encode it: some ids are percent-encodings on purpose.
      const url = path.replace(':id', id);
      const res = await call(ctx.app, { method, url, token: actor.token, payload });
      expect([400, 404], `${method} ${url.slice(0, 80)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
      expectErrorShape(res);
    }
    // A well-formed id that names nothing is a 404 (a category's product list may instead be empty).
    if (key === routeKey('sandboxConfirm')) {
      // The sandbox processor speaks Stripe's error shape, and its ids are Stripe's (pi_...).
      const card = { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' };
      const unknown = await call(ctx.app, { method, url: path.replace(':id', 'pi_unknown'), payload: { client_secret: 'pi_unknown_secret_x', card } });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
      expect(await counts()).toEqual(before);
      return;
    }
    const unknown = await call(ctx.app, { method, url: path.replace(':id', randomUUID()), token: actor.token, payload });
    if (key === routeKey('categoryProducts') && unknown.status === 200) expect(unknown.body.data).toEqual([]);
    // Unblocking someone not blocked answers as unblocking does (again is the same answer): nobody to find.
    else if (key === routeKey('unblockUser')) expect(unknown.body).toEqual({ success: true, data: { blocked: false } });
    // So does unsaving a phone never saved.
    else if (key === routeKey('unsaveProduct')) expect(unknown.body).toMatchObject({ success: true, data: { saved: false } });
    else expectErrorShape(unknown, 404);
    expect(await counts()).toEqual(before);
  });
});

/** Bodies no route should accept. */
const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const oddBodies: string[] = [
  'null',
  '[]',
  '""',
  '0',
  '-1.5e308',
  'true',
  '"just a string"',
  '{}',
  '[{}]',
  deep(5000),
  JSON.stringify({ x: 'y'.repeat(200_000) }),
  JSON.stringify({ name: '\u202e\u0000😀', email: 'ünï@例え.テスト', password: '\ud83d' }),
  '{"__proto__":{"admin":true,"role":"Admin"}}',
  '{"constructor":{"prototype":{"role":"Admin"}}}',
  '{"a":1,"__proto__":{"sellerVerified":true}}',
];

/** Values no field of a valid body accepts. */
const spoilers: unknown[] = [null, [], {}, true, 1e308, { $gt: '' }, ['a', 'b'], 'x'.repeat(100_000), 'nul\u0000byte'];

describe('odd bodies never yield a 500 and never create anything', () => {
  const routes: { name: 'signUp' | 'logIn' | 'addProduct' | 'book'; who: 'anyone' | 'Seller' | 'Buyer'; valid: (setup: Setup) => Record<string, unknown> }[] = [
    {
      name: 'signUp',
      who: 'anyone',
      valid: (s) => ({ name: 'Odd Body', email: `odd-${randomUUID()}@example.com`, password: 'secret1', role: 'Buyer', userImg: s.avatar }),
    },
    { name: 'logIn', who: 'anyone', valid: (s) => ({ email: s.buyer.email, password: 'secret1' }) },
    { name: 'addProduct', who: 'Seller', valid: (s) => productBody(s.categoryId, s.picture) },
    { name: 'book', who: 'Buyer', valid: (s) => ({ productId: s.productId, meetingLocation: 'Bashundhara City', mobileNumber: '01911-222333' }) },
  ];

  interface Setup {
    seller: Actor;
    buyer: Actor;
    categoryId: string;
    productId: string;
    /** The seller's upload (a listing takes only its seller's), and one made signed out (a sign-up's avatar). */
    picture: string;
    avatar: string;
  }
  async function setup(): Promise<Setup> {
    const seller = await signUp(ctx.app, 'Seller');
    const buyer = await signUp(ctx.app, 'Buyer');
    const category = await createCategory(ctx.app);
    const product = await postProduct(ctx.app, seller, category.id);
    return {
      seller,
      buyer,
      categoryId: category.id,
      productId: product._id,
      picture: await uploadedPicture(ctx.app, seller),
      avatar: await uploadedPicture(ctx.app),
    };
  }

  it.each(routes.map((r) => ({ ...r, url: routePath(r.name) })))('POST $url', async ({ name, who, valid }) => {
    const s = await setup();
    const token = who === 'Seller' ? s.seller.token : who === 'Buyer' ? s.buyer.token : undefined;
    const before = await counts();
    const check = async (payload: string) => {
      const res = await raw(name, payload, { token });
      const seen = `${payload.slice(0, 120)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      expect(res.status, seen).toBeGreaterThanOrEqual(400);
      expect(res.status, seen).toBeLessThan(500);
      expect(res.status, seen).not.toBe(429);
      expectErrorShape(res);
    };
    for (const payload of oddBodies) await check(payload);
    const base = valid(s) as Record<string, unknown>;
    for (const field of Object.keys(base)) {
      for (const spoiler of spoilers) {
        // A password may hold any character: it is hashed, never stored as text.
        if (field === 'password' && typeof spoiler === 'string' && spoiler.length < 200) continue;
        await check(JSON.stringify({ ...base, [field]: spoiler }));
      }
      await check(JSON.stringify(Object.fromEntries(Object.entries(base).filter(([k]) => k !== field))));
    }
    // Prototype-pollution keys riding on an otherwise valid body are refused, not ignored.
    await check(JSON.stringify(base).replace(/^\{/, '{"__proto__":{"role":"Admin"},'));
    await check(JSON.stringify(base).replace(/^\{/, '{"constructor":{"prototype":{"role":"Admin"}},'));
    expect(await counts()).toEqual(before);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('a valid body still works afterwards (the loop above could succeed)', async () => {
    const s = await setup();
    const before = await counts();
    await book(ctx.app, s.buyer, s.productId);
    expect(await counts()).toEqual({ ...before, orders: before.orders + 1 });
    const res = await callRoute(ctx.app, 'addProduct', { token: s.seller.token, body: productBody(s.categoryId, s.picture) });
    expect(res.status).toBe(201);
  });
});

describe('the error handler on its own', () => {
  const thrown: Record<string, () => unknown> = {
    '/bug': () => {
      throw new Error('secret detail: connection string postgres://u:p@h/db');
    },
    '/nul': () => {
      throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }) });
    },
    '/overflow': () => {
      throw Object.assign(new Error('integer out of range'), { code: '22003' });
    },
    '/division': () => {
      throw Object.assign(new Error('division by zero'), { code: '22012' });
    },
    '/limited': () => {
      throw Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), { statusCode: 429 });
    },
    '/teapot': () => {
      throw Object.assign(new Error("I'm a teapot"), { statusCode: 418 });
    },
  };

  it.each([
    ['/bug', 500, 'Something went wrong on our side', 'server_error'],
    ['/nul', 400, expect.stringContaining('Invalid input'), 'invalid_input'],
    ['/overflow', 400, expect.stringContaining('Invalid input'), 'invalid_input'],
    // Not something a client value causes: stays a server error.
    ['/division', 500, 'Something went wrong on our side', 'server_error'],
    ['/limited', 429, 'Too many requests, please try again later', 'too_many_requests'],
    // A plugin's 4xx without a code of its own keeps its words.
    ['/teapot', 418, "I'm a teapot", 'request_refused'],
  ] as const)('%s answers %i in the JSON error shape, without internals', async (url, status, message, code) => {
    const app = Fastify({ logger: false });
    await app.register(errors);
    app.get(url, async () => thrown[url]!());
    const res = await app.inject({ method: 'GET', url });
    await app.close();
    expect(res.statusCode).toBe(status);
    expect(expectErrorBody(res.json(), code).message).toEqual(message);
    expect(res.body).not.toContain('postgres://');
  });
});
