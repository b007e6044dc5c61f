import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { book, createAdmin, createCategory, markPaid, markSold, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { orders, products, reviews } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

/** Issue 29, item 4 (decision 040): a seller cannot escape reviews by deleting a sold listing; a refunded order is no sale. */
const ctx = useTestApp();
const productRow = async (id: string) => (await ctx.app.db.select().from(products).where(eq(products.id, id)))[0];
const review = (buyer: Actor, orderId: string) =>
  callRoute(ctx.app, 'review', { token: buyer.token, body: { orderId, stars: 2, text: 'Battery was worse than said' } });

async function world() {
  const [seller, buyer, category] = await Promise.all([signUp(ctx.app, 'Seller'), signUp(ctx.app, 'Buyer'), createCategory(ctx.app)]);
  const phone = await postProduct(ctx.app, seller, category.id);
  const order = await book(ctx.app, buyer, phone._id);
  return { seller, buyer, category, phone, order };
}

describe('a sold listing', () => {
  it('paid here or handed over, is never deleted, by its seller or an Admin: a 409, and nothing changes', async () => {
    const { seller, buyer, category, phone, order } = await world();
    await markPaid(ctx.app, order._id, { payment: true, sold: true });
    const handedOver = await postProduct(ctx.app, seller, category.id);
    await markSold(ctx.app, handedOver._id);
    const admin = await createAdmin(ctx.app);
    for (const id of [phone._id, handedOver._id]) {
      for (const who of [seller, admin]) {
        const res = await callRoute(ctx.app, 'deleteProduct', { params: { id }, token: who.token });
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ code: 'sold_cannot_delete', message: 'This product was sold: a sold listing cannot be deleted, only hidden' });
      }
      expect(await productRow(id)).toBeDefined();
    }
    // The buyer can still review the seller.
    expect((await review(buyer, order._id)).status).toBe(201);
  });

  it('can be hidden by its seller: off My Products and its public page, its order and review kept; one for sale cannot', async () => {
    const { seller, buyer, category, phone, order } = await world();
    await markPaid(ctx.app, order._id, { payment: true, sold: true });
    const hidden = await callRoute(ctx.app, 'hideProduct', { params: { id: phone._id }, token: seller.token });
    expect(hidden.status).toBe(200);
    expect((await callRoute(ctx.app, 'sellerProducts', { params: { id: seller._id }, token: seller.token })).body.data).toEqual([]);
    expect((await callRoute(ctx.app, 'product', { params: { id: phone._id } })).status).toBe(404);
    expect((await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token })).body.data[0]).toMatchObject({
      _id: order._id,
      paid: true,
    });
    expect((await review(buyer, order._id)).status).toBe(201);

    const forSale = await postProduct(ctx.app, seller, category.id);
    const refused = await callRoute(ctx.app, 'hideProduct', { params: { id: forSale._id }, token: seller.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('only_sold_hidden');
    expect((await productRow(forSale._id))!.hiddenAt).toBeNull();
    // A listing that never sold can still be deleted.
    expect((await callRoute(ctx.app, 'deleteProduct', { params: { id: forSale._id }, token: seller.token })).status).toBe(200);
  });
});

describe('a review', () => {
  it('is of the seller recorded on the order, even once the listing is gone (removed by an older release)', async () => {
    const { seller, buyer, phone, order } = await world();
    await markPaid(ctx.app, order._id, { payment: true, sold: true });
    expect((await ctx.app.db.select({ sellerId: orders.sellerId }).from(orders).where(eq(orders.id, order._id)))[0]!.sellerId).toBe(seller._id);
    await ctx.app.db.delete(products).where(eq(products.id, phone._id));
    const res = await review(buyer, order._id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await ctx.app.db.select().from(reviews).where(eq(reviews.orderId, order._id));
    expect(row!.sellerId).toBe(seller._id);
  });

  it('of an order refunded in full is refused with a 409, writing nothing', async () => {
    const { buyer, order } = await world();
    await markPaid(ctx.app, order._id, { payment: true, sold: true });
    const admin = await createAdmin(ctx.app);
    expect(
      (await callRoute(ctx.app, 'refundOrder', { params: { id: order._id }, token: admin.token, body: { reason: 'The phone did not work' } })).status,
    ).toBe(200);
    const res = await review(buyer, order._id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'review_refunded', message: 'This order was refunded: a refunded order cannot be reviewed' });
    expect(await ctx.app.db.select().from(reviews).where(eq(reviews.orderId, order._id))).toEqual([]);
  });
});
