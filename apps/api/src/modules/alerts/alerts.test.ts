import type { SavedSearch } from '@market/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import { createCategory, postProduct, productBody, signUp, uploadedPicture, type Actor } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { notifications, outbox, searchAlerts } from '../../db/schema.ts';
import { dailySearchMails } from './daily.ts';

/** Issue 34, item 5: saved searches and their alerts, matched through their anchors, each phone once per search. */
const ctx = useTestApp();

async function world() {
  const [buyer, other, seller, samsung, apple] = await Promise.all([
    signUp(ctx.app, 'Buyer'),
    signUp(ctx.app, 'Buyer'),
    signUp(ctx.app, 'Seller'),
    createCategory(ctx.app, 'Samsung'),
    createCategory(ctx.app, 'Apple'),
  ]);
  return { buyer, other, seller, samsung, apple };
}

const save = async (who: Actor, query: Record<string, unknown>, frequency = 'instant') => {
  const res = await callRoute(ctx.app, 'saveSearch', { token: who.token, body: { query, frequency } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as SavedSearch;
};
/** Runs the job queue until nothing is due: the alerts of what was listed are matched and told. */
const settle = async () => {
  while ((await ctx.app.jobs.run()) > 0);
};
const alertsOf = async (who: Actor) =>
  (await ctx.app.db.select().from(notifications).where(eq(notifications.userId, who._id)))
    .filter((n) => n.kind === 'search_alert')
    .map((n) => n.productName)
    .sort();
const matched = async (id: string) => (await ctx.app.db.select().from(searchAlerts).where(eq(searchAlerts.savedSearchId, id))).length;

describe('saved searches', () => {
  it('keeps a search written one way, each once a person, at most 20; lists them newest first with their matches', async () => {
    const { buyer } = await world();
    const first = await save(buyer, { q: '  galaxy   s21 ', location: 'Chittagong', condition: ['Good', 'Excellent', 'Good'] });
    expect(first).toMatchObject({ query: { q: 'galaxy s21', district: 'chattogram', condition: ['Excellent', 'Good'] }, frequency: 'instant', matches: 0 });
    const again = await callRoute(ctx.app, 'saveSearch', {
      token: buyer.token,
      body: { query: { q: 'galaxy s21', district: 'chattogram', condition: ['Good', 'Excellent'] }, frequency: 'daily' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('search_already_saved');
    for (let i = 1; i < 20; i++) await save(buyer, { q: `pixel ${i}` });
    const over = await callRoute(ctx.app, 'saveSearch', { token: buyer.token, body: { query: { q: 'one too many' } } });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'too_many_saved_searches', params: { max: 20 } });
    const list = await callRoute(ctx.app, 'savedSearches', { token: buyer.token, query: { limit: 100 } });
    expect(list.body.data).toHaveLength(20);
    expect(list.body.data.at(-1)._id).toBe(first._id);
  });

  it('refuses a search of nothing, and one whose price range is the wrong way round', async () => {
    const { buyer } = await world();
    for (const query of [{}, { q: '  ' }, { minPrice: 50000, maxPrice: 10000 }]) {
      const res = await callRoute(ctx.app, 'saveSearch', { token: buyer.token, body: { query } });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });

  it("changes how often it tells, and is deleted, by its person only: another's is 403, an unknown one 404", async () => {
    const { buyer, other } = await world();
    const kept = await save(buyer, { q: 'iphone' });
    const stranger = await callRoute(ctx.app, 'setSavedSearchFrequency', { token: other.token, params: { id: kept._id }, body: { frequency: 'daily' } });
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('not_yours');
    expect((await callRoute(ctx.app, 'deleteSavedSearch', { token: other.token, params: { id: kept._id } })).status).toBe(403);
    const changed = await callRoute(ctx.app, 'setSavedSearchFrequency', { token: buyer.token, params: { id: kept._id }, body: { frequency: 'daily' } });
    expect(changed.body.data).toMatchObject({ _id: kept._id, frequency: 'daily' });
    expect((await callRoute(ctx.app, 'deleteSavedSearch', { token: buyer.token, params: { id: kept._id } })).body.data).toEqual({ deleted: true });
    expect((await callRoute(ctx.app, 'deleteSavedSearch', { token: buyer.token, params: { id: kept._id } })).status).toBe(404);
  });
});

describe('alerts', () => {
  it('a phone listed tells the people whose searches it matches, at once, once each, never its seller; the others nothing', async () => {
    const { buyer, other, seller, samsung, apple } = await world();
    const galaxy = await save(buyer, { q: 'galaxy', maxPrice: 50000, district: 'dhaka' });
    const galaxyBangla = await save(buyer, { q: 'গ্যালাক্সি' });
    const cheapApple = await save(other, { category: [apple.id], maxPrice: 30000 });
    const inChattogram = await save(other, { q: 'galaxy', division: 'chattogram' });
    const sellersOwn = await save(seller, { q: 'galaxy' });
    await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S21', resalePrice: 45000, location: 'Mirpur', district: 'dhaka' });
    await settle();
    // Both of the buyer's searches matched (the Bangla word is read as 'galaxy'): one notification.
    expect(await alertsOf(buyer)).toEqual(['Galaxy S21']);
    expect(await matched(galaxy._id)).toBe(1);
    expect(await matched(galaxyBangla._id)).toBe(1);
    expect(await matched(cheapApple._id)).toBe(0);
    expect(await matched(inChattogram._id)).toBe(0);
    expect(await matched(sellersOwn._id)).toBe(0);
    expect(await alertsOf(other)).toEqual([]);
    const listed = await callRoute(ctx.app, 'savedSearches', { token: buyer.token });
    expect(listed.body.data.find((s: SavedSearch) => s._id === galaxy._id)).toMatchObject({ matches: 1, lastMatchAt: expect.any(String) });
  });

  it("a price lowered into a search's range is a new match; edits after that tell no more (once per phone and search)", async () => {
    const { buyer, seller, samsung } = await world();
    const cheap = await save(buyer, { q: 'galaxy', maxPrice: 40000 });
    const phone = await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy A54', resalePrice: 45000 });
    await settle();
    expect(await matched(cheap._id)).toBe(0);
    const img = await uploadedPicture(ctx.app, seller);
    const edit = async (resalePrice: number) => {
      const res = await callRoute(ctx.app, 'editProduct', {
        params: { id: phone._id },
        token: seller.token,
        body: productBody(samsung.id, img, { productName: 'Galaxy A54', resalePrice }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await settle();
    };
    await edit(39000);
    expect(await matched(cheap._id)).toBe(1);
    expect(await alertsOf(buyer)).toEqual(['Galaxy A54']);
    await edit(35000);
    await edit(36000);
    expect(await matched(cheap._id)).toBe(1);
    expect(await alertsOf(buyer)).toEqual(['Galaxy A54']);
  });

  it("a daily search keeps its matches for the day's mail and tells nothing at once", async () => {
    const { buyer, seller, samsung } = await world();
    const daily = await save(buyer, { q: 'galaxy' }, 'daily');
    await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S22' });
    await settle();
    expect(await alertsOf(buyer)).toEqual([]);
    const rows = await ctx.app.db.select().from(searchAlerts).where(eq(searchAlerts.savedSearchId, daily._id));
    expect(rows).toEqual([expect.objectContaining({ toldAt: null })]);
  });

  it("mails a daily search's matches once a day in one mail, in the person's language, then not again until the next day", async () => {
    const { buyer, seller, samsung } = await world();
    await callRoute(ctx.app, 'setLanguage', { token: buyer.token, body: { language: 'bn' } });
    await save(buyer, { q: 'galaxy' }, 'daily');
    await save(buyer, { q: 'galaxy', maxPrice: 60000 }, 'daily');
    await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S22', resalePrice: 55000 });
    await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy Z Flip', resalePrice: 70000 });
    await settle();
    const mails = async () => (await ctx.app.db.select().from(outbox).where(eq(outbox.toAddress, buyer.email))).filter((m) => m.kind === 'search-digest');
    expect(await dailySearchMails(ctx.app.db, 'https://phones.example')).toBe(1);
    const [mail] = await mails();
    // One mail for both phones (the S22 matched both searches: named once), in Bangla, each with its address.
    expect(mail!.subject).toContain('২টি নতুন ফোন');
    expect(mail!.textBody!.match(/Galaxy S22/g)).toHaveLength(1);
    expect(mail!.textBody).toContain('Galaxy Z Flip');
    expect(mail!.textBody).toContain('https://phones.example/detail-product/');
    // Told: the next sweep mails nothing, and a new match waits for tomorrow.
    expect(await dailySearchMails(ctx.app.db, 'https://phones.example')).toBe(0);
    await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy A15', resalePrice: 15000 });
    await settle();
    expect(await dailySearchMails(ctx.app.db, 'https://phones.example')).toBe(0);
    expect(await mails()).toHaveLength(1);
    await ctx.app.db.execute(sql`update saved_searches set digest_at = now() - interval '1 day'`);
    expect(await dailySearchMails(ctx.app.db, 'https://phones.example')).toBe(1);
    expect(await mails()).toHaveLength(2);
  });

  it('anchors each search on the key the fewest share (its place joined on): one popular word gathers no one', async () => {
    const { buyer, other, seller, samsung } = await world();
    const third = await signUp(ctx.app, 'Buyer');
    await save(buyer, { q: 'galaxy s21' });
    await save(other, { q: 'galaxy s21' });
    await save(third, { q: 'galaxy s21', district: 'dhaka' });
    const anchors = await ctx.app.db.execute(sql`select anchor from saved_searches order by created_at`);
    expect((anchors as unknown as { rows: { anchor: string }[] }).rows.map((r) => r.anchor)).toEqual(['w:galaxy', 'w:s21', 'w:galaxy@d:dhaka']);
    // Each is still found: a Galaxy S21 in Dhaka matches all three, one in Khulna the two without a place.
    await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S21', location: 'Banani', district: 'dhaka' });
    await postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S21', location: 'Sonadanga', district: 'khulna' });
    await settle();
    expect(await ctx.app.db.select().from(searchAlerts)).toHaveLength(5);
  });

  it('finds a search by its anchor among thousands: only the anchored few are read', async () => {
    const { buyer, other, seller, samsung } = await world();
    // 3,000 other people's searches of other words (written straight into the table, as saving them would).
    await ctx.app.db.execute(sql`
      insert into saved_searches (user_id, query, query_key, frequency, anchor, words, categories, conditions, verified, storage)
      select ${other._id}, jsonb_build_object('q', 'word' || i), 'k' || i, 'instant', 'w:word' || i,
        array['word' || i], '{}', '{}', false, '{}'
      from generate_series(1, 3000) i`);
    const mine = await save(buyer, { q: 'pixel seven' });
    await postProduct(ctx.app, seller, samsung.id, { productName: 'Pixel Seven', description: 'word17 in its description' });
    await settle();
    const found = await ctx.app.db.execute(sql`select s.query->>'q' as q from search_alerts a join saved_searches s on s.id = a.saved_search_id order by 1`);
    expect((found as unknown as { rows: { q: string }[] }).rows.map((r) => r.q)).toEqual(['pixel seven', 'word17']);
    expect(await matched(mine._id)).toBe(1);
  });
});
