import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import { book, createAdmin, createCategory, lastMail, markSold, postProduct, signUp } from '../../../test/fixtures.ts';
import { runJobs, TEST_SECRET, useTestApp } from '../../../test/helper.ts';
import { favourites, jobs, listingChecks, notifications, products } from '../../db/schema.ts';
import { BATCH, queueListingExpiry, stillAvailableKey } from './service.ts';

/** Issue 36, item 4 (decision 063): a listing's 60-day term, the reminder 5 days before, expiry and renewal. */
const ctx = useTestApp();

const DAY = 86_400_000;
const rowOf = async (id: string) => (await ctx.app.db.select().from(products).where(eq(products.id, id)))[0]!;
/** Moves a listing's end to `days` from now (negative: in the past), as time passing would. */
const endsIn = (id: string, days: number) =>
  ctx.app.db
    .update(products)
    .set({ expiresAt: sql`date_trunc('second', now()) + make_interval(secs => ${days * 86_400})` })
    .where(eq(products.id, id));
const told = (userId: string, kind: 'listing_expiring' | 'listing_expired') =>
  ctx.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const keyOf = async (id: string) => stillAvailableKey(TEST_SECRET, id, (await rowOf(id)).expiresAt);
const daysFromNow = (iso: string | Date) => (new Date(iso).getTime() - Date.now()) / DAY;

async function world() {
  const [seller, buyer, category] = await Promise.all([
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Buyer'),
    createCategory(ctx.app, `Brand ${randomUUID().slice(0, 6)}`),
  ]);
  const phone = await postProduct(ctx.app, seller, category.id);
  return { seller, buyer, category, phone };
}

describe('a listing’s term', () => {
  it('is 60 days from when it was posted, told to its seller only', async () => {
    const { seller, phone } = await world();
    const own = await callRoute(ctx.app, 'ownProduct', { params: { id: phone._id }, token: seller.token });
    expect(daysFromNow(own.body.data.expiresAt!)).toBeGreaterThan(59.9);
    expect(daysFromNow(own.body.data.expiresAt!)).toBeLessThanOrEqual(60);
    const open = await callRoute(ctx.app, 'product', { params: { id: phone._id } });
    expect(open.body.data).not.toHaveProperty('expiresAt');
  });

  it('starts again when a held listing goes live after its check', async () => {
    const { seller, category } = await world();
    const admin = await createAdmin(ctx.app);
    const held = await postProduct(ctx.app, seller, category.id);
    // Held for a check 20 days ago, as if it had waited: the Admin's approval starts its 60 days.
    await ctx.app.db
      .update(products)
      .set({ status: 'pending', expiresAt: sql`now() + interval '40 days'` })
      .where(eq(products.id, held._id));
    await ctx.app.db.insert(listingChecks).values({ productId: held._id, signals: [{ code: 'new_seller_limit', listings: 3, limit: 3 }], hours: 4 });
    const approved = await callRoute(ctx.app, 'approveListing', { params: { id: held._id }, token: admin.token, body: {} });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(daysFromNow((await rowOf(held._id)).expiresAt)).toBeGreaterThan(59.9);
  });
});

