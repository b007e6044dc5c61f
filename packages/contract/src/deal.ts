/**
 * A deal as one process (issue 31): every state an order can be in and every move between them, with who may make
 * it and what it does, written once here. The API moves an order only along these transitions (one conditional
 * update each, an `order_events` row each); the web shows a deal's state and its next actions from the same table;
 * docs/deal-process.md is printed from it (`npm run deal-process -w @market/api`, a test keeps it current).
 */

import type { Role } from './common.ts';
import type { ErrorCode } from './errors.ts';

/** Where a deal stands. */
export const dealStates = [
  'requested',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'paid',
  'handed_over',
  'disputed',
  'completed',
  'refunded',
  'closed',
  'locked',
] as const;
export type DealState = (typeof dealStates)[number];

/** How the buyer pays, chosen when booking (issue 31, item 2): at the meeting, or now through the site, which holds it. */
export const payWays = ['cash', 'protected'] as const;
export type PayWay = (typeof payWays)[number];

/**
 * The states of a deal that holds its phone (reserved for its buyer: off search and lists): accepted, paid, locked.
 * At most one deal of a phone is in one of them; the phone is sold at the handover.
 */
export const holdingStates = ['accepted', 'paid', 'locked'] as const satisfies readonly DealState[];

/**
 * The states that are history, never deleted (the database refuses it too): the deal went through the site's
 * money or its handover.
 */
export const historyStates = ['paid', 'handed_over', 'disputed', 'completed', 'refunded', 'locked'] as const satisfies readonly DealState[];

/** Why a buyer opens a dispute in the complaint window (issue 31, item 3). */
export const disputeReasons = ['not_as_described', 'not_working', 'locked_to_account', 'not_deregistered', 'other'] as const;
export type DisputeReason = (typeof disputeReasons)[number];
/** How many photos a dispute may show. */
export const disputePhotos = 4;

/**
 * Whether the buyer paid through the site (the spec's `paid`; the paid orders of every count and the Admin's
 * Payments): a protected deal in one of the history states. A cash deal is never paid here, whatever its state; a
 * protected one called off after paying is refunded and no longer counts.
 */
export const isPaid = (o: { state: DealState; payWith: PayWay }): boolean =>
  o.payWith === 'protected' && (historyStates as readonly DealState[]).includes(o.state);

/**
 * Whether a deal takes its handover code now (issue 31, item 3): a cash deal once accepted, a protected one once paid.
 * The buyer's screen shows the code, the seller's page asks for it; the API refuses it otherwise.
 */
export const takesHandoverCode = (o: { state: DealState; payWith: PayWay }): boolean => (o.payWith === 'cash' ? o.state === 'accepted' : o.state === 'paid');

/** The handover code's length, and how many wrong codes lock a deal (issue 31, item 3). */
export const handoverCodeLength = 6;
export const handoverTries = 5;

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
  /** The timers it starts (`dealTimers`): each fires its transition (or tells its notice) when due, unless the deal has moved on. */
  starts?: readonly DealTimerName[];
  /**
   * What it does to the phone, in the same statement: `reserve` it for this buyer (off search and lists), `release`
   * it (for sale again, when this deal held it), `sell` it (the handover).
   */
  phone?: 'reserve' | 'release' | 'sell';
  /**
   * What it does to a protected deal's money (the ledger, issue 32): `hold` it (the payment's settlement writes it),
   * `complete` (what the deal still holds goes to its seller less the site's fee; move() writes it), `refund` it
   * (the refund's row writes it, owed to the buyer until the provider confirms).
   */
  money?: 'hold' | 'complete' | 'refund';
  /** The price guide (issue 34) counts the phone's model, storage and condition again: a sale joins or leaves it. */
  guide?: true;
}

/**
 * A deal's timers (issue 31, items 4 and 6): durable jobs in the queue, each started by a transition. Most fire
 * another transition after a configurable time, which moves the deal only if it is still where that transition
 * leaves from; the reminder tells both parties on the meeting day's morning, if the deal still waits for its handover.
 */
