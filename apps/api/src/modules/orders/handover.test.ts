import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusal, runJobs, useTestApp } from '../../../test/helper.ts';
import { book as bookPlain, createAdmin, createCategory, postProduct, signUp, uploadedPicture, type Actor } from '../../../test/fixtures.ts';
import { callRoute } from '../../../test/call-route.ts';
import { auditLog, disputeMessages, disputes, jobs, notifications, orderEvents, orders, products, refunds } from '../../db/schema.ts';
import { confirmIntent } from '../payments/sandbox-processor.ts';
import { sandboxProvider } from '../payments/sandbox.ts';
import { stateOf } from './process.ts';

/**
 * Issue 31, items 2–4 and 8 (decision 051): two ways to pay, both ending at a confirmed handover. An accept or a
 * protected payment reserves the phone; the seller enters the buyer's 6-digit code at the meeting; a cash deal then
 * completes, a protected one waits out its complaint window (a durable timer); five wrong codes lock the deal;
 * either side calls off a deal not handed over after its meeting day, and a protected payment is refunded in full.
 */
const ctx = useTestApp();

async function world() {
  const seller = await signUp(ctx.app, 'Seller');
  const category = await createCategory(ctx.app);
  const product = await postProduct(ctx.app, seller, category.id, { productName: 'Pixel 7' });
  const buyer = await signUp(ctx.app, 'Buyer');
  return { seller, product, buyer, category };
}

const book = async (buyer: Actor, productId: string, payWith: 'cash' | 'protected') => {
  const res = await callRoute(ctx.app, 'book', {
    token: buyer.token,
    body: { productId, meetingLocation: 'Bashundhara City', mobileNumber: '01911-222333', payWith },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string };
};
const accept = (seller: Actor, id: string) => callRoute(ctx.app, 'acceptBooking', { params: { id }, token: seller.token });
const codeOf = (buyer: Actor, id: string) => callRoute(ctx.app, 'handoverCode', { params: { id }, token: buyer.token });
const enter = (seller: Actor, id: string, code: string) => callRoute(ctx.app, 'handOver', { params: { id }, body: { code }, token: seller.token });
const phoneOf = async (id: string) =>
  (await ctx.app.db.select({ status: products.status, heldBy: products.heldBy }).from(products).where(eq(products.id, id)))[0]!;
const historyOf = async (id: string) =>
  (await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.seq))).map(
    (e) => `${e.transition}:${e.fromState ?? '-'}>${e.toState}:${e.actorRole}`,
  );
const toldTo = async (actor: Actor) => (await ctx.app.db.select().from(notifications).where(eq(notifications.userId, actor._id))).map((n) => n.kind).sort();
/** Any code but the right one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/** The meeting day is over (in Bangladesh): the deal may be called off. */
const meetingDayPast = (id: string) => ctx.app.db.update(orders).set({ meetingDate: '2026-01-01' }).where(eq(orders.id, id));

