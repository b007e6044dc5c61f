import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  conversations,
  messages as chatMessages,
  notifications,
  orderEvents,
  orders,
  payments,
  phoneModels,
  products,
  refunds,
  savedSearches,
  searchAlerts,
  userEvents,
  users,
} from '../src/db/schema.ts';
import { searchAlertsJob } from '../src/modules/alerts/match.ts';
import { expectErrorBody } from './error-body.ts';
import { createCategory, postProduct, type Actor } from './fixtures.ts';
import { call, runJobs, useTestApp } from './helper.ts';
import { routeRequest } from './call-route.ts';

/**
 * Many requests aimed at one item at the same moment end in one consistent state
 * (ASVS 5.0, business logic: one sale, one payment). Every case runs twice: through
 * `app.inject` (in-process) and over real HTTP sockets, where the requests interleave
 * on the database's connection pool.
 */
const ctx = useTestApp();
const N = 50;

let base = '';
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

// Response bodies are JSON of many shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Res = { status: number; body: any };
/** Sends a call by name (routeRequest) in process or over HTTP. */
type Client = (req: InjectOptions) => Promise<Res>;

const inProcess: Client = (req) => call(ctx.app, req);

const overHttp: Client = async ({ method, url, headers, payload }) => {
  const sent: Record<string, string> = { ...(headers as Record<string, string>) };
  if (payload !== undefined) sent['content-type'] = 'application/json';
  const res = await fetch(`${base}${String(url)}`, { method, headers: sent, body: payload === undefined ? null : JSON.stringify(payload) });
  const text = await res.text();
  return { status: res.status, body: /^application\/json/.test(res.headers.get('content-type') ?? '') ? JSON.parse(text) : text };
};

/**
 * Users written straight to the database with a real token: fifty sign-ups through the
 * API would test the sign-up rate limit, not this.
 */
async function actors(role: Actor['role'], n: number): Promise<Actor[]> {
  const rows = await ctx.app.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => {
        const id = randomUUID();
        return { providerId: `local:${id}`, name: `${role} ${i + 1}`, email: `${role.toLowerCase()}-${id}@example.com`, role, emailVerifiedAt: new Date() };
      }),
    )
    .returning();
  return Promise.all(
    rows.map(async (u) => ({
      _id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      userImg: u.userImg,
      emailVerified: true,
      language: u.language,
      token: await ctx.app.signToken(u),
    })),
  );
}
const actor = async (role: Actor['role']) => (await actors(role, 1))[0]!;

async function phone() {
  const seller = await actor('Seller');
  const category = await createCategory(ctx.app);
  const product = await postProduct(ctx.app, seller, category.id, { resalePrice: 45000 });
  return { seller, product };
}

const bookingBody = (productId: string) => ({ productId, meetingLocation: 'Bashundhara City', mobileNumber: '01911-222333' });
const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' };

const statuses = (results: Res[]) => results.map((r) => r.status).sort();
const countOf = (results: Res[], status: number) => results.filter((r) => r.status === status).length;

/** No answer is a server error, and every refusal is the JSON error shape with this message (or one of these). */
function expectSane(results: Res[], refusal: { status: number; message: string | string[] }) {
  const messages = ([] as string[]).concat(refusal.message);
  for (const r of results) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
  for (const r of results.filter((x) => x.status >= 400)) {
    expect(r.status).toBe(refusal.status);
    expect(messages).toContain(r.body.message);
    expectErrorBody(r.body);
  }
}

/** Paid protected, a phone is reserved for its buyer until the handover (issue 31): the others are told so. */
const RESERVED = 'This phone is reserved for a buyer who is meeting the seller: it cannot be booked, accepted or paid for now';
const RESERVED_REFUNDED = `${RESERVED}. Your payment is being refunded.`;
/** A charged card that lost the race: told so, and refunded (issue 17). */

