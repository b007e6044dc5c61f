import { conditions, SearchQuery, type SearchAnswer, type SearchSort } from '@market/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { districtIn } from '@market/contract/places';
import { callRoute } from '../../../test/call-route.ts';
import { useTestApp } from '../../../test/helper.ts';
import { createCategory, markSold, postProduct, signUp } from '../../../test/fixtures.ts';
import { searchInSql } from '../../../test/search-oracle.ts';
import { phoneModels, priceGuide, products, users } from '../../db/schema.ts';
import { isoMicros, micros } from './search-cursor.ts';
import { searchProducts } from './search.ts';

/*
 * The search index (decision 022) against its oracle, the SQL search: every answer equal, page after
 * page, for many random searches; and the index following every kind of write, made behind its back.
 */

const ctx = useTestApp();

/** A small deterministic random source (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const models = ['iPhone 13', 'iPhone 13 Pro Max', 'iPhone 12', 'Galaxy S21', 'Galaxy A54 5G', 'Redmi Note 12', 'iphone  13', 'Pixel 7 Pro', 'Galaxy S21 Ultra'];
const descriptions = [
  'Bought in place of an iPhone 13, which was sold out.',
  'In good order, with its box.',
  'Selling because I switched to a new phone.',
  'Galaxy buds included, charger too.',
  'Screen like new; battery 88%.',
  'আইফোন ১৩ এর চেয়ে ভালো, ব্যাটারি ৮৮%।',
];
/** What the searches look for: English words, typos, unfinished words; Bangla and mixed ones (decision 032). */
const english = ['iphone', 'iPhone 13', '13 iphone', 'galaxi', 'gal', 'samsng galaxy', 'pro max', 'box', 'phone ', 'iphnoe 13', 'nothing'];
const texts = [...english, 'আইফোন ১৩', 'iphone ১৩', 'স্যামসাং গ্যালাক্সি', 'আইফো', 'ব্যাটারি ৮৮'];
/** Places in English, Bangla and an older spelling, and one that names no district (issue 34). */
const places = [
  'Dhanmondi, Dhaka',
  'Mirpur 10, Dhaka',
  'Agrabad, Chattogram',
  'Zindabazar, Sylhet',
  'কান্দিরপাড়, কুমিল্লা',
  'Gazipur Chowrasta',
  'behind the mosque',
];

/**
 * The price guides of the best deal sort (decision 058): for each key of these models (storage × condition) a row or
 * none, its median shown the sales' (5 or more), the asking prices' or none; medians in steps of 5,000 like the
 * prices, so that deals tie.
 */
async function guides(rnd: () => number, models: { id: string }[]) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const median = () => 20_000 + Math.floor(rnd() * 12) * 5_000;
  const rows = models.flatMap((m) =>
    [64, 128, 256].flatMap((storageGb) =>
      conditions.flatMap((condition) => {
        if (rnd() < 0.25) return [];
        const sales = pick([0, 3, 5, 8]);
        const asking = pick([0, 0, 2]);
        return [{ phoneModelId: m.id, storageGb, condition, sales, salesMedian: sales ? median() : null, asking, askingMedian: asking ? median() : null }];
      }),
    ),
  );
  await ctx.app.db.insert(priceGuide).values(rows);
}

/**
 * Three brands, two sellers (one verified), 90 phones, a few sold; some share a creation time to the microsecond; most
 * of a catalogue model, most keys with a price guide.
 */
