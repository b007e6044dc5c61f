import type { Product, SearchAnswer } from '@market/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { createAdmin, createCategory, markSold, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { queryWords, typoCost, typoDistance, typosAllowed } from './search.ts';
import { callRoute } from '../../../test/call-route.ts';

const ctx = useTestApp();
/** A search by its query string as a browser's address has it (`?q=iPhone%2013`), sent as it is. */
const search = async (query: string) => {
  const res = await callRoute(ctx.app, 'searchProducts', { query: query.replace(/^\?/, '') });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SearchAnswer;
};
const names = (answer: SearchAnswer) => answer.data.map((p) => p.productName);

/** Every page of a search, following nextCursor, `limit` at a time. */
async function everyPage(query: string, limit = 2): Promise<Product[]> {
  const all: Product[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const answer: SearchAnswer = await search(`${query}${query ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    all.push(...answer.data);
    cursor = answer.meta.nextCursor;
    if (!cursor) return all;
  }
  throw new Error('more than 100 pages');
}

describe('matching and ranking (decision 020)', () => {
  async function phones() {
    const seller = await signUp(ctx.app, 'Seller');
    const apple = await createCategory(ctx.app, 'Apple');
    const samsung = await createCategory(ctx.app, 'Samsung');
    const post = (category: string, productName: string, description = 'In good order, with its box.') =>
      postProduct(ctx.app, seller, category, { productName, description });
    await post(apple.id, 'iPhone 12', 'Bought in place of an iPhone 13, which was sold out.');
    await post(apple.id, 'iPhone 13 Pro Max');
    await post(apple.id, 'iPhone 13');
    await post(samsung.id, 'Galaxy S21');
    await post(samsung.id, 'Galaxy A54 5G');
    return { seller, apple, samsung };
  }

  it('puts the exact model first, then the longer names that hold every word, then a phone that has a word only in its description', async () => {
    await phones();
    expect(names(await search('?q=iPhone%2013'))).toEqual(['iPhone 13', 'iPhone 13 Pro Max', 'iPhone 12']);
    expect(names(await search('?q=13%20iphone'))).toEqual(['iPhone 13', 'iPhone 13 Pro Max', 'iPhone 12']);
  });

  it('forgives typos as Meilisearch does: one in words of 5+ letters (a swap is one), two in 9+; none in shorter words', async () => {
    await phones();
    expect(names(await search('?q=samsng%20galaxi')).sort()).toEqual(['Galaxy A54 5G', 'Galaxy S21']);
    expect(names(await search('?q=iphnoe%2013'))).toEqual(['iPhone 13', 'iPhone 13 Pro Max', 'iPhone 12']);
    // 'glxy' is 4 letters: no typo allowed, and it begins no word.
    expect(names(await search('?q=glxy%20'))).toEqual([]);
    expect(typosAllowed('abcd')).toBe(0);
    expect(typosAllowed('abcde')).toBe(1);
    expect(typosAllowed('abcdefghi')).toBe(2);
    expect(typoDistance('iphnoe', 'iphone')).toBe(1);
    expect(typoDistance('samsng', 'samsung')).toBe(1);
    expect(typoDistance('galaxi', 'galaxy')).toBe(1);
  });

  it("counts a typo on the first letter as two, as Meilisearch does: 'iphone' is not 'phone', 'xalaxy' is not 'galaxy'", async () => {
    const { samsung, seller } = await phones();
    await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S22', description: 'My second phone, barely used.' });
    // Not the Galaxy whose description says 'phone': only the iPhones (shorter names first, then newest).
    expect(names(await search('?q=iphone%20'))).toEqual(['iPhone 13', 'iPhone 12', 'iPhone 13 Pro Max']);
    expect(names(await search('?q=xalaxy%20'))).toEqual([]);
    // Nine letters allow two typos: the first letter's two are all it may use.
    expect(typoCost('xamsungxx', 'samsungxx')).toBe(2);
    expect(typoCost('phone', 'iphone')).toBe(2);
    expect(typoCost('iphnoe', 'iphone')).toBe(1);
  });

  it('reads the last word as unfinished while typing (it begins words), a finished one as a whole word', async () => {
    await phones();
    expect(names(await search('?q=gala')).sort()).toEqual(['Galaxy A54 5G', 'Galaxy S21']);
    expect(names(await search('?q=gala%20'))).toEqual([]);
    expect(names(await search('?q=iphone%201'))).toHaveLength(3);
  });

  it('matches the brand, and every word must match somewhere', async () => {
    await phones();
    expect(names(await search('?q=samsung')).sort()).toEqual(['Galaxy A54 5G', 'Galaxy S21']);
    expect(names(await search('?q=samsung%20iphone'))).toEqual([]);
  });

  it('takes any text: quotes, backslashes and tsquery operators are only characters', async () => {
    await phones();
    for (const q of ["'", '\\', "iphone' | 'galaxy", '!&|:*()<->', '%', '_', 'অ্যাপল ফোন', 'x'.repeat(200)]) {
      const res = await callRoute(ctx.app, 'searchProducts', { query: { q } });
      expect(res.status, q).toBe(200);
    }
    expect(queryWords("iPhone' | 'Galaxy")).toEqual(['iphone', 'galaxy']);
  });

  it('relevance sorts only a text search; without one the newest come first', async () => {
    await phones();
    expect((await search('?sort=relevance')).data[0]!.productName).toBe('Galaxy A54 5G');
    expect(names(await search('?q=iphone&sort=price_asc'))).toHaveLength(3);
  });
});

describe('filters, sorts, pages and facets against the database itself', () => {
  /** 3 brands × sellers verified or not × conditions × prices × places; a sold phone and a deleted one. */
  async function world() {
    const admin = await createAdmin(ctx.app);
    const verified = await signUp(ctx.app, 'Seller');
    await callRoute(ctx.app, 'verifySeller', { params: { id: verified._id }, token: admin.token, body: { reason: 'Checked' } });
    const plain = await signUp(ctx.app, 'Seller');
    const brands = [await createCategory(ctx.app, 'Apple'), await createCategory(ctx.app, 'Samsung'), await createCategory(ctx.app, 'Xiaomi')];
    const conditions = ['Excellent', 'Good', 'Fair'] as const;
    const places = ['Banani, Dhaka', 'Agrabad, Chattogram', 'Zindabazar, Sylhet'];
    const posted: { _id: string }[] = [];
    for (let i = 0; i < 18; i++) {
      const seller: Actor = i % 2 ? verified : plain;
      posted.push(
        await postProduct(ctx.app, seller, brands[i % 3]!.id, {
          productName: `Phone ${i} ${i % 4 === 0 ? 'Pro' : 'Lite'}`,
          condition: conditions[i % 3],
          resalePrice: 10_000 + ((i * 7919) % 40) * 1000,
          location: places[i % 3],
        }),
      );
    }
    await markSold(ctx.app, posted[0]!._id);
    // The second phone is the verified seller's.
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: posted[1]!._id }, token: verified.token })).status).toBe(200);
    return { brands };
  }

  /** The same question asked of the database directly. */
  async function direct(where: string, order: string) {
    const result: unknown = await ctx.app.db.execute(
      sql.raw(`select p.id from products p join users u on u.id = p.seller_id where p.status = 'available' ${where ? `and ${where}` : ''} order by ${order}`),
    );
    const rows = (result && typeof result === 'object' && 'rows' in result ? result.rows : result) as { id: string }[];
    return rows.map((r) => r.id);
  }

  it('every filter and their combinations, with each sort, page after page, equal a direct SQL query', async () => {
    const { brands } = await world();
    const [apple, samsung] = brands;
    const cases: [string, string][] = [
      ['', ''],
      [`category=${apple!.id}`, `p.category_id = '${apple!.id}'`],
      [`category=${apple!.id}&category=${samsung!.id}`, `p.category_id in ('${apple!.id}', '${samsung!.id}')`],
      ['condition=Good', `p.condition = 'Good'`],
      ['condition=Good&condition=Fair', `p.condition in ('Good', 'Fair')`],
      ['minPrice=20000', 'p.resale_price >= 20000'],
      ['maxPrice=30,000', 'p.resale_price <= 30000'],
      ['minPrice=15000&maxPrice=35000', 'p.resale_price between 15000 and 35000'],
      ['location=dhaka', `p.location ilike '%dhaka%'`],
      ['verified=true', 'u.seller_verified'],
      [
        `q=pro&category=${samsung!.id}&condition=Excellent&verified=true`,
        `p.product_name like '%Pro%' and p.category_id = '${samsung!.id}' and p.condition = 'Excellent' and u.seller_verified`,
      ],
      [
        `q=lite&minPrice=12000&location=sylhet&condition=Fair`,
        `p.product_name like '%Lite%' and p.resale_price >= 12000 and p.location ilike '%sylhet%' and p.condition = 'Fair'`,
      ],
    ];
    const sorts: [string, string][] = [
      ['newest', 'p.created_at desc, p.id desc'],
      ['price_asc', 'p.resale_price asc, p.id asc'],
      ['price_desc', 'p.resale_price desc, p.id desc'],
      // No phone here has a catalogue model, so none a price guide: best deal is then newest first.
      ['best_deal', 'p.created_at desc, p.id desc'],
    ];
    for (const [query, where] of cases) {
      for (const [sort, order] of sorts) {
        const q = `?${query ? `${query}&` : ''}sort=${sort}`;
        const expected = await direct(where, order);
        const pages = await everyPage(q, 4);
        expect(
          pages.map((p) => p._id),
          q,
        ).toEqual(expected);
        expect((await search(q)).meta.total, q).toBe(expected.length);
      }
    }
  });

  it('facets: each brand and condition counted with the other filters applied, and the price range without the price filter', async () => {
    const { brands } = await world();
    const [apple] = brands;
    const answer = await search(`?category=${apple!.id}&condition=Good&minPrice=20000&verified=true`);
    const rest = `u.seller_verified and p.resale_price >= 20000`;
    for (const facet of answer.meta.facets.categories) {
      expect(facet.count, facet.category).toBe((await direct(`${rest} and p.condition = 'Good' and p.category_id = '${facet._id}'`, 'p.id')).length);
    }
    for (const facet of answer.meta.facets.conditions) {
      expect(facet.count, facet.condition).toBe(
        (await direct(`${rest} and p.category_id = '${apple!.id}' and p.condition = '${facet.condition}'`, 'p.id')).length,
      );
    }
    const prices: unknown = await ctx.app.db.execute(
      sql.raw(
        `select min(p.resale_price) as min, max(p.resale_price) as max from products p join users u on u.id = p.seller_id where p.status = 'available' and u.seller_verified and p.category_id = '${apple!.id}' and p.condition = 'Good'`,
      ),
    );
    const [range] = (prices && typeof prices === 'object' && 'rows' in prices ? prices.rows : prices) as { min: number | null; max: number | null }[];
    expect(answer.meta.facets.price).toEqual({ min: range!.min, max: range!.max });
    expect(answer.meta.facets.categories.map((c) => c.category)).toEqual(['Apple', 'Samsung', 'Xiaomi']);
  });

  it('never shows a sold or a deleted phone', async () => {
    await world();
    const all = await everyPage('', 50);
    expect(all.every((p) => p.status === 'available')).toBe(true);
    expect(all).toHaveLength(16);
  });
});

describe('bad parameters: a 400 that names the parameter', () => {
  it.each([
    ['minPrice=30000&maxPrice=20000', 'Invalid querystring: minPrice must not be more than maxPrice'],
    ['sort=cheapest', 'Invalid querystring: sort must be one of relevance, newest, price_asc, price_desc, best_deal'],
    ['category=apple', 'Invalid querystring: category.0 must be a category id'],
    ['condition=Mint', 'Invalid querystring: condition.0 must be Excellent, Good or Fair'],
    ['minPrice=-5', 'Invalid querystring: minPrice'],
    ['maxPrice=cheap', 'Invalid querystring: maxPrice must be a number'],
    ['limit=0', 'Invalid querystring: limit'],
    ['limit=101', 'Invalid querystring: limit'],
    ['verified=yes', 'Invalid querystring: verified must be true or false'],
    ['cursor=abc', 'cursor must be a cursor from a previous page of this search'],
    ['cursor=a%20b', 'Invalid querystring: cursor must be a cursor from a previous page'],
    [`q=${'x'.repeat(201)}`, 'Invalid querystring: q must be at most 200 characters'],
  ])('%s', async (query, message) => {
    const res = await callRoute(ctx.app, 'searchProducts', { query });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it("refuses one sort's cursor for another sort", async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const category = await createCategory(ctx.app);
    for (let i = 0; i < 3; i++) await postProduct(ctx.app, seller, category.id);
    const { nextCursor } = (await search('?limit=1&sort=newest')).meta;
    expect(nextCursor).toBeTruthy();
    const res = await callRoute(ctx.app, 'searchProducts', { query: { limit: 1, sort: 'price_asc', cursor: nextCursor } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('cursor must be a cursor from a previous page of this search');
  });
});

describe('suggestions while typing (GET /api/product-suggestions)', () => {
  const suggest = async (q: string) => {
    const res = await callRoute(ctx.app, 'productSuggestions', { query: { q } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { productName: string; category: string }[];
  };

  it('offers the names of the best matches in the search order, each name once, with the brand, at most six', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const apple = await createCategory(ctx.app, 'Apple');
    for (const name of ['iPhone 13', 'iphone  13 ', 'iPhone 13 Pro Max', 'iPhone 12', 'iPhone 11', 'iPhone XR', 'iPhone 8', 'iPhone SE', 'iPhone 7'])
      await postProduct(ctx.app, seller, apple.id, { productName: name });
    const sold = await postProduct(ctx.app, seller, apple.id, { productName: 'iPhone 13 mini' });
    await markSold(ctx.app, sold._id);

    expect(await suggest('iphone 13')).toEqual([
      { productName: 'iPhone 13', category: 'Apple' },
      { productName: 'iPhone 13 Pro Max', category: 'Apple' },
    ]);
    // Prefix of the last word and a typo, as the search reads them; six names although more match.
    const typing = await suggest('iphnoe');
    expect(typing).toHaveLength(6);
    expect(new Set(typing.map((s) => s.productName.toLowerCase())).size).toBe(6);
    expect(await suggest('nothing like it')).toEqual([]);
  });

  it.each([
    ['', 'Invalid querystring: q must not be empty'],
    ['%20%20', 'Invalid querystring: q must not be empty'],
    [`${'x'.repeat(201)}`, 'Invalid querystring: q must be at most 200 characters'],
    ['%07', 'Invalid querystring: q must not contain control characters'],
  ])('q=%s is refused with a 400 that names q', async (q, message) => {
    // Each q as it stands in an address (some percent-encoded): the query string is sent as it is.
    const res = await callRoute(ctx.app, 'productSuggestions', { query: `q=${q}` });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses a missing q', async () => {
    const res = await callRoute(ctx.app, 'productSuggestions');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('q');
  });
});