const productRow = async (id: string) => (await ctx.app.db.select().from(products).where(eq(products.id, id)))[0]!;
const ordersOf = (productId: string) => ctx.app.db.select().from(orders).where(eq(orders.productId, productId));
const paymentsOf = (productId: string) => ctx.app.db.select().from(payments).where(eq(payments.productId, productId));

describe.each([
  ['in-process (inject)', inProcess],
  ['over HTTP', overHttp],
] as const)('%s', (_transport, client) => {
  const book = (buyer: Actor, productId: string) => client(routeRequest('book', { token: buyer.token, body: bookingBody(productId) }));
  const startPayment = (buyer: Actor, orderId: string) => client(routeRequest('createPaymentIntent', { token: buyer.token, body: { orderId } }));
  const confirm = (intent: { intentId: string; clientSecret: string }) =>
    client(routeRequest('sandboxConfirm', { params: { id: intent.intentId }, body: { client_secret: intent.clientSecret, card } }));
  const pay = (buyer: Actor, orderId: string, transactionId: string) =>
    client(routeRequest('recordPayment', { token: buyer.token, body: { orderId, transactionId } }));

  /** Each buyer books the phone (one after the other: booking is not what is tested here). */
  async function bookAll(buyers: Actor[], productId: string) {
    const booked: string[] = [];
    for (const b of buyers) {
      const res = await book(b, productId);
      expect(res.status).toBe(201);
      booked.push(res.body.data._id);
    }
    return booked;
  }

  /** An intent for the order, charged at the sandbox processor: the step before recording the payment. */
  async function chargedIntent(buyer: Actor, orderId: string) {
    const started = await startPayment(buyer, orderId);
    expect(started.status).toBe(200);
    expect((await confirm(started.body.data)).status).toBe(200);
    return started.body.data as { intentId: string; clientSecret: string };
  }

  describe('bookings', () => {
    it(`${N} buyers booking one phone at once each get their one booking`, async () => {
      const { product } = await phone();
      const buyers = await actors('Buyer', N);
      const results = await Promise.all(buyers.map((b) => book(b, product._id)));
      expect(statuses(results)).toEqual(Array(N).fill(201));
      const rows = await ordersOf(product._id);
      expect(rows).toHaveLength(N);
      expect(new Set(rows.map((o) => o.buyerId))).toEqual(new Set(buyers.map((b) => b._id)));
      expect(rows.every((o) => o.state === 'requested' && o.productPrice === 45000)).toBe(true);
      expect((await productRow(product._id)).status).toBe('available');
      // Each buyer sees exactly their own booking.
      const mine = await client(routeRequest('buyerOrders', { params: { id: buyers[7]!._id }, token: buyers[7]!.token }));
      expect(mine.body.data.map((o: { productId: string }) => o.productId)).toEqual([product._id]);
    });

    it(`one buyer booking one phone ${N} times at once gets one booking; the rest are 409s`, async () => {
      const { product } = await phone();
      const buyer = await actor('Buyer');
      const results = await Promise.all(Array.from({ length: N }, () => book(buyer, product._id)));
      expectSane(results, { status: 409, message: 'You have already booked this product' });
      expect(countOf(results, 201)).toBe(1);
      expect(countOf(results, 409)).toBe(N - 1);
      const rows = await ordersOf(product._id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(results.find((r) => r.status === 201)!.body.data._id);
      const mine = await client(routeRequest('buyerOrders', { params: { id: buyer._id }, token: buyer.token }));
      expect(mine.body.data).toHaveLength(1);
    });

    it(`${N - 1} buyers booking a phone while it is being paid for: one payment reserves it; each booking is made or refused as reserved`, async () => {
      const { product } = await phone();
      const [winner, ...others] = await actors('Buyer', N);
      const [orderId] = await bookAll([winner!], product._id);
      const intent = await chargedIntent(winner!, orderId!);

      const [payment, ...bookings] = await Promise.all([pay(winner!, orderId!, intent.intentId), ...others.map((b) => book(b, product._id))]);
      expect(payment!.status).toBe(201);
      expectSane(bookings, { status: 409, message: RESERVED });

      expect(await paymentsOf(product._id)).toHaveLength(1);
      expect(await productRow(product._id)).toMatchObject({ status: 'reserved', heldBy: orderId });
      const rows = await ordersOf(product._id);
      expect(rows).toHaveLength(1 + countOf(bookings, 201));
      expect(rows.filter((o) => o.state === 'paid').map((o) => o.id)).toEqual([orderId]);
      // A booking that slipped in before the payment cannot be paid while the phone is reserved.
      const late = bookings.map((r, i) => ({ r, buyer: others[i]! })).find(({ r }) => r.status === 201);
      if (late) {
        const refused = await startPayment(late.buyer, late.r.body.data._id);
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe(RESERVED);
      }
      // Booking it now is refused.
      const after = await book(await actor('Buyer'), product._id);
      expect(after.status).toBe(409);
      expect(after.body.message).toBe(RESERVED);
    });
  });

  describe("the seller's answers (issue 29)", () => {
    it(`the seller accepting and declining one booking ${N / 2} times each at once: one accept at most, one decline, and it ends declined`, async () => {
      const { seller, product } = await phone();
      const buyer = await actor('Buyer');
      const [orderId] = await bookAll([buyer], product._id);
      const answer = (act: 'acceptBooking' | 'declineBooking') => client(routeRequest(act, { params: { id: orderId! }, token: seller.token }));
      const results = await Promise.all(Array.from({ length: N }, (_, i) => answer(i % 2 ? 'declineBooking' : 'acceptBooking')));
      const accepts = results.filter((_, i) => i % 2 === 0);
      const declines = results.filter((_, i) => i % 2 === 1);
      for (const r of results) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      // Accepting is one write: the second is told it is accepted already, and once declined it is no longer pending.
      expect(countOf(accepts, 200)).toBeLessThanOrEqual(1);
      for (const r of accepts.filter((x) => x.status !== 200)) expect(['booking_already_accepted', 'booking_not_pending']).toContain(r.body.code);
      expect(countOf(declines, 200)).toBe(1);
      for (const r of declines.filter((x) => x.status !== 200)) expect(r.body.code).toBe('booking_already_declined');
      const [row] = await ordersOf(product._id);
      expect(row!.state).toBe('declined');
      // An accept that answered 200 came first: the row keeps it; none answered 200 means none was written.
      expect(row!.acceptedAt !== null).toBe(countOf(accepts, 200) === 1);
    });

    it('the buyer cancelling a booking while paying for it: paid or cancelled, never both', async () => {
      const { product } = await phone();
      const buyer = await actor('Buyer');
      const [orderId] = await bookAll([buyer], product._id);
      const intent = await chargedIntent(buyer, orderId!);
      const [payment, cancel] = await Promise.all([
        pay(buyer, orderId!, intent.intentId),
        client(routeRequest('deleteOrder', { params: { id: orderId! }, token: buyer.token })),
      ]);
      expect(payment!.status, JSON.stringify(payment!.body)).toBeLessThan(500);
      expect(cancel!.status, JSON.stringify(cancel!.body)).toBe(200);
      const [row] = await ordersOf(product._id);
      // Paid first: the delete only takes it off the buyer's list. Cancelled first: the payment is refused (and given back).
      expect(row!.state).toBe(payment!.status === 201 ? 'paid' : 'cancelled');
      expect(await paymentsOf(product._id)).toHaveLength(payment!.status === 201 ? 1 : 0);
    });

    it('the seller marking a phone sold while its buyer pays for it: paid or closed, never both, and the history says which', async () => {
      const { seller, product } = await phone();
      const buyer = await actor('Buyer');
      const [orderId] = await bookAll([buyer], product._id);
      const intent = await chargedIntent(buyer, orderId!);
      const [payment, marking] = await Promise.all([
        pay(buyer, orderId!, intent.intentId),
        client(routeRequest('markSold', { params: { id: product._id }, token: seller.token })),
      ]);
      expect(payment!.status, JSON.stringify(payment!.body)).toBeLessThan(500);
      expect(marking!.status, JSON.stringify(marking!.body)).toBeLessThan(500);
      const [row] = await ordersOf(product._id);
      const events = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId!)).orderBy(orderEvents.seq);
      if (payment!.status === 201) {
        // Paid first: the phone is reserved for its buyer, so the mark is refused; the deal is the buyer's.
        expect(marking!.body.code).toBe('reserved_cannot_mark_sold');
        expect(await productRow(product._id)).toMatchObject({ status: 'reserved', heldBy: orderId });
        expect(row!.state).toBe('paid');
        expect(events.map((e) => e.transition)).toEqual(['book', 'pay']);
      } else {
        // Marked first: the booking closed, and the payment is refused and given back.
        expect(marking!.status).toBe(200);
        expect((await productRow(product._id)).status).toBe('sold');
        expect(payment!.body).toMatchObject({ code: 'payment_refunded', params: { reasonCode: 'sold_to_another_buyer' } });
        expect(row!.state).toBe('closed');
        expect(events.map((e) => e.transition)).toEqual(['book', 'close']);
        expect(await paymentsOf(product._id)).toHaveLength(0);
      }
    });

    it('the seller deleting a phone while its buyer pays for it: the sale or the deletion, never both', async () => {
      const { seller, product } = await phone();
      const buyer = await actor('Buyer');
      const [orderId] = await bookAll([buyer], product._id);
      const intent = await chargedIntent(buyer, orderId!);
      const [payment, deletion] = await Promise.all([
        pay(buyer, orderId!, intent.intentId),
        client(routeRequest('deleteProduct', { params: { id: product._id }, token: seller.token })),
      ]);
      expect(payment!.status, JSON.stringify(payment!.body)).toBeLessThan(500);
      expect(deletion!.status, JSON.stringify(deletion!.body)).toBeLessThan(500);
      const [row] = await ctx.app.db.select().from(products).where(eq(products.id, product._id));
      if (payment!.status === 201) {
        // Paid first: a listing reserved for its buyer is not deleted (the deal is called off first).
        expect(deletion!.status).toBe(409);
        expect(deletion!.body.code).toBe('reserved_cannot_delete');
        expect(row).toMatchObject({ status: 'reserved', heldBy: orderId });
      } else {
        // Deleted first: the payment finds no phone and is refused (the card is given back).
        expect(deletion!.status).toBe(200);
        expect(row).toBeUndefined();
        expect(await paymentsOf(product._id)).toHaveLength(0);
      }
    });
  });

  describe('advertising', () => {
    it(`${N} advertise requests for one phone advertise it once; the rest are 409s`, async () => {
      const { seller, product } = await phone();
      const results = await Promise.all(
        Array.from({ length: N }, () => client(routeRequest('advertiseProduct', { params: { id: product._id }, token: seller.token }))),
      );
      expectSane(results, { status: 409, message: 'This product is already advertised' });
      expect(countOf(results, 200)).toBe(1);
      expect(countOf(results, 409)).toBe(N - 1);
      expect(results.find((r) => r.status === 200)!.body.data).toMatchObject({ _id: product._id, advertise: true, status: 'available' });
      expect(await productRow(product._id)).toMatchObject({ advertise: true, status: 'available' });
      const listed = await client(routeRequest('advertisedProducts'));
      expect(listed.body.data.map((p: { _id: string }) => p._id)).toEqual([product._id]);
    });
  });

  describe('seller verification', () => {
    it(`${N} admins' verifications of one seller at once leave one verified seller; every answer says so`, async () => {
      const [seller, admins] = [await actor('Seller'), await actors('Admin', 5)];
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          client(routeRequest('verifySeller', { params: { id: seller._id }, token: admins[i % admins.length]!.token, body: { reason: 'Checked' } })),
        ),
      );
      expect(statuses(results)).toEqual(Array(N).fill(200));
      for (const r of results) expect(r.body.data).toMatchObject({ _id: seller._id, role: 'Seller', sellerVerified: true });
      const rows = await ctx.app.db.select().from(users).where(eq(users.email, seller.email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: seller._id, role: 'Seller', sellerVerified: true });
    });
  });

  describe('payments', () => {
    it(`${N} buyers paying for one phone at once: one payment, one paid order, the phone reserved for its buyer; ${N - 1} clear 409s`, async () => {
      const { seller, product } = await phone();
      expect((await client(routeRequest('advertiseProduct', { params: { id: product._id }, token: seller.token }))).status).toBe(200);
      const buyers = await actors('Buyer', N);
      const orderIds = await bookAll(buyers, product._id);

      // Every buyer starts paying and the processor charges every card: the phone is still for sale.
      const started = await Promise.all(buyers.map((b, i) => startPayment(b, orderIds[i]!)));
      expect(statuses(started)).toEqual(Array(N).fill(200));
      const confirmed = await Promise.all(started.map((s) => confirm(s.body.data)));
      expect(statuses(confirmed)).toEqual(Array(N).fill(200));

      // Then all of them record their payment at the same moment.
      const results = await Promise.all(buyers.map((b, i) => pay(b, orderIds[i]!, started[i]!.body.data.intentId)));
      expectSane(results, { status: 409, message: RESERVED_REFUNDED });
      expect(countOf(results, 201)).toBe(1);
      expect(countOf(results, 409)).toBe(N - 1);
      // Every charged card but the winner's is given back, once each.
      const givenBack = await ctx.app.db.select().from(refunds).where(inArray(refunds.orderId, orderIds));
      expect(givenBack).toHaveLength(N - 1);
      expect(new Set(givenBack.map((r) => r.paymentId)).size).toBe(N - 1);
      const winner = results.findIndex((r) => r.status === 201);

      const recorded = await paymentsOf(product._id);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({
        orderId: orderIds[winner],
        buyerId: buyers[winner]!._id,
        transactionId: started[winner]!.body.data.intentId,
        productPrice: 45000,
      });
      // Reserved, not sold: it is sold at the handover; off every list meanwhile, advertised again if the deal is called off.
      expect(await productRow(product._id)).toMatchObject({ status: 'reserved', heldBy: orderIds[winner], advertise: true });
      const paid = await ctx.app.db
        .select()
        .from(orders)
        .where(and(eq(orders.productId, product._id), eq(orders.state, 'paid')));
      expect(paid.map((o) => o.id)).toEqual([orderIds[winner]]);

      // Through the API as well: the winner's order is paid, a loser's is not and cannot be.
      const loser = (winner + 1) % N;
      expect((await client(routeRequest('order', { params: { id: orderIds[winner]! }, token: buyers[winner]!.token }))).body.data.paid).toBe(true);
      expect((await client(routeRequest('order', { params: { id: orderIds[loser]! }, token: buyers[loser]!.token }))).body.data.paid).toBe(false);
      const retry = await pay(buyers[loser]!, orderIds[loser]!, started[loser]!.body.data.intentId);
      expect(retry.status).toBe(409);
      expect((await startPayment(buyers[loser]!, orderIds[loser]!)).body.message).toBe(RESERVED);
      const detail = await client(routeRequest('product', { params: { id: product._id } }));
      expect(detail.body.data).toMatchObject({ status: 'reserved' });
    });

    it(`${N} buyers each running the whole payment flow at once: one payment, every other buyer refused with a 409`, async () => {
      const { product } = await phone();
      const buyers = await actors('Buyer', N);
      const orderIds = await bookAll(buyers, product._id);

      /** create intent, confirm at the processor, record; stops at the first refusal. */
      const flow = async (buyer: Actor, orderId: string): Promise<Res> => {
        const started = await startPayment(buyer, orderId);
        if (started.status !== 200) return started;
        const confirmed = await confirm(started.body.data);
        if (confirmed.status !== 200) return confirmed;
        return pay(buyer, orderId, started.body.data.intentId);
      };
      const results = await Promise.all(buyers.map((b, i) => flow(b, orderIds[i]!)));
      // Refused before the card was charged, or after (then refunded).
      expectSane(results, { status: 409, message: [RESERVED, RESERVED_REFUNDED] });
      expect(countOf(results, 201)).toBe(1);
      expect(countOf(results, 409)).toBe(N - 1);

      expect(await paymentsOf(product._id)).toHaveLength(1);
      expect((await productRow(product._id)).status).toBe('reserved');
      expect((await ordersOf(product._id)).filter((o) => o.state === 'paid')).toHaveLength(1);
    });

    it(`one buyer recording one charged intent ${N} times at once gets one payment; every answer names it`, async () => {
      const { product } = await phone();
      const buyer = await actor('Buyer');
      const [orderId] = await bookAll([buyer], product._id);
      const intent = await chargedIntent(buyer, orderId!);

      const results = await Promise.all(Array.from({ length: N }, () => pay(buyer, orderId!, intent.intentId)));
      expect(countOf(results, 201)).toBe(1);
      expect(countOf(results, 200)).toBe(N - 1);
      for (const r of results) expect(r.body.data).toMatchObject({ orderId, productId: product._id, transactionId: intent.intentId });

      const recorded = await paymentsOf(product._id);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.transactionId).toBe(intent.intentId);
      expect((await ordersOf(product._id))[0]!.state).toBe('paid');
      expect((await productRow(product._id)).status).toBe('reserved');
    });
  });

  describe('conversations (issue 33)', () => {
    const start = (buyer: Actor, productId: string, body: string) =>
      client(routeRequest('startConversation', { token: buyer.token, body: { productId, body } }));
    const send = (by: Actor, id: string, body: string) => client(routeRequest('sendMessage', { token: by.token, params: { id }, body: { body } }));
    const threadOf = (productId: string) => ctx.app.db.select().from(conversations).where(eq(conversations.productId, productId));
    const messagesOf = (conversationId: string) => ctx.app.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId));

    it(`one buyer's ${N} first messages about one phone at once: one thread holding all ${N}, numbered 1 to ${N}`, async () => {
      const { seller, product } = await phone();
      const buyer = await actor('Buyer');
      const results = await Promise.all(Array.from({ length: N }, (_, i) => start(buyer, product._id, `first ${i}`)));
      expectSane(results, { status: 0, message: [] });
      expect(countOf(results, 201)).toBe(N);
      const threads = await threadOf(product._id);
      expect(threads).toHaveLength(1);
      expect(new Set(results.map((r) => r.body.data._id))).toEqual(new Set([threads[0]!.id]));
      const written = await messagesOf(threads[0]!.id);
      expect(written.map((m) => m.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
      expect(new Set(written.map((m) => m.body)).size).toBe(N);
      expect(threads[0]).toMatchObject({ lastSeq: N, sellerUnread: N, buyerUnread: 0 });
      // Each message is one event of each of the two people, never two.
      const events = await ctx.app.db
        .select()
        .from(userEvents)
        .where(inArray(userEvents.userId, [buyer._id, seller._id]));
      expect(events.filter((e) => e.type === 'message')).toHaveLength(2 * N);
    });

    it(`buyer and seller sending ${N} messages into one thread at once: no gap, no twin, the counts add up`, async () => {
      const { seller, product } = await phone();
      const buyer = await actor('Buyer');
      const first = await start(buyer, product._id, 'Hello');
      expect(first.status).toBe(201);
      const id = first.body.data._id as string;
      const results = await Promise.all(Array.from({ length: N }, (_, i) => (i % 2 ? send(seller, id, `seller ${i}`) : send(buyer, id, `buyer ${i}`))));
      expectSane(results, { status: 0, message: [] });
      expect(countOf(results, 201)).toBe(N);
      const written = await messagesOf(id);
      expect(written.map((m) => m.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: N + 1 }, (_, i) => i + 1));
      const [thread] = await threadOf(product._id);
      expect(thread!.lastSeq).toBe(N + 1);
      // Writing is reading: each side's unread count is what the other wrote after that side's own last message.
      const bySeq = written.sort((a, b) => a.seq - b.seq);
      const unreadOf = (reader: string) => bySeq.length - 1 - bySeq.map((m) => m.senderId).lastIndexOf(reader);
      expect({ buyer: thread!.buyerUnread, seller: thread!.sellerUnread }).toEqual({ buyer: unreadOf(buyer._id), seller: unreadOf(seller._id) });
    });
  });
});

