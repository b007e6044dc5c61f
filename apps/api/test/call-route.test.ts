import { randomUUID } from 'node:crypto';
import { endpoints, type Endpoint } from '@market/contract';
import { routes, type RouteName } from '@market/contract/routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { conflict } from '../src/errors.ts';
import { callRoute, routePath, routeRequest } from './call-route.ts';
import { checkDocumentedRefusals } from './documented-refusals.ts';
import { testConfig, useTestDatabase } from './helper.ts';

describe('a call by name', () => {
  it("takes the route's method and path from the contract, its params filled in as one encoded segment each", () => {
    expect(routeRequest('me')).toMatchObject({ method: 'GET', url: '/api/me' });
    expect(routeRequest('answerReview', { params: { id: 'a b/c' } })).toMatchObject({ method: 'PUT', url: '/api/review-answer/a%20b%2Fc' });
    expect(routePath('buyerOrders', { params: { id: 'buyer@example.com' } })).toBe('/api/orders/buyer%40example.com');
  });

  it('sends a query of values (a list repeats its key, nothing for undefined) or a raw query string as it is', () => {
    expect(routePath('searchProducts', { query: { q: 'galaxy s', category: ['a', 'b'], cursor: undefined, limit: 5 } })).toBe(
      '/api/products?q=galaxy+s&category=a&category=b&limit=5',
    );
    expect(routePath('searchProducts', { query: 'q=%E0%A6' })).toBe('/api/products?q=%E0%A6');
    expect(routePath('searchProducts', { query: {} })).toBe('/api/products');
  });

  it('sends the token raw in authorization, the cookie, the headers and the body', () => {
    expect(routeRequest('book', { token: 'tok', cookie: 'lang=bn', headers: { 'accept-language': 'bn' }, body: { productId: 'x' } })).toEqual({
      method: 'POST',
      url: '/api/order',
      payload: { productId: 'x' },
      headers: { 'accept-language': 'bn', authorization: 'tok', cookie: 'lang=bn' },
    });
    expect(routeRequest('me', { token: undefined }).headers).toEqual({});
  });
});

describe('calls by name, through an app', () => {
  const ctx = useTestDatabase();
  let app: FastifyInstance;
  let refusals: { undocumented: string[] };
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), database: ctx.database });
    refusals = checkDocumentedRefusals(app);
    // A probe before anything runs: which descriptor the request reached, or a refusal its route does not document.
    app.addHook('onRequest', async (request, reply) => {
      const endpoint = request.routeOptions.config.endpoint as Endpoint | undefined;
      if (request.headers['x-probe'] === 'which') return reply.code(204).header('x-endpoint', `${endpoint?.method} ${endpoint?.path}`).send();
      if (request.headers['x-probe'] === 'refuse') throw conflict('product_sold');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reach the route each name names, for every route', async () => {
    for (const name of Object.keys(routes) as RouteName[]) {
      const res = await callRoute(app, name as 'product', { params: { id: randomUUID() }, headers: { 'x-probe': 'which' } });
      const e: Endpoint = endpoints[name];
      expect(res.headers['x-endpoint'], name).toBe(`${e.method} ${e.path}`);
    }
  });

  it('are seen by the documented-refusals check: a documented refusal passes, an undocumented one is named', async () => {
    expect((await callRoute(app, 'product', { params: { id: randomUUID() } })).status).toBe(404);
    expect(refusals.undocumented).toEqual([]);
    const refused = await callRoute(app, 'categories', { headers: { 'x-probe': 'refuse' } });
    expect(refused.status).toBe(409);
    expect(refusals.undocumented.splice(0)).toEqual(['GET /api/category answered 409 product_sold, not in its documented refusals']);
  });
});
