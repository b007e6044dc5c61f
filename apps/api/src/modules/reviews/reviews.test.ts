import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusal, useTestApp } from '../../../test/helper.ts';
import { book, createAdmin, createCategory, markPaid, markSold, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { reviews } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

/** Issue 16: reviews from paid orders only, changed for 30 days, answered once; the seller's public page and rating. */
const ctx = useTestApp();
const write = (who: Actor, payload: Record<string, unknown>) => callRoute(ctx.app, 'review', { token: who.token, body: payload });
const edit = (who: Actor, id: string, payload: Record<string, unknown>) =>
  callRoute(ctx.app, 'editReview', { params: { id }, token: who.token, body: payload });
const answer = (who: Actor, id: string, text: string) => callRoute(ctx.app, 'answerReview', { params: { id }, token: who.token, body: { answer: text } });
const reviewRows = () => ctx.app.db.select().from(reviews);

async function world() {
  const [seller, buyer, otherBuyer, category] = await Promise.all([
    signUp(ctx.app, 'Seller', 'Karim Telecom'),
    signUp(ctx.app, 'Buyer', 'Nusrat Jahan'),
    signUp(ctx.app, 'Buyer', 'Rafiq Islam'),
    createCategory(ctx.app),
  ]);
  /** A phone of the seller's, booked and paid for by `who`. */
  const paidOrder = async (who: Actor = buyer, productName = 'iPhone 12') => {
    const phone = await postProduct(ctx.app, seller, category.id, { productName });
    const order = await book(ctx.app, who, phone._id);
    await markPaid(ctx.app, order._id, { payment: true, sold: true });
    return { phone, order };
  };
  return { seller, buyer, otherBuyer, category, paidOrder };
}

describe('writing a review', () => {
  it('the buyer of a paid order rates its seller; the order shows it with its last day of changes', async () => {
    const { seller, buyer, paidOrder } = await world();
    const { order } = await paidOrder();
    const res = await write(buyer, { orderId: order._id, stars: 5, text: '  Met on time, phone as described  ' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      stars: 5,
      text: 'Met on time, phone as described',
      reviewer: 'Nusrat Jahan',
      productName: 'iPhone 12',
      edited: null,
      answer: null,
    });
    const [row] = await reviewRows();
    expect(row).toMatchObject({ orderId: order._id, sellerId: seller._id, reviewerId: buyer._id });
    const seen = (await callRoute(ctx.app, 'order', { params: { id: order._id }, token: buyer.token })).body.data;
    expect(seen.review).toMatchObject({ _id: res.body.data._id, stars: 5, text: 'Met on time, phone as described' });
    expect(new Date(seen.review.editableUntil).getTime() - row!.createdAt.getTime()).toBe(30 * 24 * 3600 * 1000);
  });

  it('refuses a deal not completed, a declined one, another buyer’s order, a second review, 0 or 6 stars and too long a text: nothing written', async () => {
    const { seller, buyer, otherBuyer, category, paidOrder } = await world();
    const phone = await postProduct(ctx.app, seller, category.id);
    const unpaid = await book(ctx.app, buyer, phone._id);
    const refused = await write(buyer, { orderId: unpaid._id, stars: 4 });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      "This deal is not completed: a review comes once the phone is handed over (and a protected deal's complaint window is over)",
    ]);
    expect((await callRoute(ctx.app, 'declineBooking', { params: { id: unpaid._id }, token: seller.token })).status).toBe(200);
    expect((await write(buyer, { orderId: unpaid._id, stars: 4 })).status).toBe(409);

    const { order } = await paidOrder();
    const other = await write(otherBuyer, { orderId: order._id, stars: 1 });
    expect([other.status, other.body.message]).toEqual([403, 'This order is not yours']);
    const asSeller = await write(seller, { orderId: order._id, stars: 5 });
    expect(asSeller.status).toBe(403);
    const unknown = await write(buyer, { orderId: '00000000-0000-4000-8000-000000000000', stars: 5 });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Order not found']);
    for (const stars of [0, 6, 4.5, '5', null]) {
      const bad = await write(buyer, { orderId: order._id, stars });
      expect(bad.status, String(stars)).toBe(400);
      expect(bad.body.message).toMatch(/stars.*must be a whole number of stars from 1 to 5/);
    }
    const long = await write(buyer, { orderId: order._id, stars: 5, text: 'x'.repeat(1001) });
    expect([long.status, long.body.message]).toEqual([400, 'Invalid body: text must be at most 1000 characters']);
    expect(await reviewRows()).toEqual([]);

    expect((await write(buyer, { orderId: order._id, stars: 5, text: '   ' })).status).toBe(201);
    const second = await write(buyer, { orderId: order._id, stars: 1 });
    expect([second.status, second.body.message]).toEqual([409, 'You have already reviewed this order: change your review instead']);
    expect((await reviewRows()).map((r) => [r.stars, r.text])).toEqual([[5, null]]);
  });

  it('the database keeps stars within 1 to 5 and one review per order, whatever writes', async () => {
    const { buyer, paidOrder } = await world();
    const { order } = await paidOrder();
    const res = await write(buyer, { orderId: order._id, stars: 3 });
    expect(await refusal(ctx.app.db.update(reviews).set({ stars: 6 }).where(eq(reviews.id, res.body.data._id)))).toMatch(/reviews_stars_check/);
    const [row] = await reviewRows();
    expect(await refusal(ctx.app.db.insert(reviews).values({ ...row!, id: undefined }))).toMatch(/reviews_order_key/);
    expect((await reviewRows()).map((r) => r.stars)).toEqual([3]);
  });
});

