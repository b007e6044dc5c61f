import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { book, createAdmin, createCategory, markPaid, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { payoutMethods, users } from '../../db/schema.ts';
import { callRoute, type RouteQuery } from '../../../test/call-route.ts';
import { eq } from 'drizzle-orm';

/** Issue 35, items 15 and 17: what All Sellers shows of each seller, and the search of both lists. */
const ctx = useTestApp();

type Row = {
  _id: string;
  name: string;
  memberSince: string;
  liveListings: number;
  listings: number;
  completedSales: number;
  reports: number;
  numberConfirmed: boolean;
};
const list = async (name: 'allSellers' | 'allBuyers', admin: Actor, query: RouteQuery = {}) => {
  const res = await callRoute(ctx.app, name, { token: admin.token, query });
  expect(res.status).toBe(200);
  return res.body as { data: Row[]; meta: { nextCursor: string | null } };
};
const names = (page: { data: { name: string }[] }) => page.data.map((u) => u.name);
const report = async (by: Actor, productId: string) =>
  expect((await callRoute(ctx.app, 'report', { token: by.token, body: { productId, reason: 'fake' } })).status).toBe(201);

describe('All Sellers: what a verification is judged by', () => {
  it("each row says since when, the listings on sale and all, completed sales, reports of the seller's listings and a confirmed bKash number", async () => {
    const [admin, seller, quiet, unconfirmed, banked, buyer, other] = await Promise.all([
      createAdmin(ctx.app),
      signUp(ctx.app, 'Seller', 'Karim Telecom'),
      signUp(ctx.app, 'Seller', 'Quiet Seller'),
      signUp(ctx.app, 'Seller', 'Unconfirmed Wallet'),
      signUp(ctx.app, 'Seller', 'Bank Seller'),
      signUp(ctx.app, 'Buyer'),
      signUp(ctx.app, 'Buyer'),
    ]);
    const category = await createCategory(ctx.app);
    const [sold, onSale, booked, alsoOnSale] = [
      await postProduct(ctx.app, seller, category.id),
      await postProduct(ctx.app, seller, category.id),
      await postProduct(ctx.app, seller, category.id),
      await postProduct(ctx.app, seller, category.id),
    ];
    // One deal completed (the phone sold), one paid and not yet handed over (reserved, not a sale yet).
    await markPaid(ctx.app, (await book(ctx.app, buyer, sold._id))._id, { sold: true });
    await markPaid(ctx.app, (await book(ctx.app, other, booked._id))._id);
    // Three reports of two of the seller's phones; one of another seller's phone does not count.
    await report(buyer, onSale._id);
    await report(other, onSale._id);
    await report(buyer, alsoOnSale._id);
    await report(buyer, (await postProduct(ctx.app, quiet, category.id))._id);
    await ctx.app.db.insert(payoutMethods).values([
      { userId: seller._id, kind: 'bkash', wallet: '01711000001', confirmedAt: new Date() },
      // Waiting for its SMS code; a bank account has no number to confirm.
      { userId: unconfirmed._id, kind: 'bkash', wallet: '01711000002' },
      {
        userId: banked._id,
        kind: 'bank',
        accountName: 'Bank Seller',
        accountNumber: '1234567890',
        bankName: 'Sonali Bank',
        routingNumber: '200270522',
        confirmedAt: new Date(),
      },
    ]);

    const rows = (await list('allSellers', admin)).data;
    const of = (who: Actor) => rows.find((r) => r._id === who._id)!;
    const [joined] = await ctx.app.db.select({ at: users.createdAt }).from(users).where(eq(users.id, seller._id));
    expect(of(seller)).toMatchObject({
      memberSince: joined!.at.toISOString(),
      liveListings: 2,
      listings: 4,
      completedSales: 1,
      reports: 3,
      numberConfirmed: true,
    });
    expect(of(quiet)).toMatchObject({ liveListings: 1, listings: 1, completedSales: 0, reports: 1, numberConfirmed: false });
    expect(of(unconfirmed)).toMatchObject({ liveListings: 0, listings: 0, completedSales: 0, reports: 0, numberConfirmed: false });
    expect(of(banked).numberConfirmed).toBe(false);
  });

  it('pages as before: newest first, each seller once, the facts on every page', async () => {
    const admin = await createAdmin(ctx.app);
    const sellers: Actor[] = [];
    for (const n of [1, 2, 3, 4, 5]) sellers.push(await signUp(ctx.app, 'Seller', `Paged ${n}`));
    const category = await createCategory(ctx.app);
    await postProduct(ctx.app, sellers[0]!, category.id);
    const seen: Row[] = [];
    let cursor: string | undefined;
    do {
      const page = await list('allSellers', admin, { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data);
      cursor = page.meta.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((r) => r.name)).toEqual(['Paged 5', 'Paged 4', 'Paged 3', 'Paged 2', 'Paged 1']);
    expect(seen.at(-1)).toMatchObject({ listings: 1, liveListings: 1 });
  });
});

describe('searching All Sellers and All Buyers by name or e-mail', () => {
  it("finds by part of a name or an e-mail address in any case; '%' and '_' are letters, not wildcards", async () => {
    const admin = await createAdmin(ctx.app);
    const [karim, rahim, percent, plain, underscore, lookalike] = [
      await signUp(ctx.app, 'Seller', 'Karim Telecom'),
      await signUp(ctx.app, 'Seller', 'Rahim Mobiles'),
      await signUp(ctx.app, 'Seller', 'Save 100% Phones'),
      await signUp(ctx.app, 'Seller', 'Save 100 Phones'),
      await signUp(ctx.app, 'Seller', 'A_B Telecom'),
      await signUp(ctx.app, 'Seller', 'AxB Telecom'),
    ];
    expect(names(await list('allSellers', admin, { q: 'telecom' }))).toEqual(['AxB Telecom', 'A_B Telecom', 'Karim Telecom']);
    expect(names(await list('allSellers', admin, { q: ' KARIM ' }))).toEqual(['Karim Telecom']);
    expect(names(await list('allSellers', admin, { q: '100%' }))).toEqual(['Save 100% Phones']);
    expect(names(await list('allSellers', admin, { q: 'A_B' }))).toEqual(['A_B Telecom']);
    expect(names(await list('allSellers', admin, { q: '_' }))).toEqual(['A_B Telecom']);
    expect(names(await list('allSellers', admin, { q: '%' }))).toEqual(['Save 100% Phones']);
    expect(names(await list('allSellers', admin, { q: '\\' }))).toEqual([]);
    // By e-mail, any case: the part before the @ is the seller's own.
    expect(names(await list('allSellers', admin, { q: rahim.email.split('@')[0]!.toUpperCase() }))).toEqual(['Rahim Mobiles']);
    expect(names(await list('allSellers', admin, { q: '@EXAMPLE.com' }))).toHaveLength(6);
    // Blank is no search at all.
    expect(names(await list('allSellers', admin, { q: '   ' }))).toHaveLength(6);
    expect(names(await list('allSellers', admin, { q: 'nobody' }))).toEqual([]);
    void [karim, percent, plain, underscore, lookalike];
  });

  it('finds Bangla names, however their letters were typed (য় as one letter or as য and its dot)', async () => {
    const admin = await createAdmin(ctx.app);
    // "মিয়া" with য় as U+09DF, the one letter; searched with U+09AF U+09BC, as many keyboards type it.
    await signUp(ctx.app, 'Buyer', 'রফিক মি\u09DFা');
    await signUp(ctx.app, 'Buyer', 'Nusrat Jahan');
    expect(names(await list('allBuyers', admin, { q: 'রফিক' }))).toEqual(['রফিক মি\u09DFা']);
    expect(names(await list('allBuyers', admin, { q: 'মি\u09AF\u09BCা' }))).toEqual(['রফিক মি\u09DFা']);
  });

  it('pages through the matches only, and keeps the search on every page', async () => {
    const admin = await createAdmin(ctx.app);
    for (const n of [1, 2, 3]) await signUp(ctx.app, 'Buyer', `Mitu ${n}`);
    for (const n of [1, 2]) await signUp(ctx.app, 'Buyer', `Other ${n}`);
    const first = await list('allBuyers', admin, { q: 'mitu', limit: 2 });
    expect(names(first)).toEqual(['Mitu 3', 'Mitu 2']);
    const second = await list('allBuyers', admin, { q: 'mitu', limit: 2, cursor: first.meta.nextCursor });
    expect(names(second)).toEqual(['Mitu 1']);
    expect(second.meta.nextCursor).toBeNull();
  });

  it('refuses a search too long or with control characters (400), and anyone but an Admin (403)', async () => {
    const [admin, seller, buyer] = await Promise.all([createAdmin(ctx.app), signUp(ctx.app, 'Seller'), signUp(ctx.app, 'Buyer')]);
    for (const q of ['x'.repeat(255), 'a\u0000b']) {
      const res = await callRoute(ctx.app, 'allSellers', { token: admin.token, query: { q } });
      expect([res.status, res.body.code, res.body.fields?.[0]?.field]).toEqual([400, 'invalid_input', 'q']);
    }
    for (const caller of [seller, buyer]) {
      for (const name of ['allSellers', 'allBuyers'] as const) {
        expect((await callRoute(ctx.app, name, { token: caller.token, query: { q: caller.name } })).status).toBe(403);
      }
    }
    expect((await callRoute(ctx.app, 'allBuyers', { query: { q: 'a' } })).status).toBe(401);
  });
});