export const dealTimers = {
  /** The seller's time to answer a booking (BOOKING_EXPIRES_AFTER, 3 days by default). */
  answer: { fires: 'expire', after: 'BOOKING_EXPIRES_AFTER' },
  /** The buyer's time to complain after a protected handover (COMPLAINT_WINDOW, 24 hours by default); then it completes. */
  window: { fires: 'complete', after: 'COMPLAINT_WINDOW' },
  /** The meeting day, 8:00 in Bangladesh (at once when that is past): both are reminded of the handover. */
  remind: { tells: 'remind', at: "the meeting day's morning (8:00, Bangladesh)" },
} as const satisfies Record<string, { fires: string; after: string } | { tells: string; at: string }>;
export type DealTimerName = keyof typeof dealTimers;
/** The timers that run for a configured time (config's durations); the others are due at a moment of the deal. */
export type DurationTimerName = { [K in DealTimerName]: (typeof dealTimers)[K] extends { after: string } ? K : never }[DealTimerName];

/** What each state means, for people (the docs' table). */
export const dealStateMeanings: Record<DealState, string> = {
  requested: "booked: waits for the seller's answer; a buyer paying protected may pay now",
  accepted:
    "the seller accepted: the phone is reserved for the buyer, each sees the other's number; a protected deal waits for the payment, a cash one for the handover",
  declined: 'the seller turned it down: it cannot be paid, and the buyer cannot book the phone again',
  expired: 'the seller did not answer in time: it cannot be paid, and the buyer may book the phone again',
  cancelled: 'called off: by the buyer before the handover, or by either side after the meeting day (a protected payment is refunded in full)',
  paid: 'the buyer paid through the site, which holds the money: the phone is reserved for them until the handover',
  handed_over: "the seller entered the buyer's handover code at the meeting: the phone is sold; a protected payment waits out the complaint window",
  disputed: 'the buyer opened a dispute in the complaint window: the money stays held until an Admin refunds the buyer or releases it to the seller',
  completed: 'the deal is done: the buyer has the phone, the seller the money (cash at the meeting, or the protected payment)',
  refunded: 'an Admin gave the payment back',
  closed: 'the phone went to someone else (handed over through another booking, or marked sold by its seller)',
  locked: 'five wrong handover codes: no code is taken any more; either side may call the deal off (a protected payment is refunded)',
};

export const dealTransitions = {
  book: {
    from: [],
    to: 'requested',
    by: ['buyer'],
    does: 'books an available phone with a meeting place, a meeting day, a mobile number and how they will pay (cash at the meeting, or protected)',
    tells: ['seller'],
    starts: ['answer'],
  },
  accept: {
    from: ['requested'],
    to: 'accepted',
    by: ['seller'],
    does: "accepts the booking while the phone is for sale: it is reserved for this buyer, and each sees the other's number",
    tells: ['buyer'],
    refused: { otherwise: 'booking_not_pending', accepted: 'booking_already_accepted', expired: 'booking_expired' },
    phone: 'reserve',
    starts: ['remind'],
  },
  decline: {
    from: ['requested', 'accepted'],
    to: 'declined',
    by: ['seller'],
    does: 'turns the booking down (a phone it reserved is for sale again)',
    tells: ['buyer'],
    refused: {
      otherwise: 'booking_already_declined',
      paid: 'booking_paid_cannot_decline',
      handed_over: 'booking_paid_cannot_decline',
      completed: 'booking_paid_cannot_decline',
      refunded: 'booking_paid_cannot_decline',
      locked: 'booking_paid_cannot_decline',
      cancelled: 'booking_cancelled',
      closed: 'booking_closed',
      expired: 'booking_expired',
    },
    phone: 'release',
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
    does: 'calls the booking off before anything was paid (their delete of an open booking; a phone it reserved is for sale again)',
    tells: ['seller'],
    phone: 'release',
  },
  pay: {
    from: ['requested', 'accepted'],
    to: 'paid',
    by: ['buyer'],
    does: 'pays a protected deal by card or bKash, settled once the provider confirms: the site holds the money and the phone is reserved for the buyer',
    tells: ['seller'],
    refused: { otherwise: 'order_paid', declined: 'order_declined', cancelled: 'order_cancelled', closed: 'sold_to_another_buyer', expired: 'booking_expired' },
    phone: 'reserve',
    money: 'hold',
    starts: ['remind'],
  },
  hand_over: {
    from: ['accepted', 'paid'],
    to: 'handed_over',
    by: ['seller'],
    does: "enters the buyer's handover code at the meeting (a protected deal once paid): the phone is sold and its other open bookings close; a cash deal completes at once",
    tells: ['buyer'],
    refused: { otherwise: 'handover_not_open', locked: 'handover_locked' },
    starts: ['window'],
    phone: 'sell',
  },
  complete: {
    from: ['handed_over'],
    to: 'completed',
    by: ['site'],
    does: 'ends the deal: a cash deal at its handover, a protected one when its complaint window is over (the window timer)',
    tells: ['buyer', 'seller'],
    money: 'complete',
    guide: true,
  },
  dispute: {
    from: ['handed_over'],
    to: 'disputed',
    by: ['buyer'],
    does: 'opens a dispute within the complaint window (a reason, words, up to 4 photos): the window no longer completes the deal',
    tells: ['seller'],
    refused: { otherwise: 'dispute_not_open', disputed: 'dispute_already_open' },
  },
  release: {
    from: ['disputed'],
    to: 'completed',
    by: ['admin'],
    does: 'decides a dispute for the seller, with a reason (audited): the deal completes',
    tells: ['buyer', 'seller'],
    refused: { otherwise: 'dispute_not_disputed' },
    money: 'complete',
    guide: true,
  },
  close: {
    from: ['requested', 'accepted'],
    to: 'closed',
    by: ['site'],
    does: "closes the phone's other open bookings when it is handed over through one of them or its seller marks it sold",
    tells: ['buyer'],
  },
  lock: {
    from: ['accepted', 'paid'],
    to: 'locked',
    by: ['site'],
    does: 'stops taking handover codes after five wrong ones',
    tells: ['buyer', 'seller'],
  },
  call_off: {
    from: ['accepted', 'paid', 'locked'],
    to: 'cancelled',
    by: ['buyer', 'seller'],
    does: 'calls off a deal not handed over, after its meeting day (at once when locked): a protected payment is refunded in full through the provider that took it, and the phone is for sale again',
    tells: ['buyer', 'seller'],
    refused: { otherwise: 'deal_not_open', requested: 'deal_not_accepted' },
    phone: 'release',
    money: 'refund',
  },
  refund: {
    from: ['paid', 'handed_over', 'disputed', 'completed', 'locked'],
    to: 'refunded',
    by: ['admin'],
    does: 'gives the payment back in full, with a reason (audited); deciding a dispute for the buyer is this refund',
    tells: ['buyer', 'seller'],
    refused: { otherwise: 'order_not_paid_cannot_refund', refunded: 'order_already_refunded' },
    phone: 'release',
    money: 'refund',
    guide: true,
  },
} as const satisfies Record<string, DealTransition>;
export type DealTransitionName = keyof typeof dealTransitions;