/** The buyer pays a protected deal through the sandbox, as the payment page does. */
async function pay(buyer: Actor, orderId: string, price: number) {
  const intent = await sandboxProvider(ctx.app.db).createIntent({ amount: price * 100, orderId });
  expect(
    (await confirmIntent(ctx.app.db, intent.id, intent.clientSecret, { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' })).ok,
  ).toBe(true);
  return callRoute(ctx.app, 'recordPayment', { body: { orderId, transactionId: intent.id }, token: buyer.token });
}

describe('a cash deal', () => {
  it('is accepted (the phone reserved), handed over with the buyer’s code and completed at once; the phone is sold and its other bookings close', async () => {
    const { seller, product, buyer } = await world();
    const other = await signUp(ctx.app, 'Buyer');
    const deal = await book(buyer, product._id, 'cash');
    const otherBooking = await bookPlain(ctx.app, other, product._id);
    // Nothing to pay through the site, and no code before the seller accepts.
    const paying = await callRoute(ctx.app, 'createPaymentIntent', { body: { orderId: deal._id }, token: buyer.token });
    expect(paying.body).toMatchObject({ code: 'order_pays_at_meeting' });
    expect((await codeOf(buyer, deal._id)).body).toMatchObject({ code: 'handover_not_open', params: { state: 'requested' } });

    expect((await accept(seller, deal._id)).body.data).toMatchObject({ state: 'accepted', payWith: 'cash', sellerPhone: expect.any(String) });
    expect(await phoneOf(product._id)).toEqual({ status: 'reserved', heldBy: deal._id });
    // Reserved: off the shop, not booked, nor accepted for another buyer, nor marked sold aside.
    expect((await callRoute(ctx.app, 'product', { params: { id: product._id } })).body.data.status).toBe('reserved');
    expect(
      (
        await callRoute(ctx.app, 'book', {
          token: (await signUp(ctx.app, 'Buyer')).token,
          body: { productId: product._id, meetingLocation: 'Gulshan', mobileNumber: '01911-222333' },
        })
      ).body,
    ).toMatchObject({ code: 'product_reserved' });
    expect((await accept(seller, otherBooking._id)).body).toMatchObject({ code: 'product_reserved' });
    expect((await callRoute(ctx.app, 'markSold', { params: { id: product._id }, token: seller.token })).body).toMatchObject({
      code: 'reserved_cannot_mark_sold',
    });

    const shown = await codeOf(buyer, deal._id);
    const [{ imei }] = (await ctx.app.db.select({ imei: products.imei }).from(products).where(eq(products.id, product._id))) as [{ imei: string }];
    expect(shown.body.data).toEqual({
      productName: 'Pixel 7',
      payWith: 'cash',
      code: expect.stringMatching(/^[0-9]{6}$/),
      url: `/dashboard/bookings?handover=${deal._id}&code=${shown.body.data.code}`,
      imeiEnd: imei.slice(-4),
      meetingDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    // The code is stored nowhere: it is not in the deal's row.
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, deal._id));
    expect(JSON.stringify(row)).not.toContain(shown.body.data.code);

    const missed = await enter(seller, deal._id, wrong(shown.body.data.code));
    expect(missed.status).toBe(400);
    expect(missed.body).toMatchObject({
      code: 'handover_wrong_code',
      params: { left: 4 },
      message: "That is not the buyer's handover code: 4 tries left before the deal locks",
    });
    const done = await enter(seller, deal._id, shown.body.data.code);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ state: 'completed', paid: false, windowEndsAt: null });
    expect(await historyOf(deal._id)).toEqual([
      'book:->requested:buyer',
      'accept:requested>accepted:seller',
      'hand_over:accepted>handed_over:seller',
      'complete:handed_over>completed:site',
    ]);
    expect(await phoneOf(product._id)).toEqual({ status: 'sold', heldBy: null });
    expect(await stateOf(ctx.app.db, otherBooking._id)).toBe('closed');
    expect(await toldTo(buyer)).toEqual(['accept', 'complete', 'hand_over']);
    expect(await toldTo(seller)).toEqual(['book', 'book', 'complete']);
    // Completed: the buyer reviews the seller (a cash deal too); no code is taken any more.
    expect((await callRoute(ctx.app, 'review', { token: buyer.token, body: { orderId: deal._id, stars: 5 } })).status).toBe(201);
    expect((await enter(seller, deal._id, shown.body.data.code)).body).toMatchObject({ code: 'handover_not_open', params: { state: 'completed' } });
  });

  it('locks after five wrong codes: both are told, the right code is refused, and either side may call it off at once', async () => {
    const { seller, product, buyer } = await world();
    const deal = await book(buyer, product._id, 'cash');
    await accept(seller, deal._id);
    const { code } = (await codeOf(buyer, deal._id)).body.data;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await enter(seller, deal._id, wrong(code)));
    expect(answers.map((a) => a.body.params?.left ?? a.body.code)).toEqual([4, 3, 2, 1, 'handover_locked']);
    expect(answers[4]!.status).toBe(409);
    expect(await stateOf(ctx.app.db, deal._id)).toBe('locked');
    expect((await enter(seller, deal._id, code)).body).toMatchObject({ code: 'handover_locked', params: { state: 'locked' } });
    expect((await codeOf(buyer, deal._id)).body).toMatchObject({ code: 'handover_locked' });
    expect(await toldTo(buyer)).toContain('lock');
    expect(await toldTo(seller)).toContain('lock');
    // Called off at once (no meeting day to wait for): the phone is for sale again.
    const off = await callRoute(ctx.app, 'callOffOrder', { params: { id: deal._id }, token: buyer.token });
    expect(off.body.data).toMatchObject({ state: 'cancelled' });
    expect(await phoneOf(product._id)).toEqual({ status: 'available', heldBy: null });
    expect((await toldTo(seller)).filter((k) => k === 'call_off')).toHaveLength(1);
    expect(await toldTo(buyer)).not.toContain('call_off');
  });
});

