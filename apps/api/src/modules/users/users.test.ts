import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runJobs, useTestApp } from '../../../test/helper.ts';
import { book, createAdmin, createCategory, lastMail, markPaid, orderExists, postProduct, signUp, userExists } from '../../../test/fixtures.ts';
import { auditLog, notifications, orders, outbox, payments, products, users } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

const ctx = useTestApp();
const USER_KEYS = ['_id', 'email', 'emailVerified', 'id', 'language', 'name', 'role', 'sellerVerified', 'userImg'];
/** A row of All Sellers: the account, and what a verification is judged by (issue 35, item 15). */
const SELLER_KEYS = [...USER_KEYS, 'completedSales', 'listings', 'liveListings', 'memberSince', 'numberConfirmed', 'reports'].sort();
const verify = (admin: { token: string }, id: string, reason?: string) =>
  callRoute(ctx.app, 'verifySeller', { params: { id }, token: admin.token, body: (reason === undefined ? {} : { reason }) as { reason: string } });

async function people() {
  const [admin, seller, otherSeller, buyer, otherBuyer] = await Promise.all([
    createAdmin(ctx.app),
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Buyer'),
    signUp(ctx.app, 'Buyer'),
  ]);
  return { admin, seller, otherSeller, buyer, otherBuyer };
}

describe('GET /api/all-buyer and /api/all-seller', () => {
  it('list only users of that role, in the User shape and without password hashes', async () => {
    const { admin, seller, otherSeller, buyer, otherBuyer } = await people();
    const cases = [
      ['allBuyers', 'Buyer', [buyer, otherBuyer], USER_KEYS],
      ['allSellers', 'Seller', [seller, otherSeller], SELLER_KEYS],
    ] as const;
    for (const [name, role, expected, keys] of cases) {
      const res = await callRoute(ctx.app, name, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.map((u: { _id: string }) => u._id).sort()).toEqual(expected.map((u) => u._id).sort());
      for (const user of res.body.data) {
        expect(Object.keys(user).sort()).toEqual(keys);
        expect(user.role).toBe(role);
        expect(user.sellerVerified).toBe(false);
        expect(user.id).toMatch(/^local:/);
      }
      expect(JSON.stringify(res.body)).not.toMatch(/password|\$argon2/i);
    }
    const buyers = (await callRoute(ctx.app, 'allBuyers', { token: admin.token })).body.data;
    expect(buyers.find((u: { _id: string }) => u._id === buyer._id)).toEqual({
      _id: buyer._id,
      id: expect.any(String),
      name: buyer.name,
      email: buyer.email,
      role: 'Buyer',
      userImg: buyer.userImg,
      sellerVerified: false,
      emailVerified: true,
      language: 'en',
    });
  });

  it('answer empty lists when there is nobody of that role', async () => {
    const admin = await createAdmin(ctx.app);
    expect((await callRoute(ctx.app, 'allBuyers', { token: admin.token })).body).toEqual({ success: true, data: [], meta: { nextCursor: null } });
    expect((await callRoute(ctx.app, 'allSellers', { token: admin.token })).body).toEqual({ success: true, data: [], meta: { nextCursor: null } });
  });
});

