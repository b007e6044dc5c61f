import { dhakaToday } from '@market/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import {
  book,
  createAdmin,
  createCategory,
  markPaid,
  markSold,
  newImei,
  postProduct,
  productBody,
  signUp,
  uploadedPicture,
  type Actor,
} from '../../../test/fixtures.ts';
import { products, uploads } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

/** Issue 15: a listing's specs and declarations, its IMEI, and the seller's edit of it. */
const ctx = useTestApp();
const post = (seller: Actor, payload: Record<string, unknown>) => callRoute(ctx.app, 'addProduct', { token: seller.token, body: payload });
const edit = (seller: Actor, id: string, payload: Record<string, unknown>) =>
  callRoute(ctx.app, 'editProduct', { params: { id }, token: seller.token, body: payload });
const rowOf = async (id: string) => (await ctx.app.db.select().from(products).where(eq(products.id, id)))[0]!;
const countOf = async () => (await ctx.app.db.select({ id: products.id }).from(products)).length;

async function world() {
  const [seller, otherSeller, buyer, category] = await Promise.all([
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Buyer'),
    createCategory(ctx.app, 'Apple'),
  ]);
  return { seller, otherSeller, buyer, category };
}

describe('specs and declarations', () => {
  it('are stored and shown on every answer; blank optional text is left out', async () => {
    const { seller, category } = await world();
    const specs = {
      model: 'A2633',
      storageGb: '256',
      ramGb: 6,
      colour: '  Starlight ',
      batteryHealth: '91',
      notLocked: true,
      boxAndCharger: true,
      warrantyMonths: 3,
    };
    const res = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), specs));
    expect(res.status).toBe(201);
    const want = { model: 'A2633', storageGb: 256, ramGb: 6, colour: 'Starlight', batteryHealth: 91, notLocked: true, boxAndCharger: true, warrantyMonths: 3 };
    expect(res.body.data).toMatchObject(want);
    expect((await callRoute(ctx.app, 'product', { params: { id: res.body.data._id } })).body.data).toMatchObject(want);
    expect((await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } })).body.data[0]).toMatchObject(want);
    expect((await callRoute(ctx.app, 'searchProducts', { query: { q: 'iphone' } })).body.data[0]).toMatchObject(want);

    const blank = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { model: ' ', colour: '' }));
    expect(blank.status).toBe(201);
    expect(blank.body.data).toMatchObject({ model: null, colour: null, ramGb: null, notLocked: false, boxAndCharger: false, warrantyMonths: 0 });
  });

  it.each([
    ['storageGb', 100, 'storageGb must be one of 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024 GB'],
    ['storageGb', undefined, 'storageGb must be one of'],
    ['batteryHealth', 0, 'batteryHealth must be a whole percentage from 1 to 100'],
    ['batteryHealth', 101, 'batteryHealth must be a whole percentage from 1 to 100'],
    ['batteryHealth', 85.5, 'batteryHealth must be a whole percentage from 1 to 100'],
    ['batteryHealth', undefined, 'batteryHealth must be a whole percentage'],
    ['ramGb', 0, 'ramGb must be a whole number of GB from 1 to 32'],
    ['warrantyMonths', 37, 'warrantyMonths must be a whole number of months from 0 to 36'],
    ['notLocked', 'yes', 'notLocked must be true or false'],
    ['colour', 'x'.repeat(41), 'colour must be at most 40 characters'],
    ['model', 'm\u0000', 'model must not contain control characters'],
  ])('refuses %s = %j with a 400 naming the problem, creating nothing', async (field, value, message) => {
    const { seller, category } = await world();
    const res = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await countOf()).toBe(0);
  });
});

