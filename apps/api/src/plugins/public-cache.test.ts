import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { book, createAdmin, createCategory, postProduct, signUp } from '../../test/fixtures.ts';
import { useTestApp } from '../../test/helper.ts';
import { products } from '../db/schema.ts';
import { PublicCache, pickEncoding } from './public-cache.ts';
import { callRoute, routePath } from '../../test/call-route.ts';

const ctx = useTestApp();
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

/** Changes a product behind the app's back: only a cached answer still shows the old name. */
const renameInDatabase = (id: string, productName: string) => ctx.app.db.update(products).set({ productName }).where(eq(products.id, id));

async function listed() {
  const [seller, category] = await Promise.all([signUp(ctx.app, 'Seller'), createCategory(ctx.app)]);
  const product = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel 7' });
  return { seller, category, product };
}

describe('public cache of catalogue answers', () => {
  it('answers a repeated GET from memory with the same body, ETag and security headers', async () => {
    const { product } = await listed();
    const url = routePath('product', { params: { id: product._id } });
    const first = await get(url);
    await renameInDatabase(product._id, 'Renamed behind the app');
    const second = await get(url);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.productName).toBe('Pixel 7');
    expect(second.body).toBe(first.body);
    for (const header of ['etag', 'content-type', 'content-security-policy', 'x-content-type-options', 'cache-control']) {
      expect(second.headers[header], header).toBe(first.headers[header]);
    }
    expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(first.body));
  });

  it('answers 304 to a matching If-None-Match, from memory', async () => {
    const { product } = await listed();
    const url = routePath('product', { params: { id: product._id } });
    const { headers } = await get(url);
    const res = await get(url, { 'if-none-match': String(headers.etag) });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('serves br and gzip of the cached bytes, and plain bytes when br and gzip are refused', async () => {
    const { seller, category } = await listed();
    for (let n = 0; n < 5; n++) await postProduct(ctx.app, seller, category.id);
    const url = routePath('categoryProducts', { params: { id: category.id } });
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('marks a cached answer private when the request carried a token', async () => {
    const { product, seller } = await listed();
    const url = routePath('product', { params: { id: product._id } });
    await get(url);
    const res = await get(url, { authorization: seller.token });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect((await get(url)).headers['cache-control']).toBe('no-cache');
  });

  it('drops every cached answer when a write succeeds', async () => {
    const { seller, category, product } = await listed();
    const admin = await createAdmin(ctx.app);
    const detail = routePath('product', { params: { id: product._id } });
    const page = routePath('categoryProducts', { params: { id: category.id } });
    await Promise.all([get(detail), get(page), get(routePath('advertisedProducts'))]);

    // advertise → the advertised list shows it at once
    expect((await callRoute(ctx.app, 'advertiseProduct', { params: { id: product._id }, token: seller.token })).status).toBe(200);
    expect((await get(routePath('advertisedProducts'))).json().data.map((p: { _id: string }) => p._id)).toEqual([product._id]);

    // verify the seller → the product's seller badge changes at once
    expect((await get(detail)).json().data.sellerId.sellerVerified).toBe(false);
    expect((await callRoute(ctx.app, 'verifySeller', { params: { id: seller._id }, token: admin.token, body: { reason: 'Checked' } })).status).toBe(200);
    expect((await get(detail)).json().data.sellerId.sellerVerified).toBe(true);

    // a new product → on its category page at once
    const second = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel 8' });
    expect((await get(page)).json().data.map((p: { _id: string }) => p._id)).toContain(second._id);

    // delete → gone at once
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: product._id }, token: seller.token })).status).toBe(200);
    expect((await get(detail)).statusCode).toBe(404);
    expect((await get(page)).json().data.map((p: { _id: string }) => p._id)).toEqual([second._id]);
  });

  it('keeps cached answers when a write is refused (a flood of bad requests cannot empty it)', async () => {
    const { seller, product } = await listed();
    const url = routePath('product', { params: { id: product._id } });
    await get(url);
    await renameInDatabase(product._id, 'Renamed behind the app');
    const refused = await callRoute(ctx.app, 'addProduct', { token: seller.token, body: { productName: 'x' } });
    expect(refused.status).toBe(400);
    expect((await get(url)).json().data.productName).toBe('Pixel 7');
  });

  it('keeps cached answers through writes that change no public answer: sign-up, log in', async () => {
    const { product } = await listed();
    const url = routePath('product', { params: { id: product._id } });
    await get(url);
    await renameInDatabase(product._id, 'Renamed behind the app');
    const buyer = await signUp(ctx.app, 'Buyer');
    const login = await callRoute(ctx.app, 'logIn', { body: { email: buyer.email, password: 'secret1' } });
    expect(login.status).toBe(200);
    expect((await get(url)).json().data.productName).toBe('Pixel 7');
    // …while a booking, like every other write, empties it.
    await book(ctx.app, buyer, product._id);
    expect((await get(url)).json().data.productName).toBe('Renamed behind the app');
  });

  it('never stores errors', async () => {
    const { product } = await listed();
    const url = routePath('product', { params: { id: product._id } });
    await ctx.app.db.delete(products).where(eq(products.id, product._id));
    expect((await get(url)).statusCode).toBe(404);
    expect(ctx.app.publicCache.size).toBe(0);
  });
});

