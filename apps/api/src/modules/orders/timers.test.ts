import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runJobs, useTestApp } from '../../../test/helper.ts';
import { book, createCategory, markPaid, postProduct, signUp, type Actor } from '../../../test/fixtures.ts';
import { callRoute } from '../../../test/call-route.ts';
import { jobs, notifications, orderEvents, orders, outbox, refunds } from '../../db/schema.ts';
import { confirmIntent } from '../payments/sandbox-processor.ts';
import { sandboxProvider } from '../payments/sandbox.ts';
import { stateOf } from './process.ts';

/**
 * Issue 31, item 4: a deal's timers are durable jobs. A booking starts the seller's answer timer
 * (BOOKING_EXPIRES_AFTER, 3 days here); when it runs out the booking expires, unless it was answered meanwhile.
 */
const ctx = useTestApp();
const DAY_MS = 86_400_000;

async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const category = await createCategory(ctx.app);
  const product = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel 7' });
  const buyer = await signUp(ctx.app, 'Buyer');
  return { seller, product, buyer };
}

/** The answer timer of booking `orderId`. */
async function timerOf(orderId: string) {
  const rows = await ctx.app.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'deal-timer'), sql`${jobs.payload} ->> 'orderId' = ${orderId}`, sql`${jobs.payload} ->> 'timer' = 'answer'`));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}
/** Time passes: the timer of `orderId` is due now. */
const timeRunsOut = async (orderId: string) => {
  const timer = await timerOf(orderId);
  await ctx.app.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.id, timer.id));
};
const historyOf = async (orderId: string) =>
  (await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.seq))).map(
    (e) => `${e.transition}:${e.fromState ?? '-'}>${e.toState}:${e.actorRole}`,
  );
const toldTo = async (actor: Actor) => (await ctx.app.db.select().from(notifications).where(eq(notifications.userId, actor._id))).map((n) => n.kind).sort();