describe('IMEI', () => {
  it('is required, 15 digits with a valid check digit; grouped digits are read', async () => {
    const { seller, category } = await world();
    const img = await uploadedPicture(ctx.app, seller);
    for (const [imei, message] of [
      [undefined, 'imei must be 15 digits'],
      ['', 'imei must be 15 digits'],
      ['49015420323751', 'imei must be 15 digits'],
      ['4901542032375180', 'imei must be 15 digits'],
      ['49015420323751x', 'imei must be 15 digits'],
      ['490154203237519', 'imei is not a valid IMEI: its last digit does not match the other 14'],
    ] as const) {
      const res = await post(seller, productBody(category.id, img, { imei }));
      expect(res.status, String(imei)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await countOf()).toBe(0);
    const ok = await post(seller, productBody(category.id, img, { imei: '49-015420-323751-8' }));
    expect(ok.status).toBe(201);
    expect(ok.body.data.imei).toBe('490154203237518');
  });

  it('lists a handset once among live listings (a second is a 409 saying so); sold, it may be listed again, and its page tells its sales here', async () => {
    const { seller, otherSeller, category } = await world();
    const imei = newImei();
    const first = await postProduct(ctx.app, seller, category.id, { imei });
    const again = await post(otherSeller, productBody(category.id, await uploadedPicture(ctx.app, otherSeller), { imei }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This IMEI is already listed: the same handset cannot be listed twice');
    expect(await countOf()).toBe(1);
    // Bought here: booked, paid, handed over and completed (issue 31). Its new owner lists it again.
    const buyer = await signUp(ctx.app, 'Buyer');
    const deal = await book(ctx.app, buyer, first._id);
    await markPaid(ctx.app, deal._id, { sold: true });
    const relisted = await post(otherSeller, productBody(category.id, await uploadedPicture(ctx.app, otherSeller), { imei, resalePrice: 40000 }));
    expect(relisted.status).toBe(201);
    const page = await callRoute(ctx.app, 'product', { params: { id: relisted.body.data._id } });
    expect(page.body.data.boughtHere).toEqual([{ date: dhakaToday(), price: first.resalePrice }]);
    // Still one live listing per handset.
    expect((await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { imei }))).status).toBe(409);
    // A phone marked sold outside the site may be listed again too, with no sale here to tell.
    const other = await postProduct(ctx.app, seller, category.id);
    const otherImei = (await ctx.app.db.select({ imei: products.imei }).from(products).where(eq(products.id, other._id)))[0]!.imei!;
    await markSold(ctx.app, other._id);
    const second = await post(otherSeller, productBody(category.id, await uploadedPicture(ctx.app, otherSeller), { imei: otherImei }));
    expect((await callRoute(ctx.app, 'product', { params: { id: second.body.data._id } })).body.data.boughtHere).toEqual([]);
  });

  it('is whole for the seller and Admins, only its last four digits for everyone else', async () => {
    const { seller, buyer, category } = await world();
    const admin = await createAdmin(ctx.app);
    const product = await postProduct(ctx.app, seller, category.id, { imei: '356938035643809' });
    await callRoute(ctx.app, 'reportProduct', { params: { id: product._id }, token: buyer.token });
    const masked = '•••••••••••3809';
    expect((await callRoute(ctx.app, 'product', { params: { id: product._id } })).body.data.imei).toBe(masked);
    expect((await callRoute(ctx.app, 'product', { params: { id: product._id }, token: seller.token })).body.data.imei).toBe(masked);
    expect((await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } })).body.data[0].imei).toBe(masked);
    expect((await callRoute(ctx.app, 'searchProducts')).body.data[0].imei).toBe(masked);
    expect((await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: seller.token })).body.data[0].imei).toBe('356938035643809');
    expect((await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: admin.token })).body.data[0].imei).toBe('356938035643809');
    expect((await callRoute(ctx.app, 'reportedProducts', { token: admin.token })).body.data[0].imei).toBe('356938035643809');
    const order = await book(ctx.app, buyer, product._id);
    const seen = await callRoute(ctx.app, 'order', { params: { id: order._id }, token: buyer.token });
    expect(JSON.stringify(seen.body)).not.toContain('356938035643809');
  });
});

