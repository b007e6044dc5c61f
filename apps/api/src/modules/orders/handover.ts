import { createHmac, timingSafeEqual } from 'node:crypto';
import { handoverCodeLength, handoverTries, leavesFrom, takesHandoverCode, type DealState, type HandoverCode, type PayWay } from '@market/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DealTimerDurations } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orders, payments, products } from '../../db/schema.ts';
import { badRequest, conflict, notFound, type AppError } from '../../errors.ts';
import { tellSavers } from '../favourites/savers.ts';
import { move, refuse, refusal, site, stateOf, type Mover } from './process.ts';
import { getOrder, refundPayment } from './service.ts';

/**
 * A deal's handover code (issue 31, item 3): 6 digits from an HMAC of the deal's id under the server's secret. It is
 * stored nowhere, so the database's files do not hold it; the buyer's screen shows it, the seller's entry is checked
 * against it. (A new JWT_SECRET gives open deals new codes: the buyer's screen shows the new one.)
 */
export function handoverCodeOf(secret: string, orderId: string): string {
  const digest = createHmac('sha256', secret).update(`handover:${orderId}`).digest();
  return String(digest.readUInt32BE(0) % 10 ** handoverCodeLength).padStart(handoverCodeLength, '0');
}

/** Where the QR code leads: the seller's Booking Requests with this deal's code filled in. */
export const handoverUrl = (orderId: string, code: string) => `/dashboard/bookings?handover=${orderId}&code=${code}`;

interface Open {
  state: DealState;
  payWith: PayWay;
}

/** Why deal `o` takes no handover code now (deal.ts `takesHandoverCode`), or null when it does. */
function notOpen(o: Open): AppError | null {
  if (takesHandoverCode(o)) return null;
  if (o.payWith === 'protected' && o.state === 'accepted') return conflict('handover_needs_payment');
  return refusal('hand_over', o.state);
}

/** The buyer's handover screen: the code, its QR address, the IMEI's last digits to check and the meeting day. */
export async function handoverCode(db: Db, orderId: string, secret: string): Promise<HandoverCode> {
  const [row] = await db
    .select({ state: orders.state, payWith: orders.payWith, meetingDate: orders.meetingDate, productName: orders.productName, imei: products.imei })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('Order');
  const problem = notOpen(row);
  if (problem) throw problem;
  const code = handoverCodeOf(secret, orderId);
  return {
    productName: row.productName,
    payWith: row.payWith,
    code,
    url: handoverUrl(orderId, code),
    imeiEnd: row.imei?.slice(-4) ?? null,
    meetingDate: row.meetingDate,
  };
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The seller enters the buyer's code at the meeting. The right code hands the phone over: it is sold, the phone's
 * other open bookings close, a cash deal completes at once and a protected one enters its complaint window (its
 * timer started in the same statement). A wrong code is counted; the fifth locks the deal and tells both sides.
 * Two entries at once are one after the other (the deal's row is locked): exactly one hands over.
 */
export async function handOver(db: Db, orderId: string, seller: { id: string }, code: string, secret: string, timers: DealTimerDurations) {
  const [order] = await db
    .select({ state: orders.state, payWith: orders.payWith, productId: orders.productId, productName: orders.productName, buyerId: orders.buyerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound('Booking');
  const problem = notOpen(order);
  if (problem) throw problem;
  if (!sameCode(code, handoverCodeOf(secret, orderId))) throw await missed(db, orderId);
  const by: Mover = { role: 'seller', id: seller.id };
  const protectedDeal = order.payWith === 'protected';
  const done = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const moved = await move(t, 'hand_over', eq(orders.id, orderId), by, {
      // Cash once accepted, protected once paid; the phone not sold or held by another deal.
      when: sql`(${orders.payWith} = 'cash') = (prev.state = 'accepted') and not exists (select 1 from ${products} where ${products.id} = ${orders.productId} and (${products.status} = 'sold' or ${products.heldBy} <> ${orders.id}))`,
      set: protectedDeal ? sql`window_ends_at = now() + make_interval(secs => ${timers.window / 1000})` : undefined,
      timers: protectedDeal ? timers : undefined,
    });
    if (!moved.length) return false;
    if (order.productId) {
      await move(t, 'close', and(eq(orders.productId, order.productId), ne(orders.id, orderId))!, site);
      // The people who saved the phone hear it is sold (issue 34): not its buyer, who bought it.
      await tellSavers(t, 'saved_sold', { id: order.productId, name: order.productName, sellerId: seller.id }, { except: order.buyerId });
    }
    // Cash changed hands at the meeting: nothing to wait for.
    if (!protectedDeal) await move(t, 'complete', eq(orders.id, orderId), site);
    return true;
  });
  if (!done) {
    const state = await stateOf(db, orderId);
    if (state && leavesFrom('hand_over', state)) throw conflict('product_reserved');
    await refuse(db, 'hand_over', orderId, 'Booking');
  }
  return getOrder(db, orderId);
}

/** A wrong code: counted (while the deal takes codes); the last allowed one locks it. Answers the refusal to give. */
async function missed(db: Db, orderId: string): Promise<AppError> {
  const misses = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ handoverMisses: sql`${orders.handoverMisses} + 1` })
      .where(and(eq(orders.id, orderId), inArray(orders.state, ['accepted', 'paid'])))
      .returning({ misses: orders.handoverMisses });
    if (row && row.misses >= handoverTries) await move(tx as unknown as Db, 'lock', eq(orders.id, orderId), site);
    return row?.misses ?? null;
  });
  if (misses === null) {
    const state = await stateOf(db, orderId);
    return refusal('hand_over', state ?? 'cancelled');
  }
  if (misses >= handoverTries) return refusal('hand_over', 'locked');
  return badRequest('handover_wrong_code', { left: handoverTries - misses });
}

/** Today in Bangladesh, in SQL (UTC+6 all year). */
const dhakaToday = sql`((now() at time zone 'UTC') + interval '6 hours')::date`;

/**
 * Either side calls off a deal not handed over (accepted, paid or locked), after its meeting day (at once when
 * locked): it is cancelled, the phone is for sale again, and a protected payment is refunded in full through the
 * provider that took it, in the same transaction. Called off twice at once, one wins; the other finds it cancelled.
 */
export async function callOff(db: Db, orderId: string, by: Mover, provider: string) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // move() locks the phone, then the deal (call_off releases the phone).
    const moved = await move(t, 'call_off', eq(orders.id, orderId), by, { when: sql`(prev.state = 'locked' or ${orders.meetingDate} < ${dhakaToday})` });
    if (!moved.length) {
      const [order] = await t.select({ state: orders.state, meetingDate: orders.meetingDate }).from(orders).where(eq(orders.id, orderId));
      if (order && leavesFrom('call_off', order.state)) throw conflict('meeting_day_not_over', { date: order.meetingDate });
      await refuse(t, 'call_off', orderId, by.role === 'seller' ? 'Booking' : 'Order');
    }
    const [payment] = await t.select().from(payments).where(eq(payments.orderId, orderId));
    if (payment) {
      const reason = by.role === 'seller' ? 'The seller called the deal off' : 'The buyer called the deal off';
      await refundPayment(t, payment, { orderId, reason, requestedBy: by.id, provider });
    }
  });
  return getOrder(db, orderId);
}