describe('PublicCache', () => {
  const body = (n: number) => Buffer.alloc(n, 'x');

  it('refuses an answer built before a write finished (the read may predate the commit)', () => {
    const cache = new PublicCache({ ttlMs: 5000, maxBytes: 1 << 20 });
    const since = cache.generation;
    cache.invalidate();
    expect(cache.set('/a', since, body(10), {})).toBe(false);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.set('/a', cache.generation, body(10), {})).toBe(true);
    expect(cache.get('/a')?.body.length).toBe(10);
  });

  it('forgets answers after ttlMs', () => {
    const cache = new PublicCache({ ttlMs: 5000, maxBytes: 1 << 20 });
    cache.set('/a', cache.generation, body(10), {});
    expect(cache.get('/a', Date.now() + 4000)).toBeDefined();
    expect(cache.get('/a', Date.now() + 5001)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxBytes, dropping the oldest answers first, down to 90 % at a time', () => {
    const cache = new PublicCache({ ttlMs: 5000, maxBytes: 8000 });
    for (const key of ['/1', '/2', '/3', '/4', '/5']) cache.set(key, cache.generation, body(900), {});
    for (const key of ['/6', '/7', '/8']) cache.set(key, cache.generation, body(900), {});
    expect(cache.size).toBe(8);
    // The ninth takes it over 8,000 bytes (8,200): the oldest go until at most 7,200 are left, not just 8,000.
    cache.set('/9', cache.generation, body(1000), {});
    expect(cache.get('/1')).toBeUndefined();
    expect(cache.get('/2')).toBeUndefined();
    expect(cache.get('/3')).toBeDefined();
    expect(cache.get('/9')).toBeDefined();
    expect(cache.size).toBe(7);
    expect(cache.set('/big', cache.generation, body(1001), {})).toBe(false);
  });

  it('drops the least recently used first: an answer read all the time outlives the pages stored after it', () => {
    const cache = new PublicCache({ ttlMs: 5000, maxBytes: 8000 });
    cache.set(routePath('categories'), cache.generation, body(900), {});
    for (let page = 1; page <= 20; page++) {
      cache.set(`page ${page}`, cache.generation, body(900), {});
      expect(cache.get(routePath('categories')), `after page ${page}`).toBeDefined();
    }
    expect(cache.get('page 1')).toBeUndefined();
    expect(cache.get('page 20')).toBeDefined();
  });

  it('tells other instances about local writes, not about theirs', () => {
    const onInvalidate = vi.fn();
    const cache = new PublicCache({ ttlMs: 5000, maxBytes: 1 << 20, onInvalidate });
    cache.invalidate();
    cache.invalidate(true);
    expect(onInvalidate).toHaveBeenCalledTimes(1);
    expect(cache.generation).toBe(2);
  });

  it('negotiates br, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
