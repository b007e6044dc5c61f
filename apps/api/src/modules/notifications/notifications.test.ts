import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runJobs, useTestApp } from '../../../test/helper.ts';
import { book, createAdmin, createCategory, markPaid, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { callRoute } from '../../../test/call-route.ts';
import { jobs, notifications, outbox, users } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Db } from '../../db/client.ts';

/** Issue 31, item 6: every move of a deal tells the parties it concerns (deal.ts `tells`), in the same statement. */
const ctx = useTestApp();

async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const category = await createCategory(ctx.app);
  const product = await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy S21' });
  return { seller, product };
}

/** What `actor` was told, oldest first, as `kind:product`. */
async function toldTo(actor: Actor) {
  const res = await callRoute(ctx.app, 'notifications', { token: actor.token });
  expect(res.status).toBe(200);
  return (res.body.data as { kind: string; productName: string }[]).map((n) => `${n.kind}:${n.productName}`).reverse();
}
const unread = async (actor: Actor) => (await callRoute(ctx.app, 'unreadNotifications', { token: actor.token })).body.data.unread;

describe('notifications of a deal’s moves', () => {
  it('tells the seller of a booking and a cancel, the buyer of an accept and a decline, nobody of their own move', async () => {
    const { seller, product } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const other = await signUp(ctx.app, 'Buyer');
    const booked = await book(ctx.app, buyer, product._id);
    const second = await book(ctx.app, other, product._id);
    expect(await toldTo(seller)).toEqual(['book:Galaxy S21', 'book:Galaxy S21']);
    expect(await toldTo(buyer)).toEqual([]);

    expect((await callRoute(ctx.app, 'acceptBooking', { params: { id: booked._id }, token: seller.token })).status).toBe(200);
    expect((await callRoute(ctx.app, 'declineBooking', { params: { id: second._id }, token: seller.token })).status).toBe(200);
    expect(await toldTo(buyer)).toEqual(['accept:Galaxy S21']);
    expect(await toldTo(other)).toEqual(['decline:Galaxy S21']);

    expect((await callRoute(ctx.app, 'deleteOrder', { params: { id: booked._id }, token: buyer.token })).status).toBe(200);
    expect(await toldTo(seller)).toEqual(['book:Galaxy S21', 'book:Galaxy S21', 'cancel:Galaxy S21']);
    // Each one names its deal.
    const [latest] = (await callRoute(ctx.app, 'notifications', { token: seller.token })).body.data;
    expect(latest).toMatchObject({ kind: 'cancel', orderId: booked._id, readAt: null });
  });

  it('tells the seller of a payment and of the completion, the buyer of the handover, the phone’s other buyers that it went elsewhere, and both of a refund', async () => {
    const { seller, product } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const other = await signUp(ctx.app, 'Buyer');
    const paid = await book(ctx.app, buyer, product._id);
    await book(ctx.app, other, product._id);
    await markPaid(ctx.app, paid._id, { payment: true, sold: true });
    expect(await toldTo(seller)).toEqual(['book:Galaxy S21', 'book:Galaxy S21', 'pay:Galaxy S21', 'complete:Galaxy S21']);
    expect(await toldTo(other)).toEqual(['close:Galaxy S21']);
    // Told in one transaction (one moment): in either order.
    expect((await toldTo(buyer)).sort()).toEqual(['complete:Galaxy S21', 'hand_over:Galaxy S21']);

    const admin = await createAdmin(ctx.app);
    const refunded = await callRoute(ctx.app, 'refundOrder', { params: { id: paid._id }, body: { reason: 'Not as described' }, token: admin.token });
    expect(refunded.status).toBe(200);
    expect((await toldTo(buyer)).sort()).toEqual(['complete:Galaxy S21', 'hand_over:Galaxy S21', 'refund:Galaxy S21']);
    expect((await toldTo(seller)).at(-1)).toBe('refund:Galaxy S21');
    expect(await toldTo(admin)).toEqual([]);
  });

  it('tells nothing of a move that was refused', async () => {
    const { seller, product } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const booked = await book(ctx.app, buyer, product._id);
    expect((await callRoute(ctx.app, 'declineBooking', { params: { id: booked._id }, token: seller.token })).status).toBe(200);
    expect((await callRoute(ctx.app, 'declineBooking', { params: { id: booked._id }, token: seller.token })).status).toBe(409);
    expect((await callRoute(ctx.app, 'acceptBooking', { params: { id: booked._id }, token: seller.token })).status).toBe(409);
    expect(await toldTo(buyer)).toEqual(['decline:Galaxy S21']);
  });
});

