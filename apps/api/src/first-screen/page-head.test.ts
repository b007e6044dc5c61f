import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, users } from '../db/schema.ts';
import { createCategory, postProduct, signUp, uploadedPicture } from '../../test/fixtures.ts';
import { call, useTestApp } from '../../test/helper.ts';
import { builtWebApp, headOf } from './test-pages.ts';
import { callRoute } from '../../test/call-route.ts';

const origin = 'https://phones.example.com';
const ctx = useTestApp({ webDist: builtWebApp(), publicUrl: origin });
const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await call(ctx.app, { method: 'GET', url, headers });
  return { ...res, html: res.body as string, head: headOf(res.body as string) };
};

async function phone(overrides: Record<string, unknown> = {}) {
  const seller = await signUp(ctx.app, 'Seller', 'Karim Traders');
  const samsung = await createCategory(ctx.app, 'Samsung');
  const [cover, back] = [await uploadedPicture(ctx.app, seller), await uploadedPicture(ctx.app, seller)];
  const product = await postProduct(ctx.app, seller, samsung.id, {
    productName: 'Galaxy S23 Ultra',
    resalePrice: 25000,
    condition: 'Excellent',
    location: 'Gulshan, Dhaka',
    model: 'SM-S918B',
    colour: 'Phantom Black',
    img: cover,
    images: [cover, back],
    ...overrides,
  });
  return { seller, samsung, product, pictures: [cover!, back!] };
}

