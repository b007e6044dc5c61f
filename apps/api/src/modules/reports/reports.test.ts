import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { createAdmin, createCategory, lastMail, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { auditLog, products, reports } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

/** Issue 16: reports with reasons, one per user per phone, and the Admin's queue with its acts. */
const ctx = useTestApp();
const report = (who: Actor, payload: Record<string, unknown>) => callRoute(ctx.app, 'report', { token: who.token, body: payload });
const act = (admin: Actor, what: 'dismissReports' | 'warnSeller' | 'removeReported', id: string, reason = 'Looked at it') =>
  callRoute(ctx.app, what, { params: { id }, token: admin.token, body: { reason } });
const reportRows = () => ctx.app.db.select().from(reports);

async function world() {
  const [seller, buyer, otherBuyer, admin, category] = await Promise.all([
    signUp(ctx.app, 'Seller', 'Karim Telecom'),
    signUp(ctx.app, 'Buyer', 'Nusrat Jahan'),
    signUp(ctx.app, 'Buyer', 'Rafiq Islam'),
    createAdmin(ctx.app),
    createCategory(ctx.app),
  ]);
  const phone = await postProduct(ctx.app, seller, category.id, { productName: 'iPhone 12' });
  return { seller, buyer, otherBuyer, admin, phone };
}

describe('reporting a phone', () => {
  it('keeps each user’s reason; the phone stays listed and found; a second report by the same user is a 409', async () => {
    const { buyer, otherBuyer, phone } = await world();
    const first = await report(buyer, { productId: phone._id, reason: 'stolen' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ _id: phone._id, report: true, status: 'available' });
    expect((await report(otherBuyer, { productId: phone._id, reason: 'other', text: '  The photos are from a shop  ' })).status).toBe(201);
    const again = await report(buyer, { productId: phone._id, reason: 'spam' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reported this phone');
    expect((await reportRows()).map((r) => [r.reporterId, r.reason, r.text]).sort()).toEqual(
      [
        [buyer._id, 'stolen', null],
        [otherBuyer._id, 'other', 'The photos are from a shop'],
      ].sort(),
    );
    expect((await callRoute(ctx.app, 'product', { params: { id: phone._id } })).status).toBe(200);
    expect((await callRoute(ctx.app, 'searchProducts', { query: { q: 'iphone' } })).body.data.map((p: { _id: string }) => p._id)).toEqual([phone._id]);
  });

  it('the spec’s PUT report-product files reason other, and again answers the phone without a second report', async () => {
    const { buyer, phone } = await world();
    for (let i = 0; i < 2; i++) {
      const res = await callRoute(ctx.app, 'reportProduct', { params: { id: phone._id }, token: buyer.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: phone._id, report: true });
    }
    expect((await reportRows()).map((r) => [r.reason, r.text])).toEqual([['other', null]]);
  });

  it('refuses an own phone (403), an unknown one (404), a missing or unknown reason, other without words, too many words (400): nothing filed', async () => {
    const { seller, buyer, phone } = await world();
    const own = await report(seller, { productId: phone._id, reason: 'spam' });
    expect([own.status, own.body.message]).toEqual([403, 'You cannot report your own phone']);
    const ownPut = await callRoute(ctx.app, 'reportProduct', { params: { id: phone._id }, token: seller.token });
    expect(ownPut.status).toBe(403);
    expect((await report(buyer, { productId: '00000000-0000-4000-8000-000000000000', reason: 'spam' })).status).toBe(404);
    for (const [payload, message] of [
      [{ productId: phone._id }, 'reason must be one of spam, fake, stolen, wrong-category, offensive, other'],
      [{ productId: phone._id, reason: 'ugly' }, 'reason must be one of'],
      [{ productId: phone._id, reason: 'other', text: '   ' }, 'text is required when the reason is other'],
      [{ productId: phone._id, reason: 'fake', text: 'x'.repeat(501) }, 'text must be at most 500 characters'],
    ] as const) {
      const res = await report(buyer, payload);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await reportRows()).toEqual([]);
    expect((await ctx.app.db.select().from(products).where(eq(products.id, phone._id)))[0]!.report).toBe(false);
  });
});

describe('the Admin’s queue', () => {
  it('lists each reported phone with its open reports (newest first), how many of each reason, and who reported', async () => {
    const { buyer, otherBuyer, admin, phone } = await world();
    await report(buyer, { productId: phone._id, reason: 'stolen' });
    await report(otherBuyer, { productId: phone._id, reason: 'stolen' });
    const res = await callRoute(ctx.app, 'reportQueue', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [item] = res.body.data;
    expect(item.product).toMatchObject({ _id: phone._id, productName: 'iPhone 12', report: true });
    expect(item.count).toBe(2);
    expect(item.reasons).toEqual([{ reason: 'stolen', count: 2 }]);
    expect(item.reports.map((r: { reporter: { name: string } }) => r.reporter.name)).toEqual(['Rafiq Islam', 'Nusrat Jahan']);
    expect(item.reports[0]).toEqual({
      _id: expect.any(String),
      reporter: { _id: otherBuyer._id, name: 'Rafiq Islam', email: otherBuyer.email },
      reason: 'stolen',
      text: null,
      date: expect.any(String),
    });
  });

  it('dismiss: the phone stays, its reports are closed, the flag is cleared, the audit log has the reason; twice is a 409', async () => {
    const { buyer, admin, phone } = await world();
    await report(buyer, { productId: phone._id, reason: 'fake' });
    const res = await act(admin, 'dismissReports', phone._id, 'The photos are of this very phone');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: phone._id, report: false, status: 'available' });
    expect((await reportRows()).map((r) => r.resolution)).toEqual(['dismissed']);
    expect((await callRoute(ctx.app, 'reportQueue', { token: admin.token })).body.data).toEqual([]);
    const [entry] = await ctx.app.db.select().from(auditLog);
    expect(entry).toMatchObject({
      adminId: admin._id,
      action: 'dismiss-reports',
      targetId: phone._id,
      targetLabel: 'iPhone 12',
      reason: 'The photos are of this very phone',
    });
    const again = await act(admin, 'dismissReports', phone._id);
    expect([again.status, again.body.message]).toEqual([409, 'This phone has no open reports']);
    // A user whose report was dismissed cannot file another for the same phone.
    expect((await report(buyer, { productId: phone._id, reason: 'spam' })).status).toBe(409);
  });

  it('warn: the seller gets a mail with the reason, the reports close, the phone stays; audited', async () => {
    const { seller, buyer, admin, phone } = await world();
    await report(buyer, { productId: phone._id, reason: 'wrong-category' });
    const res = await act(admin, 'warnSeller', phone._id, 'This phone is an iPhone: list it under Apple.');
    expect(res.status).toBe(200);
    const mail = await lastMail(ctx.app, seller.email, 'seller-warning');
    expect(mail.subject).toBe('A warning about your listing iPhone 12');
    expect(mail.textBody).toContain('This phone is an iPhone: list it under Apple.');
    expect((await reportRows()).map((r) => r.resolution)).toEqual(['warned']);
    const [entry] = await ctx.app.db.select().from(auditLog);
    expect(entry).toMatchObject({
      action: 'warn-seller',
      targetKind: 'user',
      targetId: seller._id,
      targetLabel: `Karim Telecom <${seller.email}>, about iPhone 12`,
    });
  });

  it('remove: the listing and its reports go, the audit log keeps what and why; a missing reason is a 400 that changes nothing', async () => {
    const { buyer, admin, phone } = await world();
    await report(buyer, { productId: phone._id, reason: 'stolen' });
    const noReason = await callRoute(ctx.app, 'removeReported', { params: { id: phone._id }, token: admin.token, body: { reason: ' ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('reason is required');
    expect((await callRoute(ctx.app, 'product', { params: { id: phone._id } })).status).toBe(200);
    const res = await act(admin, 'removeReported', phone._id, 'The IMEI is on the stolen list');
    expect(res.status).toBe(200);
    expect((await callRoute(ctx.app, 'product', { params: { id: phone._id } })).status).toBe(404);
    expect(await reportRows()).toEqual([]);
    const [entry] = await ctx.app.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: 'delete-product', targetId: phone._id, targetLabel: 'iPhone 12', reason: 'The IMEI is on the stolen list' });
  });
});
