import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithLimits, useTestApp } from '../../../test/helper.ts';
import { book, createAdmin, createCategory, markPaid, markSold, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { orders } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';

/** Issue 29, item 3 (decision 040): sellers' numbers reach a buyer once the seller accepts; bookings leave a trace and are limited. */
const ctx = useTestApp();
const accept = (id: string, actor: Actor) => callRoute(ctx.app, 'acceptBooking', { params: { id }, token: actor.token });
const rowOf = async (id: string) => (await ctx.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const NUMBER = '01811-000777';

async function world() {
  const [seller, otherSeller, buyer, category] = await Promise.all([
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Buyer'),
    createCategory(ctx.app),
  ]);
  const product = await postProduct(ctx.app, seller, category.id, { phoneNumber: NUMBER });
  return { seller, otherSeller, buyer, category, product };
}

describe("the seller's number", () => {
  it('is not in the booking’s answer nor the buyer’s orders until the seller accepts; then it is', async () => {
    const { seller, buyer, product } = await world();
    const booked = await book(ctx.app, buyer, product._id);
    expect(booked.sellerPhone).toBeNull();
    const before = await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token });
    expect(before.body.data[0]).toMatchObject({ _id: booked._id, state: 'requested', sellerPhone: null });
    expect(JSON.stringify(before.body)).not.toContain(NUMBER);
    expect(JSON.stringify((await callRoute(ctx.app, 'order', { params: { id: booked._id }, token: buyer.token })).body)).not.toContain(NUMBER);

    const accepted = await accept(booked._id, seller);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ _id: booked._id, state: 'accepted', paid: false });
    expect((await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token })).body.data[0]).toMatchObject({
      state: 'accepted',
      sellerPhone: NUMBER,
    });
    expect((await callRoute(ctx.app, 'order', { params: { id: booked._id }, token: buyer.token })).body.data.sellerPhone).toBe(NUMBER);
    // The seller's Booking Requests say so.
    expect((await callRoute(ctx.app, 'sellerBookings', { params: { id: seller._id }, token: seller.token })).body.data[0]).toMatchObject({
      _id: booked._id,
      state: 'accepted',
    });
  });

  it('reaches a buyer who has paid, without an accept', async () => {
    const { buyer, product } = await world();
    const booked = await book(ctx.app, buyer, product._id);
    await markPaid(ctx.app, booked._id);
    expect((await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token })).body.data[0]).toMatchObject({
      state: 'paid',
      paid: true,
      sellerPhone: NUMBER,
    });
  });
});

describe('PUT /api/accept-booking/:id', () => {
  it("is the listing's seller's only: another seller, the buyer and an Admin are refused, and nothing changes", async () => {
    const { otherSeller, buyer, product } = await world();
    const admin = await createAdmin(ctx.app);
    const booked = await book(ctx.app, buyer, product._id);
    const other = await accept(booked._id, otherSeller);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'not_yours', message: 'This booking is not of your phone' });
    expect((await accept(booked._id, buyer)).status).toBe(403);
    expect((await accept(booked._id, admin)).status).toBe(403);
    expect((await rowOf(booked._id)).acceptedAt).toBeNull();
  });

  it('accepts once: a second accept is a 409 that says so', async () => {
    const { seller, buyer, product } = await world();
    const booked = await book(ctx.app, buyer, product._id);
    expect((await accept(booked._id, seller)).status).toBe(200);
    const first = (await rowOf(booked._id)).acceptedAt;
    const again = await accept(booked._id, seller);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'booking_already_accepted', message: 'This booking is already accepted' });
    expect((await rowOf(booked._id)).acceptedAt).toEqual(first);
  });

  it('refuses a declined, cancelled, paid or sold-elsewhere booking with a 409 naming its state, changing nothing', async () => {
    const { seller, category } = await world();
    const cases: [string, (id: string, buyer: Actor, productId: string) => Promise<unknown>][] = [
      ['already declined', (id) => callRoute(ctx.app, 'declineBooking', { params: { id }, token: seller.token })],
      ['cancelled by the buyer', (id, buyer) => callRoute(ctx.app, 'deleteOrder', { params: { id }, token: buyer.token })],
      ['already paid', (id) => markPaid(ctx.app, id)],
      ['of a phone no longer for sale', (_id, _buyer, productId) => markSold(ctx.app, productId)],
    ];
    for (const [state, make] of cases) {
      const buyer = await signUp(ctx.app, 'Buyer');
      const product = await postProduct(ctx.app, seller, category.id);
      const booked = await book(ctx.app, buyer, product._id);
      await make(booked._id, buyer, product._id);
      const res = await accept(booked._id, seller);
      expect(res.status, state).toBe(409);
      expect(res.body, state).toMatchObject({ code: 'booking_not_pending', message: `This booking is ${state}: it cannot be accepted` });
      expect((await rowOf(booked._id)).acceptedAt, state).toBeNull();
      expect(JSON.stringify((await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token })).body), state).not.toContain(NUMBER);
    }
  });

  it('answers 404 for an unknown booking', async () => {
    const { seller } = await world();
    expect((await accept('00000000-0000-4000-8000-000000000000', seller)).status).toBe(404);
  });
});

