import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runJobs, useTestApp } from '../../../test/helper.ts';
import { book, createAdmin, createCategory, PASSWORD, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { auditLog, outbox, users } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

/** What a suspended account is told when it signs in, word for word. */
const SUSPENDED = 'This account is suspended: it cannot sign in. Write to hello@resalephones.example if you think this is a mistake';

/** Issue 16: an Admin suspends a seller (and lifts it): no sign-in, no session, the phones off every public page. */
const ctx = useTestApp();
const act = (admin: Actor, what: 'suspendSeller' | 'reinstateSeller' | 'suspendBuyer' | 'reinstateBuyer', id: string, reason = 'Listed a stolen handset') =>
  callRoute(ctx.app, what, { params: { id }, token: admin.token, body: { reason } });
const login = (email: string, password = PASSWORD) => callRoute(ctx.app, 'logIn', { body: { email, password } });
const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((p) => p._id);

async function world() {
  const [seller, other, buyer, admin, category] = await Promise.all([
    signUp(ctx.app, 'Seller', 'Karim Telecom'),
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Buyer'),
    createAdmin(ctx.app),
    createCategory(ctx.app),
  ]);
  const phone = await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy S21 Ultra' });
  const kept = await postProduct(ctx.app, other, category.id, { productName: 'Galaxy S21 FE' });
  await callRoute(ctx.app, 'advertiseProduct', { params: { id: phone._id }, token: seller.token });
  return { seller, other, buyer, admin, category, phone, kept };
}

describe('suspending a seller', () => {
  it('ends the sessions, refuses sign-in (after the password), takes the phones off every public page and search; audited', async () => {
    const { seller, buyer, admin, category, phone, kept } = await world();
    expect(ids(await callRoute(ctx.app, 'searchProducts', { query: { q: 'galaxy' } })).sort()).toEqual([phone._id, kept._id].sort());

    const res = await act(admin, 'suspendSeller', seller._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: seller._id, suspended: true });

    expect((await callRoute(ctx.app, 'me', { token: seller.token })).status).toBe(401);
    const refused = await login(seller.email);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'suspended', SUSPENDED]);
    // A wrong password says nothing of the suspension.
    expect((await login(seller.email, 'wrong-password')).body.message).toBe('Invalid Email or Password');

    expect(ids(await callRoute(ctx.app, 'searchProducts', { query: { q: 'galaxy' } }))).toEqual([kept._id]);
    expect(ids(await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } }))).toEqual([kept._id]);
    expect(ids(await callRoute(ctx.app, 'advertisedProducts'))).toEqual([]);
    expect((await callRoute(ctx.app, 'product', { params: { id: phone._id } })).status).toBe(404);
    const booked = await callRoute(ctx.app, 'book', {
      token: buyer.token,
      body: { productId: phone._id, meetingLocation: 'Gulshan', mobileNumber: '01711-000000' },
    });
    expect(booked.status).toBe(404);
    // The Admin still sees the seller (and the phone in the seller's list).
    expect(
      (await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: admin.token })).body.data.map((p: { _id: string }) => p._id),
    ).toEqual([phone._id]);
    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'suspend-seller'));
    expect(entry).toMatchObject({
      adminId: admin._id,
      targetId: seller._id,
      targetLabel: `Karim Telecom <${seller.email}>`,
      reason: 'Listed a stolen handset',
    });

    expect((await act(admin, 'suspendSeller', seller._id)).status).toBe(409);
  });

  it('reinstating brings the phones back and lets the seller sign in again; both acts are in the log', async () => {
    const { seller, admin, phone } = await world();
    await act(admin, 'suspendSeller', seller._id);
    const res = await act(admin, 'reinstateSeller', seller._id, 'The report was false');
    expect(res.status).toBe(200);
    expect(res.body.data.suspended).toBeUndefined();
    expect((await login(seller.email)).status).toBe(200);
    expect((await callRoute(ctx.app, 'product', { params: { id: phone._id } })).status).toBe(200);
    expect(ids(await callRoute(ctx.app, 'searchProducts', { query: { q: 'ultra' } }))).toEqual([phone._id]);
    expect(ids(await callRoute(ctx.app, 'advertisedProducts'))).toEqual([phone._id]);
    expect((await ctx.app.db.select().from(auditLog)).map((e) => [e.action, e.reason])).toEqual([
      ['suspend-seller', 'Listed a stolen handset'],
      ['reinstate-seller', 'The report was false'],
    ]);
    expect((await act(admin, 'reinstateSeller', seller._id)).status).toBe(409);
  });

  it('refuses a buyer or an Admin (400), nobody (404), no reason (400) and a non-Admin caller (403), changing nothing', async () => {
    const { seller, buyer, admin } = await world();
    const other = await createAdmin(ctx.app);
    expect((await act(admin, 'suspendSeller', buyer._id)).body.message).toBe('Only a seller can be suspended or reinstated');
    expect((await act(admin, 'suspendSeller', other._id)).status).toBe(400);
    expect((await act(admin, 'suspendSeller', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await act(admin, 'suspendSeller', seller._id, '  ')).status).toBe(400);
    expect((await act(seller, 'suspendSeller', seller._id)).status).toBe(403);
    expect((await login(seller.email)).status).toBe(200);
    expect(await ctx.app.db.select().from(auditLog)).toEqual([]);
  });

  it('a booking made before stays with its buyer, but cannot be paid while the seller is suspended', async () => {
    const { seller, buyer, admin, phone } = await world();
    const order = await book(ctx.app, buyer, phone._id);
    await act(admin, 'suspendSeller', seller._id);
    expect((await callRoute(ctx.app, 'order', { params: { id: order._id }, token: buyer.token })).status).toBe(200);
    const pay = () => callRoute(ctx.app, 'createPaymentIntent', { token: buyer.token, body: { orderId: order._id } });
    const refused = await pay();
    expect([refused.status, refused.body.message]).toEqual([409, 'The seller of this phone is suspended: it cannot be paid for now']);
    await act(admin, 'reinstateSeller', seller._id);
    expect((await pay()).status).toBe(200);
  });
});