describe('changing a review', () => {
  it('its writer changes stars and words within 30 days; afterwards, or as someone else, it is refused and kept', async () => {
    const { seller, buyer, otherBuyer, paidOrder } = await world();
    const { order } = await paidOrder();
    const id = (await write(buyer, { orderId: order._id, stars: 5, text: 'Great' })).body.data._id as string;
    const changed = await edit(buyer, id, { stars: 3, text: 'The battery is weaker than said' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ stars: 3, text: 'The battery is weaker than said' });
    expect(changed.body.data.edited).not.toBeNull();
    // Leaving the words out removes them.
    expect((await edit(buyer, id, { stars: 4 })).body.data).toMatchObject({ stars: 4, text: null });

    expect((await edit(otherBuyer, id, { stars: 1 })).status).toBe(403);
    expect((await edit(seller, id, { stars: 5 })).status).toBe(403);
    expect((await edit(buyer, id, { stars: 0 })).status).toBe(400);
    expect((await edit(buyer, '00000000-0000-4000-8000-000000000000', { stars: 3 })).status).toBe(404);

    await ctx.app.db.execute(sql`update reviews set created_at = now() - interval '31 days' where id = ${id}`);
    const late = await edit(buyer, id, { stars: 1 });
    expect([late.status, late.body.message]).toEqual([409, 'A review can be changed for 30 days after it is written: this one is older']);
    expect(late.body).toMatchObject({ code: 'review_edit_window_passed', params: { days: 30 } });
    expect((await reviewRows()).map((r) => [r.stars, r.text])).toEqual([[4, null]]);
  });
});

describe('answering a review', () => {
  it('the reviewed seller answers once; a second answer, another seller or the buyer is refused; the database keeps the answer', async () => {
    const { seller, buyer, paidOrder } = await world();
    const otherSeller = await signUp(ctx.app, 'Seller');
    const { order } = await paidOrder();
    const id = (await write(buyer, { orderId: order._id, stars: 2, text: 'Late' })).body.data._id as string;
    expect((await answer(otherSeller, id, 'Not mine')).status).toBe(403);
    expect((await answer(buyer, id, 'Me too')).status).toBe(403);
    expect((await answer(seller, id, '   ')).status).toBe(400);
    const first = await answer(seller, id, 'Sorry, the traffic in Mirpur');
    expect(first.status).toBe(200);
    expect(first.body.data.answer).toMatchObject({ text: 'Sorry, the traffic in Mirpur' });
    const again = await answer(seller, id, 'Changed my answer');
    expect([again.status, again.body.message]).toEqual([409, 'You have already answered this review']);
    expect(await refusal(ctx.app.db.update(reviews).set({ answer: 'Rewritten' }).where(eq(reviews.id, id)))).toMatch(/answered once/);
    expect(await refusal(ctx.app.db.update(reviews).set({ answer: null }).where(eq(reviews.id, id)))).toMatch(/answered once/);
    // The buyer may still change the review (within 30 days); the answer stays.
    expect((await edit(buyer, id, { stars: 3, text: 'Late, but polite' })).body.data.answer.text).toBe('Sorry, the traffic in Mirpur');
  });
});

