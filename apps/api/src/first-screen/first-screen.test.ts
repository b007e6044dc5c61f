import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../test/helper.ts';
import { createAdmin, createCategory, markSold, postProduct, signUp } from '../../test/fixtures.ts';

// A built web app's index.html, as Vite and apps/web/vite.config.ts write it.
const webDist = mkdtempSync(join(tmpdir(), 'market-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  `<!doctype html><html lang="en"><head><title>Resale Phones</title><link rel="stylesheet" crossorigin href="/assets/index.css"><script src="/boot.js" data-entry="/assets/index.js" data-preload="" defer></script></head><body><div id="root"></div></body></html>`,
);

const ctx = useTestApp({ webDist });
const page = (url: string, token?: string) => call(ctx.app, { method: 'GET', url, token });

interface Entry {
  name: string;
  arg: string | null;
  paged: boolean;
  body: unknown;
}
/** The API answers the page carries for the web app. */
const entries = (html: string): Entry[] => JSON.parse(/<script type="application\/json" id="first-screen">(.*?)<\/script>/s.exec(html)![1]!) as Entry[];
const preload = (html: string) => /<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/.exec(html)?.[1] ?? null;

async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const apple = await createCategory(ctx.app, 'Apple');
  const samsung = await createCategory(ctx.app, 'Samsung');
  const older = await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S21' });
  const newer = await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S23' });
  return { seller, apple, samsung, older, newer };
}

describe('a page comes with its first screen', () => {
  it("/: the header, every category's link, the first advertised picture (preloaded), and the API's own answers", async () => {
    const { seller, apple, samsung, older } = await world();
    expect((await call(ctx.app, { method: 'PUT', url: `/api/advertise-product/${older._id}`, token: seller.token })).status).toBe(200);
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body as string;
    expect(html).toContain('<a href="/" class="flex items-center gap-2 text-xl font-bold text-primary">');
    expect(html).toContain(`<a href="/category/${apple.id}" class="btn btn-sm whitespace-nowrap btn-ghost">Apple</a>`);
    expect(html).toContain(`<a href="/category/${samsung.id}" class="btn btn-sm whitespace-nowrap btn-ghost">Samsung</a>`);
    expect(preload(html)).toBe(older.img);
    expect(html).toContain(`<img src="${older.img}" alt="${older.img}" width="1200" height="500"`);
    const inlined = entries(html);
    expect(inlined.map((e) => e.name)).toEqual(['categories', 'advertisedProducts']);
    expect(inlined[0]!.body).toEqual((await page('/api/category')).body);
    expect(inlined[1]!.body).toEqual((await page('/api/advertise-products')).body);
  });

  it('/category/:id: the category current in the strip, its first page of cards (newest first), its first picture preloaded', async () => {
    const { samsung, older, newer } = await world();
    const html = (await page(`/category/${samsung.id}`)).body as string;
    expect(html).toContain(`<a href="/category/${samsung.id}" class="btn btn-sm whitespace-nowrap btn-primary" aria-current="page">Samsung</a>`);
    expect(html).toContain('<h1 class="mb-6 text-2xl font-bold">Samsung phones</h1>');
    expect(html.indexOf(`href="/detail-product/${newer._id}"`)).toBeGreaterThan(0);
    expect(html.indexOf(`href="/detail-product/${newer._id}"`)).toBeLessThan(html.indexOf(`href="/detail-product/${older._id}"`));
    expect(html).toContain('Resale price : 80,000 tk');
    expect(preload(html)).toBe(newer.img);
    const [, products] = entries(html);
    expect(products).toMatchObject({ name: 'categoryProducts', arg: samsung.id, paged: true });
    expect(products!.body).toEqual((await page(`/api/category-products/${samsung.id}?limit=24`)).body);
  });

  it('/category/:id with a filter or a sort: the page around the results, but not the unfiltered cards (the app asks the search)', async () => {
    const { samsung, newer } = await world();
    const html = (await page(`/category/${samsung.id}?condition=Good&sort=price_asc`)).body as string;
    expect(html).toContain('<h1 class="mb-6 text-2xl font-bold">Samsung phones</h1>');
    expect(html).toContain('<aside aria-label="Filters"');
    expect(html).not.toContain(`href="/detail-product/${newer._id}"`);
    expect(html).not.toContain('No Product Found');
    expect(preload(html)).toBeNull();
    expect(entries(html).map((e) => e.name)).toEqual(['categories']);
    // Parameters the page does not read leave it the plain list.
    const tracked = (await page(`/category/${samsung.id}?utm_source=facebook`)).body as string;
    expect(tracked).toContain(`href="/detail-product/${newer._id}"`);
  });

  it('/detail-product/:id: the phone picture (preloaded) and its name; a sold phone too', async () => {
    const { seller: sellerActor, newer } = await world();
    await markSold(ctx.app, newer._id);
    const html = (await page(`/detail-product/${newer._id}`)).body as string;
    expect(html).toContain('<h1 class="text-3xl font-bold">Galaxy S23</h1>');
    expect(preload(html)).toBe(newer.img);
    expect(entries(html)[1]).toEqual({ name: 'product', arg: newer._id, paged: false, body: (await page(`/api/detail-product/${newer._id}`)).body });
    // The seller's standing, shown beside the phone, comes with it.
    const seller = sellerActor._id;
    expect(entries(html)[2]).toEqual({ name: 'sellerProfile', arg: seller, paged: false, body: (await page(`/api/seller/${seller}`)).body });
    expect(entries(html)).toHaveLength(3);
  });

  it('an unknown phone, a malformed id and any other page carry the header and categories only', async () => {
    await world();
    for (const url of [`/detail-product/${randomUUID()}`, '/detail-product/not-an-id', '/category/1%20OR%201=1', '/dashboard/myOrders', '/no/such/page']) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      const html = res.body as string;
      expect(
        entries(html).map((e) => e.name),
        url,
      ).toEqual(['categories']);
      expect(preload(html), url).toBeNull();
      expect(html, url).toContain('aria-label="Categories"');
    }
  });

  it("carries only what anyone may see: a signed-in admin's page holds the same answers as a visitor's", async () => {
    const { samsung } = await world();
    const admin = await createAdmin(ctx.app);
    const visitor = (await page(`/category/${samsung.id}`)).body as string;
    const signedIn = (await page(`/category/${samsung.id}`, admin.token)).body as string;
    expect(entries(signedIn)).toEqual(entries(visitor));
  });

  it('names from sellers stay text: escaped in the HTML, and no "<" inside the inlined JSON to end its script', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const category = await createCategory(ctx.app, 'Tricky');
    const evil = `</script><script>alert(1)</script><img src=x onerror=alert(2)> "quoted" & 'single' \u2028`;
    const product = await postProduct(ctx.app, seller, category.id, { productName: evil.slice(0, 120) });
    for (const url of [`/category/${category.id}`, `/detail-product/${product._id}`]) {
      const html = (await page(url)).body as string;
      expect(html.match(/<script/g)?.length, url).toBe(2);
      expect(html, url).not.toContain('<img src=x');
      expect(html, url).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      const json = /<script type="application\/json" id="first-screen">(.*?)<\/script>/s.exec(html)![1]!;
      expect(json, url).not.toContain('<');
      expect(JSON.stringify(entries(html)), url).toContain('alert(1)');
    }
  });

  it('leaves /api and /uploads alone: an unknown API path is still a JSON 404', async () => {
    const res = await page('/api/no-such-call');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: 'Route GET /api/no-such-call not found' });
  });
});
