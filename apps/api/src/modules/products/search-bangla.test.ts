import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SearchQuery, type SearchAnswer, type SearchSort, type Suggestion } from '@market/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type RouteAnswer } from '../../../test/call-route.ts';
import { useTestApp } from '../../../test/helper.ts';
import { createCategory, postProduct, signUp } from '../../../test/fixtures.ts';
import { searchInSql } from '../../../test/search-oracle.ts';
import { migrationsFolder } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { queryWords, searchText } from './query-words.ts';
import { searchProducts } from './search.ts';

/*
 * Bangla queries (decision 032) through the API, on both databases: a Bangla brand or model finds what its
 * English form finds, in the same order with the same counts; Bangla descriptions stay searchable in Bangla;
 * the search index and the SQL search still agree.
 */

const ctx = useTestApp({}, { resetEach: false });

beforeAll(async () => {
  const seller = await signUp(ctx.app, 'Seller');
  const [apple, samsung, xiaomi] = [await createCategory(ctx.app, 'Apple'), await createCategory(ctx.app, 'Samsung'), await createCategory(ctx.app, 'Xiaomi')];
  const post = (category: { id: string }, productName: string, description = 'In good order, with its box.') =>
    postProduct(ctx.app, seller, category.id, { productName, description });
  await post(apple, 'iPhone 12', 'Bought in place of an iPhone 13, which was sold out.');
  await post(apple, 'iPhone 13 Pro Max');
  await post(apple, 'iPhone 13');
  await post(samsung, 'Galaxy S21', 'আইফোন ১৩ এর চেয়ে ভালো ক্যামেরা।');
  await post(samsung, 'Galaxy S23');
  await post(samsung, 'Galaxy A54 5G');
  await post(samsung, 'Galaxy Note 20 Ultra');
  // A zero-width joiner in র‍্যাম: PostgreSQL would split the word at it, PGlite would not; neither does now.
  await post(xiaomi, 'Redmi Note 12 Pro', 'ফোনটি খুব ভালো আছে, ব্যাটারি ৮৫%। র\u200D্যাম ৮ জিবি।');
});

/** An answer of the API that must be a 200. */
const answer = async (res: Promise<RouteAnswer>) => {
  const { status, body } = await res;
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown;
};
const search = async (q: string, more: Record<string, string | number> = {}) =>
  (await answer(callRoute(ctx.app, 'searchProducts', { query: { q, ...more } }))) as SearchAnswer;
const suggest = async (q: string) => ((await answer(callRoute(ctx.app, 'productSuggestions', { query: { q } }))) as { data: Suggestion[] }).data;
const names = (a: SearchAnswer) => a.data.map((p) => p.productName);

describe('a Bangla query finds what its English form finds', () => {
  it("'আইফোন ১৩', 'iphone ১৩', 'আইফোন 13' and 'আইফোন১৩' answer exactly as 'iphone 13': the phones, their order, the total, the facets, the next page", async () => {
    const english = await search('iphone 13');
    // The exact model, the longer name, a description in English, then one in Bangla ('আইফোন ১৩ এর চেয়ে…').
    expect(names(english)).toEqual(['iPhone 13', 'iPhone 13 Pro Max', 'iPhone 12', 'Galaxy S21']);
    for (const q of ['আইফোন ১৩', 'iphone ১৩', 'আইফোন 13', 'আইফোন১৩']) expect(await search(q), q).toEqual(english);
    const firstPage = await search('iphone 13', { limit: 2 });
    expect(await search('আইফোন ১৩', { limit: 2 })).toEqual(firstPage);
    expect(await search('আইফোন ১৩', { limit: 2, cursor: firstPage.meta.nextCursor! })).toEqual(
      await search('iphone 13', { limit: 2, cursor: firstPage.meta.nextCursor! }),
    );
  });

  it("'স্যামসাং' as 'samsung' (and its other spellings), 'স্যামসাং গ্যালাক্সি এস২৩' as 'samsung galaxy s23'", async () => {
    const samsung = await search('samsung');
    expect(samsung.meta.total).toBe(4);
    for (const q of ['স্যামসাং', 'স্যামসুং', 'সামসাং ']) expect(await search(q), q).toEqual(samsung);
    expect(names(await search('স্যামসাং গ্যালাক্সি এস২৩'))).toEqual(['Galaxy S23']);
    expect(await search('স্যামসাং গ্যালাক্সি এস২৩')).toEqual(await search('samsung galaxy s23'));
    expect(await search('শাওমি রেডমি নোট')).toEqual(await search('xiaomi redmi note'));
  });

  it('finds a Bangla description by its Bangla words, its Bangla digits by either digits, and a brand written in Bangla by its English name', async () => {
    expect(names(await search('ব্যাটারি'))).toEqual(['Redmi Note 12 Pro']);
    expect(names(await search('ভালো ব্যাটারি '))).toEqual(['Redmi Note 12 Pro']);
    expect(names(await search('ব্যাটারি ৮৫ '))).toEqual(['Redmi Note 12 Pro']);
    expect(names(await search('85 '))).toEqual(['Redmi Note 12 Pro']);
    expect(names(await search('র্যাম '))).toEqual(['Redmi Note 12 Pro']);
    expect(names(await search('র\u200D্যাম '))).toEqual(['Redmi Note 12 Pro']);
    // 'ক্যামেরা' is no dictionary word: found as written, and by a word it begins while typing.
    expect(names(await search('ক্যামেরা '))).toEqual(['Galaxy S21']);
    expect(names(await search('ক্যামে'))).toEqual(['Galaxy S21']);
  });

  it("does not stretch a mapping: 'নোট' is note and nothing more, 'এস' alone is no 's', a Bangla word one sign away from a dictionary word is not it", async () => {
    const note = await search('note');
    expect(names(note).sort()).toEqual(['Galaxy Note 20 Ultra', 'Redmi Note 12 Pro']);
    expect(await search('নোট')).toEqual(note);
    expect(await search('নোট ')).toEqual(await search('note '));
    expect((await search('এস')).meta.total).toBe(0);
    expect((await search('এস ')).meta.total).toBe(0);
    expect((await search('নোটা ')).meta.total).toBe(0);
    expect(names(await search('প্রো ম্যাক্স'))).toEqual(['iPhone 13 Pro Max']);
  });
});

