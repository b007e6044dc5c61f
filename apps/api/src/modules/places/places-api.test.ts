import type { Order, Product, SearchAnswer } from '@market/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import { createCategory, postProduct, productBody, signUp, uploadedPicture } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { products } from '../../db/schema.ts';

/** Issue 34: listings and meetings name a district; the search finds them by division or district in either language. */
const ctx = useTestApp();

async function world() {
  const [seller, buyer, category] = await Promise.all([signUp(ctx.app, 'Seller'), signUp(ctx.app, 'Buyer'), createCategory(ctx.app, 'Samsung')]);
  return { seller, buyer, category };
}

const search = async (query: Record<string, string>) => {
  const res = await callRoute(ctx.app, 'searchProducts', { query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as SearchAnswer).data.map((p) => p.productName).sort();
};

describe('a listing names its district', () => {
  it('as chosen, or as its location names it (English, Bangla, an older spelling); the answer names it in both languages', async () => {
    const { seller, category } = await world();
    const chosen = await postProduct(ctx.app, seller, category.id, { location: 'Agrabad', district: 'chattogram' });
    const bangla = await postProduct(ctx.app, seller, category.id, { location: 'কান্দিরপাড়, কুমিল্লা' });
    const older = await postProduct(ctx.app, seller, category.id, { location: 'Jessore Road area, Jessore' });
    const district = async (id: string) => ((await callRoute(ctx.app, 'product', { params: { id } })).body.data as Product).district;
    expect(await district(chosen._id)).toEqual({
      _id: 'chattogram',
      en: 'Chattogram',
      bn: 'চট্টগ্রাম',
      division: { _id: 'chattogram', en: 'Chattogram', bn: 'চট্টগ্রাম' },
    });
    expect((await district(bangla._id))?._id).toBe('cumilla');
    expect((await district(older._id))?._id).toBe('jashore');
  });

  it('is refused without a district when the location names none, or with one that is not a district, and nothing is stored', async () => {
    const { seller, category } = await world();
    for (const overrides of [{ location: 'behind the big mosque' }, { location: 'Mirpur, Dhaka', district: 'gotham' }]) {
      const body = productBody(category.id, await uploadedPicture(ctx.app, seller), overrides);
      const res = await callRoute(ctx.app, 'addProduct', { token: seller.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_input', fields: [{ field: 'district', problem: "must be one of Bangladesh's 64 districts" }] });
    }
    expect(await ctx.app.db.select({ id: products.id }).from(products)).toEqual([]);
  });

  it('is asked for at the next edit of a listing from before districts whose location names none', async () => {
    const { seller, category } = await world();
    const old = await postProduct(ctx.app, seller, category.id, { location: 'Mirpur, Dhaka' });
    await ctx.app.db.update(products).set({ location: 'near the rail station', district: null }).where(eq(products.id, old._id));
    const img = await uploadedPicture(ctx.app, seller);
    const edit = (overrides: Record<string, unknown>) =>
      callRoute(ctx.app, 'editProduct', {
        params: { id: old._id },
        token: seller.token,
        body: productBody(category.id, img, { location: 'near the rail station', ...overrides }),
      });
    const refused = await edit({});
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'district', problem: "must be one of Bangladesh's 64 districts" }]);
    const edited = await edit({ district: 'bogura' });
    expect(edited.status).toBe(200);
    expect((edited.body.data as Product).district?._id).toBe('bogura');
  });
});

describe('the search by place', () => {
  async function phones() {
    const { seller, category } = await world();
    await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy Dhaka', location: 'Mirpur 10', district: 'dhaka' });
    await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy Gazipur', location: 'Tongi', district: 'gazipur' });
    await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy Chattogram', location: 'Agrabad', district: 'chattogram' });
    await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy Cumilla', location: 'Kandirpar, Comilla' });
    // A listing from before districts that names none: only its words can find it.
    const old = await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy Old', location: 'Dhaka cantonment' });
    await ctx.app.db.update(products).set({ district: null }).where(eq(products.id, old._id));
  }

  it('by division or district: its id, its English or Bangla name, an older spelling', async () => {
    await phones();
    for (const division of ['dhaka', 'Dhaka', 'ঢাকা']) expect(await search({ division })).toEqual(['Galaxy Dhaka', 'Galaxy Gazipur']);
    for (const division of ['Chittagong', 'চট্টগ্রাম', 'chattogram']) expect(await search({ division })).toEqual(['Galaxy Chattogram', 'Galaxy Cumilla']);
    for (const district of ['Comilla', 'কুমিল্লা', 'cumilla']) expect(await search({ district })).toEqual(['Galaxy Cumilla']);
    expect(await search({ district: 'gazipur', division: 'dhaka' })).toEqual(['Galaxy Gazipur']);
    expect(await search({ district: 'feni' })).toEqual([]);
  });

  it('by a place typed as words: "ঢাকা" and "Chittagong" find their districts, as "Dhaka" finds its words', async () => {
    await phones();
    expect(await search({ location: 'ঢাকা' })).toEqual(['Galaxy Dhaka']);
    expect(await search({ location: 'Dhaka' })).toEqual(['Galaxy Dhaka', 'Galaxy Old']);
    expect(await search({ location: 'Chittagong' })).toEqual(['Galaxy Chattogram']);
    expect(await search({ location: 'Kandirpar' })).toEqual(['Galaxy Cumilla']);
  });

  it('refuses a division or district that is none, saying so', async () => {
    for (const [query, problem] of [
      [{ division: 'Gotham' }, "must be one of Bangladesh's 8 divisions"],
      [{ district: 'Atlantis' }, "must be one of Bangladesh's 64 districts"],
    ] as const) {
      const res = await callRoute(ctx.app, 'searchProducts', { query });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_input', fields: [{ field: Object.keys(query)[0], problem }] });
    }
  });
});

describe("a booking's meeting place", () => {
  it('names the district chosen, else the one its words name, else the phone’s', async () => {
    const { seller, buyer, category } = await world();
    const book = async (body: Record<string, unknown>) => {
      const phone = await postProduct(ctx.app, seller, category.id, { location: 'Tongi', district: 'gazipur' });
      const res = await callRoute(ctx.app, 'book', { token: buyer.token, body: { productId: phone._id, mobileNumber: '01911-222333', ...body } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.data as Order).meetingDistrict?._id;
    };
    expect(await book({ meetingLocation: 'Bashundhara City', meetingDistrict: 'dhaka' })).toBe('dhaka');
    expect(await book({ meetingLocation: 'GEC Circle, Chittagong' })).toBe('chattogram');
    expect(await book({ meetingLocation: 'the station' })).toBe('gazipur');
    const refused = await callRoute(ctx.app, 'book', {
      token: buyer.token,
      body: { productId: (await postProduct(ctx.app, seller, category.id))._id, meetingLocation: 'x', mobileNumber: '01911-222333', meetingDistrict: 'gotham' },
    });
    expect(refused.status).toBe(400);
  });
});
