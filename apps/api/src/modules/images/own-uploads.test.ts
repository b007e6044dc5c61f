import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { createCategory, PASSWORD, postProduct, productBody, signUp, uploadedPicture } from '../../../test/fixtures.ts';
import { products, uploads, users } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

/** Issue 29, item 6 (decision 040): an upload is attached only by the account that uploaded it. */
const ctx = useTestApp();
const uploadRow = async (url: string) =>
  (
    await ctx.app.db
      .select()
      .from(uploads)
      .where(eq(uploads.name, url.slice('/uploads/'.length)))
  )[0]!;

async function world() {
  const [seller, otherSeller, category] = await Promise.all([signUp(ctx.app, 'Seller'), signUp(ctx.app, 'Seller'), createCategory(ctx.app)]);
  return { seller, otherSeller, category };
}

describe('pictures of a listing', () => {
  it("refuses another seller's uploads in a new listing or an edit, attached or not, changing nothing", async () => {
    const { seller, otherSeller, category } = await world();
    const own = await postProduct(ctx.app, seller, category.id);
    const unused = await uploadedPicture(ctx.app, seller);
    const signedOut = await uploadedPicture(ctx.app);
    const mine = await uploadedPicture(ctx.app, otherSeller);
    for (const [i, theirs] of [own.img, unused, signedOut].entries()) {
      const created = await callRoute(ctx.app, 'addProduct', { token: otherSeller.token, body: productBody(category.id, theirs) });
      expect(created.status, String(i)).toBe(400);
      expect(created.body).toMatchObject({ code: 'image_not_yours', message: 'img must be a picture you uploaded yourself' });
      const asSecond = await callRoute(ctx.app, 'addProduct', {
        token: otherSeller.token,
        body: { ...productBody(category.id, mine), images: [mine, theirs] },
      });
      expect(asSecond.status, String(i)).toBe(400);
      expect(asSecond.body.message).toBe('images[1] must be a picture you uploaded yourself');
    }
    expect(await ctx.app.db.select({ id: products.id }).from(products).where(eq(products.sellerId, otherSeller._id))).toEqual([]);
    // Nothing was marked in use by the refusals.
    expect((await uploadRow(unused)).attachedAt).toBeNull();
    expect((await uploadRow(mine)).attachedAt).toBeNull();

    const listing = await postProduct(ctx.app, otherSeller, category.id);
    const edited = await callRoute(ctx.app, 'editProduct', {
      params: { id: listing._id },
      token: otherSeller.token,
      body: { ...productBody(category.id, listing.img), images: [listing.img, unused] },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.code).toBe('image_not_yours');
    const [row] = await ctx.app.db.select().from(products).where(eq(products.id, listing._id));
    expect(row!.images.map((p) => p.url)).toEqual([listing.img]);
    expect((await uploadRow(unused)).attachedAt).toBeNull();
  });

  it('takes the seller’s own uploads, again in a second listing, and keeps a picture the listing already shows', async () => {
    const { seller, category } = await world();
    const first = await postProduct(ctx.app, seller, category.id);
    const again = await callRoute(ctx.app, 'addProduct', { token: seller.token, body: productBody(category.id, first.img) });
    expect(again.status).toBe(201);
    // A picture uploaded before uploaders were recorded stays usable in the listing that shows it.
    await ctx.app.db
      .update(uploads)
      .set({ uploadedBy: null })
      .where(eq(uploads.name, first.img.slice('/uploads/'.length)));
    const kept = await callRoute(ctx.app, 'editProduct', {
      params: { id: first._id },
      token: seller.token,
      body: productBody(category.id, first.img, { resalePrice: 70000 }),
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.resalePrice).toBe(70000);
  });
});

describe('the avatar of a sign-up', () => {
  const signUpWith = (userImg: string, email = `new-${randomUUID()}@example.com`) =>
    callRoute(ctx.app, 'signUp', { body: { name: 'New One', email, password: PASSWORD, role: 'Buyer', userImg } });

  it("refuses another account's avatar and a signed-in account's upload, whether or not the e-mail is taken", async () => {
    const { seller } = await world();
    const sellersUpload = await uploadedPicture(ctx.app, seller);
    for (const picture of [seller.userImg, sellersUpload]) {
      for (const email of [undefined, seller.email]) {
        const res = await signUpWith(picture, email);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'image_not_yours', message: 'userImg must be a picture you uploaded yourself' });
      }
    }
    expect((await uploadRow(sellersUpload)).attachedAt).toBeNull();
    expect(await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.name, 'New One'))).toEqual([]);
  });

  it('takes a picture uploaded signed out once: it becomes the new account’s, and a second sign-up cannot take it', async () => {
    const picture = await uploadedPicture(ctx.app);
    const email = `new-${randomUUID()}@example.com`;
    expect((await signUpWith(picture, email)).status).toBe(202);
    const [user] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await uploadRow(picture)).toMatchObject({ uploadedBy: user!.id, attachedAt: expect.any(Date) });
    const second = await signUpWith(picture);
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('image_not_yours');
  });
});
