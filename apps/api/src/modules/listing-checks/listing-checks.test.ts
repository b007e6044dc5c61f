import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import {
  book,
  cameraPhoto,
  createAdmin,
  createCategory,
  markPaid,
  newImei,
  postProduct,
  productBody,
  signUp,
  uploadedPicture,
  uploadPhoto,
  type Actor,
} from '../../../test/fixtures.ts';
import { runJobs, useTestApp } from '../../../test/helper.ts';
import { auditLog, imeiFlags, listingChecks, notifications, phoneModels, photoHashes, priceGuide, products } from '../../db/schema.ts';
import { bitsApart } from './phash.ts';
import { similarPhotos } from './signals.ts';

/** Issue 36 (decision 061): the risk signals, each at its threshold, and the Admin's check queue. */
const ctx = useTestApp({ risk: { newSellerListings: 3, photoBits: 5, pricePercent: 60, checkHours: 4, confirmedNumber: false } });

const post = (seller: Actor, body: Record<string, unknown>) => callRoute(ctx.app, 'addProduct', { token: seller.token, body });
const statusOf = async (id: string) => (await ctx.app.db.select({ status: products.status }).from(products).where(eq(products.id, id)))[0]?.status;
const signalsOf = async (id: string) =>
  (await ctx.app.db.select().from(listingChecks).where(eq(listingChecks.productId, id))).flatMap((c) => (c.decidedAt ? [] : c.signals.map((s) => s.code)));

async function world() {
  const [seller, other, buyer, admin, category] = await Promise.all([
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Buyer'),
    createAdmin(ctx.app),
    createCategory(ctx.app, `Apple ${randomUUID().slice(0, 6)}`),
  ]);
  return { seller, other, buyer, admin, category };
}

const photo = cameraPhoto;
const upload = (seller: Actor, data: Buffer) => uploadPhoto(ctx.app, seller, data);

describe('a listing without a signal', () => {
  it('goes live at once, with no check', async () => {
    const { seller, category } = await world();
    const res = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller)));
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('available');
    expect(res.body.data.check).toBeUndefined();
    expect(await signalsOf(res.body.data._id)).toEqual([]);
  });
});

describe('the new seller’s limit', () => {
  it('lets a seller without a sale have 3 live listings; the 4th waits, and none after a completed sale', async () => {
    const { seller, buyer, category } = await world();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await postProduct(ctx.app, seller, category.id))._id);
    for (const id of ids) expect(await statusOf(id)).toBe('available');
    const fourth = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller)));
    expect(fourth.body.data.status).toBe('pending');
    expect(fourth.body.data.check).toMatchObject({ state: 'waiting', signals: ['new_seller_limit'], reason: null, hours: 4 });
    const [check] = await ctx.app.db.select().from(listingChecks).where(eq(listingChecks.productId, fourth.body.data._id));
    expect(check!.signals).toEqual([{ code: 'new_seller_limit', listings: 3, limit: 3 }]);
    // Told once, in their language's words, with the usual wait.
    const told = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller._id), eq(notifications.kind, 'listing_held')));
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toEqual({ hours: 4 });

    // A first completed sale lifts the limit.
    await markPaid(ctx.app, (await book(ctx.app, buyer, ids[0]!))._id, { sold: true });
    const fifth = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller)));
    expect(fifth.body.data.status).toBe('available');
  });

  it('counts listings posted at the same moment: 10 at once after 2 live → exactly one more goes live', async () => {
    const { seller, category } = await world();
    for (let i = 0; i < 2; i++) await postProduct(ctx.app, seller, category.id);
    const bodies = await Promise.all(Array.from({ length: 10 }, async () => productBody(category.id, await uploadedPicture(ctx.app, seller))));
    const answers = await Promise.all(bodies.map((b) => post(seller, b)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(answers.filter((a) => a.body.data.status === 'available')).toHaveLength(1);
    expect(answers.filter((a) => a.body.data.status === 'pending')).toHaveLength(9);
  });
});