describe('suggestions for a Bangla word still being typed', () => {
  it("offer the English names: 'আইফো' as 'iphone', 'স্যাম' as 'samsung', 'গ্যালাক্সি এস২' as 'galaxy s2'", async () => {
    const iphone = await suggest('iphone');
    expect(iphone.map((s) => s.productName)).toContain('iPhone 13');
    expect(await suggest('আইফো')).toEqual(iphone);
    expect(await suggest('স্যাম')).toEqual(await suggest('samsung'));
    expect(await suggest('গ্যালাক্সি এস২')).toEqual(await suggest('galaxy s2'));
  });
});

describe('the search index and the SQL search agree on Bangla and mixed queries', () => {
  it('page after page, for every sort', async () => {
    const queries = ['আইফোন ১৩', 'iphone ১৩', 'স্যামসাং', 'স্যামসাং গ্যালাক্সি এস২৩', 'আইফো', 'নোট', 'প্রো ', 'ব্যাটারি ৮৫', 'ক্যামে', 'এস'];
    const sorts: SearchSort[] = ['relevance', 'newest', 'price_asc', 'price_desc', 'best_deal'];
    let compared = 0;
    for (const q of queries) {
      for (const sort of sorts) {
        let cursor: string | undefined;
        do {
          const query = SearchQuery.parse({ q, sort, limit: 2, ...(cursor ? { cursor } : {}) });
          const oracle = await searchInSql(ctx.app.db, query);
          expect(await searchProducts(ctx.app.db, query, ctx.app.searchIndex), `${q} ${sort}`).toEqual(oracle);
          cursor = oracle.meta.nextCursor ?? undefined;
          compared++;
        } while (cursor);
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});

describe('documents are read as queries are', () => {
  const one = async <T>(query: ReturnType<typeof sql>) => ((await ctx.app.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

  it("the database's search_text is query-words.ts's searchText: zero-width joiners out, NFC, Bangla digits as ASCII", async () => {
    for (const text of ['আইফোন ১৩', 'অপ্প\u09C7\u09BE রি\u09DFেলমি', 'র\u200D্যাম ক\u200Cখ', '৳১,১৮,০০০ iPhone 13']) {
      expect((await one<{ t: string }>(sql`select search_text(${text}) as t`)).t, text).toBe(searchText(text));
    }
  });

  it('a Bangla text is split into the same words by the database (a document) and by the search (a query)', async () => {
    const text = 'ফোনটি খুব ভালো আছে, ব্যাটারি ৮৫%। দুঃখিত, রং উৎসব চাঁদ র\u200D্যাম ক্ষমা “নতুন” ৳৫০০';
    const { words } = await one<{ words: string[] }>(sql`select tsvector_to_array(to_tsvector('simple', search_text(${text}))) as words`);
    // A query holds at most eight words: the text is asked a word at a time.
    expect(new Set(words)).toEqual(new Set(text.split(/\s+/).flatMap((w) => queryWords(`${w} `))));
  });

  it("migration 0019 writes again the documents that read differently now (a description's Bangla digits)", async () => {
    const [phone] = await ctx.app.db.select({ id: products.id }).from(products).where(eq(products.productName, 'Redmi Note 12 Pro'));
    // The document as migration 0007 made it: Bangla digits as written.
    await ctx.app.db.execute(sql`update products set search = to_tsvector('simple', description) where id = ${phone!.id}`);
    const words = async () => (await one<{ words: string[] }>(sql`select tsvector_to_array(search) as words from products where id = ${phone!.id}`)).words;
    expect(await words()).toContain('৮৫');
    const statements = readFileSync(join(migrationsFolder, '0019_search_bangla.sql'), 'utf8').split('--> statement-breakpoint');
    await ctx.app.db.execute(sql.raw(statements.at(-1)!));
    expect(await words()).toEqual(expect.arrayContaining(['85', 'ব্যাটারি']));
    expect(await words()).not.toContain('৮৫');
  });
});
