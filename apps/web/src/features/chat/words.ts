import type { Conversation, MessageReportReason, ScamSign } from '@market/contract';
import { localDateTime, localTime } from '../../lib/format.ts';
import { translate, type Key } from '../../lib/i18n.ts';

/*
 * The conversations' values in the current language: call these while rendering, in a component that calls
 * `useT('dashboard')`.
 */

/** The phone's page; `#book` opens its booking form (the scam card's protected booking). */
export const phonePage = (productId: string) => `/detail-product/${productId}`;

const stateIds = {
  // Held for a check (issue 36): an edit of a listing people already talk about may hold it.
  pending: 'heldCheck.waiting',
  available: 'chat.state.available',
  reserved: 'chat.state.reserved',
  sold: 'chat.state.sold',
  // Its seller did not renew it (issue 36).
  expired: 'chat.state.expired',
  gone: 'chat.state.gone',
} as const satisfies Record<string, Key<'dashboard'>>;

/** Where the phone of a conversation stands now: waiting for a check, available, reserved, sold, expired, or no longer listed (deleted). */
export function phoneState(product: Conversation['product']): keyof typeof stateIds {
  return product._id === null || product.status === null ? 'gone' : product.status;
}

/** Its words: 'Available', 'No longer listed'. */
export const phoneStateName = (state: keyof typeof stateIds) => translate(stateIds[state]);

/** daisyUI's badge of each state. */
export const stateBadge: Record<keyof typeof stateIds, string> = {
  pending: 'badge-info',
  available: 'badge-success',
  reserved: 'badge-warning',
  sold: 'badge-error text-white',
  expired: 'badge-ghost',
  gone: 'badge-ghost',
};

const signIds: Record<ScamSign, Key<'dashboard'>> = {
  send_money: 'scam.sign.send_money',
  otp_pin: 'scam.sign.otp_pin',
  off_platform: 'scam.sign.off_platform',
  payment_link: 'scam.sign.payment_link',
};

/** A warning sign the scam detector found, in plain words ('It asks you to send money to a number'). */
export const scamSignName = (sign: ScamSign) => translate(signIds[sign]);

const reasonIds: Record<MessageReportReason, Key<'dashboard'>> = {
  scam: 'reportMessage.reason.scam',
  abuse: 'reportMessage.reason.abuse',
  spam: 'reportMessage.reason.spam',
  other: 'reportMessage.reason.other',
};

/** Why a message was reported: 'Scam or fraud'. */
export const messageReasonName = (reason: MessageReportReason) => translate(reasonIds[reason]);

/** When a message was sent: the time alone today, else the day and time. */
export function sentAt(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString() ? localTime(iso) : localDateTime(iso);
}