describe('a reused photo', () => {
  it('holds another account’s listing of the same picture (re-encoded, scaled), not the same seller’s, not another picture', async () => {
    const { seller, other, category } = await world();
    const picture = await photo();
    const first = await post(seller, productBody(category.id, await upload(seller, picture)));
    expect(first.body.data.status).toBe('available');
    // The same seller may show the same picture again (a second listing of a like phone).
    const again = await post(seller, productBody(category.id, await upload(seller, picture)));
    expect(again.body.data.status).toBe('available');
    // Someone else's listing: the picture saved from the page, smaller and recompressed.
    const copied = await sharp(picture).resize(400).webp({ quality: 60 }).toBuffer();
    const stolen = await post(other, productBody(category.id, await upload(other, copied)));
    expect(stolen.body.data.status).toBe('pending');
    const [check] = await ctx.app.db.select().from(listingChecks).where(eq(listingChecks.productId, stolen.body.data._id));
    const signal = check!.signals[0]!;
    expect(signal.code).toBe('photo_reused');
    if (signal.code === 'photo_reused') expect(signal.matches.map((m) => m.theirProductId).sort()).toEqual([first.body.data._id, again.body.data._id].sort());
    // Another picture of theirs is no match.
    const own = await post(other, productBody(category.id, await upload(other, await photo())));
    expect(own.body.data.status).toBe('available');
  });

  it('matches hashes fewer than 5 bits apart: 4 bits is a match, 5 is not', async () => {
    const { seller } = await world();
    const base = 0x1234_5678_9abc_def0n;
    const flip = (bits: number[]) =>
      BigInt.asIntN(
        64,
        bits.reduce((h, b) => h ^ (1n << BigInt(b)), base),
      );
    // The flipped bits spread over every band, so no band is left equal by chance of the test.
    const four = flip([3, 17, 30, 45]);
    const five = flip([3, 17, 30, 45, 60]);
    expect(bitsApart(four, base)).toBe(4);
    expect(bitsApart(five, base)).toBe(5);
    const stranger = randomUUID();
    await ctx.app.db.insert(photoHashes).values([
      { hash: four, sellerId: stranger, productId: randomUUID(), url: '/uploads/four.webp' },
      { hash: five, sellerId: stranger, productId: randomUUID(), url: '/uploads/five.webp' },
      { hash: base, sellerId: seller._id, productId: randomUUID(), url: '/uploads/mine.webp' },
    ]);
    const found = await similarPhotos(ctx.app.db, base, seller._id, 5);
    expect(found.map((f) => [f.theirUrl, f.bits])).toEqual([['/uploads/four.webp', 4]]);
    // Negative hashes (the top bit set) are found as well.
    expect((await similarPhotos(ctx.app.db, BigInt.asIntN(64, four ^ (1n << 63n)), seller._id, 5)).map((f) => f.bits)).toEqual([1, 2]);
  });
});

describe('a price far below the guide', () => {
  it('holds a price under 60 % of the median: 5,999 of 10,000 waits, 6,000 does not; none without a guide', async () => {
    const { seller, category } = await world();
    const [model] = await ctx.app.db
      .insert(phoneModels)
      .values({ categoryId: category.id, name: `Galaxy ${randomUUID().slice(0, 6)}`, nameBn: 'গ্যালাক্সি', slug: `galaxy-${randomUUID().slice(0, 6)}` })
      .returning();
    await ctx.app.db.insert(priceGuide).values({ phoneModelId: model!.id, storageGb: 128, condition: 'Good', asking: 3, askingMedian: 10_000 });
    const body = async (price: number, storageGb = 128) =>
      productBody(category.id, await uploadedPicture(ctx.app, seller), { phoneModelId: model!.id, resalePrice: price, originalPrice: 20_000, storageGb });
    const under = await post(seller, await body(5_999));
    expect(under.status, JSON.stringify(under.body)).toBe(201);
    expect(under.body.data.status).toBe('pending');
    const [check] = await ctx.app.db.select().from(listingChecks).where(eq(listingChecks.productId, under.body.data._id));
    expect(check!.signals).toEqual([{ code: 'price_below_guide', price: 5_999, median: 10_000, percent: 59, below: 60 }]);
    expect((await post(seller, await body(6_000))).body.data.status).toBe('available');
    expect((await post(seller, await body(1_000, 256))).body.data.status).toBe('available');
  });
});

