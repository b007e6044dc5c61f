import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appWithLimits, dbKind, useTestApp } from '../../../test/helper.ts';
import { createCategory, markSold, postProduct, productBody, signUp, uploadedPicture, type Actor } from '../../../test/fixtures.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { products } from '../../db/schema.ts';
import { resetDatabase } from '../../db/seed.ts';
import { texts } from '../../texts.ts';
import { candidates, candidatesOfAll, expand, holdsPiece, typoCost, typosAllowed } from './word-meanings.ts';
import { readQuery } from './query-words.ts';
import { callRoute } from '../../../test/call-route.ts';

/** Issue 29, item 2 (decision 038): the vocabulary holds the words of the available phones, each with its count. */
const ctx = useTestApp();

/** The vocabulary's count of each of these words (absent: not in the vocabulary). */
async function uses(...words: string[]) {
  const rows = (await ctx.app.db.execute(
    sql`select word, uses from search_words where word in (${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )})`,
  )) as unknown as {
    rows: { word: string; uses: number }[];
  };
  return Object.fromEntries(rows.rows.map((r) => [r.word, Number(r.uses)]));
}

const edit = async (seller: Actor, id: string, payload: Record<string, unknown>, app: FastifyInstance = ctx.app) =>
  callRoute(app, 'editProduct', { params: { id }, token: seller.token, body: payload });
const listings = async () =>
  (await ctx.app.db.select({ name: products.productName, description: products.description }).from(products)).sort((a, b) => a.name.localeCompare(b.name));
const hour = 60 * 60_000;

describe('the search vocabulary (decision 038)', () => {
  it('counts the available phones that hold each word, and forgets a word an edit removes from its last phone', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const brand = await createCategory(ctx.app, 'Nokia');
    const first = await postProduct(ctx.app, seller, brand.id, { productName: 'Lumia 920', description: 'Zanzibarian cover, charger.' });
    await postProduct(ctx.app, seller, brand.id, { productName: 'Lumia 930', description: 'Charger only.' });
    expect(await uses('lumia', 'zanzibarian', 'charger', '920', 'nokia')).toEqual({ lumia: 2, zanzibarian: 1, charger: 2, '920': 1, nokia: 2 });

    const res = await edit(seller, first._id, productBody(brand.id, first.img, { productName: 'Lumia 920', description: 'Plain cover, charger.' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await uses('lumia', 'zanzibarian', 'plain', 'charger')).toEqual({ lumia: 2, plain: 1, charger: 2 });
    // A typo of the forgotten word no longer finds it as a meaning (nothing holds it).
    const answer = await callRoute(ctx.app, 'searchProducts', { query: 'q=zanzibarien%20' });
    expect(answer.body.meta.total).toBe(0);
  });

  it('forgets the words of a phone that is sold or deleted, and keeps those another available phone holds', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const brand = await createCategory(ctx.app, 'Nokia');
    const sold = await postProduct(ctx.app, seller, brand.id, { productName: 'Lumia 1020', description: 'Quixotic camera bump.' });
    const deleted = await postProduct(ctx.app, seller, brand.id, { productName: 'Lumia 1520', description: 'Gargantuan screen.' });
    await postProduct(ctx.app, seller, brand.id, { productName: 'Lumia 1520', description: 'Small scratch.' });
    await markSold(ctx.app, sold._id);
    const res = await callRoute(ctx.app, 'deleteProduct', { params: { id: deleted._id }, token: seller.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await uses('lumia', '1020', 'quixotic', '1520', 'gargantuan', 'scratch')).toEqual({ lumia: 1, '1520': 1, scratch: 1 });
  });
});

describe('what one seller may add to the vocabulary (decision 038)', () => {
  it('refuses a listing write past the writes per seller per hour, with a code and its message in English and Bangla, changing nothing', async () => {
    const app = await appWithLimits(ctx, { listingWritesPerSeller: { max: 2, windowMs: hour } });
    const seller = await signUp(app, 'Seller');
    const brand = await createCategory(app, 'Nokia');
    const phone = await postProduct(app, seller, brand.id, { productName: 'Lumia 800' });
    expect((await edit(seller, phone._id, productBody(brand.id, phone.img, { productName: 'Lumia 800', description: 'First edit.' }), app)).status).toBe(200);
    const before = await listings();
    const refused = await edit(seller, phone._id, productBody(brand.id, phone.img, { productName: 'Lumia 800', description: 'Third write.' }), app);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'too_many_listing_writes',
      message: expect.stringMatching(/^You have added or changed many listings this hour, try again in \d+ minutes$/),
    });
    expect(texts('bn')('too_many_listing_writes', refused.body.params)).toMatch(
      /^এই এক ঘণ্টায় আপনি অনেকগুলো বিজ্ঞাপন যোগ বা বদল করেছেন, [০-৯]+ মিনিট পর আবার চেষ্টা করুন$/,
    );
    // A new listing counts too; another seller has a count of their own.
    const posted = await callRoute(app, 'addProduct', { token: seller.token, body: productBody(brand.id, phone.img, { productName: 'Lumia 900' }) });
    expect(posted.status).toBe(429);
    expect(await listings()).toEqual(before);
    await postProduct(app, await signUp(app, 'Seller'), brand.id, { productName: 'Lumia 900' });
  });

  it('refuses a listing with more words the vocabulary lacks than allowed (400, code, English and Bangla), and changes nothing', async () => {
    const app = await appWithLimits(ctx, {}, { search: { newWordsPerListing: 3, wordsBudgetMs: 10_000 } });
    const seller = await signUp(app, 'Seller');
    const brand = await createCategory(app, 'Nokia');
    // Lumia, 800, nokia (the brand) and 'plain': four new words on an empty site… one too many.
    const img = await uploadedPicture(app);
    const first = await callRoute(app, 'addProduct', {
      token: seller.token,
      body: productBody(brand.id, img, { productName: 'Lumia 800', description: 'Plain.' }),
    });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ code: 'too_many_new_words', params: { count: 4, max: 3 } });
    const phone = await postProduct(app, seller, brand.id, { productName: 'Lumia 800', description: 'Lumia.' });
    const before = await listings();
    const poisoned = productBody(brand.id, phone.img, { productName: 'Lumia 800', description: 'qwxa qwxb qwxc qwxd' });
    const refused = await edit(seller, phone._id, poisoned, app);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'too_many_new_words',
      params: { count: 4, max: 3 },
      message: 'This listing has 4 words the search has not seen yet; at most 3 are allowed: check the spelling of the name and the description',
    });
    expect(texts('bn')('too_many_new_words', refused.body.params)).toBe(
      'এই বিজ্ঞাপনে এমন ৪টি শব্দ আছে যা সার্চ আগে দেখেনি; সর্বোচ্চ ৩টি চলে: নাম আর বিবরণের বানান দেখে নিন',
    );
    expect(await listings()).toEqual(before);
    expect(await uses('qwxa')).toEqual({});
    // Words the vocabulary has already are not new: three new ones pass.
    expect((await edit(seller, phone._id, { ...poisoned, description: 'Lumia qwxa qwxb qwxc' }, app)).status).toBe(200);
  });
});