/** Every transition's name, in the table's order. */
export const dealTransitionNames = Object.keys(dealTransitions) as [DealTransitionName, ...DealTransitionName[]];

/**
 * What a person is told besides the moves of their deals (issue 31, item 6): a review of them, what came of their
 * report of a phone, an Admin's removal of their listing. Each names whom it is for (a Seller, or whoever reported)
 * and the page its notification and its mail open.
 */
export const notices = {
  /** The meeting day (the `remind` timer): both parties, to their deals. */
  remind: { to: 'both', page: null },
  review: { to: 'seller', page: '/dashboard/reviews' },
  report_dismissed: { to: 'reporter', page: '/' },
  report_upheld: { to: 'reporter', page: '/' },
  listing_removed: { to: 'seller', page: '/dashboard/myProduct' },
  /**
   * An account suspended by an Admin, and reinstated: a seller's (their phones leave the site, and come back), or a
   * buyer's (issue 35, item 17: no sign-in, so no booking); the words and the page are each side's.
   */
  listings_suspended: { to: 'both', page: { seller: '/dashboard/myProduct', buyer: '/' } },
  listings_reinstated: { to: 'both', page: { seller: '/dashboard/myProduct', buyer: '/' } },
  /** An Admin's question to one side of a dispute (issue 32): to the side asked, to their deals' page. */
  dispute_question: { to: 'both', page: null },
  /** A seller's money (issue 32): a payout reached them, or failed (the money is back in their balance); their payout method changed. */
  payout_paid: { to: 'seller', page: '/dashboard/earnings' },
  payout_failed: { to: 'seller', page: '/dashboard/earnings' },
  payout_method_changed: { to: 'seller', page: '/dashboard/earnings' },
  /** Messages not read for 15 minutes (issue 33): told by the e-mail digest only; its switch is the mail preferences'. */
  messages: { to: 'both', page: '/dashboard/messages' },
  /** A phone the person saved (issue 34): its seller lowered its price (old and new in the notification's params), or it was sold. */
  saved_price_drop: { to: 'both', page: '/dashboard/saved' },
  saved_sold: { to: 'both', page: '/dashboard/saved' },
  /** A phone the person saved left search because its listing expired (issue 36: its seller may still renew it). */
  saved_expired: { to: 'both', page: '/dashboard/saved' },
  /** A phone listed, or made cheaper, that matches one of the person's saved searches told at once (issue 34). */
  search_alert: { to: 'both', page: '/dashboard/saved-searches' },
  /** A listing held for a check (issue 36), and what an Admin decided: to its seller, to My Products (which says why). */
  listing_held: { to: 'seller', page: '/dashboard/myProduct' },
  listing_approved: { to: 'seller', page: '/dashboard/myProduct' },
  listing_rejected: { to: 'seller', page: '/dashboard/myProduct' },
  /**
   * A listing's term (issue 36): it leaves search in 5 days unless its seller says it is still for sale (the mail's
   * one-tap "Still available"), and it left search (renewed from My Products).
   */
  listing_expiring: { to: 'seller', page: '/dashboard/myProduct' },
  listing_expired: { to: 'seller', page: '/dashboard/myProduct' },
  /** An Admin verified the seller (issue 35, item 15): the Verified badge shows on their phones. */
  seller_verified: { to: 'seller', page: '/dashboard/myProduct' },
} as const satisfies Record<string, { to: DealParty | 'reporter' | 'both'; page: string | null | Record<DealParty, string> }>;
export type NoticeName = keyof typeof notices;
const noticeNames = Object.keys(notices) as NoticeName[];
const isNotice = (kind: string): kind is NoticeName => Object.hasOwn(notices, kind);