describe('a handset with a past', () => {
  it('holds an IMEI an Admin removed, or someone reported stolen; not a new one', async () => {
    const { seller, other, buyer, admin, category } = await world();
    const removedImei = newImei();
    const removed = await postProduct(ctx.app, seller, category.id, { imei: removedImei });
    const gone = await callRoute(ctx.app, 'deleteProduct', { params: { id: removed._id }, token: admin.token });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await post(other, productBody(category.id, await uploadedPicture(ctx.app, other), { imei: removedImei }))).body.data.check).toMatchObject({
      signals: ['imei_flagged'],
    });

    const stolenImei = newImei();
    const listed = await postProduct(ctx.app, seller, category.id, { imei: stolenImei });
    const reported = await callRoute(ctx.app, 'report', { token: buyer.token, body: { productId: listed._id, reason: 'stolen' } });
    expect(reported.status).toBe(201);
    expect(await ctx.app.db.select({ why: imeiFlags.why }).from(imeiFlags).where(eq(imeiFlags.imei, stolenImei))).toEqual([{ why: 'stolen' }]);
    // The reported listing itself stays as it is (an Admin judges the report); the handset's next listing waits.
    expect(await statusOf(listed._id)).toBe('available');
    await callRoute(ctx.app, 'deleteProduct', { params: { id: listed._id }, token: seller.token });
    expect((await post(other, productBody(category.id, await uploadedPicture(ctx.app, other), { imei: stolenImei }))).body.data.status).toBe('pending');

    expect((await post(other, productBody(category.id, await uploadedPicture(ctx.app, other), { imei: newImei() }))).body.data.status).toBe('available');
  });
});

describe('contact details in the description', () => {
  it('hold a listing with a number, an address or a link; not the usual numbers of a phone', async () => {
    const { category } = await world();
    // A seller of their own for each (the new seller's limit is not what is tested here).
    const poster = () => signUp(ctx.app, 'Seller');
    const held = ['Call 01711-223344', 'বিকাশ ০১৮১২৩৪৫৬৭৮', 'mail me: me@example.com', 'WhatsApp wa.me/8801711223344', 'Call +88 017 1122 3344'];
    for (const description of held) {
      const seller = await poster();
      const res = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { description }));
      expect(res.body.data.check?.signals, description).toEqual(['contact_in_description']);
    }
    const fine = ['128GB, battery 87%, bought for 1,25,000 in 2023', 'IMEI 356789012345678 on the box', 'Model A2633, 6.1 inch'];
    for (const description of fine) {
      const seller = await poster();
      const res = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { description }));
      expect(res.body.data.status, description).toBe('available');
    }
  });
});

