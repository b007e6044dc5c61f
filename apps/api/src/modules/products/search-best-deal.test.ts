import { minGuideSales, SearchQuery, type SearchAnswer } from '@market/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import { createCategory, postProduct, signUp } from '../../../test/fixtures.ts';
import { runJobs, useTestApp } from '../../../test/helper.ts';
import { searchInSql } from '../../../test/search-oracle.ts';
import { phoneModels, priceGuide, searchChanges } from '../../db/schema.ts';
import { recount } from '../price-guide/service.ts';
import { searchProducts } from './search.ts';

/*
 * The search's best deal sort (issue 34, item 3; decision 058): the phones whose price is lowest for their model,
 * storage and condition first, against the median their key's guide shows (the sales' from 5, else the asking
 * prices'), those without one after them, newest first; and the index following a guide counted again.
 */

const ctx = useTestApp();

const rows = async <T>(query: ReturnType<typeof sql>) => ((await ctx.app.db.execute(query)) as unknown as { rows: T[] }).rows;

const search = async (query: string) => {
  const res = await callRoute(ctx.app, 'searchProducts', { query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SearchAnswer;
};
const names = (a: SearchAnswer) => a.data.map((p) => p.productName);
/** A cursor's key: [deal, created, id]. */
const keyOf = (cursor: string | null) => (JSON.parse(Buffer.from(cursor!, 'base64url').toString()) as { k: [number | null, string, string] }).k;

/** Every page of a best deal search, `limit` at a time: the names, and the deal of each page's last phone. */
async function everyPage(limit: number) {
  const found: string[] = [];
  const deals: (number | null)[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const page: SearchAnswer = await search(`sort=best_deal&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    found.push(...names(page));
    cursor = page.meta.nextCursor;
    if (!cursor) return { found, deals };
    deals.push(keyOf(cursor)[0]);
  }
  throw new Error('more than 20 pages');
}

/**
 * Two keys: an expensive model whose guide stands on 6 sales (median 100,000) and a cheap one on asking prices (median
 * 20,000: fewer than 5 sales); a third key with a row but no median (3 sales, none for sale), and a phone of no model.
 */
async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const brand = await createCategory(ctx.app);
  const model = async (name: string) =>
    (
      await ctx.app.db
        .insert(phoneModels)
        .values({ categoryId: brand.id, name, nameBn: name, slug: name.toLowerCase().replace(/ /g, '-') })
        .returning()
    )[0]!;
  const [pro, lite, mini] = [await model('Deal Pro'), await model('Deal Lite'), await model('Deal Mini')];
  const post = (productName: string, phoneModelId: string | undefined, resalePrice: number) =>
    postProduct(ctx.app, seller, brand.id, { productName, resalePrice, originalPrice: 150_000, ...(phoneModelId ? { phoneModelId } : {}) });
  // Posted in this order: a later one is newer.
  const phones = {
    proCheap: await post('Pro at 90,000', pro.id, 90_000), // 9,000
    liteTie: await post('Lite at 18,000', lite.id, 18_000), // 9,000, newer than proCheap
    lite: await post('Lite at 19,000', lite.id, 19_000), // 9,500
    proDear: await post('Pro at 110,000', pro.id, 110_000), // 11,000
    mini: await post('Mini at 5,000', mini.id, 5_000), // a guide without a median
    free: await post('Unlisted at 1,000', undefined, 1_000), // no model
  };
  // Each listing queued its key's count (asking prices only: no sales here); done, the numbers are set as wanted.
  await runJobs(ctx.app);
  const key = (m: { id: string }) => ({ phoneModelId: m.id, storageGb: 128, condition: 'Good' as const });
  const guides = [
    {
      ...key(pro),
      sales: 6,
      salesLow: 95_000,
      salesMedian: 100_000,
      salesHigh: 105_000,
      asking: 2,
      askingLow: 90_000,
      askingMedian: 90_000,
      askingHigh: 110_000,
    },
    {
      ...key(lite),
      sales: 2,
      salesLow: 15_000,
      salesMedian: 16_000,
      salesHigh: 17_000,
      asking: 2,
      askingLow: 18_000,
      askingMedian: 20_000,
      askingHigh: 19_000,
    },
    { ...key(mini), sales: 3, salesLow: 5_000, salesMedian: 5_000, salesHigh: 5_000, asking: 0, askingLow: null, askingMedian: null, askingHigh: null },
  ];
  for (const g of guides) {
    await ctx.app.db
      .insert(priceGuide)
      .values(g)
      .onConflictDoUpdate({ target: [priceGuide.phoneModelId, priceGuide.storageGb, priceGuide.condition], set: g });
  }
  return { pro, lite, mini, phones };
}

describe('the best deal sort', () => {
  it("puts a phone cheap for its own model's guide before a cheap phone of a cheap model; those without a guide last, newest first", async () => {
    await world();
    const first = await search('sort=best_deal&limit=50');
    expect(names(first)).toEqual(['Lite at 18,000', 'Pro at 90,000', 'Lite at 19,000', 'Pro at 110,000', 'Unlisted at 1,000', 'Mini at 5,000']);
    // The price_asc order is nothing like it.
    expect(names(await search('sort=price_asc&limit=50'))).toEqual([
      'Unlisted at 1,000',
      'Mini at 5,000',
      'Lite at 18,000',
      'Lite at 19,000',
      'Pro at 90,000',
      'Pro at 110,000',
    ]);
    // The SQL search, the index's oracle, answers the same.
    expect(first).toEqual(await searchInSql(ctx.app.db, SearchQuery.parse({ sort: 'best_deal', limit: 50 })));
  });

  it('pages by cursor across the phones with a guide and those without: the cursor carries the deal, null past them', async () => {
    await world();
    const all = ['Lite at 18,000', 'Pro at 90,000', 'Lite at 19,000', 'Pro at 110,000', 'Unlisted at 1,000', 'Mini at 5,000'];
    for (const limit of [1, 2, 3, 4, 5]) expect((await everyPage(limit)).found, `limit ${limit}`).toEqual(all);
    // 9,000 × 2 (a tie, the newer first), 9,500, 11,000: integers, × 10,000 of the price over the median.
    expect((await everyPage(1)).deals).toEqual([9_000, 9_000, 9_500, 11_000, null]);
    expect((await everyPage(4)).deals).toEqual([11_000]);
    expect((await everyPage(5)).deals).toEqual([null]);
    // With a filter, and from the SQL search alike.
    for (const limit of [1, 2, 4]) {
      let cursor: string | undefined;
      do {
        const query = SearchQuery.parse({ sort: 'best_deal', maxPrice: 100_000, limit, ...(cursor ? { cursor } : {}) });
        const oracle = await searchInSql(ctx.app.db, query);
        expect(await searchProducts(ctx.app.db, query, ctx.app.searchIndex)).toEqual(oracle);
        cursor = oracle.meta.nextCursor ?? undefined;
      } while (cursor);
    }
  });

  it('refuses a cursor of another shape', async () => {
    await world();
    const { found } = await everyPage(50);
    expect(found).toHaveLength(6);
    const id = '00000000-0000-4000-8000-000000000001';
    const cursor = (k: unknown[]) => Buffer.from(JSON.stringify({ s: 'best_deal', k })).toString('base64url');
    expect(
      (await callRoute(ctx.app, 'searchProducts', { query: { sort: 'best_deal', cursor: cursor([null, '2026-06-01T10:00:00.000000Z', id]) } })).status,
    ).toBe(200);
    for (const k of [
      [9000, id],
      [9000.5, '2026-06-01T10:00:00Z', id],
      ['9000', '2026-06-01T10:00:00Z', id],
      [-1, '2026-06-01T10:00:00Z', id],
    ]) {
      const res = await callRoute(ctx.app, 'searchProducts', { query: { sort: 'best_deal', cursor: cursor(k) } });
      expect(res.status, JSON.stringify(k)).toBe(400);
    }
  });

  it('follows a guide counted again: the ratios of its key change, and the next search sees them (the trigger of migration 0044)', async () => {
    const { lite, pro } = await world();
    const asWorld = ['Lite at 18,000', 'Pro at 90,000', 'Lite at 19,000', 'Pro at 110,000', 'Unlisted at 1,000', 'Mini at 5,000'];
    expect(names(await search('sort=best_deal'))).toEqual(asWorld);
    const changes = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from ${searchChanges}`))[0]!.n;
    const before = await changes();

    // Counted from its phones for sale (no sales): asking 18,000 and 19,000, median 18,000: 10,000 and 10,556.
    expect(await recount(ctx.app.db, { modelId: lite.id, storageGb: 128, condition: 'Good' })).toBe(true);
    expect(await changes()).toBe(before + 2);
    const after = await search('sort=best_deal&limit=3');
    expect(names(after)).toEqual(['Pro at 90,000', 'Lite at 18,000', 'Lite at 19,000']);
    expect(keyOf(after.meta.nextCursor)[0]).toBe(10_556);

    // Counted again with nothing new: the median shown is the same, nothing for the index to read.
    await recount(ctx.app.db, { modelId: lite.id, storageGb: 128, condition: 'Good' });
    expect(await changes()).toBe(before + 2);
    // A sale more, the same median: nothing either. Down to 4 sales: the asking median (90,000) stands in, its phones change.
    const ofPro = and(eq(priceGuide.phoneModelId, pro.id), eq(priceGuide.storageGb, 128), eq(priceGuide.condition, 'Good'));
    await ctx.app.db.update(priceGuide).set({ sales: 7 }).where(ofPro);
    expect(await changes()).toBe(before + 2);
    await ctx.app.db
      .update(priceGuide)
      .set({ sales: minGuideSales - 1 })
      .where(ofPro);
    expect(await changes()).toBe(before + 4);
    // 90,000 and 110,000 over 90,000: 10,000 (newer than the Lite at 18,000) and 12,222: the world's order again.
    expect(names(await search('sort=best_deal'))).toEqual(asWorld);
    expect(keyOf((await search('sort=best_deal&limit=4')).meta.nextCursor)[0]).toBe(12_222);

    // A key's row gone: its phones join those without a guide.
    await ctx.app.db.delete(priceGuide).where(ofPro);
    expect(names(await search('sort=best_deal'))).toEqual([
      'Lite at 18,000',
      'Lite at 19,000',
      'Unlisted at 1,000',
      'Mini at 5,000',
      'Pro at 110,000',
      'Pro at 90,000',
    ]);
  });

  it('takes the median the guide shows: from minGuideSales sales the sales’, else the asking prices’ while any phone asks', async () => {
    const median = async (sales: number, asking: number) =>
      (await rows<{ m: number | null }>(sql`select guide_median(${sales}::int, 100, ${asking}::int, 200) as m`))[0]!.m;
    expect(await median(minGuideSales, 3)).toBe(100);
    expect(await median(minGuideSales, 0)).toBe(100);
    expect(await median(minGuideSales - 1, 3)).toBe(200);
    expect(await median(minGuideSales - 1, 0)).toBeNull();
  });
});
