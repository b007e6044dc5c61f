import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { book, createAdmin, createCategory, markPaid, postProduct, signUp } from '../../../test/fixtures.ts';
import { products } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

const ctx = useTestApp();
const DAY = 86_400_000;
/** A calendar day in Dhaka, where the overview counts days. */
const dhakaDay = (ms: number) => new Date(ms + 6 * 3_600_000).toISOString().slice(0, 10);

async function market() {
  const [admin, seller, otherSeller, buyer, otherBuyer, category] = await Promise.all([
    createAdmin(ctx.app),
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Buyer'),
    signUp(ctx.app, 'Buyer'),
    createCategory(ctx.app),
  ]);
  return { admin, seller, otherSeller, buyer, otherBuyer, category };
}

describe('GET /api/admin-overview', () => {
  it('counts products, sellers and buyers (admins are neither)', async () => {
    const { admin, seller, otherSeller, category } = await market();
    await signUp(ctx.app, 'Buyer');
    await createAdmin(ctx.app);
    await postProduct(ctx.app, seller, category.id);
    await postProduct(ctx.app, otherSeller, category.id);
    const res = await callRoute(ctx.app, 'adminOverview', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ totalProduct: 2, totalSeller: 2, totalBuyer: 3 });
  });

  it('gives 30 days of products per day, oldest first, today last', async () => {
    const { admin, seller, category } = await market();
    const now = Date.now();
    const [, , old, ancient] = await Promise.all([1, 2, 3, 4].map(() => postProduct(ctx.app, seller, category.id)));
    await ctx.app.db
      .update(products)
      .set({ createdAt: new Date(now - 5 * DAY) })
      .where(eq(products.id, old!._id));
    await ctx.app.db
      .update(products)
      .set({ createdAt: new Date(now - 40 * DAY) })
      .where(eq(products.id, ancient!._id));

    const { data } = (await callRoute(ctx.app, 'adminOverview', { token: admin.token })).body;
    expect(data.totalProduct).toBe(4);
    const days = data.productsPerPeriod as { date: string; count: number }[];
    expect(days).toHaveLength(30);
    days.forEach((d, i) => {
      expect(d.date).toBe(dhakaDay(now - (29 - i) * DAY));
      expect(d.count).toBe(d.date === dhakaDay(now) ? 2 : d.date === dhakaDay(now - 5 * DAY) ? 1 : 0);
    });
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(3);

    await postProduct(ctx.app, seller, category.id);
    const after = (await callRoute(ctx.app, 'adminOverview', { token: admin.token })).body.data;
    expect(after.productsPerPeriod.at(-1)).toEqual({ date: dhakaDay(Date.now()), count: 3 });
  });
});

describe('GET /api/admin-overview?period= (the history filter)', () => {
  /** The Monday (Dhaka) of the week a Dhaka day is in, and the first of its month. */
  const monday = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d.toISOString().slice(0, 10);
  };
  const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

  it('Weekly: 12 weeks from Monday; Monthly: 12 months from the 1st; each product in the period it was posted, older ones left out', async () => {
    const { admin, seller, category } = await market();
    const now = Date.now();
    const ages = [0, 5, 40, 200, 400];
    const posted = await Promise.all(ages.map(() => postProduct(ctx.app, seller, category.id)));
    for (const [i, p] of posted.entries()) {
      await ctx.app.db
        .update(products)
        .set({ createdAt: new Date(now - ages[i]! * DAY) })
        .where(eq(products.id, p._id));
    }

    const weekly = (await callRoute(ctx.app, 'adminOverview', { query: { period: 'Weekly' }, token: admin.token })).body.data;
    expect(weekly.period).toBe('Weekly');
    const weeks = weekly.productsPerPeriod as { date: string; count: number }[];
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)!.date).toBe(monday(dhakaDay(now)));
    weeks.forEach((w, i) => {
      expect(new Date(`${w.date}T00:00:00Z`).getUTCDay()).toBe(1);
      if (i > 0) expect(Date.parse(w.date) - Date.parse(weeks[i - 1]!.date)).toBe(7 * DAY);
      const expected = ages.filter((age) => monday(dhakaDay(now - age * DAY)) === w.date).length;
      expect(w.count, w.date).toBe(expected);
    });
    expect(weeks.reduce((sum, w) => sum + w.count, 0)).toBe(3);

    const monthly = (await callRoute(ctx.app, 'adminOverview', { query: { period: 'Monthly' }, token: admin.token })).body.data;
    const months = monthly.productsPerPeriod as { date: string; count: number }[];
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.date).toBe(firstOfMonth(dhakaDay(now)));
    months.forEach((m) => {
      expect(m.date.endsWith('-01')).toBe(true);
      expect(m.count, m.date).toBe(ages.filter((age) => firstOfMonth(dhakaDay(now - age * DAY)) === m.date).length);
    });
    expect(months.reduce((sum, m) => sum + m.count, 0)).toBe(4);

    expect((await callRoute(ctx.app, 'adminOverview', { token: admin.token })).body.data.period).toBe('Daily');
  });

  it('refuses an unknown period with a 400 that names it', async () => {
    const { admin } = await market();
    const res = await callRoute(ctx.app, 'adminOverview', { query: { period: 'Yearly' }, token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('period must be Daily, Weekly or Monthly');
  });
});