describe("the seller's answer timer", () => {
  it('starts with the booking, due after BOOKING_EXPIRES_AFTER, and does nothing before', async () => {
    const { product, buyer } = await world();
    const booked = await book(ctx.app, buyer, product._id);
    const timer = await timerOf(booked._id);
    expect(timer.payload).toEqual({ orderId: booked._id, timer: 'answer' });
    const [row] = await ctx.app.db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, booked._id));
    const dueIn = timer.runAt.getTime() - row!.createdAt.getTime();
    expect(dueIn).toBeGreaterThan(3 * DAY_MS - 60_000);
    expect(dueIn).toBeLessThan(3 * DAY_MS + 60_000);
    await runJobs(ctx.app);
    expect(await stateOf(ctx.app.db, booked._id)).toBe('requested');
    expect((await timerOf(booked._id)).doneAt).toBeNull();
  });

  it('expires an unanswered booking when it runs out: the site’s move, told to both in the bell and by mail; it can then be neither answered nor paid, and the phone booked again', async () => {
    const { seller, product, buyer } = await world();
    const booked = await book(ctx.app, buyer, product._id);
    await timeRunsOut(booked._id);
    await runJobs(ctx.app);
    expect(await stateOf(ctx.app.db, booked._id)).toBe('expired');
    expect(await historyOf(booked._id)).toEqual(['book:->requested:buyer', 'expire:requested>expired:site']);
    expect(await toldTo(buyer)).toEqual(['expire']);
    expect(await toldTo(seller)).toEqual(['book', 'expire']);
    const mails = await ctx.app.db.select().from(outbox).where(eq(outbox.kind, 'notification-expire'));
    expect(mails.map((m) => [m.toAddress, m.subject]).sort()).toEqual(
      [
        [buyer.email, 'The booking of Pixel 7 expired: the seller did not answer in time'],
        [seller.email, 'The booking of Pixel 7 expired: the seller did not answer in time'],
      ].sort(),
    );

    const expired = { code: 'booking_expired', params: { state: 'expired' } };
    const accept = await callRoute(ctx.app, 'acceptBooking', { params: { id: booked._id }, token: seller.token });
    expect(accept.status).toBe(409);
    expect(accept.body).toMatchObject({
      ...expired,
      message: 'This booking expired: the seller did not answer in time. The phone can be booked again while it is for sale',
    });
    expect((await callRoute(ctx.app, 'declineBooking', { params: { id: booked._id }, token: seller.token })).body).toMatchObject(expired);
    const pay = await callRoute(ctx.app, 'createPaymentIntent', { body: { orderId: booked._id }, token: buyer.token });
    expect(pay.status).toBe(409);
    expect(pay.body).toMatchObject(expired);
    const again = await book(ctx.app, buyer, product._id);
    expect(await stateOf(ctx.app.db, again._id)).toBe('requested');
    expect(await stateOf(ctx.app.db, booked._id)).toBe('expired');
  });

  it('does nothing to a booking answered, paid or cancelled before it ran out', async () => {
    const { seller, product, buyer } = await world();
    const accepted = await book(ctx.app, buyer, product._id);
    // Booked before the accept, which reserves the phone.
    const other = await signUp(ctx.app, 'Buyer');
    const cancelled = await book(ctx.app, other, product._id);
    await callRoute(ctx.app, 'acceptBooking', { params: { id: accepted._id }, token: seller.token });
    await callRoute(ctx.app, 'deleteOrder', { params: { id: cancelled._id }, token: other.token });
    for (const o of [accepted, cancelled]) await timeRunsOut(o._id);
    await runJobs(ctx.app);
    expect(await stateOf(ctx.app.db, accepted._id)).toBe('accepted');
    expect(await stateOf(ctx.app.db, cancelled._id)).toBe('cancelled');
    expect(await historyOf(accepted._id)).toEqual(['book:->requested:buyer', 'accept:requested>accepted:seller']);
    // Done for good, not tried again.
    for (const o of [accepted, cancelled]) expect((await timerOf(o._id)).doneAt).not.toBeNull();
  });

  it('money the buyer paid while it ran out is given back, not lost: the payment is refused for the expired booking and refunded', async () => {
    const { product, buyer } = await world();
    const booked = await book(ctx.app, buyer, product._id);
    // The card is charged on the payment page…
    const intent = await sandboxProvider(ctx.app.db).createIntent({ amount: product.resalePrice * 100, orderId: booked._id });
    expect(
      (await confirmIntent(ctx.app.db, intent.id, intent.clientSecret, { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' })).ok,
    ).toBe(true);
    // …and the booking expires before the page records it.
    await timeRunsOut(booked._id);
    await runJobs(ctx.app);
    const recorded = await callRoute(ctx.app, 'recordPayment', { body: { orderId: booked._id, transactionId: intent.id }, token: buyer.token });
    expect(recorded.status).toBe(409);
    expect(recorded.body).toMatchObject({ code: 'payment_refunded', params: { reasonCode: 'booking_expired' } });
    const [refund] = await ctx.app.db.select().from(refunds).where(eq(refunds.orderId, booked._id));
    expect(refund).toMatchObject({ paymentId: intent.id, amount: product.resalePrice * 100 });
    expect(await stateOf(ctx.app.db, booked._id)).toBe('expired');
  });

  it('runs out while the seller accepts: exactly one wins, and the loser changes nothing', async () => {
    for (let round = 0; round < 4; round++) {
      const { seller, product, buyer } = await world();
      const booked = await book(ctx.app, buyer, product._id);
      await timeRunsOut(booked._id);
      const [accept] = await Promise.all([callRoute(ctx.app, 'acceptBooking', { params: { id: booked._id }, token: seller.token }), runJobs(ctx.app)]);
      const state = await stateOf(ctx.app.db, booked._id);
      if (accept.status === 200) {
        expect(state).toBe('accepted');
        expect(await historyOf(booked._id)).toEqual(['book:->requested:buyer', 'accept:requested>accepted:seller']);
      } else {
        expect(accept.body).toMatchObject({ code: 'booking_expired' });
        expect(state).toBe('expired');
        expect(await historyOf(booked._id)).toEqual(['book:->requested:buyer', 'expire:requested>expired:site']);
      }
    }
  });
});

describe("the meeting day's reminder (issue 31, item 6)", () => {
  /** The reminder jobs of deal `orderId`. */
  const remindersOf = (orderId: string) =>
    ctx.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'deal-timer'), sql`${jobs.payload} ->> 'orderId' = ${orderId}`, sql`${jobs.payload} ->> 'timer' = 'remind'`));

  it('is due at 8:00 in Bangladesh on the meeting day, started by the accept and by the payment, and tells both parties once', async () => {
    const { seller, product, buyer } = await world();
    const meetingDate = '2099-03-14';
    const booked = await callRoute(ctx.app, 'book', {
      token: buyer.token,
      body: { productId: product._id, meetingLocation: 'Gulshan', mobileNumber: '01911-222333', payWith: 'protected', meetingDate },
    });
    expect(booked.status).toBe(400); // more than 30 days ahead
    const deal = await book(ctx.app, buyer, product._id);
    await ctx.app.db.update(orders).set({ meetingDate }).where(eq(orders.id, deal._id));
    await callRoute(ctx.app, 'acceptBooking', { params: { id: deal._id }, token: seller.token });
    const [fromAccept] = await remindersOf(deal._id);
    expect(fromAccept!.runAt.toISOString()).toBe('2099-03-14T02:00:00.000Z');
    // Paid after the accept: a second reminder job, which will tell nothing twice.
    await markPaid(ctx.app, deal._id);
    expect(await remindersOf(deal._id)).toHaveLength(2);
    await runJobs(ctx.app);
    expect(await toldTo(buyer)).not.toContain('remind');
    // The day comes: both are told, once.
    await ctx.app.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(sql`${jobs.payload} ->> 'timer' = 'remind' and ${jobs.payload} ->> 'orderId' = ${deal._id}`);
    await runJobs(ctx.app);
    expect((await toldTo(buyer)).filter((k) => k === 'remind')).toHaveLength(1);
    expect((await toldTo(seller)).filter((k) => k === 'remind')).toHaveLength(1);
  });

  it('tells nobody of a deal that no longer waits for its meeting', async () => {
    const { seller, product, buyer } = await world();
    const deal = await book(ctx.app, buyer, product._id);
    await callRoute(ctx.app, 'acceptBooking', { params: { id: deal._id }, token: seller.token });
    await callRoute(ctx.app, 'declineBooking', { params: { id: deal._id }, token: seller.token });
    await ctx.app.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(sql`${jobs.payload} ->> 'timer' = 'remind' and ${jobs.payload} ->> 'orderId' = ${deal._id}`);
    await runJobs(ctx.app);
    expect(await toldTo(buyer)).not.toContain('remind');
    expect(await toldTo(seller)).not.toContain('remind');
  });
});