describe("a phone's page, read without JavaScript (a crawler, a link preview)", () => {
  it('names the phone, its price and picture, and describes it as a schema.org Product with its Offer', async () => {
    const { seller, samsung, product, pictures } = await phone();
    const { status, html, head } = await page(`/detail-product/${product._id}`);
    expect(status).toBe(200);
    const url = `${origin}/detail-product/${product._id}`;

    // The template's own title and description are replaced, not added to.
    expect(head.titles).toEqual(['Galaxy S23 Ultra — 25,000 BDT | Resale Phones']);
    expect(head.meta('description')).toHaveLength(1);
    expect(head.one('description')).toBe(
      '25,000 BDT. Condition: Excellent. Location: Gulshan, Dhaka. Seller: Karim Traders. Battery health 88%, no scratches, box included.',
    );
    expect(head.one('robots')).toBe('max-image-preview:large');
    expect(head.lang).toBe('en');
    expect(head.canonical).toEqual([url]);
    expect(head.alternates).toEqual({ en: url, bn: `${url}?lang=bn`, 'x-default': url });

    // Open Graph and the Twitter card: the phone's share card (decision 060), a JPEG every preview shows, as an absolute address.
    expect(head.one('og:type')).toBe('product');
    expect(head.one('og:title')).toBe('Galaxy S23 Ultra — 25,000 BDT');
    expect(head.one('og:url')).toBe(url);
    expect(head.one('og:site_name')).toBe('Resale Phones');
    expect(head.one('og:locale')).toBe('en_US');
    const card = new RegExp(`^${origin}/share/phone/${product._id}\\.jpg\\?v=[0-9a-f]{16}$`);
    expect(head.one('og:image')).toMatch(card);
    expect([head.one('og:image:width'), head.one('og:image:height'), head.one('og:image:type')]).toEqual(['1200', '630', 'image/jpeg']);
    expect(head.one('og:image:alt')).toBe('Galaxy S23 Ultra — 25,000 BDT');
    expect(head.one('product:price:amount')).toBe('25000');
    expect(head.one('product:price:currency')).toBe('BDT');
    expect(head.one('twitter:card')).toBe('summary_large_image');
    expect(head.one('twitter:image')).toMatch(card);
    // The body draws the same picture and name.
    expect(html).toContain(`<img src="${pictures[0]}"`);
    expect(html).toContain('<h1 class="text-2xl font-bold md:text-3xl">Galaxy S23 Ultra</h1>');

    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Galaxy S23 Ultra',
      image: pictures.map((p) => `${origin}${p}`),
      description: 'Battery health 88%, no scratches, box included.',
      sku: product._id,
      productID: product._id,
      brand: { '@type': 'Brand', name: samsung.name },
      model: 'SM-S918B',
      color: 'Phantom Black',
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        url,
        price: 25000,
        priceCurrency: 'BDT',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        seller: { '@type': 'Person', name: 'Karim Traders', url: `${origin}/seller/${seller._id}` },
      },
    });
  });

  it('in Bangla: <html lang="bn">, Bangla words and digits, the Bangla address as canonical', async () => {
    const { product } = await phone();
    const { html, head } = await page(`/detail-product/${product._id}?lang=bn`);
    const url = `${origin}/detail-product/${product._id}`;
    expect(head.lang).toBe('bn');
    expect(head.titles).toEqual(['Galaxy S23 Ultra — ৳২৫,০০০ | Resale Phones']);
    expect(head.one('description')).toMatch(/^দাম ৳২৫,০০০। অবস্থা: চমৎকার। এলাকা: Gulshan, Dhaka। বিক্রেতা: Karim Traders। /);
    expect(head.canonical).toEqual([`${url}?lang=bn`]);
    expect(head.alternates).toEqual({ en: url, bn: `${url}?lang=bn`, 'x-default': url });
    expect(head.one('og:url')).toBe(`${url}?lang=bn`);
    expect(head.one('og:locale')).toBe('bn_BD');
    expect(head.one('og:locale:alternate')).toBe('en_US');
    expect(head.jsonLd[0]!.offers).toMatchObject({ url: `${url}?lang=bn`, price: 25000, priceCurrency: 'BDT' });
    // The shell's own words stay English until the web app's translations reach the server.
    expect(html).toContain('Resale Phones</a>');
  });

  it('takes its language from ?lang=, else the lang cookie, else Accept-Language, else English; and says so in Vary', async () => {
    const { product } = await phone();
    const url = `/detail-product/${product._id}`;
    const cases: [string, Record<string, string>, 'en' | 'bn'][] = [
      [url, {}, 'en'],
      [url, { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' }, 'bn'],
      [url, { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5,bn;q=0.4' }, 'en'],
      [url, { cookie: 'theme=dark; lang=bn' }, 'bn'],
      [url, { cookie: 'lang=bn', 'accept-language': 'en' }, 'bn'],
      [url, { cookie: 'lang=en', 'accept-language': 'bn' }, 'en'],
      [`${url}?lang=en`, { cookie: 'lang=bn', 'accept-language': 'bn' }, 'en'],
      [`${url}?lang=bn`, { cookie: 'lang=en' }, 'bn'],
      // A language we do not have is no choice: the next source decides.
      [`${url}?lang=fr`, { cookie: 'lang=bn' }, 'bn'],
      [url, { cookie: 'lang=xx', 'accept-language': 'bn' }, 'bn'],
    ];
    for (const [address, headers, lang] of cases) {
      const res = await page(address, headers);
      expect(res.head.lang, `${address} ${JSON.stringify(headers)}`).toBe(lang);
      expect(res.head.one('og:locale')).toBe(lang === 'bn' ? 'bn_BD' : 'en_US');
      expect(String(res.headers.vary)).toMatch(/cookie, accept-language/);
    }
  });

  it("names its addresses from PUBLIC_URL, never from the request's Host or X-Forwarded-Host", async () => {
    const { product } = await phone();
    const { html, head } = await page(`/detail-product/${product._id}`, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(head.canonical).toEqual([`${origin}/detail-product/${product._id}`]);
    expect(html).not.toContain('evil.example');
  });

  it("writes a seller's words as text: in the title, the attributes and the JSON-LD, which no '<' can end", async () => {
    const evil = `</script><script>alert(1)</script> "Quoted" & 'single' $' $& <img src=x onerror=alert(2)>`;
    const { product } = await phone({
      productName: evil,
      description: `${evil} in the description`,
      location: `"><script>alert(3)</script>`,
      district: 'dhaka',
    });
    const { html, head } = await page(`/detail-product/${product._id}`);
    // boot.js, the inlined answers, the JSON-LD: no other script element.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
    expect(ld).not.toContain('<');
    expect(head.jsonLd[0]).toMatchObject({ name: evil, description: `${evil} in the description` });
    expect(head.titles).toEqual([`${evil} — 25,000 BDT | Resale Phones`]);
    expect(head.one('og:title')).toBe(`${evil} — 25,000 BDT`);
    expect(head.one('og:image:alt')).toBe(`${evil} — 25,000 BDT`);
    expect(head.one('description')).toContain('Location: "><script>alert(3)</script>, Dhaka.');
    // "$'" and '$&' stay text: the template is not pasted into the page a second time.
    expect(html.match(/<div id="root"[ >]/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });
});

describe('the other pages say what they are', () => {
  it('home, a brand (its filters and sorts share its canonical), a seller: indexable, in both languages', async () => {
    const { seller, samsung, product } = await phone();
    const home = (await page('/')).head;
    expect(home.titles).toEqual(['Resale Phones — buy and sell second-hand phones in Bangladesh']);
    expect(home.canonical).toEqual([`${origin}/`]);
    expect(home.alternates).toEqual({ en: `${origin}/`, bn: `${origin}/?lang=bn`, 'x-default': `${origin}/` });
    expect(home.one('og:type')).toBe('website');
    expect((await page('/?lang=bn')).head.titles).toEqual(['Resale Phones — বাংলাদেশে সেকেন্ড-হ্যান্ড ফোন কেনাবেচা']);

    const brand = `${origin}/category/${samsung.id}`;
    for (const address of [`/category/${samsung.id}`, `/category/${samsung.id}?sort=price_asc&condition=Good`]) {
      const { head } = await page(address);
      expect(head.titles).toEqual(['Samsung phones | Resale Phones']);
      expect(head.canonical).toEqual([brand]);
      expect(head.one('robots')).toBe('max-image-preview:large');
    }
    // A brand's page shows its newest phone's picture in a shared link.
    expect((await page(`/category/${samsung.id}`)).head.one('og:image')).toBe(`${origin}${product.img}`);
    const bangla = (await page(`/category/${samsung.id}`, { cookie: 'lang=bn' })).head;
    expect(bangla.titles).toEqual(['Samsung ফোন | Resale Phones']);
    expect(bangla.canonical).toEqual([`${brand}?lang=bn`]);

    const sellerPage = (await page(`/seller/${seller._id}`)).head;
    expect(sellerPage.titles).toEqual(['Karim Traders — phones for sale and reviews | Resale Phones']);
    expect(sellerPage.one('description')).toBe('Karim Traders sells second-hand phones on Resale Phones. No reviews yet. 0 sold, 1 for sale now.');
    expect(sellerPage.canonical).toEqual([`${origin}/seller/${seller._id}`]);
    // Their share card (decision 060), no longer their avatar.
    expect(sellerPage.one('twitter:card')).toBe('summary_large_image');
    expect(sellerPage.one('og:image')).toMatch(new RegExp(`^${origin}/share/seller/${seller._id}\\.jpg\\?v=[0-9a-f]{16}$`));
    expect((await page(`/seller/${seller._id}?lang=bn`)).head.one('description')).toBe(
      'Karim Traders Resale Phones-এ সেকেন্ড-হ্যান্ড ফোন বিক্রি করেন। এখনো কোনো রিভিউ নেই। বিক্রি হয়েছে ০টি, এখন বিক্রির জন্য আছে ১টি।',
    );
  });

  it('a search: its query in the title, followed but not indexed', async () => {
    const { head } = await page('/search?q=galaxy%20s23');
    expect(head.titles).toEqual(['Search results for “galaxy s23” | Resale Phones']);
    expect(head.one('robots')).toBe('noindex,follow');
    expect(head.canonical).toEqual([`${origin}/search?q=galaxy%20s23`]);
    expect(head.alternates.bn).toBe(`${origin}/search?q=galaxy%20s23&lang=bn`);
    expect((await page('/search?q=galaxy&lang=bn')).head.titles).toEqual(['“galaxy” খোঁজার ফলাফল | Resale Phones']);
    expect((await page('/search')).head.titles).toEqual(['Search phones | Resale Phones']);
  });

  it('private and other pages: the default title, noindex, no canonical', async () => {
    for (const address of ['/signup', '/dashboard', '/dashboard/myOrders', '/reset-password?code=x']) {
      const { status, head } = await page(address);
      expect(status, address).toBe(200);
      expect(head.titles, address).toEqual(['Resale Phones']);
      expect(head.one('robots'), address).toBe('noindex');
      expect(head.canonical, address).toEqual([]);
      expect(head.jsonLd, address).toEqual([]);
    }
  });

  it('the login and the blog, drawn by the server (issue 35): named as the app names them, in Bangla too, still noindex', async () => {
    for (const [address, title] of [
      ['/login', 'Login | Resale Phones'],
      ['/blog', 'Questions and Answers | Resale Phones'],
      ['/login?lang=bn', 'লগইন | Resale Phones'],
      ['/blog?lang=bn', 'প্রশ্ন ও উত্তর | Resale Phones'],
    ] as const) {
      const { status, head } = await page(address);
      expect(status, address).toBe(200);
      expect(head.titles, address).toEqual([title]);
      expect(head.one('robots'), address).toBe('noindex');
      expect(head.canonical, address).toEqual([]);
    }
  });

  it('expired (issue 36): noindex and its own words, off search until its seller renews it', async () => {
    const { product: expired } = await phone();
    await ctx.app.db.update(products).set({ status: 'expired' }).where(eq(products.id, expired._id));
    ctx.app.publicCache.invalidate();
    const gone = await page(`/detail-product/${expired._id}?lang=bn`);
    expect(gone.status).toBe(404);
    expect(gone.head.titles).toEqual(['Galaxy S23 Ultra — মেয়াদ শেষ | Resale Phones']);
    expect(gone.head.one('robots')).toBe('noindex');
    expect(gone.head.canonical).toEqual([]);
    expect(gone.head.jsonLd).toEqual([]);
    expect(gone.html).toContain('<h1 class="text-3xl font-bold">এই বিজ্ঞাপনের মেয়াদ শেষ হয়ে গেছে</h1>');
  });

  it("sold, hidden, unknown: noindex, with the page's own words in its language", async () => {
    const { seller, product } = await phone();
    await callRoute(ctx.app, 'markSold', { params: { id: product._id }, token: seller.token });
    const sold = await page(`/detail-product/${product._id}?lang=bn`);
    expect(sold.status).toBe(410);
    expect(sold.head.titles).toEqual(['Galaxy S23 Ultra — বিক্রি হয়ে গেছে | Resale Phones']);
    expect(sold.head.one('robots')).toBe('noindex');
    expect(sold.head.jsonLd).toEqual([]);
    expect(sold.html).toContain('<h1 class="text-3xl font-bold">এই ফোনটি বিক্রি হয়ে গেছে</h1>');
    expect(sold.html).toContain('>আরও Samsung ফোন</a>');

    // A sold listing is never deleted (issue 29): its seller hides it, and its page is then not there.
    expect((await callRoute(ctx.app, 'hideProduct', { params: { id: product._id }, token: seller.token })).status).toBe(200);
    const deleted = await page(`/detail-product/${product._id}`);
    expect(deleted.status).toBe(404);
    expect(deleted.head.titles).toEqual(['Page not found | Resale Phones']);
    expect(deleted.head.one('robots')).toBe('noindex');
    expect((await page('/no-such-page', { 'accept-language': 'bn' })).html).toContain('<h1 class="text-3xl font-bold">পাতাটি পাওয়া যায়নি</h1>');

    // A suspended seller's page and phones are not there for anyone.
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, seller._id));
    ctx.app.publicCache.invalidate();
    expect((await page(`/seller/${seller._id}`)).status).toBe(404);
  });
});