describe('GET /api/buyer-overview/:id', () => {
  it("counts only that buyer's orders and paid orders, by _id and by e-mail", async () => {
    const { admin, seller, buyer, otherBuyer, category } = await market();
    const ps = await Promise.all([1, 2, 3].map(() => postProduct(ctx.app, seller, category.id)));
    const orders = [];
    for (const p of ps) orders.push(await book(ctx.app, buyer, p._id));
    await book(ctx.app, otherBuyer, ps[0]!._id);
    await markPaid(ctx.app, orders[1]!._id);
    for (const ref of [buyer._id, buyer.email]) {
      const res = await callRoute(ctx.app, 'buyerOverview', { params: { id: ref }, token: buyer.token });
      expect(res.status, ref).toBe(200);
      expect(res.body.data).toMatchObject({ totalOrders: 3, totalPaidOrders: 1 });
      expect(res.body.data.ordersPerDay).toHaveLength(30);
      expect(res.body.data.ordersPerDay.at(-1)).toEqual({ date: dhakaDay(Date.now()), orders: 3, paid: 1 });
    }
    expect((await callRoute(ctx.app, 'buyerOverview', { params: { id: otherBuyer.email }, token: admin.token })).body.data).toMatchObject({
      totalOrders: 1,
      totalPaidOrders: 0,
    });
  });

  it('answers zeros for a buyer without orders and 404 for an unknown user', async () => {
    const { admin, buyer } = await market();
    expect((await callRoute(ctx.app, 'buyerOverview', { params: { id: buyer._id }, token: buyer.token })).body.data).toMatchObject({
      totalOrders: 0,
      totalPaidOrders: 0,
    });
    expect((await callRoute(ctx.app, 'buyerOverview', { params: { id: randomUUID() }, token: admin.token })).status).toBe(404);
    expect((await callRoute(ctx.app, 'buyerOverview', { params: { id: 'nobody@example.com' }, token: admin.token })).status).toBe(404);
  });
});

describe('GET /api/seller-overview/:id', () => {
  it("counts the seller's products and the orders on them only", async () => {
    const { admin, seller, otherSeller, buyer, otherBuyer, category } = await market();
    const [a, b] = [await postProduct(ctx.app, seller, category.id), await postProduct(ctx.app, seller, category.id)];
    await postProduct(ctx.app, seller, category.id);
    const foreign = await postProduct(ctx.app, otherSeller, category.id);
    const paid = await book(ctx.app, buyer, a._id);
    await book(ctx.app, otherBuyer, a._id);
    await book(ctx.app, buyer, b._id);
    await markPaid(ctx.app, paid._id);
    const foreignPaid = await book(ctx.app, buyer, foreign._id);
    // Booked before the payment, which reserves the phone (issue 31).
    await book(ctx.app, otherBuyer, foreign._id);
    await markPaid(ctx.app, foreignPaid._id);

    for (const ref of [seller._id, seller.email]) {
      const res = await callRoute(ctx.app, 'sellerOverview', { params: { id: ref }, token: seller.token });
      expect(res.status, ref).toBe(200);
      expect(res.body.data).toMatchObject({ sellerProducts: 3, orderCount: [{ totalOrders: 3 }], paidOrderCount: [{ totalOrders: 1 }] });
      expect(res.body.data.perDay).toHaveLength(30);
      expect(res.body.data.perDay.at(-1)).toEqual({ date: dhakaDay(Date.now()), products: 3, orders: 3 });
    }
    const other = await callRoute(ctx.app, 'sellerOverview', { params: { id: otherSeller._id }, token: admin.token });
    expect(other.body.data).toMatchObject({ sellerProducts: 1, orderCount: [{ totalOrders: 2 }], paidOrderCount: [{ totalOrders: 1 }] });
  });

  it('answers zeros for a new seller and 404 for an unknown user', async () => {
    const { admin, seller } = await market();
    expect((await callRoute(ctx.app, 'sellerOverview', { params: { id: seller.email }, token: seller.token })).body.data).toMatchObject({
      sellerProducts: 0,
      orderCount: [{ totalOrders: 0 }],
      paidOrderCount: [{ totalOrders: 0 }],
    });
    expect((await callRoute(ctx.app, 'sellerOverview', { params: { id: randomUUID() }, token: admin.token })).status).toBe(404);
  });
});