describe('PUT /api/verify-seller/:id', () => {
  it("verifies the seller with the Admin's reason (audited), tells the seller by mail, and the product detail's seller shows it", async () => {
    const { admin, seller, otherSeller } = await people();
    const category = await createCategory(ctx.app);
    const product = await postProduct(ctx.app, seller, category.id);
    const res = await verify(admin, seller._id, '  Checked the trade licence and NID  ');
    expect(res.status).toBe(200);
    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'verify-seller'));
    expect(entry).toMatchObject({
      adminId: admin._id,
      targetId: seller._id,
      targetLabel: `${seller.name} <${seller.email}>`,
      reason: 'Checked the trade licence and NID',
    });
    await runJobs(ctx.app);
    const [note] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller._id), eq(notifications.kind, 'seller_verified')));
    expect(note).toBeDefined();
    const mail = await lastMail(ctx.app, seller.email, 'notification-seller_verified');
    expect(mail.subject).toBe(
      'An administrator verified your seller account: the Verified badge now shows beside your name on your phones and your seller page',
    );
    // The reason is the Admin's note, for the log: the seller's mail does not carry it.
    expect(mail.textBody).not.toContain('trade licence');
    expect(res.body.data).toMatchObject({ _id: seller._id, role: 'Seller', sellerVerified: true });
    expect(JSON.stringify(res.body)).not.toMatch(/password|\$argon2/i);
    const detail = await callRoute(ctx.app, 'product', { params: { id: product._id } });
    expect(detail.body.data.sellerId).toMatchObject({ _id: seller._id, sellerVerified: true });
    const sellers = (await callRoute(ctx.app, 'allSellers', { token: admin.token })).body.data as { _id: string; sellerVerified: boolean }[];
    expect(sellers.find((s) => s._id === otherSeller._id)!.sellerVerified).toBe(false);
    // Verifying again is harmless: nothing more is logged or mailed.
    expect((await verify(admin, seller._id, 'Again')).body.data.sellerVerified).toBe(true);
    expect(await ctx.app.db.select().from(auditLog)).toHaveLength(1);
    await runJobs(ctx.app);
    expect(await ctx.app.db.select().from(outbox).where(eq(outbox.kind, 'notification-seller_verified'))).toHaveLength(1);
  });

  it('refuses without a reason or with one too long, as every audited act does (the code and field the web words in either language), changing nothing', async () => {
    const { admin, seller } = await people();
    const problems = [];
    for (const reason of [undefined, '', '   ', 'x'.repeat(501)]) {
      const res = await verify(admin, seller._id, reason);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_input');
      problems.push(res.body.fields);
    }
    expect(problems).toEqual([
      [{ field: 'reason', problem: expect.any(String) }],
      [{ field: 'reason', problem: 'is required' }],
      [{ field: 'reason', problem: 'is required' }],
      [{ field: 'reason', problem: 'must be at most 500 characters' }],
    ]);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, seller._id));
    expect(row!.sellerVerified).toBe(false);
    expect(await ctx.app.db.select().from(auditLog)).toEqual([]);
    expect(await ctx.app.db.select().from(notifications).where(eq(notifications.kind, 'seller_verified'))).toEqual([]);
  });

  it('a seller whose address is not confirmed is verified but not mailed; a non-Admin is refused', async () => {
    const { admin, buyer } = await people();
    const unconfirmed = await signUp(ctx.app, 'Seller', 'Rakib Mobile', { verified: false });
    expect((await verify(buyer, unconfirmed._id, 'Checked')).status).toBe(403);
    expect((await verify(unconfirmed, unconfirmed._id, 'Checked')).status).toBe(403);
    expect((await verify(admin, unconfirmed._id, 'Checked')).status).toBe(200);
    await runJobs(ctx.app);
    // Told in the bell only.
    expect(await ctx.app.db.select().from(notifications).where(eq(notifications.userId, unconfirmed._id))).toHaveLength(1);
    expect(await ctx.app.db.select().from(outbox).where(eq(outbox.kind, 'notification-seller_verified'))).toEqual([]);
  });

  it('refuses a buyer or an admin with a 400, an unknown user with a 404 and a malformed id with a 400', async () => {
    const { admin, buyer } = await people();
    const res = await verify(admin, buyer._id, 'Checked');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only a seller can be verified');
    expect((await verify(admin, admin._id, 'Checked')).status).toBe(400);
    const buyers = (await callRoute(ctx.app, 'allBuyers', { token: admin.token })).body.data;
    expect(buyers[0].sellerVerified).toBe(false);
    expect((await verify(admin, randomUUID(), 'Checked')).status).toBe(404);
    const bad = await verify(admin, 'seller@example.com', 'Checked');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
  });
});