async function world() {
  const verified = await signUp(ctx.app, 'Seller', 'Verified Seller');
  await ctx.app.db.update(users).set({ sellerVerified: true }).where(eq(users.id, verified._id));
  const other = await signUp(ctx.app, 'Seller', 'New Seller');
  const brands = [await createCategory(ctx.app, 'Apple'), await createCategory(ctx.app, 'Samsung'), await createCategory(ctx.app, 'Xiaomi')];
  const rnd = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const models = await ctx.app.db
    .insert(phoneModels)
    .values(
      brands.flatMap((b, i) => [
        { categoryId: b.id, name: `Model ${i}A`, nameBn: `মডেল ${i}এ`, slug: `model-${i}a` },
        { categoryId: b.id, name: `Model ${i}B`, nameBn: `মডেল ${i}বি`, slug: `model-${i}b` },
      ]),
    )
    .returning();
  await guides(rnd, models);
  const base = Date.parse('2026-06-01T10:00:00Z') * 1000;
  const rows = Array.from({ length: 90 }, (_, i) => ({
    sellerId: i % 3 === 0 ? verified._id : other._id,
    categoryId: brands[i % 3]!.id,
    // Every fifth phone names no catalogue model.
    phoneModelId: i % 5 === 2 ? null : models[(i % 3) * 2 + (rnd() < 0.5 ? 0 : 1)]!.id,
    productName: pick(models),
    img: '/uploads/x.webp',
    phoneNumber: '01712-345678',
    location: pick(places),
    purchase: '2023-05-10',
    // Every thirteenth listing is one from before districts that names none yet.
    district: i % 13 === 0 ? null : undefined,
    originalPrice: 150000,
    resalePrice: 10000 + Math.floor(rnd() * 20) * 5000,
    useYears: 1,
    condition: pick(conditions),
    description: pick(descriptions),
    status: (i % 11 === 0 ? 'sold' : 'available') as 'sold' | 'available',
    // Listings posted before specs were asked say nothing of them.
    storageGb: i % 9 === 0 ? null : pick([64, 128, 256]),
    batteryHealth: i % 8 === 0 ? null : 70 + Math.floor(rnd() * 31),
    // Ties: every fifth phone shares its time with the one before; others differ by microseconds only.
    createdAt: sql`${isoMicros(base + (i - (i % 5 === 4 ? 1 : 0)) * 7)}::timestamptz`,
  }));
  await ctx.app.db.insert(products).values(rows.map((r) => ({ ...r, district: r.district === null ? null : (districtIn(r.location)?.id ?? null) })) as never);
  return { brands, verified, other, catalogue: models };
}

type Params = Record<string, string | string[] | number | undefined>;

function randomSearch(rnd: () => number, brands: { id: string }[]): Params {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const some = <T>(list: readonly T[]) => list.filter(() => rnd() < 0.4);
  const p: Params = { limit: 1 + Math.floor(rnd() * 9) };
  if (rnd() < 0.7) p.q = pick(texts);
  if (rnd() < 0.4) p.category = some(brands).map((b) => b.id);
  if (rnd() < 0.4) p.condition = some(conditions);
  if (rnd() < 0.4) p.minPrice = 10000 + Math.floor(rnd() * 10) * 5000;
  if (rnd() < 0.4) p.maxPrice = Math.max(Number(p.minPrice ?? 0), 30000 + Math.floor(rnd() * 12) * 5000);
  if (rnd() < 0.2) p.location = pick(['dhaka', 'Mirpur', 'sylhet', 'nowhere']);
  if (rnd() < 0.3) p.verified = 'true';
  if (rnd() < 0.15) p.storage = some([64, 128, 256]).map(String);
  if (rnd() < 0.15) p.minBattery = 70 + Math.floor(rnd() * 31);
  if (rnd() < 0.7) p.sort = pick<SearchSort>(['relevance', 'newest', 'price_asc', 'price_desc', 'best_deal']);
  // Issue 34: places in either language and in older spellings.
  if (rnd() < 0.15) p.location = pick(['ঢাকা', 'Chittagong', 'কুমিল্লা', 'Comilla']);
  if (rnd() < 0.15) p.division = pick(['dhaka', 'Chittagong', 'সিলেট', 'chattogram']);
  if (rnd() < 0.15) p.district = pick(['dhaka', 'Comilla', 'ঢাকা', 'gazipur', 'feni']);
  return p;
}

/** Both answers of one search, page after page, until the last. */
async function bothWays(params: Params) {
  const pages: [SearchAnswer, SearchAnswer][] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const query = SearchQuery.parse({ ...params, ...(cursor ? { cursor } : {}) });
    const index = await searchProducts(ctx.app.db, query, ctx.app.searchIndex);
    const oracle = await searchInSql(ctx.app.db, query);
    pages.push([index, oracle]);
    if (!oracle.meta.nextCursor) return pages;
    cursor = oracle.meta.nextCursor;
  }
  throw new Error('more than 100 pages');
}

const ids = (a: SearchAnswer) => a.data.map((p) => p._id);

