import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { call, runJobs, useTestApp } from '../../test/helper.ts';
import { createAdmin, createCategory, markPaid, markSold, postProduct, signUp } from '../../test/fixtures.ts';
import { pricesPath } from '@market/contract';
import { eq, sql } from 'drizzle-orm';
import { phoneModels, products } from '../db/schema.ts';
import { queueListingExpiry } from '../modules/listing-terms/service.ts';
import { builtWebApp } from './test-pages.ts';
import { callRoute, routePath } from '../../test/call-route.ts';

// The public pages come rendered by the web app's own components (apps/web/src/entry-server.tsx, imported
// from its source here as vitest.config.ts compiles it), with the answers they were drawn from for the
// browser to hydrate from (decision 033); the others come with the shell.

const webDist = builtWebApp();
const ctx = useTestApp({ webDist });
const page = (url: string, token?: string) => call(ctx.app, { method: 'GET', url, token });

interface Answer {
  name: string;
  arg: unknown;
  value: unknown;
}
/** The API answers the page carries for the web app, as its cache keeps them. */
const answers = (html: string): Answer[] =>
  JSON.parse(/<script type="application\/json" id="first-screen">(.*?)<\/script>/s.exec(html)?.[1] ?? '[]') as Answer[];
const answer = (html: string, name: string) => answers(html).find((a) => a.name === name);
const preload = (html: string) => /<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/.exec(html)?.[1] ?? null;
/** Whether the page's #root holds the app's render (hydrated by main.tsx) rather than the shell. */
const drawn = (html: string) => html.includes('<div id="root" data-drawn="server">');
/** The text of the page without its tags, as a reader without JS or a crawler takes it in. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const apple = await createCategory(ctx.app, 'Apple');
  const samsung = await createCategory(ctx.app, 'Samsung');
  const older = await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S21', resalePrice: 65000, condition: 'Fair' });
  const newer = await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S23' });
  return { seller, apple, samsung, older, newer };
}

describe('a public page comes rendered by the app, with the answers it was drawn from', () => {
  it("/: the header, every category's link, the first advertised picture (preloaded), and the API's own answers", async () => {
    const { seller, apple, samsung, older } = await world();
    expect((await callRoute(ctx.app, 'advertiseProduct', { params: { id: older._id }, token: seller.token })).status).toBe(200);
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body as string;
    expect(drawn(html)).toBe(true);
    expect(html).toMatch(new RegExp(`<a class="btn btn-sm whitespace-nowrap btn-ghost" href="/category/${apple.id}"[^>]*>Apple</a>`));
    expect(html).toMatch(new RegExp(`<a class="btn btn-sm whitespace-nowrap btn-ghost" href="/category/${samsung.id}"[^>]*>Samsung</a>`));
    expect(preload(html)).toBe(older.img);
    // The carousel's slide: a link to the phone, its picture named by it (issue 35).
    expect(html).toContain(`<a class="block" href="/detail-product/${older._id}" data-discover="true"><img src="${older.img}" alt="Galaxy S21"`);
    // The rest of the home page too, below the first screen: the footer's words.
    expect(text(html)).toContain('About Us');
    expect(answer(html, 'categories')!.value).toEqual(((await callRoute(ctx.app, 'categories')).body as { data: unknown }).data);
    expect(answer(html, 'advertisedProducts')!.value).toEqual((await callRoute(ctx.app, 'advertisedProducts')).body);
  });

  it('in Bangla: the header, the filters and the cards in the words and digits the app will show, the switch back to English as a link', async () => {
    const { samsung, newer } = await world();
    const html = (await page(`/category/${samsung.id}?lang=bn`)).body as string;
    expect(html).toContain('<nav class="navbar mx-auto max-w-7xl px-4" aria-label="প্রধান">');
    expect(html).toMatch(/<li><a class="" href="\/"[^>]*>হোম<\/a><\/li>/);
    expect(html).toContain('<li><a href="?lang=en" lang="en">English</a></li>');
    expect(html).toContain('placeholder="ফোন খুঁজুন"');
    expect(html).toContain('<h1 class="mb-6 text-2xl font-bold">Samsung ফোন</h1>');
    // Before the app runs the Filters button is a link that unfolds the filters (issue 35).
    expect(html).toContain('<a href="#search-filters" class="btn btn-ghost w-full justify-between md:hidden">ফিল্টার<span');
    expect(text(html)).toContain(`রিসেল মূল্য : ৳${new Intl.NumberFormat('bn-BD').format(newer.resalePrice)}`);
    expect(text(html)).toContain('২টি ফোন');
    expect(html).not.toMatch(/>(Home|Login|Filters|Sort|Newest)</);
    // English pages keep the spec's words, and offer Bangla.
    const en = (await page(`/category/${samsung.id}`)).body as string;
    expect(en).toContain('<li><a href="?lang=bn" lang="bn">বাংলা</a></li>');
    expect(text(en)).toContain(`Resale price : ${new Intl.NumberFormat('en-IN').format(newer.resalePrice)} tk`);
  });

  it('/category/:id: the category current in the strip, its first page of cards (newest first), its first picture preloaded, its filters with their counts', async () => {
    const { samsung, older, newer } = await world();
    const html = (await page(`/category/${samsung.id}`)).body as string;
    expect(html).toMatch(new RegExp(`<a aria-current="page" class="btn btn-sm whitespace-nowrap btn-primary" href="/category/${samsung.id}"[^>]*>Samsung</a>`));
    expect(html).toContain('<h1 class="mb-6 text-2xl font-bold">Samsung phones</h1>');
    expect(html.indexOf(`href="/detail-product/${newer._id}"`)).toBeGreaterThan(0);
    expect(html.indexOf(`href="/detail-product/${newer._id}"`)).toBeLessThan(html.indexOf(`href="/detail-product/${older._id}"`));
    expect(text(html)).toContain('Resale price : 80,000 tk');
    expect(text(html)).toContain('2 phones');
    expect(preload(html)).toBe(newer.img);
    const products = answer(html, 'categoryProducts')!;
    expect(products.arg).toBe(samsung.id);
    expect(products.value).toEqual({
      pages: [(await callRoute(ctx.app, 'categoryProducts', { params: { id: samsung.id }, query: { limit: 24 } })).body],
      pageParams: [null],
    });
    expect(answer(html, 'searchFacets')).toMatchObject({ arg: { category: [samsung.id] }, value: { total: 2 } });
    // The filters work before the app runs (issue 35): a GET form of the page, its controls named as the URL names them.
    const form = /<form ([^>]*method="get"[^>]*)>([\s\S]*?)<\/form>/.exec(html);
    expect(form?.[1]).toContain(`action="/category/${samsung.id}"`);
    const fields = form![2]!;
    for (const name of ['condition', 'storage', 'minBattery', 'minPrice', 'maxPrice', 'division', 'district', 'location', 'verified'])
      expect(fields, name).toContain(`name="${name}"`);
    expect(fields).toMatch(/<input type="checkbox" class="checkbox checkbox-sm" name="condition" value="Fair"/);
    expect(fields).toContain('<button type="submit" class="btn btn-primary w-full">Show phones</button>');
  });

  it('/category/:id with a filter or a sort: the phones the search finds, in its order', async () => {
    const { samsung, older, newer } = await world();
    const html = (await page(`/category/${samsung.id}?condition=Fair&sort=price_asc`)).body as string;
    expect(drawn(html)).toBe(true);
    expect(html).toContain('<h1 class="mb-6 text-2xl font-bold">Samsung phones</h1>');
    expect(html).toContain(`href="/detail-product/${older._id}"`);
    expect(html).not.toContain(`href="/detail-product/${newer._id}"`);
    expect(text(html)).toContain('1 phone');
    expect(answer(html, 'searchProducts')).toMatchObject({ arg: { condition: ['Fair'], sort: 'price_asc', category: [samsung.id] } });
    // Parameters the page does not read leave it the plain list.
    const tracked = (await page(`/category/${samsung.id}?utm_source=facebook`)).body as string;
    expect(tracked).toContain(`href="/detail-product/${newer._id}"`);
    expect(tracked).toContain(`href="/detail-product/${older._id}"`);
  });

  it('/search?q=: the matching phones and their count, in the HTML', async () => {
    const { older, newer } = await world();
    const html = (await page('/search?q=galaxy%20s21')).body as string;
    expect(drawn(html)).toBe(true);
    expect(html).toContain(`href="/detail-product/${older._id}"`);
    expect(html).not.toContain(`href="/detail-product/${newer._id}"`);
    expect(text(html)).toContain('Galaxy S21');
    expect(answer(html, 'searchProducts')).toMatchObject({ arg: { q: 'galaxy s21' } });
  });

  it("/detail-product/:id: the phone's picture (preloaded), name, price, specs and description, with the seller's standing", async () => {
    const { seller, older, newer } = await world();
    const html = (await page(`/detail-product/${newer._id}`)).body as string;
    expect(drawn(html)).toBe(true);
    expect(html).toMatch(/<h1 class="text-2xl font-bold md:text-3xl">Galaxy S23<\/h1>/);
    expect(preload(html)).toBe(newer.img);
    expect(text(html)).toContain('80,000 BDT');
    expect(text(html)).toContain('Battery health 88%, no scratches, box included.');
    expect(text(html)).toContain(seller.name);
    // The first screen (issue 35): the name, price, condition and place and the main action (signed out: the way to
    // log in, in the bar a phone's screen keeps at its bottom), before the specs and the seller.
    const root = html.slice(html.indexOf('<div id="root"'));
    const at = ['Galaxy S23</h1>', '80,000 BDT', 'Condition', 'Location', 'Login for Order', 'Year of Used', seller.name].map((words) => root.indexOf(words));
    const [firstScreen, after] = [at.slice(0, 5), at.slice(5)];
    expect(Math.min(...at)).toBeGreaterThan(0);
    expect(firstScreen).toEqual([...firstScreen].sort((a, b) => a - b));
    expect(Math.max(...firstScreen)).toBeLessThan(Math.min(...after));
    expect(root).toMatch(/<div data-bottom-bar="" class="fixed [^"]*">.*?Login for Order<\/a><\/div>/);
    expect(answer(html, 'product')!.value).toEqual(((await callRoute(ctx.app, 'product', { params: { id: newer._id } })).body as { data: unknown }).data);
    expect(answer(html, 'sellerProfile')!.arg).toBe(seller._id);
    // Phones like it, drawn with the page (issue 34): the older Galaxy is of its brand, within a quarter of its price.
    expect(text(html)).toContain('Similar phones');
    expect(html).toContain(`href="/detail-product/${older._id}"`);
    expect(answer(html, 'similarProducts')).toMatchObject({ arg: newer._id, value: [{ _id: older._id }] });
  });

  it("/seller/:id: the seller's name and phones on sale", async () => {
    const { seller, newer } = await world();
    const html = (await page(`/seller/${seller._id}`)).body as string;
    expect(drawn(html)).toBe(true);
    expect(text(html)).toContain(seller.name);
    expect(html).toContain(`href="/detail-product/${newer._id}"`);
  });

  it("/prices/:brand/:model: the model's usual prices, its sales as a chart and a table, the way to its phones, in Bangla too", async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const brand = await createCategory(ctx.app, `Brand ${randomUUID().slice(0, 6)}`);
    const [model] = await ctx.app.db
      .insert(phoneModels)
      .values({ categoryId: brand.id, name: 'Galaxy Z9', nameBn: 'গ্যালাক্সি জেড৯', slug: 'galaxy-z9' })
      .returning();
    const phone = (price: number) =>
      postProduct(ctx.app, seller, brand.id, { productName: 'Galaxy Z9', phoneModelId: model!.id, storageGb: 256, condition: 'Good', resalePrice: price });
    await phone(52_000);
    const sold = await phone(50_000);
    const buyer = await signUp(ctx.app, 'Buyer');
    const booked = await callRoute(ctx.app, 'book', {
      token: buyer.token,
      body: { productId: sold._id, meetingLocation: 'Mirpur', mobileNumber: '01911-222333' },
    });
    await markPaid(ctx.app, booked.body.data._id, { sold: true });
    await runJobs(ctx.app);

    const path = pricesPath(brand.name, 'galaxy-z9');
    const res = await page(path);
    expect(res.status).toBe(200);
    const html = res.body as string;
    expect(drawn(html)).toBe(true);
    expect(html).toContain(`<title>Used ${brand.name} Galaxy Z9 prices in Bangladesh | Resale Phones</title>`);
    const words = text(html);
    // One phone asks 52,000 (too few sales for a guide of sales), one sale of 50,000 on the chart and in the table.
    expect(words).toContain(`Used ${brand.name} Galaxy Z9 prices`);
    expect(words).toContain('256 GB, Good 52,000 BDT 1 asking price (too few sales yet)');
    // The price axis around the one sale: a line below and above it.
    expect(words).toContain('49,000 tk 49,500 tk 50,000 tk 50,500 tk 51,000 tk');
    expect(html).toMatch(/<svg viewBox="0 0 360 280" role="img" aria-label="Each dot a sale: its day across, its price up. 1 sale."/);
    expect(html).toContain('50,000 BDT, Good</title>');
    expect(words).toContain('The sales as a table');
    expect(html).toContain('See the 1 for sale now');
    expect(answer(html, 'modelPrices')!.value).toMatchObject({ model: { _id: model!.id }, forSale: 1 });
    // Its head: canonical, both languages, schema.org's Product of the model with the guide's range.
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+${path}">`));
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: `${brand.name} Galaxy Z9`,
      model: 'Galaxy Z9',
      offers: { '@type': 'AggregateOffer', lowPrice: 52_000, highPrice: 52_000, offerCount: 1, priceCurrency: 'BDT' },
    });

    const bn = (await page(`${path}?lang=bn`)).body as string;
    expect(text(bn)).toContain('গ্যালাক্সি জেড৯');
    expect(text(bn)).toContain(`পুরোনো ${brand.name} Galaxy Z9-এর দাম`);
    expect(bn).toContain('৳৫২,০০০');
    expect(bn).toContain(`<title>বাংলাদেশে পুরোনো ${brand.name} Galaxy Z9-এর দাম | Resale Phones</title>`);
    expect(bn).toMatch(/<meta name="description" content="[^"]*গত ৯০ দিনে ১টি বিক্রি[^"]*এখন বিক্রির জন্য আছে ১টি।">/);
    // No such model, an address that is no slug: not found.
    for (const missing of [pricesPath(brand.name, 'galaxy-z10'), `/prices/${encodeURIComponent('Brand X')}/galaxy-z9`])
      expect((await page(missing)).status, missing).toBe(404);
  });

  it('/login: the form drawn by the app, posting (never a password in an address), its buttons waiting for the app and saying so, in Bangla too', async () => {
    for (const url of ['/login', '/LOGIN/']) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      const html = res.body as string;
      expect(drawn(html), url).toBe(true);
      expect(html).toContain('<h1 class="text-center text-3xl font-bold">Login</h1>');
      expect(html).toMatch(/<form class="space-y-3" noValidate="" method="post">/);
      expect(html).toMatch(/<input type="email" autoComplete="email" class="input input-bordered w-full" name="email"/);
      expect(html).toMatch(/<input type="password" autoComplete="current-password" class="input input-bordered w-full" name="password"/);
      // Signing in is the app's (its session is a token it keeps): until it runs the buttons are disabled, and say why.
      expect(html).toContain('<button type="submit" class="btn btn-primary w-full" disabled="">Login</button>');
      expect(html).toMatch(/<button type="button" class="btn btn-outline btn-primary w-full" disabled="">Use Demo Account<\/button>/);
      expect(html).toMatch(/<button type="button" class="btn btn-outline w-full" disabled="">.*CONTINUE WITH GOOGLE<\/button>/s);
      expect(text(html)).toContain('Login works once the page has finished loading (it needs JavaScript).');
      expect(html).toContain('href="/signup"');
      expect(html).toContain('href="/forgot-password"');
    }
    const bn = (await page('/login?lang=bn')).body as string;
    expect(bn).toContain('<h1 class="text-center text-3xl font-bold">লগইন</h1>');
    expect(text(bn)).toContain('পেজটি পুরো লোড হলে লগইন করা যাবে');
    expect(text(bn)).toContain('নতুন অ্যাকাউন্ট খুলুন');
  });

  it('/blog: its questions and answers, drawn by the app, in Bangla too', async () => {
    const res = await page('/blog');
    expect(res.status).toBe(200);
    const html = res.body as string;
    expect(drawn(html)).toBe(true);
    expect(html).toContain('<h1 class="mb-8 text-center text-3xl font-bold">Questions and Answers</h1>');
    expect(html.match(/<article /g)).toHaveLength(4);
    expect(text(html)).toContain('What are the different ways to manage state in a React application?');
    expect(text(html)).toContain('How does prototypal inheritance work?');
    const bn = (await page('/blog?lang=bn')).body as string;
    expect(bn).toContain('<h1 class="mb-8 text-center text-3xl font-bold">প্রশ্ন ও উত্তর</h1>');
    expect(bn.match(/<article /g)).toHaveLength(4);
  });

  it('a sold phone: 410 and the sold page (the shell: the app shows its own) with phones like it, and no answers', async () => {
    const { samsung, older, newer } = await world();
    await markSold(ctx.app, newer._id);
    const res = await page(`/detail-product/${newer._id}`);
    expect(res.status).toBe(410);
    const html = res.body as string;
    expect(drawn(html)).toBe(false);
    expect(html).toContain('<h1 class="text-3xl font-bold">This phone has been sold</h1>');
    expect(html).toContain(
      `<a href="/category/${samsung.id}" class="btn btn-primary">More Samsung phones</a><a href="/" class="btn btn-ghost">Back to Home</a>`,
    );
    // The way on without scripts (issue 34): the phones like it, as links with their prices.
    expect(html).toContain('<h2 id="similar-phones" class="mb-4 text-xl font-bold">Similar phones</h2>');
    expect(html).toContain(
      `<a href="/detail-product/${older._id}" class="link link-hover block rounded-box p-3 ring-1 ring-base-200"><span class="block font-semibold">Galaxy S21</span><span class="block text-primary">65,000 BDT</span></a>`,
    );
    expect(preload(html)).toBeNull();
    expect(answers(html)).toEqual([]);
    expect(html).toContain('<script src="/boot.js"');
  });

  it('an expired listing (issue 36): 404 and its own page (the shell) with phones like it; renewed, its page is back', async () => {
    const { seller, samsung, older, newer } = await world();
    // Its term ended: the hourly housekeeping queues the expiry job, which expires it.
    await ctx.app.db
      .update(products)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(products.id, newer._id));
    expect(await queueListingExpiry(ctx.app.db)).toBe(true);
    await runJobs(ctx.app);
    const res = await page(`/detail-product/${newer._id}`);
    expect(res.status).toBe(404);
    const html = res.body as string;
    expect(drawn(html)).toBe(false);
    expect(html).toContain('<h1 class="text-3xl font-bold">This listing has expired</h1>');
    expect(html).toContain(
      `<a href="/category/${samsung.id}" class="btn btn-primary">More Samsung phones</a><a href="/" class="btn btn-ghost">Back to Home</a>`,
    );
    expect(html).toContain(`<a href="/detail-product/${older._id}" class="link link-hover block rounded-box p-3 ring-1 ring-base-200">`);
    expect(answers(html)).toEqual([]);
    const bn = (await page(`/detail-product/${newer._id}?lang=bn`)).body as string;
    expect(bn).toContain('<h1 class="text-3xl font-bold">এই বিজ্ঞাপনের মেয়াদ শেষ হয়ে গেছে</h1>');

    expect((await callRoute(ctx.app, 'renewProduct', { params: { id: newer._id }, token: seller.token })).status).toBe(200);
    const renewed = await page(`/detail-product/${newer._id}`);
    expect(renewed.status).toBe(200);
    expect(drawn(renewed.body as string)).toBe(true);
  });

  it("an unknown or malformed phone, brand or seller and a path that is no page: 404 with the header and categories; the app's other pages: 200", async () => {
    const { seller } = await world();
    const missing = [
      `/detail-product/${randomUUID()}`,
      '/detail-product/not-an-id',
      `/category/${randomUUID()}`,
      '/category/1%20OR%201=1',
      `/seller/${randomUUID()}`,
      '/seller/x',
      '/no/such/page',
      '/assets/gone-since-the-last-build.js',
      `/detail-product/${seller._id}/extra`,
    ];
    // The expiry reminder's one tap (issue 36): the app asks what its key is for.
    const shells = [
      '/dashboard/myOrders',
      '/dashboard/no-such-tab',
      '/signup',
      '/verify-email',
      `/still-available/${randomUUID()}.1790000000.${'A'.repeat(43)}`,
    ];
    for (const url of [...missing, ...shells]) {
      const res = await page(url);
      expect(res.status, url).toBe(missing.includes(url) ? 404 : 200);
      const html = res.body as string;
      expect(drawn(html), url).toBe(false);
      expect(html, url).toContain('aria-label="Categories"');
      expect(preload(html), url).toBeNull();
      if (missing.includes(url)) expect(html, url).toContain('<h1 class="text-3xl font-bold">Page not found</h1>');
    }
  });

  it("carries only what anyone may see: a signed-in admin's page holds the same answers as a visitor's", async () => {
    const { samsung } = await world();
    const admin = await createAdmin(ctx.app);
    const visitor = (await page(`/category/${samsung.id}`)).body as string;
    const signedIn = (await page(`/category/${samsung.id}`, admin.token)).body as string;
    expect(answers(signedIn)).toEqual(answers(visitor));
    expect(signedIn).toEqual(visitor);
  });

  it('names from sellers stay text: escaped in the HTML, and no "<" inside the inlined JSON to end its script', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const category = await createCategory(ctx.app, 'Tricky');
    const evil = `</script><script>alert(1)</script><img src=x onerror=alert(2)> "quoted" & 'single' \u2028`;
    const product = await postProduct(ctx.app, seller, category.id, { productName: evil.slice(0, 120) });
    for (const url of [`/category/${category.id}`, `/detail-product/${product._id}`]) {
      const html = (await page(url)).body as string;
      // boot.js, the inlined answers and, on the phone's page, its JSON-LD.
      expect(html.match(/<script/g)?.length, url).toBe(url.startsWith('/detail') ? 3 : 2);
      expect(html, url).not.toContain('<img src=x');
      expect(html, url).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      const json = /<script type="application\/json" id="first-screen">(.*?)<\/script>/s.exec(html)![1]!;
      expect(json, url).not.toContain('<');
      expect(JSON.stringify(answers(html)), url).toContain('alert(1)');
    }
  });

  it('leaves /api and /uploads alone: an unknown API path is still a JSON 404', async () => {
    // A literal path: it names no route.
    const res = await page('/api/no-such-call');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: 'Route GET /api/no-such-call not found' });
  });
});

describe('a page asks the API each thing once', () => {
  it('what the server read for the status and head, the render takes from the same answers: every URL is asked once per page', async () => {
    const { seller, samsung, newer } = await world();
    for (const url of ['/', `/category/${samsung.id}`, `/detail-product/${newer._id}`, `/seller/${seller._id}`]) {
      const inject = vi.spyOn(ctx.app, 'inject');
      let asked: string[];
      try {
        expect((await page(url)).status, url).toBe(200);
        asked = (inject.mock.calls as unknown as [{ url?: string } | string][]).map(([opts]) => (typeof opts === 'string' ? opts : String(opts.url)));
      } finally {
        inject.mockRestore();
      }
      const api = asked.filter((u) => u.startsWith('/api/'));
      expect(api.length, `${url} asked the API`).toBeGreaterThan(1);
      expect(api, `${url} asked the same URL twice`).toEqual([...new Set(api)]);
    }
  });
});

describe('visitors at the same moment', () => {
  it('ten visitors of one phone at once: one drawing, one read of each API answer, the same page for all', async () => {
    const { newer } = await world();
    const url = `/detail-product/${newer._id}`;
    const inject = vi.spyOn(ctx.app, 'inject');
    let pages;
    let asked: string[];
    try {
      pages = await Promise.all(Array.from({ length: 10 }, () => page(url)));
      asked = (inject.mock.calls as unknown as [{ url?: string } | string][]).map(([opts]) => (typeof opts === 'string' ? opts : String(opts.url)));
    } finally {
      inject.mockRestore();
    }
    expect(pages.map((p) => p.status)).toEqual(Array(10).fill(200));
    expect(new Set(pages.map((p) => p.body)).size).toBe(1);
    const api = asked.filter((u) => u.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(1);
    expect(api, 'an API answer asked twice').toEqual([...new Set(api)]);
  });

  it('two pages drawn at once that both read the brands and the same seller read them once', async () => {
    const { seller, newer, older } = await world();
    const inject = vi.spyOn(ctx.app, 'inject');
    let asked: string[];
    try {
      await Promise.all([page(`/detail-product/${newer._id}`), page(`/detail-product/${older._id}`)]);
      asked = (inject.mock.calls as unknown as [{ url?: string } | string][]).map(([opts]) => (typeof opts === 'string' ? opts : String(opts.url)));
    } finally {
      inject.mockRestore();
    }
    expect(asked.filter((u) => u === routePath('categories'))).toHaveLength(1);
    expect(asked.filter((u) => u === routePath('sellerProfile', { params: { id: seller._id } }))).toHaveLength(1);
  });
});

describe('a page drawn a moment ago is sent again as it was, until a write', () => {
  it('the second visit renders nothing and asks the API nothing; the other language is its own page; a sale is seen at once', async () => {
    const { seller, newer } = await world();
    const url = `/detail-product/${newer._id}`;
    const first = await page(url);
    expect(first.status).toBe(200);

    const inject = vi.spyOn(ctx.app, 'inject');
    let again;
    try {
      again = await page(url);
      expect(inject.mock.calls.length, 'only the test’s own request').toBe(1);
    } finally {
      inject.mockRestore();
    }
    expect(again.status).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['vary']).toBe('cookie, accept-language');

    const bangla = await call(ctx.app, { method: 'GET', url: `${url}?lang=bn` });
    expect(bangla.body as string).toMatch(/<html lang="bn"/);
    expect(first.body as string).toMatch(/<html lang="en"/);
    const banglaByCookie = await call(ctx.app, { method: 'GET', url, headers: { cookie: 'lang=bn' } });
    expect(banglaByCookie.body as string).toMatch(/<html lang="bn"/);

    // The seller marks it sold: the next visit is the sold page (410), not the kept one.
    expect((await callRoute(ctx.app, 'markSold', { params: { id: newer._id }, token: seller.token })).status).toBe(200);
    expect((await page(url)).status).toBe(410);
  });
});