describe('PUT /api/product/:id (edit an own listing)', () => {
  it('changes every field at once; every public page and the search show it at once', async () => {
    const { seller, category } = await world();
    const other = await createCategory(ctx.app, 'Samsung');
    const product = await postProduct(ctx.app, seller, category.id, { productName: 'iPhone 13' });
    // Read once, so the public cache holds the old version.
    expect((await callRoute(ctx.app, 'product', { params: { id: product._id } })).body.data.resalePrice).toBe(80000);
    const img = await uploadedPicture(ctx.app, seller);
    const imei = newImei();
    const body = productBody(other.id, img, {
      productName: 'Galaxy S22',
      resalePrice: '72,000',
      location: 'Uttara, Dhaka',
      condition: 'Excellent',
      description: 'Price lowered.',
      storageGb: 256,
      batteryHealth: 95,
      colour: 'Phantom Black',
      notLocked: true,
      imei,
    });
    const res = await edit(seller, product._id, body);
    expect(res.status).toBe(200);
    const want = {
      _id: product._id,
      img,
      productName: 'Galaxy S22',
      resalePrice: 72000,
      location: 'Uttara, Dhaka',
      condition: 'Excellent',
      description: 'Price lowered.',
      categoryId: { _id: other.id, category: 'Samsung' },
      storageGb: 256,
      batteryHealth: 95,
      colour: 'Phantom Black',
      notLocked: true,
      status: 'available',
      advertise: false,
    };
    expect(res.body.data).toMatchObject({ ...want, imei });
    expect((await callRoute(ctx.app, 'product', { params: { id: product._id } })).body.data).toMatchObject(want);
    expect((await callRoute(ctx.app, 'categoryProducts', { params: { id: other.id } })).body.data.map((p: { _id: string }) => p._id)).toEqual([product._id]);
    expect((await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } })).body.data).toEqual([]);
    expect((await callRoute(ctx.app, 'searchProducts', { query: { q: 'galaxy' } })).body.data.map((p: { _id: string }) => p._id)).toEqual([product._id]);
    expect((await callRoute(ctx.app, 'searchProducts', { query: { q: 'iphone' } })).body.data).toEqual([]);
    // The picture it uses now is kept for good (the sweep removes only pictures nobody uses).
    const [upload] = await ctx.app.db
      .select()
      .from(uploads)
      .where(eq(uploads.name, img.slice('/uploads/'.length)));
    expect(upload!.attachedAt).not.toBeNull();
  });

  it('clears the optional specs the seller emptied (the whole listing is sent again)', async () => {
    const { seller, category } = await world();
    const product = await postProduct(ctx.app, seller, category.id, { model: 'A2633', ramGb: 4, colour: 'Midnight' });
    const res = await edit(seller, product._id, productBody(category.id, product.img, { colour: '' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ model: null, ramGb: null, colour: null, storageGb: 128 });
  });

  it('GET /api/own-product/:id answers the seller (and Admins) the whole listing, number and IMEI; others are refused', async () => {
    const { seller, otherSeller, buyer, category } = await world();
    const product = await postProduct(ctx.app, seller, category.id, { imei: '356938035643809' });
    const own = await callRoute(ctx.app, 'ownProduct', { params: { id: product._id }, token: seller.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ imei: '356938035643809', phoneNumber: '01712-345678' });
    expect((await callRoute(ctx.app, 'ownProduct', { params: { id: product._id }, token: (await createAdmin(ctx.app)).token })).body.data.imei).toBe(
      '356938035643809',
    );
    expect((await callRoute(ctx.app, 'ownProduct', { params: { id: product._id }, token: otherSeller.token })).status).toBe(403);
    expect((await callRoute(ctx.app, 'ownProduct', { params: { id: product._id }, token: buyer.token })).status).toBe(403);
    expect((await callRoute(ctx.app, 'ownProduct', { params: { id: product._id } })).status).toBe(401);
  });

  it('keeps the IMEI when it is left out, and refuses another listing’s IMEI with a 409, changing nothing', async () => {
    const { seller, category } = await world();
    const [a, b] = [await postProduct(ctx.app, seller, category.id), await postProduct(ctx.app, seller, category.id)];
    const imeiOfA = (await rowOf(a._id)).imei;
    const { imei: _left, ...withoutImei } = productBody(category.id, a.img, { resalePrice: 60000 });
    const kept = await edit(seller, a._id, withoutImei);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ imei: imeiOfA, resalePrice: 60000 });

    const taken = await edit(seller, b._id, productBody(category.id, b.img, { imei: imeiOfA, resalePrice: 1000 }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This IMEI is already listed: the same handset cannot be listed twice');
    expect(await rowOf(b._id)).toMatchObject({ resalePrice: 80000 });
  });

  it('refuses a sold listing (409), a bad body (400), an unknown one (404) and another seller’s (403), changing nothing', async () => {
    const { seller, otherSeller, buyer, category } = await world();
    const sold = await postProduct(ctx.app, seller, category.id);
    await markSold(ctx.app, sold._id);
    const res = await edit(seller, sold._id, productBody(category.id, sold.img, { resalePrice: 1000 }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This product is sold: a sold listing cannot be edited');
    expect(await rowOf(sold._id)).toMatchObject({ resalePrice: 80000, status: 'sold' });

    const live = await postProduct(ctx.app, seller, category.id);
    const before = await rowOf(live._id);
    const cases: [Actor, string, Record<string, unknown>, number, string][] = [
      [seller, live._id, productBody(category.id, live.img, { imei: '490154203237519' }), 400, 'imei is not a valid IMEI'],
      [seller, live._id, productBody(category.id, live.img, { resalePrice: -1 }), 400, 'resalePrice'],
      [seller, live._id, productBody(category.id, 'https://evil.example/x.png'), 400, 'img must be a picture uploaded to this site'],
      [seller, live._id, productBody(category.id, live.img, { purchase: '2999-01-01' }), 400, 'purchase cannot be in the future'],
      [seller, '00000000-0000-4000-8000-000000000000', productBody(category.id, live.img), 404, 'Product not found'],
      [otherSeller, live._id, productBody(category.id, live.img, { resalePrice: 1 }), 403, ''],
      [buyer, live._id, productBody(category.id, live.img, { resalePrice: 1 }), 403, ''],
    ];
    for (const [who, id, body, status, message] of cases) {
      const r = await edit(who, id, body);
      expect(r.status, message).toBe(status);
      expect(r.body.message).toContain(message);
    }
    expect(await rowOf(live._id)).toEqual(before);
  });
});

describe('search by storage and battery health', () => {
  it('finds phones of any of the storage sizes, and with at least the battery health; listings that do not say are left out', async () => {
    const { seller, category } = await world();
    const make = (storageGb: number, batteryHealth: number, productName: string) =>
      postProduct(ctx.app, seller, category.id, { storageGb, batteryHealth, productName });
    const a = await make(128, 92, 'iPhone 13 A');
    const b = await make(256, 81, 'iPhone 13 B');
    const c = await make(64, 99, 'iPhone 13 C');
    const old = await make(128, 100, 'iPhone 13 Old');
    await ctx.app.db.update(products).set({ storageGb: null, batteryHealth: null }).where(eq(products.id, old._id));
    const found = async (query: string) =>
      ((await callRoute(ctx.app, 'searchProducts', { query: `${query}&sort=price_asc` })).body.data as { _id: string }[]).map((p) => p._id).sort();
    expect(await found('storage=128')).toEqual([a._id]);
    expect(await found('storage=128&storage=256')).toEqual([a._id, b._id].sort());
    expect(await found('minBattery=90')).toEqual([a._id, c._id].sort());
    expect(await found('q=iphone&storage=64&storage=256&minBattery=85')).toEqual([c._id]);
    const bad = await callRoute(ctx.app, 'searchProducts', { query: { storage: 100 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('storage');
    expect((await callRoute(ctx.app, 'searchProducts', { query: { minBattery: 0 } })).status).toBe(400);
  });
});

describe('several pictures', () => {
  const pictures = (n: number, by: Actor) => Promise.all(Array.from({ length: n }, () => uploadedPicture(ctx.app, by)));

  it('keeps 1 to 8 in the seller’s order, the first as the cover (img), each with its srcset; an edit reorders and removes', async () => {
    const { seller, category } = await world();
    const urls = await pictures(3, seller);
    // One of them stored in sizes, as an upload makes it.
    await ctx.app.db
      .update(uploads)
      .set({ widths: [400, 800, 1200] })
      .where(eq(uploads.name, urls[1]!.slice('/uploads/'.length)));
    const { img: _img, ...body } = productBody(category.id, urls[0]!);
    const res = await post(seller, { ...body, images: urls });
    expect(res.status).toBe(201);
    expect(res.body.data.img).toBe(urls[0]);
    const sized = urls[1]!.replace(/\.webp$/, '');
    expect(res.body.data.images).toEqual([
      { url: urls[0], srcset: '' },
      { url: urls[1], srcset: `${sized}.w400.webp 400w, ${sized}.w800.webp 800w, ${urls[1]} 1200w` },
      { url: urls[2], srcset: '' },
    ]);
    const id = res.body.data._id;
    expect((await callRoute(ctx.app, 'product', { params: { id } })).body.data.images.map((p: { url: string }) => p.url)).toEqual(urls);

    // The last first, the first removed: the new cover is the card's picture everywhere.
    const edited = await edit(seller, id, { ...body, images: [urls[2], urls[1]] });
    expect(edited.status).toBe(200);
    expect(edited.body.data.img).toBe(urls[2]);
    expect((await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } })).body.data[0].images.map((p: { url: string }) => p.url)).toEqual([
      urls[2],
      urls[1],
    ]);
    expect((await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } })).body.data[0].img).toBe(urls[2]);
  });

  it('the spec’s single img is a listing of one picture; with images too, it must be their first', async () => {
    const { seller, category } = await world();
    const [a, b] = await pictures(2, seller);
    const one = await post(seller, productBody(category.id, a!));
    expect(one.status).toBe(201);
    expect(one.body.data.images).toEqual([{ url: a, srcset: '' }]);
    const both = await post(seller, { ...productBody(category.id, a!), images: [b, a] });
    expect(both.status).toBe(400);
    expect(both.body.message).toContain('img must be the first of images (the cover)');
  });

  it.each([
    ['9 pictures', 9, 'images must hold at most 8 pictures'],
    ['none', 0, 'images must hold at least one picture'],
  ])('refuses %s with a 400, creating nothing', async (_what, n, message) => {
    const { seller, category } = await world();
    const { img: _img, ...body } = productBody(category.id, '');
    const res = await post(seller, { ...body, images: await pictures(n, seller) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await countOf()).toBe(0);
  });

  it('refuses the same picture twice, one nobody uploaded, and a listing with no picture at all', async () => {
    const { seller, category } = await world();
    const [a] = await pictures(1, seller);
    const { img: _img, ...body } = productBody(category.id, '');
    const twice = await post(seller, { ...body, images: [a, a] });
    expect(twice.body.message).toContain('images must not hold the same picture twice');
    const stranger = await post(seller, { ...body, images: [a, '/uploads/00000000-0000-4000-8000-000000000000.webp'] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toContain('images[1] must be a picture uploaded to this site');
    const notOurs = await post(seller, { ...body, images: [a, 'https://evil.example/x.png'] });
    expect(notOurs.status).toBe(400);
    const none = await post(seller, body);
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('images is required: at least one picture');
    expect(await countOf()).toBe(0);
  });

  it('the database keeps img the cover: a row whose first picture is not img is refused', async () => {
    const { seller, category } = await world();
    const product = await postProduct(ctx.app, seller, category.id);
    await expect(
      ctx.app.db
        .update(products)
        .set({ images: [{ url: '/uploads/other.webp', widths: [] }] })
        .where(eq(products.id, product._id)),
    ).rejects.toThrow();
    // A change of img alone (older code) makes it the one picture.
    await ctx.app.db.update(products).set({ img: '/uploads/new-cover.webp' }).where(eq(products.id, product._id));
    expect((await rowOf(product._id)).images).toEqual([{ url: '/uploads/new-cover.webp', widths: [] }]);
  });
});
