import { disputeOpen, type DecisionBody, type DisputeBody, type DisputeQuestionBody, type PageQuery } from '@market/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { disputeMessages, disputes, orders, payments } from '../../db/schema.ts';
import { notify } from '../notifications/service.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAdminAct } from '../audit/service.ts';
import { attachUpload } from '../images/uploads.ts';
import { toPoisha } from '../payments/provider.ts';
import { move, refusal, refuse, stateOf } from './process.ts';
import { getOrder, list, refundOrder, refundPayment } from './service.ts';

/**
 * The buyer disputes a protected deal within its complaint window (issue 31, item 3): the deal moves to disputed
 * (its window timer then finds it no longer handed over and leaves it), and the dispute's reason, words and photos
 * (the buyer's own uploads) are kept with it, all in one transaction. An Admin decides it.
 */
export async function openDispute(db: Db, orderId: string, buyer: AuthUser, body: DisputeBody) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const moved = await move(t, 'dispute', eq(orders.id, orderId), { role: 'buyer', id: buyer.id }, { when: sql`${orders.windowEndsAt} > now()` });
    if (!moved.length) {
      if ((await stateOf(t, orderId)) === 'handed_over') throw conflict('complaint_window_over');
      await refuse(t, 'dispute', orderId);
    }
    for (const [i, url] of body.photos.entries()) await attachUpload(t, url, `photos[${i}]`, { owner: buyer.id });
    await t.insert(disputes).values({ orderId, reason: body.reason, text: body.text, photos: body.photos });
  });
  return getOrder(db, orderId);
}

/** The deals in dispute, newest first, for the Admin's Disputes page. */
export const listDisputes = (db: Db, query: PageQuery) => list(db, eq(orders.state, 'disputed'), query);

/**
 * An Admin decides a dispute, with the reason (audited): 'refund' is the refund of the payment in full (the deal is
 * refunded), 'release' completes the deal for the seller, 'split' refunds part and completes the deal for the seller
 * with the rest (less the site's fee in proportion; the ledger). The decision is written on the dispute once (the
 * database refuses a second); two decisions at once leave one.
 */
export async function decideDispute(db: Db, orderId: string, admin: AuthUser, body: DecisionBody, provider: string) {
  if (body.decision === 'refund') {
    const state = await stateOf(db, orderId);
    if (!state || !disputeOpen(state)) await refuse(db, 'release', orderId);
    return refundOrder(db, admin, orderId, body.reason, provider, (tx) => decided(tx, orderId, admin, 'refund'));
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [order] = await t
      .select({ name: orders.productName, buyer: orders.buyerName, price: orders.productPrice, state: orders.state })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw notFound('Order');
    if (body.decision === 'split') {
      if (!disputeOpen(order.state)) throw refusal('release', order.state);
      if (body.refundAmount! >= order.price) throw badRequest('refund_not_below_price', { price: order.price });
      // Part back to the buyer first (owed from what the deal holds), then the rest completes for the seller.
      const [payment] = await t.select().from(payments).where(eq(payments.orderId, orderId));
      await refundPayment(t, payment!, { orderId, reason: body.reason, requestedBy: admin.id, provider, amount: toPoisha(body.refundAmount!) });
    }
    if (!(await move(t, 'release', eq(orders.id, orderId), { role: 'admin', id: admin.id })).length) await refuse(t, 'release', orderId);
    await decided(t, orderId, admin, body.decision, body.decision === 'split' ? body.refundAmount! : null);
    await recordAdminAct(t, admin, {
      action: body.decision === 'split' ? 'split-dispute' : 'release-dispute',
      target: { kind: 'order', id: orderId, label: `${order.name} · ${order.buyer}` },
      reason: body.decision === 'split' ? `${body.reason} (৳${body.refundAmount} back to the buyer)` : body.reason,
    });
  });
  return getOrder(db, orderId);
}

/** The decision, written on the open dispute of the deal (in the caller's transaction): with a split, the taka given back. */
async function decided(db: Db, orderId: string, admin: AuthUser, decision: DecisionBody['decision'], refundAmount: number | null = null) {
  await db
    .update(disputes)
    .set({ decision, refundAmount, decidedAt: sql`now()`, decidedBy: admin.id })
    .where(and(eq(disputes.orderId, orderId), isNull(disputes.decision)));
}

/**
 * An Admin asks one side of a deal in dispute a question (issue 32): it is kept with the dispute and the side asked
 * is told (a notification and its e-mail), in one transaction. Only while the deal is in dispute.
 */
export async function askDispute(db: Db, orderId: string, admin: AuthUser, body: DisputeQuestionBody) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [deal] = await t
      .select({ state: orders.state, buyerId: orders.buyerId, sellerId: orders.sellerId, productName: orders.productName })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!deal) throw notFound('Order');
    if (!disputeOpen(deal.state)) throw conflict('dispute_not_disputed');
    await t.insert(disputeMessages).values({ orderId, fromRole: 'admin', fromId: admin.id, toRole: body.to, text: body.text });
    const asked = body.to === 'buyer' ? deal.buyerId : deal.sellerId;
    if (asked) await notify(t, 'dispute_question', [{ userId: asked, productName: deal.productName, orderId }]);
  });
  return getOrder(db, orderId);
}

/** How many answers each side may give in one dispute. */
export const DISPUTE_ANSWERS = 10;

/** A side of a deal in dispute answers (the buyer of the order, or the seller of the booked phone: the route's rule). */
export async function answerDispute(db: Db, orderId: string, who: { role: 'buyer' | 'seller'; id: string }, text: string) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [deal] = await t.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!deal || !disputeOpen(deal.state)) throw conflict('dispute_not_disputed');
    // A side says its piece, not a flood: at most DISPUTE_ANSWERS answers each (the deal's row is locked: counted once).
    const [said] = await t
      .select({ n: sql<number>`count(*)::int` })
      .from(disputeMessages)
      .where(and(eq(disputeMessages.orderId, orderId), eq(disputeMessages.fromRole, who.role)));
    if (said!.n >= DISPUTE_ANSWERS) throw conflict('dispute_answers_full', { max: DISPUTE_ANSWERS });
    await t.insert(disputeMessages).values({ orderId, fromRole: who.role, fromId: who.id, toRole: null, text });
  });
  return getOrder(db, orderId);
}