describe('a held listing', () => {
  it('is its seller’s and the Admins’ only: not on its page, in search or its brand, not reportable, not sold aside', async () => {
    const { seller, buyer, admin, category } = await world();
    const held = await postProduct(ctx.app, seller, category.id, { description: 'Call 01711-223344', productName: 'Pixel Heldtest' });
    expect((await callRoute(ctx.app, 'product', { params: { id: held._id } })).status).toBe(404);
    expect((await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } })).body.data).toEqual([]);
    expect((await callRoute(ctx.app, 'searchProducts', { query: { q: 'heldtest' } })).body.data).toEqual([]);
    expect((await callRoute(ctx.app, 'report', { token: buyer.token, body: { productId: held._id, reason: 'fake' } })).status).toBe(404);
    const booked = await callRoute(ctx.app, 'book', {
      token: buyer.token,
      body: { productId: held._id, meetingLocation: 'Gulshan', mobileNumber: '01911-222333' },
    });
    expect(booked.status).toBe(404);
    expect(booked.body.code).toBe('not_found');
    const sold = await callRoute(ctx.app, 'markSold', { params: { id: held._id }, token: seller.token });
    expect(sold.status).toBe(409);
    expect(sold.body.code).toBe('listing_in_check');
    const own = await callRoute(ctx.app, 'ownProduct', { params: { id: held._id }, token: seller.token });
    expect(own.body.data).toMatchObject({ status: 'pending', check: { state: 'waiting', signals: ['contact_in_description'] } });
    const mine = await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: seller.token });
    expect(mine.body.data[0]).toMatchObject({ _id: held._id, check: { state: 'waiting', hours: 4 } });
    expect((await callRoute(ctx.app, 'ownProduct', { params: { id: held._id }, token: admin.token })).body.data.check.state).toBe('waiting');
  });

  it('is in the Admin’s queue oldest first, with its signals and its seller’s history', async () => {
    const { seller, other, admin, category } = await world();
    const first = await postProduct(ctx.app, seller, category.id, { description: 'Call 01711-223344' });
    const second = await postProduct(ctx.app, other, category.id, { description: 'me@example.com' });
    await postProduct(ctx.app, seller, category.id);
    const res = await callRoute(ctx.app, 'heldListings', { token: admin.token, query: { limit: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      product: { _id: first._id, status: 'pending' },
      signals: [{ code: 'contact_in_description', found: ['01711-223344'] }],
      seller: { listings: 2, completedSales: 0, reports: 0, rejected: 0 },
    });
    const next = await callRoute(ctx.app, 'heldListings', { token: admin.token, query: { limit: 1, cursor: res.body.meta.nextCursor } });
    expect(next.body.data.map((h: { product: { _id: string } }) => h.product._id)).toEqual([second._id]);
    expect(next.body.meta.nextCursor).toBeNull();
  });

  it('approved: live at once, audited, its seller told; approved signals do not hold it again, a new one does', async () => {
    const { seller, admin, category } = await world();
    const held = await postProduct(ctx.app, seller, category.id, { description: 'Call 01711-223344', productName: 'Pixel Approvetest' });
    const approve = await callRoute(ctx.app, 'approveListing', { params: { id: held._id }, token: admin.token, body: {} });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    expect(approve.body.data.status).toBe('available');
    expect(approve.body.data.check).toBeUndefined();
    expect((await callRoute(ctx.app, 'product', { params: { id: held._id } })).status).toBe(200);
    await runJobs(ctx.app);
    expect((await callRoute(ctx.app, 'searchProducts', { query: { q: 'approvetest' } })).body.data.map((p: { _id: string }) => p._id)).toEqual([held._id]);
    const [act] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, held._id));
    expect(act).toMatchObject({ action: 'approve-listing', reason: null });
    expect(await ctx.app.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, seller._id))).toContainEqual({
      kind: 'listing_approved',
    });
    // Deciding again: nothing waits.
    const twice = await callRoute(ctx.app, 'approveListing', { params: { id: held._id }, token: admin.token, body: {} });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('listing_not_waiting');
    expect((await callRoute(ctx.app, 'approveListing', { params: { id: randomUUID() }, token: admin.token, body: {} })).status).toBe(404);

    const edit = (description: string) =>
      callRoute(ctx.app, 'editProduct', {
        params: { id: held._id },
        token: seller.token,
        body: productBody(category.id, held.img, { description, productName: 'Pixel Approvetest' }),
      });
    expect((await edit('Call 01711-223344, price fixed')).body.data.status).toBe('available');
    const mailed = await edit('Call 01711-223344 or me@example.com');
    expect(mailed.body.data.status).toBe('available');
    // The approved signal was the number: the same kind of signal again does not wait; the check is the listing's.
    expect(await signalsOf(held._id)).toEqual([]);
  });

  it('rejected with a reason: off the site, audited, its seller told why, its handset remembered; their edit sends it again', async () => {
    const { seller, other, admin, category } = await world();
    const imei = newImei();
    const held = await postProduct(ctx.app, seller, category.id, { description: 'Call 01711-223344', imei });
    const noReason = await callRoute(ctx.app, 'rejectListing', { params: { id: held._id }, token: admin.token, body: {} });
    expect(noReason.status).toBe(400);
    expect(await signalsOf(held._id)).toEqual(['contact_in_description']);
    const reject = await callRoute(ctx.app, 'rejectListing', { params: { id: held._id }, token: admin.token, body: { reason: 'Numbers go on the order' } });
    expect(reject.status).toBe(200);
    expect(reject.body.data).toMatchObject({ status: 'pending', check: { state: 'rejected', reason: 'Numbers go on the order', hours: 4 } });
    expect((await callRoute(ctx.app, 'heldListings', { token: admin.token, query: {} })).body.data).toEqual([]);
    const [act] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, held._id));
    expect(act).toMatchObject({ action: 'reject-listing', reason: 'Numbers go on the order' });
    const [told] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller._id), eq(notifications.kind, 'listing_rejected')));
    expect(told!.params).toEqual({ reason: 'Numbers go on the order' });
    expect(await ctx.app.db.select({ why: imeiFlags.why }).from(imeiFlags).where(eq(imeiFlags.imei, imei))).toEqual([{ why: 'removed' }]);

    // The seller takes the number out: no signal left (its own handset's past is not held against it), live.
    const fixed = await callRoute(ctx.app, 'editProduct', {
      params: { id: held._id },
      token: seller.token,
      body: productBody(category.id, held.img, { description: 'Ask through the site', imei }),
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data.status).toBe('available');
    void other;
  });

  it('decided by two Admins at once: one decision, one audit entry, the other told nothing waits', async () => {
    const { seller, admin, category } = await world();
    const other = await createAdmin(ctx.app);
    const held = await postProduct(ctx.app, seller, category.id, { description: 'Call 01711-223344' });
    const [approved, rejected] = await Promise.all([
      callRoute(ctx.app, 'approveListing', { params: { id: held._id }, token: admin.token, body: {} }),
      callRoute(ctx.app, 'rejectListing', { params: { id: held._id }, token: other.token, body: { reason: 'A number in the description' } }),
    ]);
    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    expect([approved.body.code, rejected.body.code]).toContain('listing_not_waiting');
    const checks = await ctx.app.db.select().from(listingChecks).where(eq(listingChecks.productId, held._id));
    expect(checks).toHaveLength(1);
    expect(await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, held._id))).toHaveLength(1);
    const told = await ctx.app.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, seller._id));
    expect(told.filter((n) => n.kind === 'listing_approved' || n.kind === 'listing_rejected')).toHaveLength(1);
    // The listing is as the one decision left it.
    expect(await statusOf(held._id)).toBe(approved.status === 200 ? 'available' : 'pending');
  });

  it('edited while it waits: the check follows the signals, and clears when none is left', async () => {
    const { seller, category } = await world();
    const held = await postProduct(ctx.app, seller, category.id, { description: 'Call 01711-223344' });
    const edit = (description: string) =>
      callRoute(ctx.app, 'editProduct', { params: { id: held._id }, token: seller.token, body: productBody(category.id, held.img, { description }) });
    expect((await edit('me@example.com')).body.data.check).toMatchObject({ state: 'waiting', signals: ['contact_in_description'] });
    expect((await edit('All fine')).body.data.status).toBe('available');
    const checks = await ctx.app.db.select().from(listingChecks).where(eq(listingChecks.productId, held._id));
    expect(checks.map((c) => c.decision)).toEqual(['cleared']);
    // Told once for the one hold.
    expect(
      await ctx.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, seller._id), eq(notifications.kind, 'listing_held'))),
    ).toHaveLength(1);
  });
});
