import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { book, createAdmin, createCategory, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { appWithLimits, call, useTestApp } from '../../../test/helper.ts';
import { bkashPayments, bkashSandboxPayments, jobs, orders, payments, refunds } from '../../db/schema.ts';
import { sandboxWallets } from './sandbox-accounts.ts';
import { callRoute, routePath } from '../../../test/call-route.ts';

// Issue 17: paying with bKash end to end against the stand-in, over real HTTP: create, the wallet page, bKash's
// return — which is never trusted alone — and the order settled exactly once, or the money given back.

const ctx = useTestApp();
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const [buyer, other] = [await signUp(ctx.app, 'Buyer'), await signUp(ctx.app, 'Buyer')];
  const product = await postProduct(ctx.app, seller, (await createCategory(ctx.app)).id, { resalePrice: 52000 });
  return { buyer, other, product, order: await book(ctx.app, buyer, product._id) };
}

const start = async (buyer: Actor, orderId: string) => callRoute(ctx.app, 'bkashCreate', { token: buyer.token, body: { orderId } });
/** The buyer on bKash's page (confirming, or `action: 'cancel'`): answers the callback's path and query bKash sends them to. */
async function wallet(bkashURL: string, fields: Record<string, string>) {
  const paymentID = new URL(bkashURL).searchParams.get('paymentID')!;
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/bkash-sandbox/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ paymentID, action: 'confirm', ...fields }).toString(),
  });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.location as string);
  return `${back.pathname}${back.search}`;
}
const pays = { wallet: sandboxWallets.success, otp: sandboxWallets.otp, pin: sandboxWallets.pin };
/** The browser follows bKash's redirect to us (with its language's cookie or header); answers where we send it. */
async function returns(callback: string, headers: Record<string, string> = {}, app = ctx.app) {
  const res = await call(app, { method: 'GET', url: callback, headers });
  expect(res.status).toBe(302);
  const to = new URL(res.headers.location as string, 'http://shop');
  return { path: to.pathname, result: to.searchParams.get('bkash'), code: to.searchParams.get('code'), message: to.searchParams.get('message') };
}
const paymentRows = () => ctx.app.db.select().from(payments);

