import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { phoneModels, priceGuide, products, users } from '../db/schema.ts';
import { createCategory, postProduct, signUp } from '../../test/fixtures.ts';
import { call, useTestApp } from '../../test/helper.ts';
import { builtWebApp } from './test-pages.ts';
import { callRoute } from '../../test/call-route.ts';

const origin = 'https://phones.example.com';
// Two phones a file, so that five make three files.
const ctx = useTestApp({ webDist: builtWebApp(), publicUrl: origin, sitemapPageSize: 2 });
const get = async (url: string) => {
  const res = await call(ctx.app, { method: 'GET', url });
  return { ...res, text: res.body as string };
};

const unescape = (text: string) => text.replace(/&amp;/g, '&');
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescape(m[1]!));
/** Each <url>'s address and its alternates by hreflang. */
const urls = (xml: string) =>
  [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => ({
    loc: locs(m[1]!)[0]!,
    lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(m[1]!)?.[1],
    alternates: Object.fromEntries(
      [...m[1]!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((a) => [a[1], unescape(a[2]!)]),
    ),
  }));
/** The phones a sitemap file names (their English addresses). */
const phonesIn = (xml: string) => urls(xml).flatMap((u) => (u.loc.includes('?lang=') ? [] : [u.loc.replace(`${origin}/detail-product/`, '')]));

async function fivePhones() {
  const seller = await signUp(ctx.app, 'Seller');
  const brand = await createCategory(ctx.app, 'Samsung');
  const phones = [];
  for (let i = 0; i < 5; i++) phones.push(await postProduct(ctx.app, seller, brand.id, { productName: `Galaxy ${i}` }));
  return { seller, brand, ids: phones.map((p) => p._id) };
}

/** The phones' files the index names, each fetched by the address it gives. */
async function phoneFiles() {
  const index = await get('/sitemap.xml');
  expect(index.status).toBe(200);
  const files = locs(index.text).filter((l) => l.includes('/sitemap-phones-'));
  return Promise.all(files.map(async (f) => ({ address: f, ...(await get(f.replace(origin, ''))) })));
}

describe('the sitemaps', () => {
  it('an index of the pages file and of the phones in files of the page size, read by keyset from the cursor each address carries', async () => {
    const { ids } = await fivePhones();
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['cache-control']).toBe('public, max-age=300');
    expect(index.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const files = locs(index.text);
    expect(files).toHaveLength(5);
    expect(files[0]).toBe(`${origin}/sitemap-pages.xml`);
    expect(files[1]).toBe(`${origin}/sitemap-phones-1.xml`);
    expect(files[2]).toMatch(/^https:\/\/phones\.example\.com\/sitemap-phones-2\.xml\?after=\d{4}-\d\d-\d\dT\d\d%3A\d\d%3A\d\d\.\d{6}Z_[0-9a-f-]{36}$/);
    expect(files[3]).toMatch(/\/sitemap-phones-3\.xml\?after=/);
    expect(files[4]).toBe(`${origin}/sitemap-sellers-1.xml`);
    expect(index.text.match(/<lastmod>/g)).toHaveLength(5);

    const read = await phoneFiles();
    expect(read.map((f) => f.status)).toEqual([200, 200, 200]);
    // Oldest first, two a file, every phone once.
    expect(read.map((f) => phonesIn(f.text))).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    for (const f of read) expect(f.headers['cache-control']).toBe('public, max-age=300');
  });

  it('every phone in English and Bangla, each address naming both and x-default, with the time it was listed', async () => {
    const { ids } = await fivePhones();
    const [first] = await phoneFiles();
    const page = `${origin}/detail-product/${ids[0]}`;
    const alternates = { en: page, bn: `${page}?lang=bn`, 'x-default': page };
    const [en, bn] = urls(first!.text);
    expect(en).toMatchObject({ loc: page, alternates });
    expect(bn).toMatchObject({ loc: `${page}?lang=bn`, alternates });
    expect(en!.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(first!.text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it("leaves out sold phones and suspended sellers' phones, and a write is seen at once (not after the files' boundaries expire)", async () => {
    const { seller, ids } = await fivePhones();
    expect(await phoneFiles()).toHaveLength(3);
    expect((await callRoute(ctx.app, 'markSold', { params: { id: ids[1]! }, token: seller.token })).status).toBe(200);
    const afterSale = await phoneFiles();
    expect(afterSale.map((f) => phonesIn(f.text))).toEqual([
      [ids[0], ids[2]],
      [ids[3], ids[4]],
    ]);

    const other = await signUp(ctx.app, 'Seller');
    const brand = await createCategory(ctx.app, 'Apple');
    const suspended = await postProduct(ctx.app, other, brand.id);
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, other._id));
    ctx.app.publicCache.invalidate();
    const all = (await phoneFiles()).flatMap((f) => phonesIn(f.text));
    expect(all).toEqual([ids[0], ids[2], ids[3], ids[4]]);
    expect(all).not.toContain(suspended._id);
  });

  it('the pages file: home and every brand in both languages, with their newest phone as lastmod', async () => {
    const { brand } = await fivePhones();
    const empty = await createCategory(ctx.app, 'Nokia');
    const res = await get('/sitemap-pages.xml');
    expect(res.status).toBe(200);
    const entries = urls(res.text);
    expect(entries.map((e) => e.loc)).toEqual([
      `${origin}/`,
      `${origin}/?lang=bn`,
      `${origin}/category/${empty.id}`,
      `${origin}/category/${empty.id}?lang=bn`,
      `${origin}/category/${brand.id}`,
      `${origin}/category/${brand.id}?lang=bn`,
    ]);
    expect(entries[0]!.alternates).toEqual({ en: `${origin}/`, bn: `${origin}/?lang=bn`, 'x-default': `${origin}/` });
    expect(entries[0]!.lastmod).toBe(entries[4]!.lastmod);
    expect(entries[2]!.lastmod).toBeUndefined();
  });

  it("the pages file: the models' prices pages with a sale or a phone asking, after the brands, in both languages", async () => {
    const { brand } = await fivePhones();
    const models = await ctx.app.db
      .insert(phoneModels)
      .values([
        { categoryId: brand.id, name: 'Galaxy S23', nameBn: 'গ্যালাক্সি এস২৩', slug: 'galaxy-s23' },
        { categoryId: brand.id, name: 'Galaxy S24', nameBn: 'গ্যালাক্সি এস২৪', slug: 'galaxy-s24' },
        { categoryId: brand.id, name: 'Galaxy A05', nameBn: 'গ্যালাক্সি এ০৫', slug: 'galaxy-a05' },
      ])
      .returning();
    const [s23, s24, a05] = models;
    await ctx.app.db.insert(priceGuide).values([
      { phoneModelId: s23!.id, storageGb: 128, condition: 'Good', sales: 3 },
      { phoneModelId: a05!.id, storageGb: 64, condition: 'Fair', asking: 1 },
      // Counted once and found nothing (its last phone sold long ago): no page worth a visit.
      { phoneModelId: s24!.id, storageGb: 256, condition: 'Good' },
    ]);
    const entries = urls((await get('/sitemap-pages.xml')).text).slice(-4);
    expect(entries.map((e) => e.loc)).toEqual([
      `${origin}/prices/samsung/galaxy-a05`,
      `${origin}/prices/samsung/galaxy-a05?lang=bn`,
      `${origin}/prices/samsung/galaxy-s23`,
      `${origin}/prices/samsung/galaxy-s23?lang=bn`,
    ]);
    expect(entries[0]!.alternates).toMatchObject({ bn: `${origin}/prices/samsung/galaxy-a05?lang=bn` });
    expect(entries[0]!.lastmod).toBeUndefined();
  });

  it('with no phones: the pages file only; an address the index never gave is not found', async () => {
    expect(locs((await get('/sitemap.xml')).text)).toEqual([`${origin}/sitemap-pages.xml`]);
    expect((await get('/sitemap-phones-1.xml')).text).toContain('<urlset');
    const cursor = '2025-01-02T03%3A04%3A05.123456Z_0b7c1f0e-8a3e-4f5b-9c6d-0123456789ab';
    for (const url of [
      '/sitemap-phones-2.xml',
      `/sitemap-phones-1.xml?after=${cursor}`,
      '/sitemap-phones-0.xml',
      '/sitemap-phones-x.xml',
      '/sitemap-phones-2.xml?after=garbage',
      "/sitemap-phones-2.xml?after=2025-01-02T03:04:05.123456Z_1'%20or%201=1",
      `/sitemap-phones-2.xml?after=${cursor}&after=${cursor}`,
      '/sitemaps/phones-1.xml',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.text, url).toContain('Page not found');
    }
    // A cursor past every phone is an empty file.
    expect((await get(`/sitemap-phones-2.xml?after=${cursor.replace('2025', '2999')}`)).text).not.toContain('<url>');
  });
});

/** The sellers' files the index names, each fetched by the address it gives. */
async function sellerFiles() {
  const files = locs((await get('/sitemap.xml')).text).filter((l) => l.includes('/sitemap-sellers-'));
  return Promise.all(files.map(async (f) => ({ address: f, ...(await get(f.replace(origin, ''))) })));
}
/** The sellers a sitemap file names (their English addresses). */
const sellersIn = (xml: string) => urls(xml).flatMap((u) => (u.loc.includes('?lang=') ? [] : [u.loc.replace(`${origin}/seller/`, '')]));

describe("the sellers' pages", () => {
  it('every seller with a phone for sale, in both languages, paged by id; not those with none for sale or suspended', async () => {
    const brand = await createCategory(ctx.app, 'Samsung');
    const sellers = [];
    for (let i = 0; i < 5; i++) {
      const seller = await signUp(ctx.app, 'Seller');
      const phone = await postProduct(ctx.app, seller, brand.id, { productName: `Galaxy ${i}` });
      sellers.push({ ...seller, phone });
    }
    const [sold, suspended] = [sellers[3]!, sellers[4]!];
    expect((await callRoute(ctx.app, 'markSold', { params: { id: sold.phone._id }, token: sold.token })).status).toBe(200);
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended._id));
    // A seller with no phone at all is not there either.
    await signUp(ctx.app, 'Seller');
    ctx.app.publicCache.invalidate();

    const read = await sellerFiles();
    expect(read.map((f) => f.status)).toEqual([200, 200]);
    expect(read[1]!.address).toMatch(new RegExp(`/sitemap-sellers-2\\.xml\\?after=[0-9a-f-]{36}$`));
    const listed = sellers
      .slice(0, 3)
      .map((s) => s._id)
      .sort();
    expect(read.map((f) => sellersIn(f.text))).toEqual([listed.slice(0, 2), listed.slice(2)]);
    const page = `${origin}/seller/${listed[0]}`;
    const [en, bn] = urls(read[0]!.text);
    expect(en).toMatchObject({ loc: page, alternates: { en: page, bn: `${page}?lang=bn`, 'x-default': page } });
    expect(bn!.loc).toBe(`${page}?lang=bn`);
    // Its lastmod is the seller's newest phone for sale.
    const newest = sellers.find((s) => s._id === listed[0])!.phone;
    const [row] = await ctx.app.db.select({ at: products.createdAt }).from(products).where(eq(products.id, newest._id));
    expect(en!.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(Math.floor(Date.parse(en!.lastmod!))).toBe(row!.at.getTime());
  });

  it('an address the index never gave is not found', async () => {
    for (const url of [
      '/sitemap-sellers-2.xml',
      `/sitemap-sellers-1.xml?after=${randomUUID()}`,
      '/sitemap-sellers-2.xml?after=x',
      "/sitemap-sellers-2.xml?after=1'%20or%201=1",
      '/sitemap-sellers-0.xml',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
    }
    expect((await get(`/sitemap-sellers-2.xml?after=${randomUUID()}`)).status).toBe(200);
  });
});

describe('robots.txt', () => {
  it('lets crawlers read the public pages, keeps them out of the API, the dashboard and signing in, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/dashboard', '/login', '/signup', '/forgot-password', '/reset-password', '/verify-email', '/still-available/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Search results are crawled (their links lead to phones) but carry noindex; pictures are for link previews.
    expect(res.text).not.toMatch(/Disallow: \/(search|uploads|detail-product|category|seller)/);
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