describe('the reminder', () => {
  it('tells the seller once, 5 days before, with a "Still available" link; 6 days before is too early', async () => {
    const { seller, category, phone } = await world();
    const later = await postProduct(ctx.app, seller, category.id);
    await endsIn(phone._id, 4.9);
    await endsIn(later._id, 5.1);
    expect(await queueListingExpiry(ctx.app.db)).toBe(true);
    // One run waits already: the next sweep queues none.
    expect(await queueListingExpiry(ctx.app.db)).toBe(false);
    await runJobs(ctx.app);
    const notes = await told(seller._id, 'listing_expiring');
    expect(notes.map((n) => n.productName)).toEqual([phone.productName]);
    expect(notes[0]!.params).toEqual({ days: 5, renew: await keyOf(phone._id) });
    expect((await rowOf(phone._id)).expiryRemindedAt).not.toBeNull();
    expect((await rowOf(later._id)).expiryRemindedAt).toBeNull();
    // The mail's button is the one-tap link.
    const mail = await lastMail(ctx.app, seller.email, 'notification-listing_expiring');
    expect(mail.textBody).toContain(`/still-available/${await keyOf(phone._id)}`);
    expect(mail.textBody).toContain('Still available');
    // Nothing new is due: no second reminder, no run queued.
    expect(await queueListingExpiry(ctx.app.db)).toBe(false);
    await ctx.app.jobs.run();
    expect(await told(seller._id, 'listing_expiring')).toHaveLength(1);
  });

  it('says "1 day" on the last day', async () => {
    const { seller, phone } = await world();
    await endsIn(phone._id, 0.5);
    await queueListingExpiry(ctx.app.db);
    await runJobs(ctx.app);
    const mail = await lastMail(ctx.app, seller.email, 'notification-listing_expiring');
    expect(mail.subject).toContain(`leaves search in 1 day: still for sale?`);
  });

  it('is written in the seller’s language', async () => {
    const { seller, phone } = await world();
    await callRoute(ctx.app, 'setLanguage', { token: seller.token, body: { language: 'bn' } });
    await endsIn(phone._id, 3);
    await queueListingExpiry(ctx.app.db);
    await runJobs(ctx.app);
    const mail = await lastMail(ctx.app, seller.email, 'notification-listing_expiring');
    expect(mail.subject).toContain('৩ দিন');
    expect(mail.textBody).toContain('এখনও বিক্রি হয়নি');
  });
});

describe('expiry', () => {
  it('takes a listing past its end off search and the lists; its page says expired; it cannot be booked or saved', async () => {
    const { seller, buyer, category, phone } = await world();
    const reserved = await postProduct(ctx.app, seller, category.id);
    const order = await book(ctx.app, buyer, reserved._id);
    await callRoute(ctx.app, 'acceptBooking', { params: { id: order._id }, token: seller.token });
    await endsIn(phone._id, -0.01);
    await endsIn(reserved._id, -0.01);
    await callRoute(ctx.app, 'advertiseProduct', { params: { id: phone._id }, token: seller.token });
    const inList = async () =>
      ((await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id }, query: {} })).body.data as { _id: string }[]).map((p) => p._id);
    expect(await inList()).toContain(phone._id);

    await queueListingExpiry(ctx.app.db);
    await runJobs(ctx.app);
    const row = await rowOf(phone._id);
    expect(row.status).toBe('expired');
    expect(row.advertise).toBe(false);
    expect(await told(seller._id, 'listing_expired')).toHaveLength(1);
    // Past its end, it is told it expired, not that it will.
    expect(await told(seller._id, 'listing_expiring')).toEqual([]);
    // A phone booked and accepted is its deal's: not expired.
    expect((await rowOf(reserved._id)).status).toBe('reserved');

    expect(await inList()).not.toContain(phone._id);
    const found = await callRoute(ctx.app, 'searchProducts', { query: { q: phone.productName } });
    expect((found.body.data as { _id: string }[]).map((p) => p._id)).not.toContain(phone._id);
    const page = await callRoute(ctx.app, 'product', { params: { id: phone._id } });
    expect(page.status).toBe(200);
    expect(page.body.data.status).toBe('expired');
    const booked = await callRoute(ctx.app, 'book', {
      token: buyer.token,
      body: { productId: phone._id, meetingLocation: 'Gulshan 1', mobileNumber: '01812-000000' },
    });
    expect(booked.status).toBe(409);
    expect(booked.body.code).toBe('listing_expired');
    const saved = await callRoute(ctx.app, 'saveProduct', { params: { id: phone._id }, token: buyer.token });
    expect(saved.status).toBe(409);
    expect(saved.body.code).toBe('listing_expired');
  });

  it('shows as expired to whoever saved it', async () => {
    const { buyer, phone } = await world();
    expect((await callRoute(ctx.app, 'saveProduct', { params: { id: phone._id }, token: buyer.token })).status).toBe(200);
    await endsIn(phone._id, -1);
    await queueListingExpiry(ctx.app.db);
    await runJobs(ctx.app);
    const list = await callRoute(ctx.app, 'savedPhones', { token: buyer.token, query: {} });
    expect(list.body.data as { productId: string; state: string }[]).toEqual([expect.objectContaining({ productId: phone._id, state: 'expired' })]);
    expect(await ctx.app.db.select().from(favourites).where(eq(favourites.productId, phone._id))).toHaveLength(1);
    // Told once, in the bell (and by mail), with the phone's name.
    const savedNotes = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer._id), eq(notifications.kind, 'saved_expired')));
    expect(savedNotes.map((n) => n.productName)).toEqual([phone.productName]);
    expect(await ctx.app.db.select().from(notifications).where(eq(notifications.kind, 'saved_expired'))).toHaveLength(1);
  });

  it('works through more than a batch, each listing once, with two runs at once', async () => {
    const { seller, category } = await world();
    const rows = Array.from({ length: BATCH + 20 }, (_, i) => ({
      sellerId: seller._id,
      categoryId: category.id,
      productName: `Old phone ${i}`,
      img: '/uploads/x.webp',
      phoneNumber: '01712345678',
      location: 'Mirpur',
      purchase: '2024-01-01',
      originalPrice: 50_000,
      resalePrice: 30_000,
      useYears: 1,
      condition: 'Good' as const,
      description: 'Works well',
      expiresAt: new Date(Date.now() - DAY),
    }));
    await ctx.app.db.insert(products).values(rows);
    await queueListingExpiry(ctx.app.db);
    // Two runs queued at once (two instances' sweeps): every listing expires once, its seller told once.
    await ctx.app.db.insert(jobs).values({ kind: 'listing-expiry', payload: {} });
    await Promise.all([ctx.app.jobs.run(), ctx.app.jobs.run()]);
    await runJobs(ctx.app);
    const left = await ctx.app.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sellerId, seller._id), eq(products.status, 'available'), sql`${products.expiresAt} <= now()`));
    expect(left).toEqual([]);
    expect(await told(seller._id, 'listing_expired')).toHaveLength(BATCH + 20);
    expect(
      await ctx.app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'listing-expiry'), isNull(jobs.doneAt))),
    ).toEqual([]);
  });
});