describe('notices besides a deal’s moves (issue 31, item 6)', () => {
  it('tells a seller of a review, with its mail in their language', async () => {
    const { seller, product } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const deal = await book(ctx.app, buyer, product._id);
    await markPaid(ctx.app, deal._id, { sold: true });
    expect((await callRoute(ctx.app, 'review', { token: buyer.token, body: { orderId: deal._id, stars: 5 } })).status).toBe(201);
    expect((await toldTo(seller)).at(-1)).toBe('review:Galaxy S21');
    await runJobs(ctx.app);
    const [mail] = await ctx.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, seller.email), eq(outbox.kind, 'notification-review')));
    expect(mail).toMatchObject({ subject: 'Galaxy S21: the buyer reviewed you' });
    expect(mail!.textBody).toContain('/dashboard/reviews');
  });

  it('tells each reporter what came of their report, and a seller whose listing an Admin removed', async () => {
    const { seller, product } = await world();
    const other = await postProduct(ctx.app, seller, (await createCategory(ctx.app)).id, { productName: 'Pixel 6' });
    const [a, b] = [await signUp(ctx.app, 'Buyer'), await signUp(ctx.app, 'Seller')];
    for (const [who, phone] of [
      [a, product],
      [b, product],
      [a, other],
    ] as const)
      expect((await callRoute(ctx.app, 'report', { token: who.token, body: { productId: phone._id, reason: 'fake' } })).status).toBe(201);
    const admin = await createAdmin(ctx.app);
    expect(
      (await callRoute(ctx.app, 'dismissReports', { params: { id: product._id }, body: { reason: 'The photos are of this phone' }, token: admin.token }))
        .status,
    ).toBe(200);
    expect(await toldTo(a)).toEqual(['report_dismissed:Galaxy S21']);
    expect(await toldTo(b)).toEqual(['report_dismissed:Galaxy S21']);
    expect((await callRoute(ctx.app, 'removeReported', { params: { id: other._id }, body: { reason: 'A shop’s photos' }, token: admin.token })).status).toBe(
      200,
    );
    expect(await toldTo(a)).toEqual(['report_dismissed:Galaxy S21', 'report_upheld:Pixel 6']);
    expect((await toldTo(seller)).at(-1)).toBe('listing_removed:Pixel 6');
    // A seller deleting their own listing is told nothing.
    const own = await postProduct(ctx.app, seller, (await createCategory(ctx.app)).id, { productName: 'Nokia G21' });
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: own._id }, token: seller.token })).status).toBe(200);
    expect((await toldTo(seller)).at(-1)).toBe('listing_removed:Pixel 6');
  });

  it('tells a seller, by e-mail too, that an Admin suspended their account and that it is reinstated', async () => {
    const { seller } = await world();
    const admin = await createAdmin(ctx.app);
    expect((await callRoute(ctx.app, 'suspendSeller', { params: { id: seller._id }, body: { reason: 'Stolen phones' }, token: admin.token })).status).toBe(200);
    // Signed out by the suspension: the mail is what reaches them.
    await runJobs(ctx.app);
    const [mail] = await ctx.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, seller.email), eq(outbox.kind, 'notification-listings_suspended')));
    expect(mail!.subject).toContain('An administrator suspended your account');
    expect((await callRoute(ctx.app, 'reinstateSeller', { params: { id: seller._id }, body: { reason: 'Cleared' }, token: admin.token })).status).toBe(200);
    // In the order they were told (a row's order in the table is not: the mail job updated the first one).
    const kinds = (await ctx.app.db.select().from(notifications).where(eq(notifications.userId, seller._id)).orderBy(notifications.createdAt)).map(
      (n) => n.kind,
    );
    expect(kinds.filter((k) => k.startsWith('listings_'))).toEqual(['listings_suspended', 'listings_reinstated']);
  });
});