describe('finding what a query word means (decision 038)', () => {
  it('takes typo candidates from indexes, never from a pass over the whole vocabulary', async () => {
    // The plans below are an empty vocabulary's, as a fresh table has it: the tests' emptying deletes rows and
    // leaves the table's size and statistics to the planner, which then plans by what an earlier test left there.
    await resetDatabase(ctx.app.db);
    for (const word of ['galaxi', 'samsng', 'iphnoe', 'smartphne', 'accessoriez']) {
      const query = candidates(ctx.app.db, word, [word], true).toSQL();
      const plan = await ctx.app.db.transaction(async (tx) => {
        // With sequential scans priced out, a condition no index can answer still gets one: its plan names it.
        await tx.execute(sql`set local enable_seqscan = off`);
        const explained = (await tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`))) as unknown as { rows: Record<string, string>[] };
        return explained.rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan, plan).not.toMatch(/Seq Scan/);
      // Every index is read within bounds: a scan of a whole index (no Index Cond under it) is a pass over all words too.
      const lines = plan.split('\n');
      lines.forEach((line, i) => {
        if (/Index (Only )?Scan/.test(line)) expect(lines[i + 1], plan).toMatch(/Index Cond/);
      });
      expect(plan).toMatch(/search_words_prefix_idx/);
      expect(plan).toMatch(/search_words_(first_)?suffix_idx/);
    }
  });

  it('looks up the meanings of all the words of a search in one statement, not one per word', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const brand = await createCategory(ctx.app, 'Samsung');
    await postProduct(ctx.app, seller, brand.id, { productName: 'Galaxy S21', description: 'Plain screen.' });
    // The same database through a drizzle handle that counts the statements it sends.
    let statements = 0;
    const logger = { logQuery: () => void statements++ };
    const client = (ctx.app.db as unknown as { $client: never }).$client;
    const counted = (dbKind === 'postgres' ? drizzlePg(client, { schema, logger }) : drizzlePglite(client, { schema, logger })) as unknown as Db;
    const words = readQuery('galaxi plainn samsnug qwertyu asdfghjk zxcvbnmlk poiuytrewq scren');
    const meant = await expand((asks) => candidatesOfAll(counted, asks), words, true);
    expect(statements).toBe(1);
    expect(meant.map((w) => w.means.filter((m) => m !== w.word))).toEqual([['galaxy'], ['plain'], ['samsung'], [], [], [], [], ['screen']]);
  });

  it('stops looking for meanings once the search has spent its budget: later words mean only themselves', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const brand = await createCategory(ctx.app, 'Samsung');
    await postProduct(ctx.app, seller, brand.id, { productName: 'Galaxy S21', description: 'Plain.' });
    expect((await callRoute(ctx.app, 'searchProducts', { query: 'q=galaxi%20' })).body.meta.total).toBe(1);
    const spent = await appWithLimits(ctx, {}, { search: { newWordsPerListing: 40, wordsBudgetMs: 0 } });
    expect((await callRoute(spent, 'searchProducts', { query: 'q=galaxi%20' })).body.meta.total).toBe(0);
    expect((await callRoute(spent, 'searchProducts', { query: 'q=galaxy%20' })).body.meta.total).toBe(1);
  });
});

/** Every word one insertion, deletion, substitution or swap of neighbours away from `w` (letters a-c and w's own). */
function oneTypo(w: string): string[] {
  const letters = [...new Set([...w, 'a', 'b', 'c'])];
  const out: string[] = [];
  for (let i = 0; i <= w.length; i++) {
    for (const c of letters) out.push(w.slice(0, i) + c + w.slice(i));
    if (i < w.length) {
      out.push(w.slice(0, i) + w.slice(i + 1));
      for (const c of letters) out.push(w.slice(0, i) + c + w.slice(i + 1));
    }
    if (i + 1 < w.length) out.push(w.slice(0, i) + w[i + 1]! + w[i]! + w.slice(i + 2));
  }
  return out;
}

describe('the pieces a word within its typos keeps (decision 038)', () => {
  it('every word within the typos a query word allows holds one of its pieces where the index looks for it', () => {
    const holds = (candidate: string, word: string) => holdsPiece(candidate, word, typosAllowed(word));
    let checked = 0;
    const words = 'galaxy iphone abcab aaaaaa samsung microsoft smartphone xiaomiredmi accessories motorolaedge abcabcabc ababababab';
    for (const word of words.split(' ')) {
      const k = typosAllowed(word);
      const near = new Set(oneTypo(word));
      if (k === 2) for (const w of [...near]) for (const v of oneTypo(w)) near.add(v);
      for (const candidate of near) {
        if (candidate === word || typoCost(candidate, word) > k) continue;
        expect(holds(candidate, word), `${candidate} for ${word}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('looks every piece up by a key that reads a sliver of a large vocabulary: 3+ letters at an end, 4+ in the middle', () => {
    // A 2-letter start (a 9-letter word's first piece was one) reads 1/676 of a vocabulary of random words: 1,500 of
    // 1M. A 3-letter middle is one trigram, held by ~400 of 1M random words; 4 letters are two the index intersects.
    for (let n = 5; n <= 24; n++) {
      const word = 'abcdefghijklmnopqrstuvwxyz'.slice(0, n);
      // The patterns of the candidate query: 'key%' at the start (or the end, reversed), '%key%' in the middle.
      const patterns = candidates(ctx.app.db, word, [word], false)
        .toSQL()
        .params.filter((p): p is string => typeof p === 'string' && p.endsWith('%'));
      expect(patterns.length, word).toBeGreaterThanOrEqual(2);
      for (const pattern of patterns) {
        const middle = pattern.startsWith('%');
        expect(pattern.replace(/%/g, '').length, `${word}: ${pattern}`).toBeGreaterThanOrEqual(middle ? 4 : 3);
      }
    }
  });
});

/** A statement with its parameters written in (EXPLAIN takes no parameters). */
function inline(text: string, params: unknown[]) {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = params[Number(i) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}