/** Issue 35, item 17: an Admin suspends a buyer as a seller — no session, no sign-in, so nothing booked — and lifts it. */
describe('suspending a buyer', () => {
  const bookingOf = (buyer: Actor, productId: string) =>
    callRoute(ctx.app, 'book', { token: buyer.token, body: { productId, meetingLocation: 'Gulshan', mobileNumber: '01711-000000' } });
  const mailTo = async (email: string, kind: string) =>
    (
      await ctx.app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)))
    )[0];

  it('ends the sessions and refuses sign-in, so the buyer cannot book; audited with the reason; told in their language', async () => {
    const { buyer, admin, phone } = await world();
    await ctx.app.db.update(users).set({ language: 'bn' }).where(eq(users.id, buyer._id));
    const res = await act(admin, 'suspendBuyer', buyer._id, 'Booked phones and never came');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: buyer._id, role: 'Buyer', suspended: true });

    // The token of before is over; signing in again is refused; so no booking.
    expect((await callRoute(ctx.app, 'me', { token: buyer.token })).status).toBe(401);
    const booked = await bookingOf(buyer, phone._id);
    expect([booked.status, booked.body.code]).toEqual([401, 'session_ended']);
    const refused = await login(buyer.email);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'suspended', SUSPENDED]);
    expect((await login(buyer.email, 'wrong-password')).body.message).toBe('Invalid Email or Password');

    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'suspend-buyer'));
    expect(entry).toMatchObject({
      adminId: admin._id,
      targetId: buyer._id,
      targetLabel: `${buyer.name} <${buyer.email}>`,
      reason: 'Booked phones and never came',
    });
    // Signed out, the buyer learns why by mail, in Bangla, in a buyer's words (no phones of theirs left the site).
    await runJobs(ctx.app);
    const mail = await mailTo(buyer.email, 'notification-listings_suspended');
    expect(mail!.subject).toBe(
      'একজন অ্যাডমিন আপনার অ্যাকাউন্ট স্থগিত করেছেন: আবার চালু না হওয়া পর্যন্ত আপনি লগইন বা বুক করতে পারবেন না। ভুল মনে হলে hello@resalephones.example-এ লিখুন',
    );
    expect((await act(admin, 'suspendBuyer', buyer._id)).body.code).toBe('buyer_already_suspended');
  });

  it("reinstating lets the buyer sign in and book again; the notification centre tells both, in a buyer's words", async () => {
    const { buyer, admin, phone } = await world();
    await act(admin, 'suspendBuyer', buyer._id);
    const res = await act(admin, 'reinstateBuyer', buyer._id, 'The complaint was false');
    expect(res.status).toBe(200);
    expect(res.body.data.suspended).toBeUndefined();
    const back = await login(buyer.email);
    expect(back.status).toBe(200);
    const token = back.body.data.token as string;
    expect((await bookingOf({ ...buyer, token }, phone._id)).status).toBe(201);
    const told = (await callRoute(ctx.app, 'notifications', { token })).body.data.map((n: { kind: string }) => n.kind);
    expect(told).toEqual(['listings_reinstated', 'listings_suspended']);
    await runJobs(ctx.app);
    expect((await mailTo(buyer.email, 'notification-listings_reinstated'))!.subject).toBe('Your account is reinstated: you can sign in and book again');
    expect((await ctx.app.db.select().from(auditLog)).map((e) => [e.action, e.reason])).toEqual([
      ['suspend-buyer', 'Listed a stolen handset'],
      ['reinstate-buyer', 'The complaint was false'],
    ]);
    expect((await act(admin, 'reinstateBuyer', buyer._id)).body.code).toBe('buyer_not_suspended');
  });

  it('refuses a seller or an Admin (400), nobody (404), no reason (400) and a non-Admin caller (403), changing nothing', async () => {
    const { seller, buyer, admin } = await world();
    const other = await createAdmin(ctx.app);
    const wrong = await act(admin, 'suspendBuyer', seller._id);
    expect([wrong.status, wrong.body.code]).toEqual([400, 'only_buyer_suspended']);
    expect((await act(admin, 'suspendBuyer', other._id)).status).toBe(400);
    expect((await act(admin, 'suspendSeller', buyer._id)).body.code).toBe('only_seller_suspended');
    expect((await act(admin, 'suspendBuyer', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await act(admin, 'suspendBuyer', buyer._id, '  ')).status).toBe(400);
    expect((await act(buyer, 'suspendBuyer', buyer._id)).status).toBe(403);
    expect((await act(seller, 'reinstateBuyer', buyer._id)).status).toBe(403);
    expect((await login(buyer.email)).status).toBe(200);
    expect((await login(seller.email)).status).toBe(200);
    expect(await ctx.app.db.select().from(auditLog)).toEqual([]);
  });
});
