/**
 * A deal as one process (issue 31): every state an order can be in and every move between them, with who may make
 * it and what it does, written once here. The API moves an order only along these transitions (one conditional
 * update each, an `order_events` row each); the web shows a deal's state and its next actions from the same table;
 * docs/deal-process.md is printed from it (`npm run deal-process -w @market/api`, a test keeps it current).
 */

import type { Role } from './common.ts';
import type { ErrorCode } from './errors.ts';

/** Where a deal stands. */
export const dealStates = ['requested', 'accepted', 'declined', 'expired', 'cancelled', 'paid', 'refunded', 'closed'] as const;
export type DealState = (typeof dealStates)[number];

/**
 * The states in which the buyer paid through the site: the spec's `paid`, the paid orders of every count, money
 * history that is never deleted (the database refuses it too) and the orders a review may come from.
 */
export const paidStates = ['paid', 'refunded'] as const satisfies readonly DealState[];
export const isPaid = (state: DealState): boolean => (paidStates as readonly DealState[]).includes(state);

/** Who moves a deal: its buyer, the phone's seller, an Admin, or the site itself (the phone sold to someone else). */
export const dealActors = ['buyer', 'seller', 'admin', 'site'] as const;
export type DealActor = (typeof dealActors)[number];

/** The two people of a deal, whom its moves are told to. */
export type DealParty = 'buyer' | 'seller';

export interface DealTransition {
  /** The states it leaves from; none for the one that starts a deal. */
  from: readonly DealState[];
  to: DealState;
  by: readonly DealActor[];
  /** What it does, for people (the docs' table). */
  does: string;
  /** Whom it is told to (a notification each, in their language): the parties it concerns who did not make it. */
  tells: readonly DealParty[];
  /**
   * Why it is refused from a state it does not leave from: the code of the 409, by state, and `otherwise` for the
   * states not named. Every refusal carries the state (`params.state`). None where nothing refuses from a state: a
   * booking starts a deal, the site's own moves, the buyer's cancel (their delete of a deal that is over hides it).
   */
  refused?: { otherwise: ErrorCode } & Partial<Record<DealState, ErrorCode>>;
  /** The timers it starts (`dealTimers`): each fires its transition after its time unless the deal has moved on. */
  starts?: readonly DealTimerName[];
}

/**
 * A deal's timers (issue 31, item 4): durable jobs in the queue, each started by a transition and firing another
 * after a configurable time, which moves the deal only if it is still where that transition leaves from.
 */
export const dealTimers = {
  /** The seller's time to answer a booking (BOOKING_EXPIRES_AFTER, 3 days by default). */
  answer: { fires: 'expire', after: 'BOOKING_EXPIRES_AFTER' },
} as const satisfies Record<string, { fires: string; after: string }>;
export type DealTimerName = keyof typeof dealTimers;

/** What each state means, for people (the docs' table). */
export const dealStateMeanings: Record<DealState, string> = {
  requested: "booked: waits for the seller's answer; the buyer may pay now",
  accepted: "the seller accepted: the buyer sees the seller's number and may pay",
  declined: 'the seller turned it down: it cannot be paid, and the buyer cannot book the phone again',
  expired: 'the seller did not answer in time: it cannot be paid, and the buyer may book the phone again',
  cancelled: 'the buyer called it off: gone from their list, kept for the seller',
  paid: 'the buyer paid through the site: the phone is sold to them',
  refunded: 'an Admin gave the payment back',
  closed: 'the phone went to someone else (paid through another booking, or marked sold by its seller)',
};