describe('paying with bKash', () => {
  it("creates a bKash payment for the order's own price, and settles the order once bKash completed it: its trxID is the transaction id", async () => {
    const { buyer, order, product } = await world();
    const created = await start(buyer, order._id);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [row] = await ctx.app.db.select().from(bkashPayments);
    expect(row).toMatchObject({ paymentId: created.body.data.paymentID, orderId: order._id, amount: 52000, status: 'created' });
    const [atBkash] = await ctx.app.db.select().from(bkashSandboxPayments);
    expect(atBkash).toMatchObject({ amount: '52000.00', currency: 'BDT', merchantInvoiceNumber: order._id, payerReference: buyer._id });
    // On the origin the README tells people to open (where their session is), not 127.0.0.1 (issue 29).
    expect(atBkash!.callbackUrl).toBe(`http://localhost:${(ctx.app.server.address() as AddressInfo).port}${routePath('bkashCallback')}`);

    // The phone is on its brand's page (an answer the public cache keeps) until the payment settles.
    const listed = async () =>
      ((await callRoute(ctx.app, 'categoryProducts', { params: { id: atBkashCategory } })).body.data as { _id: string }[]).map((p) => p._id);
    const atBkashCategory = (await callRoute(ctx.app, 'product', { params: { id: product._id } })).body.data.categoryId._id as string;
    expect(await listed()).toContain(product._id);
    const callback = await wallet(created.body.data.bkashURL, pays);
    expect(await returns(callback)).toEqual({ path: `/dashboard/payment/${order._id}`, result: 'success', code: null, message: null });
    expect(await listed()).not.toContain(product._id);
    const [trx] = await ctx.app.db.select({ trxId: bkashSandboxPayments.trxId }).from(bkashSandboxPayments);
    expect(await paymentRows()).toMatchObject([{ orderId: order._id, transactionId: trx!.trxId, productPrice: 52000 }]);
    const mine = await callRoute(ctx.app, 'order', { params: { id: order._id }, token: buyer.token });
    expect(mine.body.data).toMatchObject({ paid: true, payment: { transactionId: trx!.trxId, amount: 52000 } });

    // bKash's return again (a reload, a replay): the same answer, one payment.
    expect((await returns(callback)).result).toBe('success');
    expect(await paymentRows()).toHaveLength(1);
  });

  it('50 returns of one payment at once record it once', async () => {
    const { buyer, order } = await world();
    const callback = await wallet((await start(buyer, order._id)).body.data.bkashURL, pays);
    const results = await Promise.all(Array.from({ length: 50 }, () => returns(callback)));
    expect(results.every((r) => r.result === 'success')).toBe(true);
    expect(await paymentRows()).toHaveLength(1);
  });

  it("a return saying success for a payment bKash never authorised, insufficient balance and a cancel leave the order unpaid, with bKash's words", async () => {
    const { buyer, order } = await world();
    const untouched = (await start(buyer, order._id)).body.data.paymentID;
    expect(await returns(routePath('bkashCallback', { query: { paymentID: untouched, status: 'success' } }))).toMatchObject({
      result: 'failure',
      code: 'bkash_refused',
      message: 'bKash: Invalid Payment State',
    });

    const poor = await wallet((await start(buyer, order._id)).body.data.bkashURL, { ...pays, wallet: sandboxWallets.insufficientBalance });
    // bKash's execute says why (2023): the buyer is told the balance was not enough (issue 35).
    expect(await returns(poor)).toMatchObject({
      result: 'failure',
      code: 'bkash_insufficient_balance',
      message: 'The bKash payment did not go through: the wallet’s balance was not enough. Add money to it, or pay another way',
    });

    const cancelled = await wallet((await start(buyer, order._id)).body.data.bkashURL, { action: 'cancel' });
    expect(await returns(cancelled)).toMatchObject({
      result: 'cancel',
      code: 'bkash_cancelled',
      message: 'You cancelled the bKash payment',
    });

    expect(await paymentRows()).toHaveLength(0);
    expect((await ctx.app.db.select().from(orders).where(eq(orders.id, order._id)))[0]!.state).toBe('requested');
  });

  it("a payment left on bKash's page past its time expires: its page is closed, and its return leaves the order unpaid", async () => {
    const { buyer, order } = await world();
    const { paymentID, bkashURL } = (await start(buyer, order._id)).body.data;
    await ctx.app.db
      .update(bkashSandboxPayments)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(bkashSandboxPayments.paymentId, paymentID));
    const page = await call(ctx.app, { method: 'GET', url: new URL(bkashURL).pathname + new URL(bkashURL).search });
    expect(page.status).toBe(404);
    expect(page.body).toContain('This payment is not open any more');
    expect(await returns(routePath('bkashCallback', { query: { paymentID, status: 'success' } }))).toMatchObject({
      result: 'failure',
      message: 'bKash: Invalid Payment State',
    });
    expect(await paymentRows()).toHaveLength(0);
    expect((await ctx.app.db.select().from(bkashPayments))[0]).toMatchObject({ status: 'failed', message: 'bKash: Invalid Payment State' });
  });

  it("a paymentID this shop did not start (made up, or another merchant's) is ignored; another buyer cannot start one for the order", async () => {
    const { other, order } = await world();
    expect(await returns(routePath('bkashCallback', { query: { paymentID: 'TR0011MADEUP', status: 'success' } }))).toEqual({
      path: '/dashboard/myOrders',
      result: 'failure',
      code: 'bkash_not_started_here',
      message: 'This bKash payment was not started here',
    });
    expect((await start(other, order._id)).status).toBe(403);
    expect(await ctx.app.db.select().from(bkashPayments)).toHaveLength(0);
  });

  it('a buyer who paid with bKash for a phone reserved meanwhile (paid by another) is told so and refunded through bKash; an Admin refunds a bKash payment through bKash too', async () => {
    const { buyer, other, product, order } = await world();
    const lostOrder = await book(ctx.app, other, product._id);
    const winner = await wallet((await start(buyer, order._id)).body.data.bkashURL, pays);
    const loser = await wallet((await start(other, lostOrder._id)).body.data.bkashURL, pays);
    expect((await returns(winner)).result).toBe('success');
    expect(await returns(loser)).toMatchObject({
      result: 'failure',
      code: 'payment_refunded',
      message: 'This phone is reserved for a buyer who is meeting the seller: it cannot be booked, accepted or paid for now. Your payment is being refunded.',
    });
    await ctx.app.jobs.run();
    const [refund] = await ctx.app.db.select().from(refunds);
    expect(refund).toMatchObject({
      orderId: lostOrder._id,
      provider: 'bkash',
      amount: 5_200_000,
      status: 'refunded',
      providerRefundId: expect.stringMatching(/^R/),
    });
    const [lost] = await ctx.app.db.select().from(bkashSandboxPayments).where(eq(bkashSandboxPayments.refundTrxId, refund!.providerRefundId!));
    expect(lost!.merchantInvoiceNumber).toBe(lostOrder._id);

    const admin = await createAdmin(ctx.app);
    const refunded = await callRoute(ctx.app, 'refundOrder', { params: { id: order._id }, token: admin.token, body: { reason: 'Never handed over' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await ctx.app.jobs.run();
    const rows = await ctx.app.db.select().from(refunds);
    expect(rows.find((r) => r.orderId === order._id)).toMatchObject({ provider: 'bkash', status: 'refunded' });
    const mine = await callRoute(ctx.app, 'order', { params: { id: order._id }, token: buyer.token });
    expect(mine.body.data).toMatchObject({ paid: true, refund: { status: 'refunded', ofPayment: true } });
  });

  it("a buyer who paid on bKash's page but never came back: the late check asks bKash and settles the order; an unpaid one is closed", async () => {
    const { buyer, other, order } = await world();
    const paid = (await start(buyer, order._id)).body.data;
    await wallet(paid.bkashURL, pays);
    const elsewhere = await postProduct(ctx.app, await signUp(ctx.app, 'Seller'), (await createCategory(ctx.app)).id);
    const otherOrder = await book(ctx.app, other, elsewhere._id);
    const abandoned = (await start(other, otherOrder._id)).body.data;
    const checks = await ctx.app.db.select().from(jobs).where(eq(jobs.kind, 'bkash-check'));
    expect(checks).toHaveLength(2);
    // Not before bKash's page has closed.
    expect(checks.every((j) => j.runAt.getTime() > Date.now() + 25 * 60_000)).toBe(true);
    await ctx.app.jobs.run();
    expect(await paymentRows()).toHaveLength(0);

    // Half an hour later (the bookings' three-day answer timers still far off).
    await ctx.app.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, 'bkash-check'));
    await ctx.app.db.update(bkashSandboxPayments).set({ createdAt: new Date(Date.now() - 31 * 60_000) });
    await ctx.app.jobs.run();
    expect(await paymentRows()).toMatchObject([{ orderId: order._id }]);
    const rows = await ctx.app.db.select().from(bkashPayments);
    expect(rows.find((r) => r.paymentId === paid.paymentID)).toMatchObject({ status: 'completed' });
    expect(rows.find((r) => r.paymentId === abandoned.paymentID)).toMatchObject({ status: 'failed' });
    expect((await ctx.app.db.select().from(jobs).where(eq(jobs.kind, 'bkash-check'))).every((j) => j.doneAt !== null)).toBe(true);
  });

  it('a cancel nobody signed changes nothing until bKash is asked: the payment stays open, and the late check still settles it once paid', async () => {
    const { buyer, order } = await world();
    const { paymentID, bkashURL } = (await start(buyer, order._id)).body.data;
    // Anyone who learnt the paymentID, with no session, while the buyer is still on bKash's page.
    expect(await returns(routePath('bkashCallback', { query: { paymentID, status: 'cancel' } }))).toMatchObject({ result: 'cancel' });
    expect((await ctx.app.db.select().from(bkashPayments))[0]).toMatchObject({ paymentId: paymentID, status: 'created' });
    // The buyer pays, and the tab closes before the return.
    await wallet(bkashURL, pays);
    // Another forged cancel, now the payment is authorised: still nothing changes.
    expect(await returns(routePath('bkashCallback', { query: { paymentID, status: 'cancel' } }))).toMatchObject({ result: 'cancel' });
    expect((await ctx.app.db.select().from(bkashPayments))[0]).toMatchObject({ status: 'created' });
    expect(await paymentRows()).toHaveLength(0);

    await ctx.app.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, 'bkash-check'));
    await ctx.app.jobs.run();
    expect(await paymentRows()).toMatchObject([{ orderId: order._id }]);
    expect((await ctx.app.db.select().from(bkashPayments))[0]).toMatchObject({ status: 'completed' });
  });

  it("a bKash amount that is not the order's leaves the order unpaid and is given back", async () => {
    const { buyer, order } = await world();
    const callback = await wallet((await start(buyer, order._id)).body.data.bkashURL, pays);
    // The order's price changed while the buyer was on bKash's page.
    await ctx.app.db.update(orders).set({ productPrice: 50000 }).where(eq(orders.id, order._id));
    expect(await returns(callback)).toMatchObject({ result: 'failure', message: 'The amount paid does not match the order. Your payment is being refunded.' });
    expect(await paymentRows()).toHaveLength(0);
    await ctx.app.jobs.run();
    expect(await ctx.app.db.select().from(refunds)).toMatchObject([{ orderId: order._id, provider: 'bkash', amount: 5_200_000, status: 'refunded' }]);
  });

  it("says why a return did not pay in the buyer's language: the lang cookie, else the browser's, with the code beside it", async () => {
    const { buyer, order } = await world();
    const bangla = { cookie: 'lang=bn' };
    expect(await returns(routePath('bkashCallback', { query: { paymentID: 'TR0011MADEUP', status: 'success' } }), bangla)).toEqual({
      path: '/dashboard/myOrders',
      result: 'failure',
      code: 'bkash_not_started_here',
      message: 'এই বিকাশ পেমেন্টটি এখানে শুরু করা হয়নি',
    });
    const cancelled = await wallet((await start(buyer, order._id)).body.data.bkashURL, { action: 'cancel' });
    expect(await returns(cancelled, { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' })).toMatchObject({
      result: 'cancel',
      code: 'bkash_cancelled',
      message: 'আপনি বিকাশ পেমেন্টটি বাতিল করেছেন',
    });
    // The cookie's choice beats the browser's.
    expect(await returns(cancelled, { cookie: 'lang=en', 'accept-language': 'bn' })).toMatchObject({
      message: 'You cancelled the bKash payment',
    });

    // Money given back: the reason is said in the language too.
    const callback = await wallet((await start(buyer, order._id)).body.data.bkashURL, pays);
    await ctx.app.db.update(orders).set({ productPrice: 50000 }).where(eq(orders.id, order._id));
    expect(await returns(callback, bangla)).toMatchObject({
      result: 'failure',
      code: 'payment_refunded',
      message: 'পরিশোধ করা টাকার পরিমাণ অর্ডারের সাথে মিলছে না। আপনার পেমেন্ট ফেরত দেওয়া হচ্ছে।',
    });

    // bKash off on this server: said in the language too.
    const off = await appWithLimits(ctx, {}, { bkash: { provider: 'off' } });
    expect(await returns(routePath('bkashCallback', { query: { paymentID: 'TR0011MADEUP', status: 'success' } }), bangla, off)).toEqual({
      path: '/dashboard/myOrders',
      result: 'failure',
      code: 'bkash_unavailable',
      message: 'এই সার্ভারে বিকাশ চালু নেই',
    });
  });

  it('tells the payment page that bKash is offered', async () => {
    const { buyer, order } = await world();
    const intent = await callRoute(ctx.app, 'createPaymentIntent', { token: buyer.token, body: { orderId: order._id } });
    expect(intent.body.data.bkash).toBe(true);
  });
});
