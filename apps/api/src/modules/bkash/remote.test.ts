import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { book, createCategory, postProduct, signUp } from '../../../test/fixtures.ts';
import { call, useTestApp } from '../../../test/helper.ts';
import { publicOrigin } from '../../public-origin.ts';
import bkashSandbox from './sandbox.ts';
import { SANDBOX_VERSION, sandboxMerchant, sandboxWallets } from './sandbox-accounts.ts';
import { callRoute } from '../../../test/call-route.ts';

// bKash as production meets it: a server of its own (here the stand-in alone, on a server of its own, sending
// buyers back to the shop), reached with BKASH_* keys. Its calls are not this app's requests, so nothing but
// the return itself tells this app a phone was sold.

let standIn: FastifyInstance;
let standInUrl = '';
const standInSecret = 'the-remote-bkash-stand-ins-own-secret';
const merchant = sandboxMerchant(standInSecret);
const ctx = useTestApp({
  bkash: {
    provider: 'bkash',
    ...merchant,
    get baseUrl() {
      return `${standInUrl}/bkash-sandbox/${SANDBOX_VERSION}`;
    },
  },
});

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  standIn = Fastify();
  standIn.decorate('db', ctx.database.db);
  const origin = () => `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
  await standIn.register(bkashSandbox, { merchant, secret: standInSecret, origin, shop: () => publicOrigin(ctx.app.server, ctx.config) });
  await standIn.listen({ port: 0, host: '127.0.0.1' });
  standInUrl = origin();
});
afterAll(async () => {
  await standIn?.close();
});

it("with bKash keys: pays through bKash's own server, and the phone leaves the public lists at once (a GET that sold it drops the cached answers)", async () => {
  const seller = await signUp(ctx.app, 'Seller');
  const buyer = await signUp(ctx.app, 'Buyer');
  const category = await createCategory(ctx.app);
  const product = await postProduct(ctx.app, seller, category.id, { resalePrice: 41000 });
  const order = await book(ctx.app, buyer, product._id);
  const listed = async () => ((await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } })).body.data as { _id: string }[]).map((p) => p._id);
  expect(await listed()).toContain(product._id);

  const created = await callRoute(ctx.app, 'bkashCreate', { token: buyer.token, body: { orderId: order._id } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const bkashURL = new URL(created.body.data.bkashURL);
  expect(bkashURL.origin).toBe(standInUrl);
  // The buyer on bKash's page (bKash's server), then back at the shop.
  const wallet = await call(standIn, {
    method: 'POST',
    url: '/bkash-sandbox/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      paymentID: created.body.data.paymentID,
      action: 'confirm',
      wallet: sandboxWallets.success,
      otp: sandboxWallets.otp,
      pin: sandboxWallets.pin,
    }).toString(),
  });
  const back = new URL(wallet.headers.location as string);
  const returned = await call(ctx.app, { method: 'GET', url: `${back.pathname}${back.search}` });
  expect(returned.headers.location).toBe(`/dashboard/payment/${order._id}?bkash=success`);
  expect(await listed()).not.toContain(product._id);
});