describe('renewal from My Products', () => {
  it('brings an expired listing back for 60 days; renews one on sale; refuses a sold one and other people', async () => {
    const { seller, buyer, category, phone } = await world();
    await endsIn(phone._id, -1);
    await queueListingExpiry(ctx.app.db);
    await runJobs(ctx.app);
    const other = await signUp(ctx.app, 'Seller');
    expect((await callRoute(ctx.app, 'renewProduct', { params: { id: phone._id }, token: other.token })).status).toBe(403);
    expect((await callRoute(ctx.app, 'renewProduct', { params: { id: phone._id }, token: buyer.token })).status).toBe(403);
    expect((await rowOf(phone._id)).status).toBe('expired');

    const renewed = await callRoute(ctx.app, 'renewProduct', { params: { id: phone._id }, token: seller.token });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.data.status).toBe('available');
    expect(daysFromNow(renewed.body.data.expiresAt!)).toBeGreaterThan(59.9);
    expect((await rowOf(phone._id)).expiryRemindedAt).toBeNull();
    const found = await callRoute(ctx.app, 'searchProducts', { query: { q: phone.productName } });
    expect((found.body.data as { _id: string }[]).map((p) => p._id)).toContain(phone._id);

    const onSale = await postProduct(ctx.app, seller, category.id);
    await endsIn(onSale._id, 2);
    const again = await callRoute(ctx.app, 'renewProduct', { params: { id: onSale._id }, token: seller.token });
    expect(daysFromNow(again.body.data.expiresAt!)).toBeGreaterThan(59.9);

    await markSold(ctx.app, onSale._id);
    const sold = await callRoute(ctx.app, 'renewProduct', { params: { id: onSale._id }, token: seller.token });
    expect(sold.status).toBe(409);
    expect(sold.body.code).toBe('listing_not_renewable');
  });
});