describe("a buyer's delete of an open booking", () => {
  it('cancels it: gone from their list, kept for the seller as cancelled by the buyer; it can be neither paid nor accepted', async () => {
    const { seller, buyer, product } = await world();
    const booked = await book(ctx.app, buyer, product._id);
    const res = await callRoute(ctx.app, 'deleteOrder', { params: { id: booked._id }, token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true, hidden: true });
    expect((await rowOf(booked._id)).state).toBe('cancelled');
    expect((await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token })).body.data).toEqual([]);
    expect((await callRoute(ctx.app, 'sellerBookings', { params: { id: seller._id }, token: seller.token })).body.data[0]).toMatchObject({
      _id: booked._id,
      state: 'cancelled',
      sellerPhone: null,
    });
    const pay = await callRoute(ctx.app, 'createPaymentIntent', { token: buyer.token, body: { orderId: booked._id } });
    expect(pay.status).toBe(409);
    expect(pay.body.code).toBe('order_cancelled');
    const decline = await callRoute(ctx.app, 'declineBooking', { params: { id: booked._id }, token: seller.token });
    expect(decline.status).toBe(409);
    expect(decline.body.code).toBe('booking_cancelled');
    // The buyer may book the phone again.
    const again = await book(ctx.app, buyer, product._id);
    expect((await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token })).body.data.map((o: { _id: string }) => o._id)).toEqual([
      again._id,
    ]);
    expect((await callRoute(ctx.app, 'sellerBookings', { params: { id: seller._id }, token: seller.token })).body.data).toHaveLength(2);
  });
});

describe('bookings per buyer', () => {
  it('are limited (LIMIT_BOOKINGS_PER_BUYER): the next is a 429 that says how long to wait, and books nothing', async () => {
    const app = await appWithLimits(ctx, { bookingsPerBuyer: { max: 3, windowMs: 3_600_000 } });
    const { seller, buyer, category } = await world();
    const phones = [];
    for (let i = 0; i < 4; i++) phones.push(await postProduct(app, seller, category.id));
    for (const phone of phones.slice(0, 3)) expect((await book(app, buyer, phone._id)).sellerPhone).toBeNull();
    const fourth = await callRoute(app, 'book', {
      token: buyer.token,
      body: { productId: phones[3]!._id, meetingLocation: 'Gulshan 1', mobileNumber: '01711-000111' },
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('too_many_bookings');
    expect(fourth.body.message).toMatch(/^You have booked many phones in a short time, try again in 60 minutes$/);
    expect(await app.db.select({ id: orders.id }).from(orders).where(eq(orders.buyerId, buyer._id))).toHaveLength(3);
    // Another buyer has their own count.
    const other = await signUp(app, 'Buyer');
    expect((await book(app, other, phones[3]!._id)).sellerPhone).toBeNull();
  });
});

describe("a phone's page asks whether its buyer booked it (issue 35)", () => {
  it("answers the buyer's orders of that phone only; none of another phone; a product id that is no id is refused", async () => {
    const { seller, buyer, product } = await world();
    const other = await postProduct(ctx.app, seller, (await createCategory(ctx.app)).id);
    const booked = await book(ctx.app, buyer, product._id);
    await book(ctx.app, buyer, other._id);
    const ofPhone = (productId: string) => callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, query: { productId, limit: 1 }, token: buyer.token });
    const res = await ofPhone(product._id);
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { _id: string }) => o._id)).toEqual([booked._id]);
    expect((await ofPhone(seller._id)).body.data).toEqual([]);
    const refused = await ofPhone('not-an-id');
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([expect.objectContaining({ field: 'productId' })]);
    // Without it, every order of the buyer's.
    expect((await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token })).body.data).toHaveLength(2);
  });
});
