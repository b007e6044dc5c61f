import { describe, expect, it } from 'vitest';
import { book, createAdmin, createCategory, postProduct, signUp } from './fixtures.ts';
import { call, useTestApp } from './helper.ts';
import { callRoute, routePath } from './call-route.ts';

const ctx = useTestApp();

/** Follows nextCursor to the end of a list (its path: routePath), returning every page's ids. */
async function walk(url: string, token?: string, limit = 3) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const res = await call(ctx.app, { method: 'GET', url: `${url}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.data.map((row: { _id: string }) => row._id));
    cursor = res.body.meta.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('keyset pagination of lists', () => {
  it('pages through a category newest first, without gaps or repeats, even with equal timestamps', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const category = await createCategory(ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await postProduct(ctx.app, seller, category.id, { productName: `Phone ${i}` }))._id);
    const pages = await walk(routePath('categoryProducts', { params: { id: category.id } }));
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(7);
    expect(all.sort()).toEqual([...ids].sort());

    const first = await callRoute(ctx.app, 'categoryProducts', { params: { id: category.id } });
    expect(first.body.data.map((p: { _id: string }) => p._id)).toEqual(pages.flat().length ? first.body.data.map((p: { _id: string }) => p._id) : []);
    expect(first.body.data[0]._id).toBe(ids.at(-1));
    expect(first.body.meta.nextCursor).toBeNull();
  });

  it("pages the seller list, the buyer list and a buyer's orders", async () => {
    const admin = await createAdmin(ctx.app);
    const seller = await signUp(ctx.app, 'Seller');
    const buyer = await signUp(ctx.app, 'Buyer');
    for (let i = 0; i < 4; i++) await signUp(ctx.app, 'Buyer');
    const category = await createCategory(ctx.app);
    for (let i = 0; i < 5; i++) await book(ctx.app, buyer, (await postProduct(ctx.app, seller, category.id))._id);
    expect((await walk(routePath('allBuyers'), admin.token, 2)).flat()).toHaveLength(5);
    expect((await walk(routePath('buyerOrders', { params: { id: buyer._id } }), buyer.token, 2)).map((p) => p.length)).toEqual([2, 2, 1]);
    expect((await walk(routePath('sellerProducts', { params: { id: seller.email } }), seller.token, 4)).map((p) => p.length)).toEqual([4, 1]);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'cursor=not-an-id'])('refuses %s with a 400 naming the parameter', async (query) => {
    const res = await callRoute(ctx.app, 'advertisedProducts', { query });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(query.split('=')[0]);
  });
});