describe('the one-tap "Still available" link', () => {
  async function reminded() {
    const w = await world();
    await endsIn(w.phone._id, 3);
    await queueListingExpiry(ctx.app.db);
    await runJobs(ctx.app);
    const [note] = await told(w.seller._id, 'listing_expiring');
    return { ...w, key: note!.params!.renew! };
  }

  it('shows the listing, renews it with one tap without signing in, and a second tap changes nothing', async () => {
    const { phone, key } = await reminded();
    const shown = await callRoute(ctx.app, 'stillAvailable', { body: { token: key } });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ productId: phone._id, productName: phone.productName, status: 'available', link: 'due' });
    expect(daysFromNow(shown.body.data.expiresAt)).toBeLessThan(3.1);

    const tapped = await callRoute(ctx.app, 'renewByLink', { body: { token: key } });
    expect(tapped.status).toBe(200);
    expect(tapped.body.data).toMatchObject({ status: 'available', link: 'renewed' });
    const end = (await rowOf(phone._id)).expiresAt;
    expect(daysFromNow(end)).toBeGreaterThan(59.9);
    expect((await rowOf(phone._id)).expiryRemindedAt).toBeNull();

    const again = await callRoute(ctx.app, 'renewByLink', { body: { token: key } });
    expect(again.body.data).toMatchObject({ link: 'renewed', expiresAt: end.toISOString() });
    expect((await rowOf(phone._id)).expiresAt).toEqual(end);
  });

  it('renews an expired listing; two taps at once renew it once', async () => {
    const { phone, key } = await reminded();
    await endsIn(phone._id, -0.01);
    // The term the link names is the listing's still (the end moved here stands for time passing): made again for it.
    const expiredKey = await keyOf(phone._id);
    await queueListingExpiry(ctx.app.db);
    await runJobs(ctx.app);
    expect((await rowOf(phone._id)).status).toBe('expired');
    expect(key).not.toBe(expiredKey);
    const taps = await Promise.all([1, 2].map(() => callRoute(ctx.app, 'renewByLink', { body: { token: expiredKey } })));
    expect(taps.map((t) => t.status)).toEqual([200, 200]);
    expect(new Set(taps.map((t) => t.body.data.expiresAt)).size).toBe(1);
    expect((await rowOf(phone._id)).status).toBe('available');
  });

  it('refuses a key the server did not sign, one of another listing, and a sold listing’s', async () => {
    const { phone, key, category, seller } = await reminded();
    const [id, term, mac] = key.split('.');
    const forged = [`${id}.${Number(term) + 86_400}.${mac}`, `${id}.${term}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`];
    const another = await postProduct(ctx.app, seller, category.id);
    forged.push(`${another._id}.${term}.${mac}`);
    for (const token of forged) {
      const res = await callRoute(ctx.app, 'renewByLink', { body: { token } });
      expect(res.status, token).toBe(400);
      expect(res.body.code).toBe('renew_link_invalid');
    }
    expect(daysFromNow((await rowOf(another._id)).expiresAt)).toBeGreaterThan(59.9);
    expect(daysFromNow((await rowOf(phone._id)).expiresAt)).toBeLessThan(3.1);
    await markSold(ctx.app, phone._id);
    const sold = await callRoute(ctx.app, 'renewByLink', { body: { token: key } });
    expect(sold.status).toBe(409);
    expect(sold.body.code).toBe('listing_not_renewable');
  });
});

/** A key is signed with this server's secret: one signed with another is refused. */
it('signs keys with the server’s secret only', async () => {
  const { phone } = await world();
  const other = stillAvailableKey('another-secret-that-is-long-enough-for-hs256', phone._id, (await rowOf(phone._id)).expiresAt);
  const res = await callRoute(ctx.app, 'stillAvailable', { body: { token: other } });
  expect(res.status).toBe(400);
});
