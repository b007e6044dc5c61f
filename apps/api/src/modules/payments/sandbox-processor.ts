import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, sandboxIntents } from '../../db/schema.ts';

export interface Card {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface CardError {
  status: number;
  error: { type: 'card_error' | 'invalid_request_error'; code: string; decline_code?: string; message: string; param?: string };
}

/** Stripe's test cards and their outcomes. */
const outcomes: Record<string, { code: string; decline_code?: string; message: string } | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
};

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, d, i) => {
    const n = Number(d) * (i % 2 ? 2 : 1);
    return sum + (n > 9 ? n - 9 : n);
  }, 0) %
    10 ===
  0;

/** What Stripe's test mode answers for these card details, or null when the charge succeeds. */
export function judgeCard(card: Card, now = new Date()): CardError['error'] | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    return { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' };
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (!(card.exp_month >= 1 && card.exp_month <= 12))
    return { type: 'card_error', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' };
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1)) {
    return { type: 'card_error', code: 'invalid_expiry_year', message: "Your card's expiration year is in the past.", param: 'exp_year' };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) return { type: 'card_error', code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' };
  if (!(number in outcomes)) {
    return {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'test_mode_live_card',
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
    };
  }
  const outcome = outcomes[number];
  return outcome ? { type: 'card_error', ...outcome } : null;
}

/**
 * The sandbox processor's confirm call (like Stripe's confirmCardPayment): the client
 * secret is the credential; card details are judged and dropped, never stored.
 */
export async function confirmIntent(
  db: Db,
  id: string,
  clientSecret: string,
  card: Card,
): Promise<{ ok: true; intent: typeof sandboxIntents.$inferSelect } | { ok: false; failure: CardError }> {
  const [intent] = await db
    .select()
    .from(sandboxIntents)
    .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.clientSecret, clientSecret)))
    .limit(1);
  if (!intent) {
    return {
      ok: false,
      failure: { status: 404, error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } },
    };
  }
  if (intent.status === 'succeeded') {
    return {
      ok: false,
      failure: {
        status: 400,
        error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent has already succeeded.' },
      },
    };
  }
  const problem = judgeCard(card);
  if (problem) {
    await db.update(sandboxIntents).set({ lastError: problem.message }).where(eq(sandboxIntents.id, id));
    return { ok: false, failure: { status: 402, error: problem } };
  }
  const [updated] = await db.update(sandboxIntents).set({ status: 'succeeded', lastError: null }).where(eq(sandboxIntents.id, id)).returning();
  return { ok: true, intent: updated! };
}

/** The buyer whose order the intent pays for, if the intent and the order (and its buyer) still exist. */
export async function intentBuyer(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ buyerId: orders.buyerId })
    .from(sandboxIntents)
    .innerJoin(orders, eq(orders.id, sandboxIntents.orderId))
    .where(eq(sandboxIntents.id, id))
    .limit(1);
  return row?.buyerId ?? undefined;
}