describe('the search index answers as the SQL search does', () => {
  it('for 150 random searches, page after page: the phones, their order, the cursors, the total and every facet', async () => {
    const { brands } = await world();
    const rnd = random(42);
    let compared = 0;
    let nonEmpty = 0;
    for (let i = 0; i < 150; i++) {
      const params = randomSearch(rnd, brands);
      for (const [index, oracle] of await bothWays(params)) {
        expect(index, JSON.stringify(params)).toEqual(oracle);
        compared++;
        if (index.data.length) nonEmpty++;
      }
    }
    // The searches reach deep: many pages, most of them with phones.
    expect(compared).toBeGreaterThan(400);
    expect(nonEmpty).toBeGreaterThan(300);
    // All of them laid out at load: the changes that made them had committed before it, and are not applied again.
    expect(ctx.app.searchIndex.stats()).toMatchObject({ phones: 81, laidOut: 81 });
    // Some 500 pages, each searched twice: about 20 s on PGlite on a busy machine.
  }, 180_000);

  it('as well once writes moved phones out of the layout made at load (changed, added, a seller verified, one suspended, some sold)', async () => {
    const { brands, other, catalogue } = await world();
    await searchProducts(ctx.app.db, SearchQuery.parse({}), ctx.app.searchIndex); // the index loads: 81 phones laid out
    const all = await ctx.app.db.select({ id: products.id }).from(products).orderBy(products.id);
    const rnd = random(9);
    for (const { id } of all.filter(() => rnd() < 0.3)) {
      await ctx.app.db
        .update(products)
        .set({ resalePrice: 10000 + Math.floor(rnd() * 20) * 5000, productName: rnd() < 0.5 ? 'iPhone 13' : 'Galaxy S21 Ultra' })
        .where(eq(products.id, id));
    }
    for (const { id } of all.filter(() => rnd() < 0.1)) await markSold(ctx.app, id);
    const seller = await signUp(ctx.app, 'Seller', 'Later Seller');
    for (let i = 0; i < 12; i++)
      await postProduct(ctx.app, seller, brands[i % 3]!.id, { productName: models[i % models.length]!, resalePrice: 15000 + i * 5000 });
    await ctx.app.db.update(users).set({ sellerVerified: true }).where(eq(users.id, other._id));
    // A suspended seller's phones leave the index and the SQL search alike (issue 16).
    const sellersOf = async () =>
      new Set((await searchProducts(ctx.app.db, SearchQuery.parse({ limit: 100 }), ctx.app.searchIndex)).data.map((p) => p.sellerId._id));
    expect((await sellersOf()).has(seller._id)).toBe(true);
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, seller._id));
    // Guides counted again (decision 058): medians shown change, go (too few sales, none for sale) and come (a key's
    // first row); the trigger of migration 0044 has the index read their keys' phones again.
    const [m0, m1, m2] = catalogue.map((m) => m.id);
    await ctx.app.db
      .update(priceGuide)
      .set({ salesMedian: sql`${priceGuide.salesMedian} + 5000`, askingMedian: sql`${priceGuide.askingMedian} + 10000` })
      .where(eq(priceGuide.phoneModelId, m0!));
    await ctx.app.db.update(priceGuide).set({ sales: 0, asking: 0 }).where(eq(priceGuide.phoneModelId, m1!));
    await ctx.app.db.delete(priceGuide).where(eq(priceGuide.phoneModelId, m2!));
    await ctx.app.db
      .insert(priceGuide)
      .values(conditions.map((condition) => ({ phoneModelId: m2!, storageGb: 128, condition, sales: 6, salesMedian: 45_000, asking: 0 })));
    for (const limit of [3, 7]) for (const [index, oracle] of await bothWays({ sort: 'best_deal', limit })) expect(index).toEqual(oracle);
    let compared = 0;
    for (let i = 0; i < 100; i++) {
      const params = randomSearch(rnd, brands);
      for (const [index, oracle] of await bothWays(params)) {
        expect(index, JSON.stringify(params)).toEqual(oracle);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(250);
    expect((await sellersOf()).has(seller._id)).toBe(false);
    // Most phones now lie outside the layout (the verified seller's phones all moved), some still in it.
    const { phones, laidOut } = ctx.app.searchIndex.stats();
    expect(laidOut).toBeGreaterThan(5);
    expect(laidOut).toBeLessThan(phones / 2);
  });

  it('writes times in cursors to the microsecond, and still reads a cursor with milliseconds; refuses any other time', async () => {
    await world();
    const first = await searchProducts(ctx.app.db, SearchQuery.parse({ sort: 'newest', limit: 3 }), ctx.app.searchIndex);
    const { k } = JSON.parse(Buffer.from(first.meta.nextCursor!, 'base64url').toString()) as { k: [string, string] };
    expect(k[0]).toMatch(/^2026-06-01T10:00:00\.\d{6}Z$/);
    const cursor = (time: string) => Buffer.from(JSON.stringify({ s: 'newest', k: [time, k[1]] })).toString('base64url');
    expect((await callRoute(ctx.app, 'searchProducts', { query: { sort: 'newest', cursor: cursor('2026-06-01T10:00:00.001Z') } })).status).toBe(200);
    for (const bad of ['2026-06-01', '2026-06-01T10:00:00.0000001Z', 'June 1st']) {
      const res = await callRoute(ctx.app, 'searchProducts', { query: { sort: 'newest', cursor: cursor(bad) } });
      expect(res.status, bad).toBe(400);
    }
    expect(micros('2026-06-01T10:00:00.000123Z') - micros('2026-06-01T10:00:00Z')).toBe(123);
  });
});

