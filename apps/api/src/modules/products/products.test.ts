import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { call, useTestApp } from '../../../test/helper.ts';
import {
  book,
  createAdmin,
  createCategory,
  handOverAndComplete,
  markPaid,
  markSold,
  orderExists,
  postProduct,
  productBody,
  signUp,
  uploadedPicture,
  type Actor,
} from '../../../test/fixtures.ts';
import { categories, orders, products } from '../../db/schema.ts';
import { callRoute, routePath } from '../../../test/call-route.ts';

const ctx = useTestApp();
const ids = (list: { _id: string }[]) => list.map((p) => p._id).sort();
const post = (seller: Actor, payload: Record<string, unknown>) => callRoute(ctx.app, 'addProduct', { token: seller.token, body: payload });

async function world() {
  const [seller, otherSeller, category] = await Promise.all([signUp(ctx.app, 'Seller'), signUp(ctx.app, 'Seller'), createCategory(ctx.app, 'Samsung')]);
  return { seller, otherSeller, category };
}

describe('GET /api/category', () => {
  it('lists every category in display order with its logo', async () => {
    await ctx.app.db.insert(categories).values([
      { name: 'Zeta', logo: '/uploads/z.svg', position: 0 },
      { name: 'Alpha', logo: '/uploads/a.svg', position: 1 },
      { name: 'Beta', logo: '/uploads/b.svg', position: 0 },
    ]);
    const res = await callRoute(ctx.app, 'categories');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((c: { category: string }) => c.category)).toEqual(['Beta', 'Zeta', 'Alpha']);
    expect(res.body.data[0]).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), category: 'Beta', categoryLogo: '/uploads/b.svg' });
  });
});