describe('a protected deal', () => {
  it('takes its code once paid; handed over, it waits out the complaint window (a durable timer), then completes', async () => {
    const { seller, product, buyer } = await world();
    const deal = await book(buyer, product._id, 'protected');
    await accept(seller, deal._id);
    // Accepted but unpaid: no handover yet.
    expect((await codeOf(buyer, deal._id)).body).toMatchObject({ code: 'handover_needs_payment' });
    expect((await pay(buyer, deal._id, product.resalePrice)).status).toBe(201);
    expect(await phoneOf(product._id)).toEqual({ status: 'reserved', heldBy: deal._id });
    const { code } = (await codeOf(buyer, deal._id)).body.data;
    const done = await enter(seller, deal._id, code);
    expect(done.body.data).toMatchObject({ state: 'handed_over', paid: true, windowEndsAt: expect.any(String) });
    const left = Date.parse(done.body.data.windowEndsAt) - Date.now();
    expect(left).toBeGreaterThan(86_400_000 - 60_000);
    expect(left).toBeLessThanOrEqual(86_400_000);
    expect(await phoneOf(product._id)).toEqual({ status: 'sold', heldBy: null });
    // Not reviewable yet; the window's timer is a job of the queue.
    expect((await callRoute(ctx.app, 'review', { token: buyer.token, body: { orderId: deal._id, stars: 4 } })).body).toMatchObject({
      code: 'review_before_completion',
    });
    const timer = ctx.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'deal-timer'), sql`${jobs.payload} ->> 'orderId' = ${deal._id}`, sql`${jobs.payload} ->> 'timer' = 'window'`));
    const [window] = await timer;
    expect(window!.runAt.getTime()).toBe(Date.parse(done.body.data.windowEndsAt));
    await runJobs(ctx.app);
    expect(await stateOf(ctx.app.db, deal._id)).toBe('handed_over');
    await ctx.app.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, window!.id));
    await runJobs(ctx.app);
    expect(await stateOf(ctx.app.db, deal._id)).toBe('completed');
    expect((await historyOf(deal._id)).slice(-2)).toEqual(['hand_over:paid>handed_over:seller', 'complete:handed_over>completed:site']);
    expect((await callRoute(ctx.app, 'review', { token: buyer.token, body: { orderId: deal._id, stars: 4 } })).status).toBe(201);
  });

  it('called off after its meeting day, by either side, refunds the payment in full through its provider; not before, not once handed over', async () => {
    const { seller, product, buyer } = await world();
    const deal = await book(buyer, product._id, 'protected');
    expect((await pay(buyer, deal._id, product.resalePrice)).status).toBe(201);
    const early = await callRoute(ctx.app, 'callOffBooking', { params: { id: deal._id }, token: seller.token });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'meeting_day_not_over', params: { date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) } });
    // Another seller may not; the buyer's own route is the buyer's.
    const stranger = await signUp(ctx.app, 'Seller');
    expect((await callRoute(ctx.app, 'callOffBooking', { params: { id: deal._id }, token: stranger.token })).status).toBe(403);
    expect((await callRoute(ctx.app, 'callOffOrder', { params: { id: deal._id }, token: seller.token })).status).toBe(403);
    await meetingDayPast(deal._id);
    const off = await callRoute(ctx.app, 'callOffBooking', { params: { id: deal._id }, token: seller.token });
    expect(off.body.data).toMatchObject({ state: 'cancelled', refund: { status: 'pending', amount: product.resalePrice, ofPayment: true } });
    await runJobs(ctx.app);
    const [refund] = await ctx.app.db.select().from(refunds).where(eq(refunds.orderId, deal._id));
    expect(refund).toMatchObject({ provider: 'sandbox', amount: product.resalePrice * 100, status: 'refunded', requestedBy: seller._id });
    expect(await phoneOf(product._id)).toEqual({ status: 'available', heldBy: null });
    expect(await toldTo(buyer)).toContain('call_off');
    // Over: again is a 409 naming the state.
    expect((await callRoute(ctx.app, 'callOffOrder', { params: { id: deal._id }, token: buyer.token })).body).toMatchObject({
      code: 'deal_not_open',
      params: { state: 'cancelled' },
    });

    // A requested booking is the buyer's to cancel and the seller's to decline, not to call off.
    const again = await book(buyer, product._id, 'cash');
    expect((await callRoute(ctx.app, 'callOffOrder', { params: { id: again._id }, token: buyer.token })).body).toMatchObject({ code: 'deal_not_accepted' });
    await accept(seller, again._id);
    await enter(seller, again._id, (await codeOf(buyer, again._id)).body.data.code);
    await meetingDayPast(again._id);
    expect((await callRoute(ctx.app, 'callOffOrder', { params: { id: again._id }, token: buyer.token })).body).toMatchObject({
      code: 'deal_not_open',
      params: { state: 'completed' },
    });
  });
});

