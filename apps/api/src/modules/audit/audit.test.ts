import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusal, useTestApp } from '../../../test/helper.ts';
import { createAdmin, createCategory, postProduct, signUp } from '../../../test/fixtures.ts';
import { auditLog, users } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

/** Issue 16: every Admin act is appended to the audit log; nothing in the app or the database changes or deletes an entry. */
const ctx = useTestApp();
const entries = () => ctx.app.db.select().from(auditLog).orderBy(auditLog.createdAt, auditLog.id);

describe('the audit log', () => {
  it('records who verified a seller, deleted a user or removed a phone, when, and what it was, in the act’s transaction', async () => {
    const admin = await createAdmin(ctx.app);
    const seller = await signUp(ctx.app, 'Seller', 'Karim Telecom');
    const buyer = await signUp(ctx.app, 'Buyer', 'Nusrat Jahan');
    const category = await createCategory(ctx.app);
    const phone = await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy S21' });

    expect(
      (await callRoute(ctx.app, 'verifySeller', { params: { id: seller._id }, token: admin.token, body: { reason: 'Checked the trade licence' } })).status,
    ).toBe(200);
    // Verifying again changes nothing, and records nothing.
    expect(
      (await callRoute(ctx.app, 'verifySeller', { params: { id: seller._id }, token: admin.token, body: { reason: 'Checked the trade licence' } })).status,
    ).toBe(200);
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: phone._id }, token: admin.token })).status).toBe(200);
    expect((await callRoute(ctx.app, 'deleteUser', { params: { id: buyer._id }, token: admin.token })).status).toBe(200);

    const log = await entries();
    expect(log.map((e) => [e.action, e.targetKind, e.targetId, e.targetLabel])).toEqual([
      ['verify-seller', 'user', seller._id, `Karim Telecom <${seller.email}>`],
      ['delete-product', 'product', phone._id, 'Galaxy S21'],
      ['delete-user', 'user', buyer._id, `Nusrat Jahan <${buyer.email}> (Buyer)`],
    ]);
    // A verification says why (issue 35, item 15); a deletion asks for no reason.
    expect(log.map((e) => e.reason)).toEqual(['Checked the trade licence', null, null]);
    for (const e of log) expect(e).toMatchObject({ adminId: admin._id, adminName: admin.name, adminEmail: admin.email });
  });

  it('records nothing for a seller deleting an own phone, or for an act that was refused', async () => {
    const admin = await createAdmin(ctx.app);
    const otherAdmin = await createAdmin(ctx.app);
    const seller = await signUp(ctx.app, 'Seller');
    const phone = await postProduct(ctx.app, seller, (await createCategory(ctx.app)).id);
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: phone._id }, token: seller.token })).status).toBe(200);
    expect((await callRoute(ctx.app, 'deleteUser', { params: { id: otherAdmin._id }, token: admin.token })).status).toBe(403);
    expect(
      (await callRoute(ctx.app, 'verifySeller', { params: { id: (await signUp(ctx.app, 'Buyer'))._id }, token: admin.token, body: { reason: 'A buyer' } }))
        .status,
    ).toBe(400);
    expect(await entries()).toEqual([]);
  });

  it('GET /api/audit-log lists the entries newest first, paged, one kind of act when asked, as they were (the admin account gone)', async () => {
    const admin = await createAdmin(ctx.app);
    const sellers = await Promise.all([1, 2, 3].map((n) => signUp(ctx.app, 'Seller', `Seller ${n}`)));
    for (const s of sellers) await callRoute(ctx.app, 'verifySeller', { params: { id: s._id }, token: admin.token, body: { reason: 'Checked' } });
    await callRoute(ctx.app, 'deleteUser', { params: { id: sellers[0]!._id }, token: admin.token });
    // The admin who did it leaves; the log still says who it was.
    const reader = await createAdmin(ctx.app);
    await ctx.app.db.delete(users).where(eq(users.id, admin._id));

    const first = await callRoute(ctx.app, 'auditLog', { query: { limit: 2 }, token: reader.token });
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: { action: string }) => e.action)).toEqual(['delete-user', 'verify-seller']);
    expect(first.body.data[0]).toEqual({
      _id: expect.any(String),
      date: expect.any(String),
      admin: { _id: admin._id, name: admin.name, email: admin.email },
      action: 'delete-user',
      target: { kind: 'user', _id: sellers[0]!._id, label: `Seller 1 <${sellers[0]!.email}> (Seller)` },
      reason: null,
    });
    const rest = await callRoute(ctx.app, 'auditLog', { query: { limit: 5, cursor: first.body.meta.nextCursor }, token: reader.token });
    expect(rest.body.data.map((e: { target: { label: string } }) => e.target.label)).toEqual([
      `Seller 2 <${sellers[1]!.email}>`,
      `Seller 1 <${sellers[0]!.email}>`,
    ]);
    expect(rest.body.meta.nextCursor).toBeNull();
    const verified = await callRoute(ctx.app, 'auditLog', { query: { action: 'verify-seller' }, token: reader.token });
    expect(verified.body.data).toHaveLength(3);
    const bad = await callRoute(ctx.app, 'auditLog', { query: { action: 'erase' }, token: reader.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('action must be one of verify-seller, delete-user, delete-product');
    expect((await callRoute(ctx.app, 'auditLog', { token: sellers[1]!.token })).status).toBe(403);
  });

  it('cannot be changed or deleted, whoever connects to the database: the trigger refuses UPDATE and DELETE', async () => {
    const admin = await createAdmin(ctx.app);
    const seller = await signUp(ctx.app, 'Seller');
    await callRoute(ctx.app, 'verifySeller', { params: { id: seller._id }, token: admin.token, body: { reason: 'Checked the trade licence' } });
    const [entry] = await entries();
    expect(await refusal(ctx.app.db.update(auditLog).set({ reason: 'covered up' }).where(eq(auditLog.id, entry!.id)))).toMatch(/append-only: UPDATE/);
    expect(await refusal(ctx.app.db.delete(auditLog).where(eq(auditLog.id, entry!.id)))).toMatch(/append-only: DELETE/);
    expect(await refusal(ctx.app.db.execute(sql`delete from audit_log`))).toMatch(/append-only: DELETE/);
    expect(await entries()).toEqual([entry]);
  });
});
