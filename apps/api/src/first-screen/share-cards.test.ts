import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { phoneModels, products, users } from '../db/schema.ts';
import { createCategory, markSold, productBody, signUp, type Actor } from '../../test/fixtures.ts';
import { callRoute } from '../../test/call-route.ts';
import { call, useTestApp } from '../../test/helper.ts';
import { builtWebApp, headOf } from './test-pages.ts';

/** Issue 35, item 19 (decision 060): the JPEG a shared link's preview shows, and the page's tags naming it. */
const origin = 'https://phones.example.com';
const ctx = useTestApp({ webDist: builtWebApp(), publicUrl: origin });

/** A real picture uploaded by `by` through POST /api/images, a plain colour so the card can be checked for it. */
async function uploadedPhoto(app: FastifyInstance, by: Actor, colour = '#1d4ed8'): Promise<string> {
  const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const boundary = `----market${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="phone.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await callRoute(app, 'uploadImage', { token: by.token, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
}

async function phone(overrides: Record<string, unknown> = {}, brand?: { id: string }) {
  const seller = await signUp(ctx.app, 'Seller', 'Karim Traders');
  const samsung = brand ?? (await createCategory(ctx.app));
  const photo = await uploadedPhoto(ctx.app, seller);
  const body = productBody(samsung.id, photo, { productName: 'Galaxy S23 Ultra', resalePrice: 85000, condition: 'Excellent', ...overrides });
  const res = await callRoute(ctx.app, 'addProduct', { token: seller.token, body });
  expect(res.status).toBe(201);
  return { seller, samsung, body, id: res.body.data._id as string };
}

const head = async (url: string) => headOf((await call(ctx.app, { method: 'GET', url })).body as string);
/** The card a page names, by its path on our origin. */
const cardOf = async (page: string) => {
  const image = (await head(page)).one('og:image')!;
  expect(image.startsWith(origin)).toBe(true);
  return image.slice(origin.length);
};
const get = (url: string) => ctx.app.inject({ method: 'GET', url });
/** The mean colour of a square of the card. */
const colourAt = async (jpeg: Buffer, left: number, top: number) => {
  const square = await sharp(jpeg).extract({ left, top, width: 80, height: 80 }).png().toBuffer();
  const { channels } = await sharp(square).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
};
const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]!) < 16);
/** How many JPEGs sharp encodes while `run` runs: one per card drawn. */
async function drawingsDuring<T>(run: () => Promise<T>): Promise<{ result: T; drawn: number }> {
  const jpeg = vi.spyOn((sharp as unknown as { prototype: Sharp }).prototype, 'jpeg');
  try {
    const result = await run();
    return { result, drawn: jpeg.mock.calls.length };
  } finally {
    jpeg.mockRestore();
  }
}
const storedCards = () => readdirSync(join(ctx.config.dataDir, 'share-cards'));

describe("a phone's share card", () => {
  it('is named by its page with its size and type, and is a 1200×630 JPEG of its photo, kept long and drawn once', async () => {
    const { id } = await phone();
    const tags = await head(`/detail-product/${id}`);
    expect(tags.one('og:image')).toMatch(new RegExp(`^${origin}/share/phone/${id}\\.jpg\\?v=[0-9a-f]{16}$`));
    expect(tags.one('og:image:width')).toBe('1200');
    expect(tags.one('og:image:height')).toBe('630');
    expect(tags.one('og:image:type')).toBe('image/jpeg');
    expect(tags.one('og:image:alt')).toBe('Galaxy S23 Ultra — 85,000 BDT');
    expect(tags.one('twitter:card')).toBe('summary_large_image');
    expect(tags.one('twitter:image')).toBe(tags.one('og:image'));

    const url = tags.one('og:image')!.slice(origin.length);
    const first = await drawingsDuring(() => get(url));
    const res = first.result;
    expect(first.drawn).toBe(1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // Light enough for every preview (WhatsApp shows none above about 300 KB).
    expect(res.rawPayload.length).toBeLessThan(300 * 1024);
    // Its photo covers the left part; the words are on white on the right.
    expect(near(await colourAt(res.rawPayload, 250, 270), [0x1d, 0x4e, 0xd8])).toBe(true);
    expect(near(await colourAt(res.rawPayload, 1100, 20), [255, 255, 255])).toBe(true);

    // Asked again: the kept card, not drawn again.
    const again = await drawingsDuring(() => get(url));
    expect(again.drawn).toBe(0);
    expect(again.result.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(storedCards()).toContain(`phone-${id}-en.jpg`);
  });

  it("the Bangla page names the Bangla card (Bangla digits, the model's Bangla name): another picture", async () => {
    const brand = await createCategory(ctx.app, 'Samsung');
    const [model] = await ctx.app.db
      .insert(phoneModels)
      .values({ categoryId: brand.id, name: 'Galaxy S23 Ultra', nameBn: 'গ্যালাক্সি এস২৩ আল্ট্রা', slug: `galaxy-${randomUUID().slice(0, 8)}` })
      .returning();
    const { id } = await phone({ phoneModelId: model!.id }, brand);
    const english = await cardOf(`/detail-product/${id}`);
    const bangla = await cardOf(`/detail-product/${id}?lang=bn`);
    expect(bangla).toMatch(new RegExp(`^/share/phone/${id}\\.jpg\\?v=[0-9a-f]{16}&lang=bn$`));
    expect(bangla.split('&')[0]).not.toBe(english);
    const [en, bn] = [await get(english), await get(bangla)];
    expect([en.statusCode, bn.statusCode]).toEqual([200, 200]);
    expect(await sharp(bn.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(bn.rawPayload.equals(en.rawPayload)).toBe(false);
    expect(storedCards()).toEqual(expect.arrayContaining([`phone-${id}-en.jpg`, `phone-${id}-bn.jpg`]));
  });

  it('after an edit the page names a new address with a new picture; the old address sends on to it', async () => {
    const { seller, body, id } = await phone();
    const before = await cardOf(`/detail-product/${id}`);
    const old = await get(before);
    expect(old.statusCode).toBe(200);

    const edited = await callRoute(ctx.app, 'editProduct', { params: { id }, token: seller.token, body: { ...body, resalePrice: 79000 } });
    expect(edited.status).toBe(200);
    const after = await cardOf(`/detail-product/${id}`);
    expect(after).not.toBe(before);
    const fresh = await get(after);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.rawPayload.equals(old.rawPayload)).toBe(false);

    // A preview that kept the old address, or an address without its version, is sent on to the card of now.
    for (const url of [before, `/share/phone/${id}.jpg`]) {
      const moved = await get(url);
      expect(moved.statusCode, url).toBe(302);
      expect(moved.headers.location, url).toBe(after);
      expect(moved.headers['cache-control'], url).toBe('no-cache');
    }
    // An edit that changes nothing the card shows keeps its address.
    await callRoute(ctx.app, 'editProduct', { params: { id }, token: seller.token, body: { ...body, resalePrice: 79000, description: 'Now with a case.' } });
    expect(await cardOf(`/detail-product/${id}`)).toBe(after);
  });

  it('none for a phone that is not there for anyone (unknown, malformed, expired, sold, hidden, deleted, its seller suspended): 404, nothing drawn', async () => {
    const { seller, id } = await phone();
    const { seller: itsSeller, id: deleted } = await phone();
    const { seller: suspended, id: ofSuspended } = await phone();
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: deleted }, token: itsSeller.token })).status).toBe(200);
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended._id));
    ctx.app.publicCache.invalidate();
    const notThere = async (url: string) => {
      const { result, drawn } = await drawingsDuring(() => get(url));
      expect(result.statusCode, url).toBe(404);
      expect(result.headers['content-type'], url).toMatch(/^application\/json/);
      expect(result.json(), url).toMatchObject({ success: false, code: 'not_found' });
      expect(drawn, url).toBe(0);
    };
    for (const url of [
      `/share/phone/${randomUUID()}.jpg`,
      '/share/phone/not-an-id.jpg',
      `/share/phone/${deleted}.jpg`,
      `/share/phone/${ofSuspended}.jpg?v=0123456789abcdef`,
      // A language it has no card in.
      `/share/phone/${id}.jpg?lang=fr`,
    ])
      await notThere(url);
    // An expired listing (issue 36): off search until its seller renews it.
    const { id: expired } = await phone();
    await ctx.app.db.update(products).set({ status: 'expired' }).where(eq(products.id, expired));
    ctx.app.publicCache.invalidate();
    await notThere(`/share/phone/${expired}.jpg`);
    await markSold(ctx.app, id);
    await notThere(`/share/phone/${id}.jpg`);
    expect((await callRoute(ctx.app, 'hideProduct', { params: { id }, token: seller.token })).status).toBe(200);
    await notThere(`/share/phone/${id}.jpg`);
    expect(storedCards().filter((f) => [id, deleted, ofSuspended].some((gone) => f.includes(gone)))).toEqual([]);
  });

  it('a name written as SVG is drawn as its letters: no failure, no element of its own', async () => {
    // Were it pasted into the card's SVG as markup, this would paint the whole card red.
    const evil = `</text><rect x="0" y="0" width="1200" height="630" fill="#ff0000"/><text>"&'<image href="file:///etc/passwd"/>`;
    const { id } = await phone({ productName: evil });
    const res = await get(await cardOf(`/detail-product/${id}`));
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 200 && data[i + 1]! < 80 && data[i + 2]! < 80) red++;
    expect(red / (info.width * info.height)).toBeLessThan(0.001);
    // The photo and the white of the words' side are still there.
    expect(near(await colourAt(res.rawPayload, 250, 270), [0x1d, 0x4e, 0xd8])).toBe(true);
    expect(near(await colourAt(res.rawPayload, 1100, 20), [255, 255, 255])).toBe(true);

    // A control character XML cannot hold (a row older than the check on names): left out, the card still drawn.
    await ctx.app.db.update(products).set({ productName: 'Bell\u0007 phone\u001b' }).where(eq(products.id, id));
    ctx.app.publicCache.invalidate();
    const older = await get(await cardOf(`/detail-product/${id}`));
    expect(older.statusCode).toBe(200);
    expect(await sharp(older.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('ten first requests at once: drawn once, kept once, the same picture for all', async () => {
    const { id } = await phone();
    const url = await cardOf(`/detail-product/${id}`);
    const { result, drawn } = await drawingsDuring(() => Promise.all(Array.from({ length: 10 }, () => get(url))));
    expect(result.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(result.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(drawn).toBe(1);
    // One file, no half-written one beside it.
    expect(storedCards().filter((f) => f.includes(id))).toEqual([`phone-${id}-en.jpg`]);
  });
});

describe("a seller's share card", () => {
  it('is named by their page (no longer their SVG or WebP avatar) and drawn anew when what it shows changes', async () => {
    const { seller } = await phone();
    const tags = await head(`/seller/${seller._id}`);
    expect(tags.one('og:image')).toMatch(new RegExp(`^${origin}/share/seller/${seller._id}\\.jpg\\?v=[0-9a-f]{16}$`));
    expect([tags.one('og:image:width'), tags.one('og:image:height'), tags.one('og:image:type')]).toEqual(['1200', '630', 'image/jpeg']);
    expect(tags.one('og:image:alt')).toBe('Karim Traders');
    expect(tags.one('twitter:card')).toBe('summary_large_image');
    const url = tags.one('og:image')!.slice(origin.length);
    const card = await get(url);
    expect(card.statusCode).toBe(200);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(storedCards()).toContain(`seller-${seller._id}-en.jpg`);

    // A new name (in Bangla) is a new card, at a new address.
    await ctx.app.db.update(users).set({ name: 'করিম টেলিকম' }).where(eq(users.id, seller._id));
    ctx.app.publicCache.invalidate();
    const renamed = await cardOf(`/seller/${seller._id}?lang=bn`);
    expect(renamed).not.toBe(url);
    const drawnAgain = await get(renamed);
    expect(drawnAgain.statusCode).toBe(200);
    expect(drawnAgain.rawPayload.equals(card.rawPayload)).toBe(false);
    expect((await get(url)).statusCode).toBe(302);
  });

  it('none for a buyer, an unknown id or a suspended seller', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const { seller } = await phone();
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, seller._id));
    ctx.app.publicCache.invalidate();
    for (const id of [buyer._id, randomUUID(), seller._id, 'nobody']) {
      const res = await get(`/share/seller/${id}.jpg`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toMatchObject({ code: 'not_found', message: 'Seller not found' });
    }
  });
});