describe('the index follows every write, on this instance or another, before the next search', () => {
  const find = async (query: string) => {
    const res = await callRoute(ctx.app, 'searchProducts', { query });
    expect(res.status).toBe(200);
    return res.body as SearchAnswer;
  };

  it('a new phone, a changed price and name, a sold phone, a deleted phone, a seller verified: each seen by the next search', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const brand = await createCategory(ctx.app, 'Apple');
    expect((await find('q=iphone')).meta.total).toBe(0);
    // Written straight to the database, as another instance would: nothing in this process hears of it.
    const base = {
      sellerId: seller._id,
      categoryId: brand.id,
      img: '/uploads/x.webp',
      phoneNumber: '01712-345678',
      location: 'Mirpur, Dhaka',
      purchase: '2023-05-10',
      originalPrice: 150000,
      useYears: 1,
      condition: 'Good' as const,
      description: 'Clean.',
    };
    const [a, b, c] = await ctx.app.db
      .insert(products)
      .values([
        { ...base, productName: 'iPhone 13', resalePrice: 80000 },
        { ...base, productName: 'iPhone 12', resalePrice: 60000 },
        { ...base, productName: 'iPhone 11', resalePrice: 40000 },
      ])
      .returning();
    expect(ids(await find('q=iphone&sort=price_asc'))).toEqual([c!.id, b!.id, a!.id]);

    await ctx.app.db.update(products).set({ resalePrice: 30000, productName: 'Pixel 7' }).where(eq(products.id, a!.id));
    expect(ids(await find('q=iphone&sort=price_asc'))).toEqual([c!.id, b!.id]);
    expect(ids(await find('q=pixel'))).toEqual([a!.id]);
    expect((await find('maxPrice=35000')).meta.facets.price).toEqual({ min: 30000, max: 60000 });

    await markSold(ctx.app, b!.id);
    await ctx.app.db.delete(products).where(eq(products.id, c!.id));
    expect(ids(await find('q=iphone'))).toEqual([]);
    expect((await find('')).meta.total).toBe(1);

    expect((await find('verified=true')).meta.total).toBe(0);
    await ctx.app.db.update(users).set({ sellerVerified: true }).where(eq(users.id, seller._id));
    expect(ids(await find('verified=true'))).toEqual([a!.id]);
    expect(ctx.app.searchIndex.stats()).toMatchObject({ phones: 1 });
  });

  it('a rolled-back write leaves a gap in the change numbers: later changes are seen at once, and every gap is given up together after the wait', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const brand = await createCategory(ctx.app, 'Apple');
    await find('');
    const phone = (productName: string) => ({
      ...{ sellerId: seller._id, categoryId: brand.id, img: '/uploads/x.webp', phoneNumber: '01712-345678', location: 'Mirpur, Dhaka' },
      ...{ purchase: '2023-05-10', originalPrice: 150000, resalePrice: 50000, useYears: 1, condition: 'Good' as const, description: 'Clean.', productName },
    });
    for (let i = 0; i < 3; i++) {
      await expect(
        ctx.app.db.transaction(async (tx) => {
          await tx.insert(products).values(phone('iPhone 11'));
          tx.rollback();
        }),
      ).rejects.toThrow();
    }
    await ctx.app.db.insert(products).values(phone('iPhone 12'));
    expect(names(await find('q=iphone'))).toEqual(['iPhone 12']);
    expect(ctx.app.searchIndex.stats().aboveGap).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      expect(names(await find('q=iphone'))).toEqual(['iPhone 12']);
      expect(ctx.app.searchIndex.stats().aboveGap).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a phone posted through the API is found at once, and its suggestion offered', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const brand = await createCategory(ctx.app, 'Samsung');
    await postProduct(ctx.app, seller, brand.id, { productName: 'Galaxy Z Flip 5' });
    expect(names(await find('q=flip'))).toEqual(['Galaxy Z Flip 5']);
    const suggestions = await callRoute(ctx.app, 'productSuggestions', { query: 'q=galaxy%20z' });
    expect(suggestions.body.data).toEqual([{ productName: 'Galaxy Z Flip 5', category: 'Samsung' }]);
  });
});

const names = (a: SearchAnswer) => a.data.map((p) => p.productName);
