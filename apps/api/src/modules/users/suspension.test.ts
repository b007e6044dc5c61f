import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/helper.ts';
import { book, createAdmin, createCategory, PASSWORD, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { auditLog } from '../../db/schema.ts';

/** What a suspended account is told when it signs in, word for word. */
const SUSPENDED = 'This account is suspended: it cannot sign in. Write to hello@resalephones.example if you think this is a mistake';

/** Issue 16: an Admin suspends a seller (and lifts it): no sign-in, no session, the phones off every public page. */
const ctx = useTestApp();
const get = (url: string, token?: string) => call(ctx.app, { method: 'GET', url, token });
const act = (admin: Actor, what: 'suspend-seller' | 'reinstate-seller', id: string, reason = 'Listed a stolen handset') =>
  call(ctx.app, { method: 'PUT', url: `/api/${what}/${id}`, token: admin.token, payload: { reason } });
const login = (email: string, password = PASSWORD) => call(ctx.app, { method: 'POST', url: '/api/login', payload: { email, password } });
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
  await call(ctx.app, { method: 'PUT', url: `/api/advertise-product/${phone._id}`, token: seller.token });
  return { seller, other, buyer, admin, category, phone, kept };
}

describe('suspending a seller', () => {
  it('ends the sessions, refuses sign-in (after the password), takes the phones off every public page and search; audited', async () => {
    const { seller, buyer, admin, category, phone, kept } = await world();
    expect(ids(await get('/api/products?q=galaxy')).sort()).toEqual([phone._id, kept._id].sort());

    const res = await act(admin, 'suspend-seller', seller._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: seller._id, suspended: true });

    expect((await get('/api/me', seller.token)).status).toBe(401);
    const refused = await login(seller.email);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'suspended', SUSPENDED]);
    // A wrong password says nothing of the suspension.
    expect((await login(seller.email, 'wrong-password')).body.message).toBe('Invalid Email or Password');

    expect(ids(await get('/api/products?q=galaxy'))).toEqual([kept._id]);
    expect(ids(await get(`/api/category-products/${category.id}`))).toEqual([kept._id]);
    expect(ids(await get('/api/advertise-products'))).toEqual([]);
    expect((await get(`/api/detail-product/${phone._id}`)).status).toBe(404);
    const booked = await call(ctx.app, {
      method: 'POST',
      url: '/api/order',
      token: buyer.token,
      payload: { productId: phone._id, meetingLocation: 'Gulshan', mobileNumber: '01711-000000' },
    });
    expect(booked.status).toBe(404);
    // The Admin still sees the seller (and the phone in the seller's list).
    expect((await get(`/api/seller-products/${seller._id}`, admin.token)).body.data.map((p: { _id: string }) => p._id)).toEqual([phone._id]);
    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'suspend-seller'));
    expect(entry).toMatchObject({
      adminId: admin._id,
      targetId: seller._id,
      targetLabel: `Karim Telecom <${seller.email}>`,
      reason: 'Listed a stolen handset',
    });

    expect((await act(admin, 'suspend-seller', seller._id)).status).toBe(409);
  });

  it('reinstating brings the phones back and lets the seller sign in again; both acts are in the log', async () => {
    const { seller, admin, phone } = await world();
    await act(admin, 'suspend-seller', seller._id);
    const res = await act(admin, 'reinstate-seller', seller._id, 'The report was false');
    expect(res.status).toBe(200);
    expect(res.body.data.suspended).toBeUndefined();
    expect((await login(seller.email)).status).toBe(200);
    expect((await get(`/api/detail-product/${phone._id}`)).status).toBe(200);
    expect(ids(await get('/api/products?q=ultra'))).toEqual([phone._id]);
    expect(ids(await get('/api/advertise-products'))).toEqual([phone._id]);
    expect((await ctx.app.db.select().from(auditLog)).map((e) => [e.action, e.reason])).toEqual([
      ['suspend-seller', 'Listed a stolen handset'],
      ['reinstate-seller', 'The report was false'],
    ]);
    expect((await act(admin, 'reinstate-seller', seller._id)).status).toBe(409);
  });

  it('refuses a buyer or an Admin (400), nobody (404), no reason (400) and a non-Admin caller (403), changing nothing', async () => {
    const { seller, buyer, admin } = await world();
    const other = await createAdmin(ctx.app);
    expect((await act(admin, 'suspend-seller', buyer._id)).body.message).toBe('Only a seller can be suspended or reinstated');
    expect((await act(admin, 'suspend-seller', other._id)).status).toBe(400);
    expect((await act(admin, 'suspend-seller', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await act(admin, 'suspend-seller', seller._id, '  ')).status).toBe(400);
    expect((await act(seller, 'suspend-seller', seller._id)).status).toBe(403);
    expect((await login(seller.email)).status).toBe(200);
    expect(await ctx.app.db.select().from(auditLog)).toEqual([]);
  });

  it('a booking made before stays with its buyer, but cannot be paid while the seller is suspended', async () => {
    const { seller, buyer, admin, phone } = await world();
    const order = await book(ctx.app, buyer, phone._id);
    await act(admin, 'suspend-seller', seller._id);
    expect((await get(`/api/order/${order._id}`, buyer.token)).status).toBe(200);
    const pay = () => call(ctx.app, { method: 'POST', url: '/api/create-payment-intent', token: buyer.token, payload: { orderId: order._id } });
    const refused = await pay();
    expect([refused.status, refused.body.message]).toEqual([409, 'The seller of this phone is suspended: it cannot be paid for now']);
    await act(admin, 'reinstate-seller', seller._id);
    expect((await pay()).status).toBe(200);
  });
});