export const dealTransitions = {
  book: {
    from: [],
    to: 'requested',
    by: ['buyer'],
    does: 'books an available phone with a meeting place and a mobile number',
    tells: ['seller'],
    starts: ['answer'],
  },
  accept: {
    from: ['requested'],
    to: 'accepted',
    by: ['seller'],
    does: "accepts the booking while the phone is for sale: the buyer sees the seller's number",
    tells: ['buyer'],
    refused: { otherwise: 'booking_not_pending', accepted: 'booking_already_accepted', expired: 'booking_expired' },
  },
  decline: {
    from: ['requested', 'accepted'],
    to: 'declined',
    by: ['seller'],
    does: 'turns the booking down',
    tells: ['buyer'],
    refused: {
      otherwise: 'booking_already_declined',
      paid: 'booking_paid_cannot_decline',
      refunded: 'booking_paid_cannot_decline',
      cancelled: 'booking_cancelled',
      closed: 'booking_closed',
      expired: 'booking_expired',
    },
  },
  expire: {
    from: ['requested'],
    to: 'expired',
    by: ['site'],
    does: 'ends a booking its seller has not answered in time (the answer timer)',
    tells: ['buyer', 'seller'],
  },
  cancel: {
    from: ['requested', 'accepted'],
    to: 'cancelled',
    by: ['buyer'],
    does: 'calls the booking off (their delete of an open booking)',
    tells: ['seller'],
  },
  pay: {
    from: ['requested', 'accepted'],
    to: 'paid',
    by: ['buyer'],
    does: 'pays by card or bKash, settled once the provider confirms the payment: the phone is sold, its other open bookings close',
    tells: ['seller'],
    refused: { otherwise: 'order_paid', declined: 'order_declined', cancelled: 'order_cancelled', closed: 'sold_to_another_buyer', expired: 'booking_expired' },
  },
  close: {
    from: ['requested', 'accepted'],
    to: 'closed',
    by: ['site'],
    does: "closes the phone's other open bookings when it is paid through one of them or its seller marks it sold",
    tells: ['buyer'],
  },
  refund: {
    from: ['paid'],
    to: 'refunded',
    by: ['admin'],
    does: 'gives the payment back in full, with a reason (audited)',
    tells: ['buyer', 'seller'],
    refused: { otherwise: 'order_not_paid_cannot_refund', refunded: 'order_already_refunded' },
  },
} as const satisfies Record<string, DealTransition>;
export type DealTransitionName = keyof typeof dealTransitions;

/** Every transition's name, in the table's order. */
export const dealTransitionNames = Object.keys(dealTransitions) as [DealTransitionName, ...DealTransitionName[]];

/**
 * What a notification tells: for now a move of one of the person's deals (the transition's `tells`). Here, not in
 * notifications.ts, so the web reads them without that module's zod schemas (zod tries eval, which the CSP refuses).
 */
export const notificationKinds = dealTransitionNames;
export type NotificationKind = DealTransitionName;

/** The kinds a party of a deal can be told, in the deal table's order: what their e-mail preferences list. */
export const kindsToldTo = (party: DealParty): NotificationKind[] =>
  notificationKinds.filter((k) => (dealTransitions[k] as DealTransition).tells.includes(party));

/** The web's page where each party sees its deals: a buyer's My Orders, a seller's Booking Requests (notifications and their mails link there). */
export const dealsPage: Record<DealParty, string> = { buyer: '/dashboard/myOrders', seller: '/dashboard/bookings' };

/** Which party of a deal an account of this role is (only Buyers book, only Sellers list); an Admin is none. */
export const partyOfRole = (role: Role): DealParty | null => (role === 'Buyer' ? 'buyer' : role === 'Seller' ? 'seller' : null);

/** The transitions that may leave `state`, for whoever may make them. */
export const transitionsFrom = (state: DealState, by?: DealActor): DealTransitionName[] =>
  dealTransitionNames.filter((name) => {
    const t: DealTransition = dealTransitions[name];
    return t.from.includes(state) && (by === undefined || t.by.includes(by));
  });

/** Whether transition `name` may leave `state`. */
export const leavesFrom = (name: DealTransitionName, state: DealState): boolean => (dealTransitions[name].from as readonly DealState[]).includes(state);

/** The code of the 409 when `name` is asked of a deal in `state`, which it does not leave from. */
export const refusalOf = (name: DealTransitionName, state: DealState): ErrorCode => {
  const refused = (dealTransitions[name] as DealTransition).refused;
  if (!refused) throw new Error(`${name} is never refused from a state`);
  return refused[state] ?? refused.otherwise;
};

/** Every code transition `name` refuses with (a route's descriptor lists them among its 409s). */
export const refusalsOf = (name: DealTransitionName): ErrorCode[] => {
  const refused = (dealTransitions[name] as DealTransition).refused;
  return refused ? [...new Set(Object.values(refused))] : [];
};

/** Every allowed (from, to) pair: what the database's guard on `orders.state` lets through (migration 0025). */
export const allowedMoves = (): [DealState, DealState][] =>
  dealTransitionNames.flatMap((name) => (dealTransitions[name] as DealTransition).from.map((from): [DealState, DealState] => [from, dealTransitions[name].to]));