/**
 * What a notification tells: a move of one of the person's deals (the transition's `tells`), or one of the
 * `notices`. Here, not in notifications.ts, so the web reads them without that module's zod schemas (zod tries
 * eval, which the CSP refuses).
 */
export const notificationKinds = [...dealTransitionNames, ...noticeNames] as [NotificationKind, ...NotificationKind[]];
export type NotificationKind = DealTransitionName | NoticeName;

/**
 * The kinds a person of this side can be told, in the table's order: what their e-mail preferences list. Anyone
 * signed in may report a phone, so what comes of a report is told to both sides.
 */
export const kindsToldTo = (party: DealParty): NotificationKind[] =>
  notificationKinds.filter((k) =>
    // A notice for one side, for both, or for whoever reported (anyone signed in may report).
    isNotice(k) ? [party, 'both', 'reporter'].includes(notices[k].to) : (dealTransitions[k] as DealTransition).tells.includes(party),
  );

/** The web's page where each party sees its deals: a buyer's My Orders, a seller's Booking Requests (notifications and their mails link there). */
export const dealsPage: Record<DealParty, string> = { buyer: '/dashboard/myOrders', seller: '/dashboard/bookings' };

/** The page a notification of `kind` opens for a person of this side (none: an Admin, told only of their reports). */
export const pageOf = (kind: NotificationKind, party: DealParty | null): string => {
  const page: string | null | Record<DealParty, string> = isNotice(kind) ? notices[kind].page : null;
  if (typeof page === 'string') return page;
  if (page && party) return page[party];
  return party ? dealsPage[party] : '/dashboard/payments';
};

/** Which party of a deal an account of this role is (only Buyers book, only Sellers list); an Admin is none. */
export const partyOfRole = (role: Role): DealParty | null => (role === 'Buyer' ? 'buyer' : role === 'Seller' ? 'seller' : null);

/** The transitions that may leave `state`, for whoever may make them. */
export const transitionsFrom = (state: DealState, by?: DealActor): DealTransitionName[] =>
  dealTransitionNames.filter((name) => {
    const t: DealTransition = dealTransitions[name];
    return t.from.includes(state) && (by === undefined || t.by.includes(by));
  });

/**
 * Whether a deal's dispute is open: it may still be decided (release, refund or split). While it is, an Admin asks
 * either side questions and each answers (issue 32).
 */
export const disputeOpen = (state: DealState): boolean => (dealTransitions.release.from as readonly DealState[]).includes(state);

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
export const allowedMoves = (): [DealState, DealState][] => {
  const pairs = dealTransitionNames.flatMap((name) => (dealTransitions[name] as DealTransition).from.map((from) => `${from}>${dealTransitions[name].to}`));
  return [...new Set(pairs)].map((pair) => pair.split('>') as [DealState, DealState]);
};