describe('the model catalogue (issue 34)', () => {
  it(`${N} Admins adding the same model (by names in other letter cases) at once: one is added, the others are told it is there`, async () => {
    const admins = await actors('Admin', N);
    const category = await createCategory(ctx.app);
    const name = `Race ${randomUUID().slice(0, 8)}`;
    const results = await Promise.all(
      admins.map((a, i) =>
        inProcess(
          routeRequest('addPhoneModel', {
            token: a.token,
            body: { categoryId: category.id, name: i % 2 ? name : name.toUpperCase(), nameBn: 'রেস', variants: [{ ramGb: 8, storageGb: 128 }] },
          }),
        ),
      ),
    );
    expect(countOf(results, 201)).toBe(1);
    expectSane(results, { status: 409, message: 'The catalogue already has a model of this brand by this name' });
    expect(await ctx.app.db.select().from(phoneModels).where(eq(phoneModels.categoryId, category.id))).toHaveLength(1);
  });
});

describe('saved searches and their alerts (issue 34)', () => {
  const save = (buyer: Actor, q: string) => inProcess(routeRequest('saveSearch', { token: buyer.token, body: { query: { q }, frequency: 'instant' } }));

  it(`${N} saves at once by one person with 15 kept: 5 are kept and the rest told of the limit of 20; ${N} saves of one search: one kept`, async () => {
    const [buyer, other] = await actors('Buyer', 2);
    for (let i = 0; i < 15; i++) expect((await save(buyer!, `phone ${i}`)).status).toBe(201);
    const results = await Promise.all(Array.from({ length: N }, (_, i) => save(buyer!, `race ${i}`)));
    expect(countOf(results, 201)).toBe(5);
    expectSane(results, { status: 409, message: 'You can keep at most 20 saved searches: delete one first' });
    expect(await ctx.app.db.select().from(savedSearches).where(eq(savedSearches.userId, buyer!._id))).toHaveLength(20);

    const same = await Promise.all(Array.from({ length: N }, () => save(other!, 'pixel 7')));
    expect(countOf(same, 201)).toBe(1);
    expectSane(same, { status: 409, message: 'This search is already saved' });
  });

  it('the alerts job of one phone run ten times at once: each matching search gets it once, its person is told once', async () => {
    const [buyer] = await actors('Buyer', 1);
    const [seller] = await actors('Seller', 1);
    const word = `racephone${randomUUID().slice(0, 6)}`;
    expect((await save(buyer!, word)).status).toBe(201);
    expect((await save(buyer!, `${word} 128`)).status).toBe(201);
    const phone = await postProduct(ctx.app, seller!, (await createCategory(ctx.app)).id, { productName: `${word} 128 GB` });
    const job = searchAlertsJob(ctx.app.db);
    await Promise.all(Array.from({ length: 10 }, () => job({ productId: phone._id })));
    // And the queued one, after them.
    await runJobs(ctx.app);
    const alerts = await ctx.app.db.select().from(searchAlerts).where(eq(searchAlerts.productId, phone._id));
    expect(alerts).toHaveLength(2);
    const told = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer!._id), eq(notifications.kind, 'search_alert')));
    expect(told).toHaveLength(1);
  });
});
