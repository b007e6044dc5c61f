import { maxSavedPhones } from '@market/contract';
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runJobs, useTestApp } from '../../../test/helper.ts';
import { createAdmin, createCategory, postProduct, productBody, signUp, uploadedPicture, type Actor } from '../../../test/fixtures.ts';
import { callRoute } from '../../../test/call-route.ts';
import { favourites, notifications, outbox } from '../../db/schema.ts';

/** Issue 34, item 4: a person saves phones, hears of a saved phone's price drop or sale, and its seller sees how many saved it. */
const ctx = useTestApp();

async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const category = await createCategory(ctx.app);
  const phone = await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy S23', resalePrice: 80000 });
  return { seller, category, phone };
}

const save = (actor: Actor, id: string) => callRoute(ctx.app, 'saveProduct', { token: actor.token, params: { id } });
const unsave = (actor: Actor, id: string) => callRoute(ctx.app, 'unsaveProduct', { token: actor.token, params: { id } });
const idsOf = async (actor: Actor) => {
  const res = await callRoute(ctx.app, 'savedIds', { token: actor.token });
  expect(res.status).toBe(200);
  return res.body.data.ids as string[];
};
const savedOf = async (actor: Actor, query: { limit?: number; cursor?: string } = {}) => {
  const res = await callRoute(ctx.app, 'savedPhones', { token: actor.token, query });
  expect(res.status).toBe(200);
  return res.body as {
    data: { productId: string; productName: string; state: string; product: { resalePrice: number } | null }[];
    meta: { nextCursor: string | null };
  };
};
/** What `actor` was told, as `kind:product` with the prices when there are some, oldest first (a row's mail job updates it: no order but this one). */
const toldTo = async (actor: Actor) =>
  (await ctx.app.db.select().from(notifications).where(eq(notifications.userId, actor._id)).orderBy(notifications.createdAt, notifications.id)).map(
    (n) => `${n.kind}:${n.productName}${n.params ? `:${n.params.oldPrice}>${n.params.newPrice}` : ''}`,
  );