describe('public product lists', () => {
  it('advertise-products holds only advertised products that are still available, populated', async () => {
    const { seller, category } = await world();
    const [shown, plain, sold] = await Promise.all([1, 2, 3].map((n) => postProduct(ctx.app, seller, category.id, { productName: `Phone ${n}` })));
    for (const p of [shown!, sold!]) expect((await callRoute(ctx.app, 'advertiseProduct', { params: { id: p._id }, token: seller.token })).status).toBe(200);
    await markSold(ctx.app, sold!._id);
    const res = await callRoute(ctx.app, 'advertisedProducts');
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual([shown!._id]);
    expect(ids(res.body.data)).not.toContain(plain!._id);
    expect(res.body.data[0].categoryId).toEqual({ _id: category.id, category: 'Samsung' });
    expect(res.body.data[0].sellerId).toEqual({ _id: seller._id, name: seller.name, sellerVerified: false, numberVerified: false, userImg: seller.userImg });
  });

  it('category-products holds only that category, only available products', async () => {
    const { seller, category } = await world();
    const other = await createCategory(ctx.app, 'Apple');
    const a = await postProduct(ctx.app, seller, category.id);
    const sold = await postProduct(ctx.app, seller, category.id);
    await postProduct(ctx.app, seller, other.id);
    await markSold(ctx.app, sold._id);
    const res = await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } });
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual([a._id]);
    expect(res.body.data[0].categoryId.category).toBe('Samsung');
  });

  it('category-products answers an empty list for an unknown category and a 400 for a malformed id', async () => {
    const unknown = await callRoute(ctx.app, 'categoryProducts', { params: { id: randomUUID() } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ success: true, data: [], meta: { nextCursor: null } });
    const bad = await callRoute(ctx.app, 'categoryProducts', { params: { id: 'not-an-id' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
  });
});

describe('GET /api/detail-product/:id', () => {
  it("answers every field of the product, with category and seller populated, but not the seller's phone number", async () => {
    const { seller, category } = await world();
    const created = await postProduct(ctx.app, seller, category.id, { imei: '490154203237518', colour: 'Midnight', ramGb: '4' });
    const res = await callRoute(ctx.app, 'product', { params: { id: created._id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      _id: created._id,
      img: created.img,
      images: [{ url: created.img, srcset: '' }],
      date: expect.any(String),
      location: 'Dhanmondi, Dhaka',
      district: { _id: 'dhaka', en: 'Dhaka', bn: 'ঢাকা', division: { _id: 'dhaka', en: 'Dhaka', bn: 'ঢাকা' } },
      purchase: '2023-05-10',
      originalPrice: 120000,
      resalePrice: 80000,
      productName: 'iPhone 13',
      useYears: 1.5,
      categoryId: { _id: category.id, category: 'Samsung' },
      condition: 'Good',
      description: 'Battery health 88%, no scratches, box included.',
      status: 'available',
      sellerId: { _id: seller._id, name: seller.name, sellerVerified: false, numberVerified: false, userImg: seller.userImg },
      advertise: false,
      report: false,
      model: null,
      phoneModel: null,
      unlistedModel: null,
      storageGb: 128,
      ramGb: 4,
      colour: 'Midnight',
      batteryHealth: 88,
      notLocked: false,
      boxAndCharger: false,
      warrantyMonths: 0,
      imei: '•••••••••••7518',
      // Its sales on this site before this listing (issue 31): none.
      boughtHere: [],
    });
    expect(Math.abs(Date.parse(res.body.data.date) - Date.now())).toBeLessThan(60_000);
  });

  it('answers 404 for an unknown id and 400 for malformed ones', async () => {
    const unknown = await callRoute(ctx.app, 'product', { params: { id: randomUUID() } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: 'Product not found' });
    // Each id as the route reads it (callRoute encodes it as one segment).
    for (const id of ['123', 'not-a-uuid', `${randomUUID()}x`, "1' or 1=1"]) {
      const res = await callRoute(ctx.app, 'product', { params: { id } });
      expect(res.status, id).toBe(400);
      expect(res.body.message).toContain('id');
    }
  });
});

describe("the seller's phone number", () => {
  it("is in no public answer, only in the seller's own and the Admin's lists, and on the order of a buyer whose booking the seller accepted", async () => {
    const { seller, category } = await world();
    const created = await postProduct(ctx.app, seller, category.id, { phoneNumber: '01811-000555' });
    expect(created).toMatchObject({ phoneNumber: '01811-000555' });
    const admin = await createAdmin(ctx.app);
    const buyer = await signUp(ctx.app, 'Buyer');
    await callRoute(ctx.app, 'reportProduct', { params: { id: created._id }, token: buyer.token });
    const everyone = [
      routePath('product', { params: { id: created._id } }),
      routePath('categoryProducts', { params: { id: category.id } }),
      routePath('searchProducts', { query: { q: 'iphone' } }),
      routePath('advertisedProducts'),
    ];
    await callRoute(ctx.app, 'advertiseProduct', { params: { id: created._id }, token: seller.token });
    for (const url of everyone) {
      const res = await call(ctx.app, { method: 'GET', url, token: buyer.token });
      expect(res.status, url).toBe(200);
      expect(JSON.stringify(res.body), url).not.toContain('01811');
    }
    const own = await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: seller.token });
    expect(own.body.data[0]).toMatchObject({ _id: created._id, phoneNumber: '01811-000555' });
    const reported = await callRoute(ctx.app, 'reportedProducts', { token: admin.token });
    expect(reported.body.data[0]).toMatchObject({ _id: created._id, phoneNumber: '01811-000555' });
    const order = await book(ctx.app, buyer, created._id);
    // Once the seller accepts the booking (issue 29), not before.
    expect(order.sellerPhone).toBeNull();
    expect((await callRoute(ctx.app, 'acceptBooking', { params: { id: order._id }, token: seller.token })).status).toBe(200);
    const mine = await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token });
    expect(mine.body.data[0]).toMatchObject({ productId: created._id, sellerPhone: '01811-000555' });
  });
});

describe('seller-products and all-reported-products', () => {
  it("lists a seller's own products, by _id and by e-mail", async () => {
    const { seller, otherSeller, category } = await world();
    const mine = await postProduct(ctx.app, seller, category.id);
    const sold = await postProduct(ctx.app, seller, category.id);
    await markSold(ctx.app, sold._id);
    await postProduct(ctx.app, otherSeller, category.id);
    for (const ref of [seller._id, seller.email, seller.email.toUpperCase()]) {
      const res = await callRoute(ctx.app, 'sellerProducts', { params: { id: ref }, token: seller.token });
      expect(res.status, ref).toBe(200);
      expect(ids(res.body.data)).toEqual([mine._id, sold._id].sort());
    }
  });

  it('lists only reported products, and reporting twice changes nothing', async () => {
    const { seller, category } = await world();
    const [buyer, admin] = await Promise.all([signUp(ctx.app, 'Buyer'), createAdmin(ctx.app)]);
    const reported = await postProduct(ctx.app, seller, category.id);
    await postProduct(ctx.app, seller, category.id);
    const first = await callRoute(ctx.app, 'reportProduct', { params: { id: reported._id }, token: buyer.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ _id: reported._id, report: true, status: 'available' });
    const again = await callRoute(ctx.app, 'reportProduct', { params: { id: reported._id }, token: buyer.token });
    expect(again.status).toBe(200);
    expect(again.body.data.report).toBe(true);
    const res = await callRoute(ctx.app, 'reportedProducts', { token: admin.token });
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual([reported._id]);
    expect((await callRoute(ctx.app, 'reportProduct', { params: { id: randomUUID() }, token: buyer.token })).status).toBe(404);
  });
});