describe("the seller's public page", () => {
  it('shows who, since when, the mean of the reviews with their count, sold and live counts, reviews newest first and the phones on sale', async () => {
    const { seller, buyer, otherBuyer, category, paidOrder } = await world();
    const live = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel 7' });
    const markedSold = await postProduct(ctx.app, seller, category.id, { productName: 'Galaxy A54' });
    await markSold(ctx.app, markedSold._id);

    const before = (await callRoute(ctx.app, 'sellerProfile', { params: { id: seller._id } })).body.data;
    expect(before).toMatchObject({
      _id: seller._id,
      name: 'Karim Telecom',
      sellerVerified: false,
      numberVerified: false,
      rating: { average: null, count: 0 },
      soldCount: 1,
      liveCount: 1,
    });

    const a = await paidOrder(buyer, 'iPhone 12');
    const b = await paidOrder(otherBuyer, 'iPhone 13');
    const c = await paidOrder(buyer, 'iPhone 14');
    await write(buyer, { orderId: a.order._id, stars: 5 });
    await write(otherBuyer, { orderId: b.order._id, stars: 4, text: 'Good' });
    await write(buyer, { orderId: c.order._id, stars: 4 });
    const profile = (await callRoute(ctx.app, 'sellerProfile', { params: { id: seller._id } })).body.data;
    expect(profile).toMatchObject({ rating: { average: 4.3, count: 3 }, soldCount: 4, liveCount: 1 });
    expect(Date.parse(profile.memberSince)).toBeLessThanOrEqual(Date.now());

    const first = await callRoute(ctx.app, 'sellerReviews', { params: { id: seller._id }, query: { limit: 2 } });
    expect(first.body.data.map((r: { productName: string }) => r.productName)).toEqual(['iPhone 14', 'iPhone 13']);
    const rest = await callRoute(ctx.app, 'sellerReviews', { params: { id: seller._id }, query: { limit: 2, cursor: first.body.meta.nextCursor } });
    expect(rest.body.data.map((r: { productName: string }) => r.productName)).toEqual(['iPhone 12']);
    expect(rest.body.meta.nextCursor).toBeNull();
    // The reviewer's e-mail and ids are nobody else's business.
    expect(Object.keys(first.body.data[0]).sort()).toEqual(['_id', 'answer', 'date', 'edited', 'productName', 'reviewer', 'stars', 'text']);

    const listings = await callRoute(ctx.app, 'sellerListings', { params: { id: seller._id } });
    expect(listings.body.data.map((p: { _id: string }) => p._id)).toEqual([live._id]);
    expect(listings.body.data[0].phoneNumber).toBeUndefined();
  });

  it('is not found for an unknown id, a buyer, an Admin or a suspended seller (whose phones are off the site)', async () => {
    const { seller, buyer, category } = await world();
    await postProduct(ctx.app, seller, category.id);
    const admin = await createAdmin(ctx.app);
    for (const id of ['00000000-0000-4000-8000-000000000000', buyer._id, admin._id]) {
      const res = await callRoute(ctx.app, 'sellerProfile', { params: { id } });
      expect([res.status, res.body.message], id).toEqual([404, 'Seller not found']);
      expect((await callRoute(ctx.app, 'sellerReviews', { params: { id } })).status).toBe(404);
      expect((await callRoute(ctx.app, 'sellerListings', { params: { id } })).status).toBe(404);
    }
    expect((await callRoute(ctx.app, 'sellerProfile', { params: { id: 'not-an-id' } })).status).toBe(400);
    expect((await callRoute(ctx.app, 'suspendSeller', { params: { id: seller._id }, token: admin.token, body: { reason: 'Stolen handsets' } })).status).toBe(
      200,
    );
    expect((await callRoute(ctx.app, 'sellerProfile', { params: { id: seller._id } })).status).toBe(404);
    expect((await callRoute(ctx.app, 'sellerListings', { params: { id: seller._id } })).status).toBe(404);
    // Reinstated, the page and the phone are back.
    expect((await callRoute(ctx.app, 'reinstateSeller', { params: { id: seller._id }, token: admin.token, body: { reason: 'Receipts shown' } })).status).toBe(
      200,
    );
    expect((await callRoute(ctx.app, 'sellerProfile', { params: { id: seller._id } })).status).toBe(200);
    expect((await callRoute(ctx.app, 'sellerListings', { params: { id: seller._id } })).body.data).toHaveLength(1);
  });

  it("a deleted buyer's review stays (under the name they had); a deleted seller's reviews go with them", async () => {
    const { seller, buyer, paidOrder } = await world();
    const admin = await createAdmin(ctx.app);
    const { order } = await paidOrder();
    await write(buyer, { orderId: order._id, stars: 5 });
    expect((await callRoute(ctx.app, 'deleteUser', { params: { id: buyer._id }, token: admin.token })).status).toBe(200);
    expect((await callRoute(ctx.app, 'sellerReviews', { params: { id: seller._id } })).body.data.map((r: { reviewer: string }) => r.reviewer)).toEqual([
      'Nusrat Jahan',
    ]);
    expect((await callRoute(ctx.app, 'sellerProfile', { params: { id: seller._id } })).body.data.rating).toEqual({ average: 5, count: 1 });
    expect((await callRoute(ctx.app, 'deleteUser', { params: { id: seller._id }, token: admin.token })).status).toBe(200);
    expect(await reviewRows()).toEqual([]);
  });
});