const edit = async (seller: Actor, id: string, category: string, overrides: Record<string, unknown>) => {
  const body = productBody(category, await uploadedPicture(ctx.app, seller), { productName: 'Galaxy S23', ...overrides });
  const { imei: _imei, ...rest } = body;
  const res = await callRoute(ctx.app, 'editProduct', { token: seller.token, params: { id }, body: rest });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('saving a phone', () => {
  it('saves and unsaves, again being the same answer; the list is the latest saved first, paged, with each phone as the cards show it', async () => {
    const { seller, category, phone } = await world();
    const other = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel 8' });
    const buyer = await signUp(ctx.app, 'Buyer');
    for (let i = 0; i < 2; i++) expect((await save(buyer, phone._id)).body).toEqual({ success: true, data: { productId: phone._id, saved: true } });
    expect((await save(buyer, other._id)).status).toBe(200);
    expect(await idsOf(buyer)).toEqual([other._id, phone._id]);
    expect(await ctx.app.db.select().from(favourites).where(eq(favourites.userId, buyer._id))).toHaveLength(2);

    const first = await savedOf(buyer, { limit: 1 });
    expect(first.data).toEqual([expect.objectContaining({ productId: other._id, productName: 'Pixel 8', state: 'available' })]);
    expect(first.data[0]!.product).toMatchObject({ _id: other._id, resalePrice: 80000, sellerId: { _id: seller._id } });
    // A card is what anyone sees: no seller's number, no count of savers.
    expect(first.data[0]!.product).not.toHaveProperty('phoneNumber');
    expect(first.data[0]!.product).not.toHaveProperty('saves');
    const second = await savedOf(buyer, { limit: 1, cursor: first.meta.nextCursor! });
    expect(second.data.map((s) => s.productId)).toEqual([phone._id]);
    expect(second.meta.nextCursor).toBeNull();

    for (let i = 0; i < 2; i++) expect((await unsave(buyer, phone._id)).body).toEqual({ success: true, data: { productId: phone._id, saved: false } });
    // One never saved, or no phone at all: the same answer, nothing changed.
    expect((await unsave(buyer, randomUUID())).body.data.saved).toBe(false);
    expect(await idsOf(buyer)).toEqual([other._id]);
  });

  it("keeps each person's saved phones their own: another buyer reads none of them, an Admin and a visitor none at all", async () => {
    const { phone } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const other = await signUp(ctx.app, 'Buyer');
    await save(buyer, phone._id);
    expect(await idsOf(other)).toEqual([]);
    expect((await savedOf(other)).data).toEqual([]);
    // Unsaving is one's own too: the other buyer's unsave leaves the buyer's saved phone alone.
    await unsave(other, phone._id);
    expect(await idsOf(buyer)).toEqual([phone._id]);
    const admin = await createAdmin(ctx.app);
    expect((await callRoute(ctx.app, 'savedIds', { token: admin.token })).status).toBe(403);
    expect((await callRoute(ctx.app, 'saveProduct', { token: admin.token, params: { id: phone._id } })).status).toBe(403);
    expect((await callRoute(ctx.app, 'savedPhones', {})).status).toBe(401);
  });

  it('refuses a seller their own phone, and a phone no buyer can see or that is sold; a saved one stays, marked sold or removed', async () => {
    const { seller, category, phone } = await world();
    const own = await save(seller, phone._id);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('own_phone_save');
    // Another seller may save it (a seller is a buyer elsewhere).
    const otherSeller = await signUp(ctx.app, 'Seller');
    expect((await save(otherSeller, phone._id)).status).toBe(200);

    const buyer = await signUp(ctx.app, 'Buyer');
    expect((await save(buyer, randomUUID())).body.code).toBe('not_found');
    const sold = await postProduct(ctx.app, seller, category.id, { productName: 'Sold one' });
    const gone = await postProduct(ctx.app, seller, category.id, { productName: 'Gone one' });
    await save(buyer, sold._id);
    await save(buyer, gone._id);
    expect((await callRoute(ctx.app, 'markSold', { token: seller.token, params: { id: sold._id } })).status).toBe(200);
    expect((await callRoute(ctx.app, 'deleteProduct', { token: seller.token, params: { id: gone._id } })).status).toBe(200);
    const late = await signUp(ctx.app, 'Buyer');
    const refused = await save(late, sold._id);
    expect([refused.status, refused.body.code]).toEqual([409, 'product_sold']);
    expect((await save(late, gone._id)).status).toBe(404);
    // Saved already: the same answer, whatever the phone is now.
    expect((await save(buyer, sold._id)).status).toBe(200);

    const list = (await savedOf(buyer)).data;
    expect(list.map((s) => [s.productName, s.state, s.product === null])).toEqual([
      ['Gone one', 'removed', true],
      ['Sold one', 'sold', false],
    ]);
    // The seller hides the sold listing: it is off its public page, still sold on the Saved page.
    expect((await callRoute(ctx.app, 'hideProduct', { token: seller.token, params: { id: sold._id } })).status).toBe(200);
    expect((await savedOf(buyer)).data[1]).toMatchObject({ productName: 'Sold one', state: 'sold', product: null });

    // A suspended seller's phones are on no public page: not saved anew, and removed from the Saved page.
    const admin = await createAdmin(ctx.app);
    await save(buyer, phone._id);
    expect((await callRoute(ctx.app, 'suspendSeller', { token: admin.token, params: { id: seller._id }, body: { reason: 'Fake listings' } })).status).toBe(200);
    expect((await save(late, phone._id)).status).toBe(404);
    expect((await savedOf(buyer)).data[0]).toMatchObject({ productId: phone._id, state: 'removed', product: null });
  });

  it(`keeps at most ${maxSavedPhones} phones per person`, async () => {
    const { phone } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    await ctx.app.db
      .insert(favourites)
      .values(Array.from({ length: maxSavedPhones }, () => ({ userId: buyer._id, productId: randomUUID(), productName: 'Old' })));
    const res = await save(buyer, phone._id);
    expect([res.status, res.body.code, res.body.params]).toEqual([409, 'too_many_saved', { max: maxSavedPhones }]);
    await unsave(buyer, (await idsOf(buyer))[0]!);
    expect((await save(buyer, phone._id)).status).toBe(200);
  });

  it('goes with the account that saved it', async () => {
    const { phone } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const other = await signUp(ctx.app, 'Buyer');
    await save(buyer, phone._id);
    await save(other, phone._id);
    const admin = await createAdmin(ctx.app);
    expect((await callRoute(ctx.app, 'deleteUser', { token: admin.token, params: { id: buyer._id } })).status).toBe(200);
    expect((await ctx.app.db.select().from(favourites).where(eq(favourites.productId, phone._id))).map((f) => f.userId)).toEqual([other._id]);
  });
});

describe("a listing's savers", () => {
  it('are counted for the seller on My Products (and for Admins), never in a public answer', async () => {
    const { seller, category, phone } = await world();
    const unsaved = await postProduct(ctx.app, seller, category.id, { productName: 'Nobody wants it' });
    for (const role of ['Buyer', 'Buyer', 'Seller'] as const) await save(await signUp(ctx.app, role), phone._id);
    const mine = await callRoute(ctx.app, 'sellerProducts', { token: seller.token, params: { id: seller._id } });
    expect(mine.body.data.map((p: { _id: string; saves: number }) => [p._id, p.saves])).toEqual([
      [unsaved._id, 0],
      [phone._id, 3],
    ]);
    const admin = await createAdmin(ctx.app);
    const asAdmin = await callRoute(ctx.app, 'sellerProducts', { token: admin.token, params: { id: seller._id } });
    expect(asAdmin.body.data[1].saves).toBe(3);

    const buyer = await signUp(ctx.app, 'Buyer');
    expect((await callRoute(ctx.app, 'sellerProducts', { token: buyer.token, params: { id: seller._id } })).status).toBe(403);
    const publicAnswers = [
      await callRoute(ctx.app, 'product', { params: { id: phone._id } }),
      await callRoute(ctx.app, 'product', { params: { id: phone._id }, token: seller.token }),
      await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } }),
      await callRoute(ctx.app, 'sellerListings', { params: { id: seller._id } }),
      await callRoute(ctx.app, 'ownProduct', { params: { id: phone._id }, token: seller.token }),
    ];
    for (const res of publicAnswers) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('"saves"');
    }
  });

  it('hear of a lower price once, with the old and new price, by the bell and by mail in their language; not of a rise; the seller hears nothing', async () => {
    const { seller, category, phone } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const bangla = await signUp(ctx.app, 'Buyer');
    const bystander = await signUp(ctx.app, 'Buyer');
    await save(buyer, phone._id);
    await save(bangla, phone._id);
    expect((await callRoute(ctx.app, 'setLanguage', { token: bangla.token, body: { language: 'bn' } })).status).toBe(200);

    await edit(seller, phone._id, category.id, { resalePrice: 85000 });
    await edit(seller, phone._id, category.id, { resalePrice: 85000, description: 'Same price, new words for it.' });
    expect(await toldTo(buyer)).toEqual([]);
    await edit(seller, phone._id, category.id, { resalePrice: 70000 });
    expect(await toldTo(buyer)).toEqual(['saved_price_drop:Galaxy S23:85000>70000']);
    expect(await toldTo(bangla)).toEqual(['saved_price_drop:Galaxy S23:85000>70000']);
    expect(await toldTo(bystander)).toEqual([]);
    expect(await toldTo(seller)).toEqual([]);
    // The same price again is no drop.
    await edit(seller, phone._id, category.id, { resalePrice: 70000 });
    expect(await toldTo(buyer)).toHaveLength(1);

    const [note] = (await callRoute(ctx.app, 'notifications', { token: buyer.token })).body.data;
    expect(note).toMatchObject({ kind: 'saved_price_drop', productName: 'Galaxy S23', params: { oldPrice: 85000, newPrice: 70000 }, readAt: null });
    expect((await callRoute(ctx.app, 'unreadNotifications', { token: buyer.token })).body.data.unread).toBe(1);

    await runJobs(ctx.app);
    const mailTo = async (actor: Actor) =>
      (
        await ctx.app.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.toAddress, actor.email), like(outbox.kind, 'notification-%')))
      ).map((m) => [m.kind, m.subject]);
    expect(await mailTo(buyer)).toEqual([['notification-saved_price_drop', 'A phone you saved is cheaper: Galaxy S23 is now 70,000 tk (was 85,000 tk)']]);
    expect(await mailTo(bangla)).toEqual([['notification-saved_price_drop', 'আপনার সেভ করা ফোনের দাম কমেছে: Galaxy S23 এখন ৳৭০,০০০ (আগে ছিল ৳৮৫,০০০)']]);
  });

  it('hear the mail of a kind only when they left it on', async () => {
    const { seller, category, phone } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    await save(buyer, phone._id);
    expect((await callRoute(ctx.app, 'setMailPreferences', { token: buyer.token, body: { mailOff: ['saved_price_drop'] } })).status).toBe(200);
    await edit(seller, phone._id, category.id, { resalePrice: 60000 });
    await runJobs(ctx.app);
    expect(await toldTo(buyer)).toEqual(['saved_price_drop:Galaxy S23:80000>60000']);
    expect(
      await ctx.app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, buyer.email), like(outbox.kind, 'notification-%'))),
    ).toEqual([]);
  });

  it('hear of its sale at the handover, but not its buyer; and of a phone its seller marks sold', async () => {
    const { seller, category, phone } = await world();
    const saver = await signUp(ctx.app, 'Buyer');
    const buyer = await signUp(ctx.app, 'Buyer');
    await save(saver, phone._id);
    await save(buyer, phone._id);
    const booked = await callRoute(ctx.app, 'book', {
      token: buyer.token,
      body: { productId: phone._id, meetingLocation: 'Bashundhara City', mobileNumber: '01911-222333', payWith: 'cash' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.data._id as string;
    expect((await callRoute(ctx.app, 'acceptBooking', { params: { id }, token: seller.token })).status).toBe(200);
    // Reserved for the buyer: nobody is told yet.
    expect(await toldTo(saver)).toEqual([]);
    const code = (await callRoute(ctx.app, 'handoverCode', { params: { id }, token: buyer.token })).body.data.code as string;
    expect((await callRoute(ctx.app, 'handOver', { params: { id }, body: { code }, token: seller.token })).status).toBe(200);
    expect(await toldTo(saver)).toEqual(['saved_sold:Galaxy S23']);
    expect((await toldTo(buyer)).filter((k) => k.startsWith('saved_'))).toEqual([]);
    expect(await toldTo(seller)).not.toContain('saved_sold:Galaxy S23');

    const other = await postProduct(ctx.app, seller, category.id, { productName: 'Redmi Note 13' });
    await save(saver, other._id);
    expect((await callRoute(ctx.app, 'markSold', { token: seller.token, params: { id: other._id } })).status).toBe(200);
    expect(await toldTo(saver)).toEqual(['saved_sold:Galaxy S23', 'saved_sold:Redmi Note 13']);
    // Marked sold again is refused: told once.
    expect((await callRoute(ctx.app, 'markSold', { token: seller.token, params: { id: other._id } })).status).toBe(409);
    expect(await toldTo(saver)).toHaveLength(2);
  });
});