describe('POST /api/product', () => {
  it('sets seller, status, advertise, report and date itself, whatever the body says', async () => {
    const { seller, otherSeller, category } = await world();
    const res = await post(
      seller,
      productBody(category.id, await uploadedPicture(ctx.app, seller), {
        status: 'sold',
        advertise: true,
        report: true,
        sellerId: otherSeller._id,
        date: '1999-01-01',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'available', advertise: false, report: false, sellerId: { _id: seller._id, name: seller.name } });
    expect(Math.abs(Date.parse(res.body.data.date) - Date.now())).toBeLessThan(60_000);
    const [row] = await ctx.app.db.select().from(products).where(eq(products.id, res.body.data._id));
    expect(row).toMatchObject({ sellerId: seller._id, status: 'available', advertise: false, report: false });
    expect((await callRoute(ctx.app, 'sellerProducts', { params: { id: otherSeller._id }, token: otherSeller.token })).body.data).toEqual([]);
  });

  it.each([
    ['originalPrice', 0],
    ['originalPrice', -5],
    ['originalPrice', '1e3'],
    ['originalPrice', '1,2,5000'],
    ['originalPrice', ''],
    ['originalPrice', '12abc'],
    ['originalPrice', '0x10'],
    ['originalPrice', 1.5],
    ['originalPrice', undefined],
    ['resalePrice', 0],
    ['resalePrice', -5],
    ['resalePrice', '-100'],
    ['resalePrice', '100.5'],
    ['resalePrice', 1.5],
    ['resalePrice', undefined],
    ['useYears', 0],
    ['useYears', -5],
    ['useYears', '0'],
    ['useYears', 'two'],
    ['useYears', undefined],
  ])('refuses %s = %j with a 400 naming the field, creating nothing', async (field, value) => {
    const { seller, category } = await world();
    const res = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toContain(field);
    expect((await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: seller.token })).body.data).toEqual([]);
  });

  it.each([
    ["another server's picture (visitors' browsers would be sent there)", 'https://evil.example/pixel.gif?who=visitor'],
    ['a path that climbs out of /uploads', '/uploads/../../api/admin-overview'],
    ['a data URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a file of the demo data', '/uploads/seed/products/pixel-7.webp'],
  ])('refuses as img %s with a 400, creating nothing', async (_what, img) => {
    const { seller, category } = await world();
    const res = await post(seller, productBody(category.id, img));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid body: img must be a picture uploaded to this site (the url POST /api/images answered)');
    expect((await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: seller.token })).body.data).toEqual([]);
  });

  it('refuses a well-formed upload address that was never uploaded here (or was swept away), creating nothing', async () => {
    const { seller, category } = await world();
    const res = await post(seller, productBody(category.id, `/uploads/${randomUUID()}.webp`));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('img must be a picture uploaded to this site, and used within 24 hours of uploading it');
    expect((await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: seller.token })).body.data).toEqual([]);
  });

  it("accepts prices and years written as plain text, as the spec's form sends them, and stores numbers", async () => {
    const { seller, category } = await world();
    const res = await post(
      seller,
      productBody(category.id, await uploadedPicture(ctx.app, seller), { originalPrice: '90000', resalePrice: ' 45000 ', useYears: '1.5' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ originalPrice: 90000, resalePrice: 45000, useYears: 1.5 });
    const [row] = await ctx.app.db.select().from(products).where(eq(products.id, res.body.data._id));
    expect(row).toMatchObject({ originalPrice: 90000, resalePrice: 45000, useYears: 1.5 });
  });

  it('accepts prices grouped the Bangladeshi or the international way, or in Bengali digits; refuses other groupings, creating nothing', async () => {
    const { seller, category } = await world();
    const res = await post(
      seller,
      productBody(category.id, await uploadedPicture(ctx.app, seller), { originalPrice: '1,25,000', resalePrice: '৯৫,০০০', useYears: '1.5' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ originalPrice: 125000, resalePrice: 95000 });
    const international = await post(
      seller,
      productBody(category.id, await uploadedPicture(ctx.app, seller), { originalPrice: '1,250,000', resalePrice: '125,000' }),
    );
    expect(international.status).toBe(201);
    expect(international.body.data).toMatchObject({ originalPrice: 1250000, resalePrice: 125000 });
    for (const [price, message] of [
      ['12,5000', 'must be a number'],
      ['1.25.000', 'must be a number'],
      ['125000.5', 'must be a whole number of taka'],
      ['1,00,00,001', 'must be at most 1,00,00,000'],
    ]) {
      const bad = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { resalePrice: price }));
      expect(bad.status, price).toBe(400);
      expect(bad.body.message, price).toBe(`Invalid body: resalePrice ${message}`);
    }
    expect((await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: seller.token })).body.data).toHaveLength(2);
  });

  it('names the longest a product name may be, in words', async () => {
    const { seller, category } = await world();
    const res = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { productName: 'x'.repeat(121) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid body: productName must be at most 120 characters');
  });

  it('refuses an unknown category and a purchase date in the future', async () => {
    const { seller, category } = await world();
    const unknown = await post(seller, productBody(randomUUID(), await uploadedPicture(ctx.app, seller)));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('categoryId');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { purchase: tomorrow }));
    expect(future.status).toBe(400);
    expect(future.body.message).toContain('purchase');
    const malformed = await post(seller, productBody('apple', await uploadedPicture(ctx.app, seller)));
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('categoryId');
    expect((await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: seller.token })).body.data).toEqual([]);
  });

  it("accepts today's purchase date in Dhaka while UTC is still on the day before", async () => {
    const { seller, category } = await world();
    const now = new Date();
    // 18:00-24:00 UTC is already the next day in Dhaka (UTC+6).
    const evening = now.getUTCHours() >= 18 ? now : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 20));
    const day = (offset: number) =>
      new Date(Date.UTC(evening.getUTCFullYear(), evening.getUTCMonth(), evening.getUTCDate() + offset)).toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(evening);
      const today = await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { purchase: day(1) }));
      expect(today.status).toBe(201);
      expect(today.body.data.purchase).toBe(day(1));
      expect((await post(seller, productBody(category.id, await uploadedPicture(ctx.app, seller), { purchase: day(2) }))).status).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PUT /api/advertise-product/:id', () => {
  it('advertises the owner’s available product once; again or when sold is a 409', async () => {
    const { seller, category } = await world();
    const p = await postProduct(ctx.app, seller, category.id);
    const res = await callRoute(ctx.app, 'advertiseProduct', { params: { id: p._id }, token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: p._id, advertise: true });
    expect(ids((await callRoute(ctx.app, 'advertisedProducts')).body.data)).toEqual([p._id]);
    const again = await callRoute(ctx.app, 'advertiseProduct', { params: { id: p._id }, token: seller.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already advertised/);

    const sold = await postProduct(ctx.app, seller, category.id);
    await markSold(ctx.app, sold._id);
    const soldRes = await callRoute(ctx.app, 'advertiseProduct', { params: { id: sold._id }, token: seller.token });
    expect(soldRes.status).toBe(409);
    const [row] = await ctx.app.db.select().from(products).where(eq(products.id, sold._id));
    expect(row!.advertise).toBe(false);
  });

  it("refuses another seller's product with a 403 and an unknown one with a 404", async () => {
    const { seller, otherSeller, category } = await world();
    const p = await postProduct(ctx.app, seller, category.id);
    const res = await callRoute(ctx.app, 'advertiseProduct', { params: { id: p._id }, token: otherSeller.token });
    expect(res.status).toBe(403);
    expect((await callRoute(ctx.app, 'product', { params: { id: p._id } })).body.data.advertise).toBe(false);
    expect((await callRoute(ctx.app, 'advertiseProduct', { params: { id: randomUUID() }, token: seller.token })).status).toBe(404);
  });
});

