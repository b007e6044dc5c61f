import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusal, useTestApp } from '../../../test/helper.ts';
import { book, createAdmin, createCategory, handOverAndComplete, markPaid, postProduct, signUp } from '../../../test/fixtures.ts';
import { orderEvents, orders, products } from '../../db/schema.ts';
import { callRoute } from '../../../test/call-route.ts';
import { stateOf } from './process.ts';

/** Issue 31 (decision 048): every move of a deal is the process's, answered with its state and kept as an event. */
const ctx = useTestApp();

async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const category = await createCategory(ctx.app);
  const product = await postProduct(ctx.app, seller, category.id);
  return { seller, category, product };
}

/** A deal's history as `transition:from>to:role`, oldest first. */
async function historyOf(orderId: string) {
  const rows = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.seq));
  return rows.map((e) => `${e.transition}:${e.fromState ?? '-'}>${e.toState}:${e.actorRole}`);
}

describe('a deal moves only along the process, and each move is kept', () => {
  it('book → accept → pay → hand over → complete: each recorded with who made it; the phone reserved, then sold and its other bookings closed', async () => {
    const { seller, product } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const other = await signUp(ctx.app, 'Buyer');
    const booked = await book(ctx.app, buyer, product._id);
    const otherBooking = await book(ctx.app, other, product._id);
    expect(booked).toMatchObject({ state: 'requested' });
    const accepted = await callRoute(ctx.app, 'acceptBooking', { params: { id: booked._id }, token: seller.token });
    expect(accepted.body.data).toMatchObject({ state: 'accepted', sellerPhone: expect.any(String) });
    await markPaid(ctx.app, booked._id);
    // Paid: the phone is reserved for this buyer, the other booking waits (it would go on if this deal ended).
    expect(await ctx.app.db.select({ status: products.status, heldBy: products.heldBy }).from(products).where(eq(products.id, product._id))).toEqual([
      { status: 'reserved', heldBy: booked._id },
    ]);
    expect(await stateOf(ctx.app.db, otherBooking._id)).toBe('requested');
    await handOverAndComplete(ctx.app, booked._id);
    expect(await historyOf(booked._id)).toEqual([
      'book:->requested:buyer',
      'accept:requested>accepted:seller',
      'pay:accepted>paid:buyer',
      'hand_over:paid>handed_over:seller',
      'complete:handed_over>completed:site',
    ]);
    expect(await ctx.app.db.select({ status: products.status, heldBy: products.heldBy }).from(products).where(eq(products.id, product._id))).toEqual([
      { status: 'sold', heldBy: null },
    ]);
    const [acceptEvent] = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.transition, 'accept'));
    expect(acceptEvent).toMatchObject({ orderId: booked._id, actorId: seller._id });
    // The other buyer's booking is closed by the site: it says so, cannot be paid, and its seller cannot answer it.
    expect(await historyOf(otherBooking._id)).toEqual(['book:->requested:buyer', 'close:requested>closed:site']);
    const mine = await callRoute(ctx.app, 'order', { params: { id: otherBooking._id }, token: other.token });
    expect(mine.body.data).toMatchObject({ state: 'closed', paid: false });
    const declined = await callRoute(ctx.app, 'declineBooking', { params: { id: otherBooking._id }, token: seller.token });
    expect(declined.status).toBe(409);
    expect(declined.body).toMatchObject({ code: 'booking_closed', message: 'This booking is closed: the phone went to another buyer' });
    expect(await stateOf(ctx.app.db, otherBooking._id)).toBe('closed');
  });

  it('the timeline: the buyer (or an Admin) reads it from the order, the seller from the booking, nobody else', async () => {
    const { seller, product } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const booked = await book(ctx.app, buyer, product._id);
    await callRoute(ctx.app, 'acceptBooking', { params: { id: booked._id }, token: seller.token });
    await markPaid(ctx.app, booked._id, { payment: true, sold: true });
    const asBuyer = await callRoute(ctx.app, 'orderEvents', { params: { id: booked._id }, token: buyer.token });
    expect(asBuyer.status).toBe(200);
    expect(asBuyer.body.data.map((e: { transition: string; from: string | null; to: string; by: string }) => [e.transition, e.from, e.to, e.by])).toEqual([
      ['book', null, 'requested', 'buyer'],
      ['accept', 'requested', 'accepted', 'seller'],
      ['pay', 'accepted', 'paid', 'buyer'],
      ['hand_over', 'paid', 'handed_over', 'seller'],
      ['complete', 'handed_over', 'completed', 'site'],
    ]);
    const times = asBuyer.body.data.map((e: { at: string }) => e.at);
    expect([...times].sort()).toEqual(times);
    const asSeller = await callRoute(ctx.app, 'bookingEvents', { params: { id: booked._id }, token: seller.token });
    expect(asSeller.body.data).toEqual(asBuyer.body.data);
    const admin = await createAdmin(ctx.app);
    expect((await callRoute(ctx.app, 'orderEvents', { params: { id: booked._id }, token: admin.token })).body.data).toEqual(asBuyer.body.data);
    // Another buyer, another seller, the seller through the buyer's route: not theirs.
    const stranger = await signUp(ctx.app, 'Buyer');
    const otherSeller = await signUp(ctx.app, 'Seller');
    for (const [name, token] of [
      ['orderEvents', stranger.token],
      ['orderEvents', seller.token],
      ['bookingEvents', otherSeller.token],
    ] as const) {
      const res = await callRoute(ctx.app, name, { params: { id: booked._id }, token });
      expect(res.status, `${name} as a stranger`).toBe(403);
      expect(res.body.code).toBe('not_yours');
    }
    expect((await callRoute(ctx.app, 'bookingEvents', { params: { id: booked._id }, token: buyer.token })).status).toBe(403);
  });

  it('a phone its seller marks sold closes its open bookings, and only those', async () => {
    const { seller, product } = await world();
    const [a, b] = [await signUp(ctx.app, 'Buyer'), await signUp(ctx.app, 'Buyer')];
    const open = await book(ctx.app, a, product._id);
    const declined = await book(ctx.app, b, product._id);
    await callRoute(ctx.app, 'declineBooking', { params: { id: declined._id }, token: seller.token });
    expect((await callRoute(ctx.app, 'markSold', { params: { id: product._id }, token: seller.token })).status).toBe(200);
    expect(await stateOf(ctx.app.db, open._id)).toBe('closed');
    expect(await historyOf(declined._id)).toEqual(['book:->requested:buyer', 'decline:requested>declined:seller']);
  });

  it('cancel and refund are the buyer’s and the Admin’s moves; a cancelled or refunded deal moves no further', async () => {
    const { seller, product } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const cancelled = await book(ctx.app, buyer, product._id);
    expect((await callRoute(ctx.app, 'deleteOrder', { params: { id: cancelled._id }, token: buyer.token })).status).toBe(200);
    expect(await historyOf(cancelled._id)).toEqual(['book:->requested:buyer', 'cancel:requested>cancelled:buyer']);
    const refused = await callRoute(ctx.app, 'acceptBooking', { params: { id: cancelled._id }, token: seller.token });
    expect(refused.body).toMatchObject({
      code: 'booking_not_pending',
      message: 'This booking is cancelled by the buyer: it cannot be accepted',
      params: { state: 'cancelled' },
    });

    const paid = await book(ctx.app, buyer, product._id);
    await markPaid(ctx.app, paid._id);
    const admin = await createAdmin(ctx.app);
    const refunded = await callRoute(ctx.app, 'refundOrder', {
      params: { id: paid._id },
      body: { reason: 'The buyer changed their mind' },
      token: admin.token,
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ state: 'refunded', paid: true });
    expect((await historyOf(paid._id)).at(-1)).toBe('refund:paid>refunded:admin');
    // The deal held the phone: refunded, it is for sale again.
    expect((await ctx.app.db.select({ status: products.status }).from(products).where(eq(products.id, product._id)))[0]!.status).toBe('available');
    const again = await callRoute(ctx.app, 'refundOrder', { params: { id: paid._id }, body: { reason: 'Once more, to be sure' }, token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'order_already_refunded', params: { state: 'refunded' } });
    expect((await historyOf(paid._id)).filter((e) => e.startsWith('refund')).length).toBe(1);
    // Every refusal of the deal's table names the state it found (the web words it in the user's language from it).
    const accepting = await callRoute(ctx.app, 'acceptBooking', { params: { id: paid._id }, token: seller.token });
    expect(accepting.body).toMatchObject({ code: 'booking_not_pending', message: 'This booking is paid and refunded: it cannot be accepted' });
    const declining = await callRoute(ctx.app, 'declineBooking', { params: { id: paid._id }, token: seller.token });
    expect(declining.body).toMatchObject({ code: 'booking_paid_cannot_decline', params: { state: 'refunded' } });
  });

  it('the database refuses a move the process does not have, and keeps the events as they were written', async () => {
    const { product } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const booked = await book(ctx.app, buyer, product._id);
    await markPaid(ctx.app, booked._id);
    expect(await refusal(ctx.app.db.update(orders).set({ state: 'declined' }).where(eq(orders.id, booked._id)))).toContain(
      'a deal cannot move from paid to declined',
    );
    expect(await refusal(ctx.app.db.update(orders).set({ state: 'closed' }).where(eq(orders.id, booked._id)))).toContain(
      'a deal cannot move from paid to closed',
    );
    expect(await refusal(ctx.app.db.update(orderEvents).set({ actorRole: 'admin' }).where(eq(orderEvents.orderId, booked._id)))).toContain('append-only');
    expect(await refusal(ctx.app.db.delete(orderEvents).where(eq(orderEvents.orderId, booked._id)))).toContain('append-only');
  });

  it('two accepts and a decline of one booking at once: exactly one move wins, and exactly one event is kept for it', async () => {
    const { seller, product } = await world();
    const buyer = await signUp(ctx.app, 'Buyer');
    const booked = await book(ctx.app, buyer, product._id);
    const answers = await Promise.all([
      callRoute(ctx.app, 'acceptBooking', { params: { id: booked._id }, token: seller.token }),
      callRoute(ctx.app, 'acceptBooking', { params: { id: booked._id }, token: seller.token }),
      callRoute(ctx.app, 'declineBooking', { params: { id: booked._id }, token: seller.token }),
    ]);
    const history = await historyOf(booked._id);
    expect(history.filter((e) => e.startsWith('accept')).length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.status === 200).length).toBe(history.length - 1);
    // Whatever the order, the deal ended in a state its last event names.
    expect(history.at(-1)).toContain(`>${await stateOf(ctx.app.db, booked._id)}:`);
  });
});