describe('DELETE /api/user/:id', () => {
  it('removes a seller with their products and the open orders on them; paid orders stay', async () => {
    const { admin, seller, otherSeller, buyer, otherBuyer } = await people();
    const category = await createCategory(ctx.app);
    const [p1, p2] = [await postProduct(ctx.app, seller, category.id), await postProduct(ctx.app, seller, category.id)];
    const kept = await postProduct(ctx.app, otherSeller, category.id);
    const open = await book(ctx.app, buyer, p1._id);
    const paid = await book(ctx.app, otherBuyer, p2._id);
    await markPaid(ctx.app, paid._id, { payment: true, sold: true });
    const keptOrder = await book(ctx.app, buyer, kept._id);

    const res = await callRoute(ctx.app, 'deleteUser', { params: { id: seller._id }, token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { deleted: true } });
    expect(await userExists(ctx.app, seller._id)).toBe(false);
    expect(await ctx.app.db.select().from(products).where(eq(products.sellerId, seller._id))).toEqual([]);
    expect((await callRoute(ctx.app, 'product', { params: { id: p1._id } })).status).toBe(404);
    expect(await orderExists(ctx.app, open._id)).toBe(false);
    const [paidRow] = await ctx.app.db.select().from(orders).where(eq(orders.id, paid._id));
    expect(paidRow).toMatchObject({ state: 'completed', productId: null, buyerId: otherBuyer._id });
    expect(await ctx.app.db.select().from(payments).where(eq(payments.orderId, paid._id))).toHaveLength(1);
    expect(await orderExists(ctx.app, keptOrder._id)).toBe(true);
    expect((await callRoute(ctx.app, 'product', { params: { id: kept._id } })).status).toBe(200);
    expect((await callRoute(ctx.app, 'allSellers', { token: admin.token })).body.data.map((u: { _id: string }) => u._id)).toEqual([otherSeller._id]);
  });

  it("removes a buyer's unpaid orders; a paid order and its payment record stay; the token stops working", async () => {
    const { admin, seller, buyer, otherBuyer } = await people();
    const category = await createCategory(ctx.app);
    const [p1, p2] = [await postProduct(ctx.app, seller, category.id), await postProduct(ctx.app, seller, category.id)];
    const open = await book(ctx.app, buyer, p1._id);
    const paid = await book(ctx.app, buyer, p2._id);
    const others = await book(ctx.app, otherBuyer, p1._id);
    await markPaid(ctx.app, paid._id, { payment: true });

    expect((await callRoute(ctx.app, 'deleteUser', { params: { id: buyer._id }, token: admin.token })).status).toBe(200);
    expect(await userExists(ctx.app, buyer._id)).toBe(false);
    expect(await orderExists(ctx.app, open._id)).toBe(false);
    expect(await orderExists(ctx.app, others._id)).toBe(true);
    const [paidRow] = await ctx.app.db.select().from(orders).where(eq(orders.id, paid._id));
    expect(paidRow).toMatchObject({ state: 'paid', buyerId: null, buyerEmail: buyer.email, productId: p2._id });
    const [payment] = await ctx.app.db.select().from(payments).where(eq(payments.orderId, paid._id));
    expect(payment).toMatchObject({ productId: p2._id, buyerName: buyer.name, transactionId: `pi_test_${paid._id.slice(0, 8)}` });
    expect((await callRoute(ctx.app, 'order', { params: { id: paid._id }, token: admin.token })).body.data).toMatchObject({ _id: paid._id, paid: true });

    const stale = await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token });
    expect(stale.status).toBe(401);
    expect(stale.body.success).toBe(false);
  });

  it('never deletes an admin (403), answers 404 for an unknown user and 400 for a malformed id', async () => {
    const { admin } = await people();
    const other = await createAdmin(ctx.app);
    for (const target of [other, admin]) {
      const res = await callRoute(ctx.app, 'deleteUser', { params: { id: target._id }, token: admin.token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('An admin account cannot be deleted');
      expect(await userExists(ctx.app, target._id)).toBe(true);
    }
    expect((await callRoute(ctx.app, 'adminOverview', { token: other.token })).status).toBe(200);
    const unknown = await callRoute(ctx.app, 'deleteUser', { params: { id: randomUUID() }, token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
    expect((await callRoute(ctx.app, 'deleteUser', { params: { id: 'not-an-id' }, token: admin.token })).status).toBe(400);
  });
});