describe('managing a listing: DELETE /api/advertise-product/:id and PUT /api/mark-sold/:id', () => {
  it('stops advertising: the phone leaves the home page and may be advertised again; stopping twice is a 409', async () => {
    const { seller, category } = await world();
    const p = await postProduct(ctx.app, seller, category.id);
    expect((await callRoute(ctx.app, 'advertiseProduct', { params: { id: p._id }, token: seller.token })).status).toBe(200);
    const res = await callRoute(ctx.app, 'stopAdvertising', { params: { id: p._id }, token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: p._id, advertise: false, status: 'available' });
    expect((await callRoute(ctx.app, 'advertisedProducts')).body.data).toEqual([]);
    const again = await callRoute(ctx.app, 'stopAdvertising', { params: { id: p._id }, token: seller.token });
    expect([again.status, again.body.message]).toEqual([409, 'This product is not advertised']);
    expect((await callRoute(ctx.app, 'advertiseProduct', { params: { id: p._id }, token: seller.token })).status).toBe(200);
    expect((await callRoute(ctx.app, 'stopAdvertising', { params: { id: randomUUID() }, token: seller.token })).status).toBe(404);
  });

  it('marks a phone sold outside the site: off every list and search, its open bookings cannot be paid; twice is a 409', async () => {
    const { seller, otherSeller, category } = await world();
    const p = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel 8 Pro' });
    expect((await callRoute(ctx.app, 'advertiseProduct', { params: { id: p._id }, token: seller.token })).status).toBe(200);
    const buyer = await signUp(ctx.app, 'Buyer');
    const booking = await book(ctx.app, buyer, p._id);
    expect((await callRoute(ctx.app, 'markSold', { params: { id: p._id }, token: otherSeller.token })).status).toBe(403);
    const res = await callRoute(ctx.app, 'markSold', { params: { id: p._id }, token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: p._id, status: 'sold', advertise: false });
    expect((await callRoute(ctx.app, 'advertisedProducts')).body.data).toEqual([]);
    expect((await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } })).body.data).toEqual([]);
    expect((await callRoute(ctx.app, 'searchProducts', { query: { q: 'pixel' } })).body.meta.total).toBe(0);
    // Its page still opens and says so.
    expect((await callRoute(ctx.app, 'product', { params: { id: p._id } })).body.data.status).toBe('sold');
    expect((await callRoute(ctx.app, 'order', { params: { id: booking._id }, token: buyer.token })).body.data).toMatchObject({
      state: 'closed',
      paid: false,
    });
    const pay = await callRoute(ctx.app, 'createPaymentIntent', { token: buyer.token, body: { orderId: booking._id } });
    expect(pay.status).toBe(409);
    const again = await callRoute(ctx.app, 'markSold', { params: { id: p._id }, token: seller.token });
    expect([again.status, again.body.message]).toEqual([409, 'This product is already sold']);
    expect((await callRoute(ctx.app, 'markSold', { params: { id: randomUUID() }, token: seller.token })).status).toBe(404);
  });
});