describe('two moves at once leave exactly one winner', () => {
  it('two entries of the right code: one hands over, the other is told it is done', async () => {
    const { seller, product, buyer } = await world();
    const deal = await book(buyer, product._id, 'cash');
    await accept(seller, deal._id);
    const { code } = (await codeOf(buyer, deal._id)).body.data;
    const results = await Promise.all([enter(seller, deal._id, code), enter(seller, deal._id, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('handover_not_open');
    expect((await historyOf(deal._id)).filter((e) => e.startsWith('hand_over'))).toHaveLength(1);
  });

  it('a call-off racing the handover: handed over or called off, never both, and the history says which', async () => {
    for (let round = 0; round < 3; round++) {
      const { seller, product, buyer } = await world();
      const deal = await book(buyer, product._id, 'protected');
      expect((await pay(buyer, deal._id, product.resalePrice)).status).toBe(201);
      await meetingDayPast(deal._id);
      const { code } = (await codeOf(buyer, deal._id)).body.data;
      const [handed, off] = await Promise.all([
        enter(seller, deal._id, code),
        callRoute(ctx.app, 'callOffOrder', { params: { id: deal._id }, token: buyer.token }),
      ]);
      expect([handed.status, off.status].sort()).toEqual([200, 409]);
      const history = await historyOf(deal._id);
      const refunded = await ctx.app.db.select().from(refunds).where(eq(refunds.orderId, deal._id));
      if (handed.status === 200) {
        expect(history.at(-1)).toBe('hand_over:paid>handed_over:seller');
        expect(refunded).toEqual([]);
        expect((await phoneOf(product._id)).status).toBe('sold');
      } else {
        expect(history.at(-1)).toBe('call_off:paid>cancelled:buyer');
        expect(refunded).toHaveLength(1);
        expect((await phoneOf(product._id)).status).toBe('available');
      }
    }
  });

  it('a payment settling while the seller declines: paid (the decline refused) or declined (the payment refunded), never both', async () => {
    for (let round = 0; round < 3; round++) {
      const { seller, product, buyer } = await world();
      const deal = await book(buyer, product._id, 'protected');
      const [paid, declined] = await Promise.all([
        pay(buyer, deal._id, product.resalePrice),
        callRoute(ctx.app, 'declineBooking', { params: { id: deal._id }, token: seller.token }),
      ]);
      const state = await stateOf(ctx.app.db, deal._id);
      const refunded = await ctx.app.db.select().from(refunds).where(eq(refunds.orderId, deal._id));
      if (paid.status === 201) {
        expect([state, declined.body.code]).toEqual(['paid', 'booking_paid_cannot_decline']);
        expect(refunded).toEqual([]);
      } else {
        expect([state, declined.status, paid.body.code]).toEqual(['declined', 200, 'payment_refunded']);
        expect(refunded).toHaveLength(1);
        expect((await phoneOf(product._id)).status).toBe('available');
      }
    }
  });

  it('two buyers’ accepts of one phone: the seller’s second accept finds it reserved', async () => {
    const { seller, product, buyer } = await world();
    const other = await signUp(ctx.app, 'Buyer');
    const [a, b] = [await book(buyer, product._id, 'cash'), await book(other, product._id, 'cash')];
    const results = await Promise.all([accept(seller, a._id), accept(seller, b._id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('product_reserved');
    const winner = results[0]!.status === 200 ? a._id : b._id;
    expect(await phoneOf(product._id)).toEqual({ status: 'reserved', heldBy: winner });
  });
});

describe('a dispute in the complaint window', () => {
  /** A protected deal paid and handed over: in its complaint window. */
  async function handedOver() {
    const w = await world();
    const deal = await book(w.buyer, w.product._id, 'protected');
    expect((await pay(w.buyer, deal._id, w.product.resalePrice)).status).toBe(201);
    expect((await enter(w.seller, deal._id, (await codeOf(w.buyer, deal._id)).body.data.code)).status).toBe(200);
    return { ...w, deal };
  }
  const dispute = (buyer: Actor, id: string, body: Record<string, unknown>) =>
    callRoute(ctx.app, 'openDispute', { params: { id }, body: body as never, token: buyer.token });

  it('is opened by the buyer with photos of their own; the window then completes nothing; an Admin releases it to the seller (audited), once', async () => {
    const { seller, buyer, deal } = await handedOver();
    const stranger = await signUp(ctx.app, 'Buyer');
    const theirs = await uploadedPicture(ctx.app, stranger);
    // Bad input changes nothing: a photo of someone else's, a reason not in the list, another buyer.
    expect((await dispute(buyer, deal._id, { reason: 'not_working', text: 'No charge', photos: [theirs] })).body).toMatchObject({ code: 'image_not_yours' });
    expect((await dispute(buyer, deal._id, { reason: 'changed_my_mind', text: 'No' })).status).toBe(400);
    expect((await dispute(stranger, deal._id, { reason: 'other', text: 'Mine?' })).status).toBe(403);
    expect(await stateOf(ctx.app.db, deal._id)).toBe('handed_over');

    const photo = await uploadedPicture(ctx.app, buyer);
    const opened = await dispute(buyer, deal._id, { reason: 'not_working', text: 'It does not charge', photos: [photo] });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      state: 'disputed',
      dispute: { reason: 'not_working', text: 'It does not charge', photos: [photo], decision: null, decidedAt: null },
    });
    expect(await toldTo(seller)).toContain('dispute');
    expect((await dispute(buyer, deal._id, { reason: 'other', text: 'Again' })).body).toMatchObject({ code: 'dispute_already_open' });
    // The window runs out: the deal stays in dispute.
    await ctx.app.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.kind, 'deal-timer'), sql`${jobs.payload} ->> 'orderId' = ${deal._id}`));
    await runJobs(ctx.app);
    expect(await stateOf(ctx.app.db, deal._id)).toBe('disputed');

    const admin = await createAdmin(ctx.app);
    const listed = await callRoute(ctx.app, 'disputes', { token: admin.token, query: { limit: 10 } });
    expect(listed.body.data.map((o: { _id: string }) => o._id)).toContain(deal._id);
    expect((await callRoute(ctx.app, 'disputes', { token: seller.token })).status).toBe(403);
    const released = await callRoute(ctx.app, 'decideDispute', {
      params: { id: deal._id },
      body: { decision: 'release', reason: 'It charges in the video' },
      token: admin.token,
    });
    expect(released.body.data).toMatchObject({ state: 'completed', dispute: { decision: 'release', decidedAt: expect.any(String) } });
    expect(await toldTo(buyer)).toContain('release');
    const [act] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'release-dispute'));
    expect(act).toMatchObject({ adminId: admin._id, targetId: deal._id, reason: 'It charges in the video' });
    const again = await callRoute(ctx.app, 'decideDispute', {
      params: { id: deal._id },
      body: { decision: 'refund', reason: 'Changed my mind' },
      token: admin.token,
    });
    expect(again.body).toMatchObject({ code: 'dispute_not_disputed', params: { state: 'completed' } });
    // What the buyer said and the decision stay as written: the database refuses changing or deleting them.
    expect(await refusal(ctx.app.db.update(disputes).set({ text: 'Something else' }).where(eq(disputes.orderId, deal._id)))).toContain('disputes are history');
    expect(await refusal(ctx.app.db.delete(disputes).where(eq(disputes.orderId, deal._id)))).toContain('disputes are history');
    expect((await callRoute(ctx.app, 'review', { token: buyer.token, body: { orderId: deal._id, stars: 3 } })).status).toBe(201);
  });

  it('an Admin asks either side a question: the side asked is told, both answer on their own routes, everyone reads the thread; not once decided', async () => {
    const { seller, buyer, deal } = await handedOver();
    const admin = await createAdmin(ctx.app);
    expect(
      (await callRoute(ctx.app, 'askDispute', { params: { id: deal._id }, body: { to: 'buyer', text: 'Too early' }, token: admin.token })).body,
    ).toMatchObject({
      code: 'dispute_not_disputed',
    });
    expect((await dispute(buyer, deal._id, { reason: 'not_working', text: 'It does not charge' })).status).toBe(200);
    const ask = (to: 'buyer' | 'seller', text: string) =>
      callRoute(ctx.app, 'askDispute', { params: { id: deal._id }, body: { to, text }, token: admin.token });
    expect((await ask('seller', 'Did it charge when you met?')).status).toBe(200);
    expect(await toldTo(seller)).toContain('dispute_question');
    expect(await toldTo(buyer)).not.toContain('dispute_question');
    expect((await callRoute(ctx.app, 'answerDisputeBooking', { params: { id: deal._id }, body: { text: 'Yes, to 80 %' }, token: seller.token })).status).toBe(
      200,
    );
    expect((await ask('buyer', 'Which charger did you use?')).status).toBe(200);
    expect(await toldTo(buyer)).toContain('dispute_question');
    // Each side answers only through its own route, on its own deal.
    expect((await callRoute(ctx.app, 'answerDisputeOrder', { params: { id: deal._id }, body: { text: 'Mine' }, token: seller.token })).status).toBe(403);
    const answered = await callRoute(ctx.app, 'answerDisputeOrder', { params: { id: deal._id }, body: { text: 'The one in the box' }, token: buyer.token });
    expect(answered.body.data.dispute.messages.map((m: { from: string; to: string | null; text: string }) => [m.from, m.to, m.text])).toEqual([
      ['admin', 'seller', 'Did it charge when you met?'],
      ['seller', null, 'Yes, to 80 %'],
      ['admin', 'buyer', 'Which charger did you use?'],
      ['buyer', null, 'The one in the box'],
    ]);
    const seen = await callRoute(ctx.app, 'sellerBookings', { params: { id: seller._id }, token: seller.token });
    expect(seen.body.data[0].dispute.messages).toHaveLength(4);
    // A side says its piece, not a flood: ten answers each.
    for (let i = 2; i <= 10; i++)
      expect((await callRoute(ctx.app, 'answerDisputeBooking', { params: { id: deal._id }, body: { text: `More ${i}` }, token: seller.token })).status).toBe(
        200,
      );
    expect((await callRoute(ctx.app, 'answerDisputeBooking', { params: { id: deal._id }, body: { text: 'Eleven' }, token: seller.token })).body).toMatchObject({
      code: 'dispute_answers_full',
      params: { max: 10 },
    });
    // Decided: no more questions or answers; the thread stays, and the database keeps it as it is.
    expect(
      (await callRoute(ctx.app, 'decideDispute', { params: { id: deal._id }, body: { decision: 'release', reason: 'It charges' }, token: admin.token })).status,
    ).toBe(200);
    expect((await ask('buyer', 'One more')).body).toMatchObject({ code: 'dispute_not_disputed' });
    expect((await callRoute(ctx.app, 'answerDisputeOrder', { params: { id: deal._id }, body: { text: 'Late' }, token: buyer.token })).body).toMatchObject({
      code: 'dispute_not_disputed',
    });
    const error = await ctx.app.db
      .delete(disputeMessages)
      .where(eq(disputeMessages.orderId, deal._id))
      .then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
    expect(error?.cause?.message ?? error?.message).toMatch(/append-only/);
  });

  it('decided for the buyer: the payment is refunded in full through its provider, and no review follows', async () => {
    const { buyer, deal, product } = await handedOver();
    expect((await dispute(buyer, deal._id, { reason: 'not_as_described', text: 'Another model' })).status).toBe(200);
    const admin = await createAdmin(ctx.app);
    const refunded = await callRoute(ctx.app, 'decideDispute', {
      params: { id: deal._id },
      body: { decision: 'refund', reason: 'Another model' },
      token: admin.token,
    });
    expect(refunded.body.data).toMatchObject({ state: 'refunded', dispute: { decision: 'refund' }, refund: { amount: product.resalePrice } });
    await runJobs(ctx.app);
    const [refund] = await ctx.app.db.select().from(refunds).where(eq(refunds.orderId, deal._id));
    expect(refund).toMatchObject({ status: 'refunded', provider: 'sandbox', amount: product.resalePrice * 100 });
    expect((await callRoute(ctx.app, 'review', { token: buyer.token, body: { orderId: deal._id, stars: 1 } })).body.code).toBe('review_refunded');
  });

  it('is refused once the window is over, and for a cash deal (completed at its handover)', async () => {
    const { buyer, deal } = await handedOver();
    await ctx.app.db
      .update(orders)
      .set({ windowEndsAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, deal._id));
    expect((await dispute(buyer, deal._id, { reason: 'other', text: 'Too late?' })).body).toMatchObject({ code: 'complaint_window_over' });
    const w = await world();
    const cash = await book(w.buyer, w.product._id, 'cash');
    await accept(w.seller, cash._id);
    await enter(w.seller, cash._id, (await codeOf(w.buyer, cash._id)).body.data.code);
    expect((await dispute(w.buyer, cash._id, { reason: 'other', text: 'Hmm' })).body).toMatchObject({
      code: 'dispute_not_open',
      params: { state: 'completed' },
    });
  });
});