describe('reading notifications', () => {
  it('counts the unread, marks one read (once), refuses another person’s, and marks all read', async () => {
    const { seller, product } = await world();
    const buyers = [await signUp(ctx.app, 'Buyer'), await signUp(ctx.app, 'Buyer'), await signUp(ctx.app, 'Buyer')];
    for (const b of buyers) await book(ctx.app, b, product._id);
    expect(await unread(seller)).toBe(3);
    expect(await unread(buyers[0]!)).toBe(0);

    const [first] = (await callRoute(ctx.app, 'notifications', { token: seller.token })).body.data;
    const read = await callRoute(ctx.app, 'readNotification', { params: { id: first._id }, token: seller.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ _id: first._id, readAt: expect.any(String) });
    const again = await callRoute(ctx.app, 'readNotification', { params: { id: first._id }, token: seller.token });
    expect(again.body.data.readAt).toBe(read.body.data.readAt);
    expect(await unread(seller)).toBe(2);

    // Someone else's is not theirs to read: not found, and it stays unread.
    const [second] = (await callRoute(ctx.app, 'notifications', { token: seller.token })).body.data.filter((n: { readAt: string | null }) => !n.readAt);
    const refused = await callRoute(ctx.app, 'readNotification', { params: { id: second._id }, token: buyers[0]!.token });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'not_found', message: 'Notification not found' });
    const [row] = await ctx.app.db.select().from(notifications).where(eq(notifications.id, second._id));
    expect(row!.readAt).toBeNull();

    const all = await callRoute(ctx.app, 'readAllNotifications', { token: seller.token });
    expect(all.body.data).toEqual({ unread: 0 });
    expect(await unread(seller)).toBe(0);
  });

  it('has no route where a client takes an id of "." (a URL drops the dot segment): not found, nothing marked read', async () => {
    const { seller, product } = await world();
    await book(ctx.app, await signUp(ctx.app, 'Buyer'), product._id);
    const url = new URL('/api/notifications/./read', 'http://localhost').pathname;
    const res = await ctx.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${seller.token}` } });
    expect(res.statusCode).toBe(404);
    expect(await unread(seller)).toBe(1);
  });

  it('pages newest first', async () => {
    const { seller, product } = await world();
    for (let i = 0; i < 3; i++) await book(ctx.app, await signUp(ctx.app, 'Buyer'), product._id);
    const page1 = await callRoute(ctx.app, 'notifications', { token: seller.token, query: { limit: 2 } });
    expect(page1.body.data).toHaveLength(2);
    const page2 = await callRoute(ctx.app, 'notifications', { token: seller.token, query: { limit: 2, cursor: page1.body.meta.nextCursor } });
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.meta.nextCursor).toBeNull();
    const all = [...page1.body.data, ...page2.body.data].map((n: { createdAt: string }) => n.createdAt);
    expect([...all].sort().reverse()).toEqual(all);
  });
});

describe('notifications by e-mail', () => {
  /** The notification mails in the outbox to `actor`, as kind: subject. */
  const mailsTo = async (actor: Actor) =>
    (await ctx.app.db.select().from(outbox).where(eq(outbox.toAddress, actor.email))).filter((m) => m.kind.startsWith('notification-'));
  const mailStates = async (actor: Actor) =>
    (await ctx.app.db.select({ mail: notifications.mail }).from(notifications).where(eq(notifications.userId, actor._id))).map((n) => n.mail);

  it('mails each move to the person told, in their language, with a link to their deals and to their choices', async () => {
    const { seller, product } = await world();
    expect((await callRoute(ctx.app, 'setLanguage', { body: { language: 'bn' }, token: seller.token })).status).toBe(200);
    const buyer = await signUp(ctx.app, 'Buyer');
    const booked = await book(ctx.app, buyer, product._id);
    await callRoute(ctx.app, 'acceptBooking', { params: { id: booked._id }, token: seller.token });
    await runJobs(ctx.app);

    const [toSeller] = await mailsTo(seller);
    expect(toSeller).toMatchObject({ kind: 'notification-book', subject: 'আপনার Galaxy S21 নতুন বুক হয়েছে' });
    expect(toSeller!.textBody).toContain('বুকিং অনুরোধ খুলুন: http');
    expect(toSeller!.textBody).toMatch(/\/dashboard\/bookings\?lang=bn/);
    expect(toSeller!.textBody).toMatch(/\/dashboard\/account\?lang=bn/);
    const [toBuyer] = await mailsTo(buyer);
    expect(toBuyer).toMatchObject({ kind: 'notification-accept', subject: 'The seller accepted your booking of Galaxy S21: their number is in My Orders' });
    expect(toBuyer!.textBody).toMatch(/Open My Orders: http:\/\/[^\s]+\/dashboard\/myOrders\?lang=en/);
    expect(await mailStates(seller)).toEqual(['queued']);
    // Each mail has the job that sends it.
    const mailJobs = await ctx.app.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    expect(mailJobs.map((j) => (j.payload as { mailId: string }).mailId).sort()).toEqual(expect.arrayContaining([toSeller!.id, toBuyer!.id]));
  });

  it('mails no kind switched off, and the bell still tells of it', async () => {
    const { seller, product } = await world();
    const off = await callRoute(ctx.app, 'setMailPreferences', { body: { mailOff: ['book'] }, token: seller.token });
    expect(off.body.data).toEqual({ mailOff: ['book'] });
    const buyer = await signUp(ctx.app, 'Buyer');
    const booked = await book(ctx.app, buyer, product._id);
    await callRoute(ctx.app, 'deleteOrder', { params: { id: booked._id }, token: buyer.token });
    await runJobs(ctx.app);
    expect((await mailsTo(seller)).map((m) => m.kind)).toEqual(['notification-cancel']);
    expect(await toldTo(seller)).toEqual(['book:Galaxy S21', 'cancel:Galaxy S21']);
    expect((await mailStates(seller)).sort()).toEqual(['queued', 'skipped']);
  });

  it('mails no address that is not confirmed', async () => {
    const { seller, product } = await world();
    await ctx.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, seller._id));
    await book(ctx.app, await signUp(ctx.app, 'Buyer'), product._id);
    await runJobs(ctx.app);
    expect(await mailsTo(seller)).toEqual([]);
    expect(await mailStates(seller)).toEqual(['skipped']);
  });

  it('mails once when its job runs again (its worker died after committing)', async () => {
    const { seller, product } = await world();
    await book(ctx.app, await signUp(ctx.app, 'Buyer'), product._id);
    await runJobs(ctx.app);
    const [told] = await ctx.app.db.select().from(notifications).where(eq(notifications.userId, seller._id));
    await enqueueJob(ctx.app.db as Db, 'notification-mail', { notificationId: told!.id });
    await runJobs(ctx.app);
    expect(await mailsTo(seller)).toHaveLength(1);
    const done = await ctx.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'notification-mail')));
    expect(done.every((j) => j.doneAt !== null)).toBe(true);
  });

  it('keeps only kinds of the deal table, each once, in its order', async () => {
    const { seller } = await world();
    const bad = await callRoute(ctx.app, 'setMailPreferences', { body: { mailOff: ['book', 'spam'] }, token: seller.token });
    expect(bad.status).toBe(400);
    expect((await callRoute(ctx.app, 'mailPreferences', { token: seller.token })).body.data).toEqual({ mailOff: [] });
    const kept = await callRoute(ctx.app, 'setMailPreferences', { body: { mailOff: ['refund', 'pay', 'refund'] }, token: seller.token });
    expect(kept.body.data).toEqual({ mailOff: ['pay', 'refund'] });
    const back = await callRoute(ctx.app, 'setMailPreferences', { body: { mailOff: [] }, token: seller.token });
    expect(back.body.data).toEqual({ mailOff: [] });
  });
});