describe('DELETE /api/product/:id', () => {
  it('lets the owner delete it with its open orders; a sold one (with a paid order) is kept: a 409 (issue 29)', async () => {
    const { seller, category } = await world();
    const [buyer, buyer2] = await Promise.all([signUp(ctx.app, 'Buyer'), signUp(ctx.app, 'Buyer')]);
    const p = await postProduct(ctx.app, seller, category.id);
    const open = await book(ctx.app, buyer, p._id);
    const res = await callRoute(ctx.app, 'deleteProduct', { params: { id: p._id }, token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { deleted: true } });
    expect((await callRoute(ctx.app, 'product', { params: { id: p._id } })).status).toBe(404);
    expect(await orderExists(ctx.app, open._id)).toBe(false);
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: p._id }, token: seller.token })).status).toBe(404);

    const sold = await postProduct(ctx.app, seller, category.id);
    const paid = await book(ctx.app, buyer2, sold._id);
    await markPaid(ctx.app, paid._id);
    // Paid, it is reserved for its buyer until the handover (issue 31); handed over, it is sold: kept either way.
    const reserved = await callRoute(ctx.app, 'deleteProduct', { params: { id: sold._id }, token: seller.token });
    expect([reserved.status, reserved.body.code]).toEqual([409, 'reserved_cannot_delete']);
    await handOverAndComplete(ctx.app, paid._id);
    const refused = await callRoute(ctx.app, 'deleteProduct', { params: { id: sold._id }, token: seller.token });
    expect([refused.status, refused.body.code]).toEqual([409, 'sold_cannot_delete']);
    const [kept] = await ctx.app.db.select().from(orders).where(eq(orders.id, paid._id));
    expect(kept).toMatchObject({ productId: sold._id, state: 'completed', productName: 'iPhone 13', productPrice: 80000 });
  });

  it('lets an admin delete any product, but not another seller', async () => {
    const { seller, otherSeller, category } = await world();
    const admin = await createAdmin(ctx.app);
    const p = await postProduct(ctx.app, seller, category.id);
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: p._id }, token: otherSeller.token })).status).toBe(403);
    expect((await callRoute(ctx.app, 'product', { params: { id: p._id } })).status).toBe(200);
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: p._id }, token: admin.token })).status).toBe(200);
    expect((await callRoute(ctx.app, 'product', { params: { id: p._id } })).status).toBe(404);
  });
});
