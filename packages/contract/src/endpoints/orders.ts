import { z } from 'zod';
import { IdParams, PageQuery, UserRefParams } from '../common.ts';
import { refusalsOf } from '../deal.ts';
import { anyone, endpoint, role, selfOrAdmin, verified } from '../endpoint.ts';
import { ModerationBody } from '../reports.ts';
import {
  BkashCallbackQuery,
  BkashCreated,
  BuyerOrdersQuery,
  DealEvent,
  DecisionBody,
  DisputeAnswerBody,
  DisputeQuestionBody,
  DisputeBody,
  HandoverBody,
  HandoverCode,
  NewOrderBody,
  Order,
  Payment,
  PaymentBody,
  PaymentIntentBody,
  PaymentIntentCreated,
  SandboxConfirmBody,
} from '../orders.ts';

const tag = 'orders';

export const book = endpoint('book', {
  tag,
  // The answer has no seller's number: it reaches the buyer once the seller accepts, or once the buyer has paid (issue 29).
  summary: "Book a product (the seller's number comes once the seller accepts the booking, or once it is paid)",
  access: verified(role('Buyer')),
  body: NewOrderBody,
  data: Order,
  status: [201],
  errors: { 404: ['not_found'], 409: ['product_sold', 'product_reserved', 'listing_expired', 'already_booked', 'booking_declined'] },
  limits: [{ limit: 'bookingsPerBuyer', per: 'user', kind: 'booking-buyer', code: 'too_many_bookings' }],
});

export const buyerOrders = endpoint('buyerOrders', {
  tag,
  summary: "A buyer's orders (id is the buyer's _id or e-mail); with productId, only those of that phone (its page asks whether it is booked)",
  access: selfOrAdmin,
  params: UserRefParams,
  query: BuyerOrdersQuery,
  page: Order,
  errors: { 404: ['not_found'] },
});

export const sellerBookings = endpoint('sellerBookings', {
  tag,
  summary: "The bookings of a seller's phones, newest first (id is the seller's _id or e-mail): who booked, where to meet, the mobile number",
  access: selfOrAdmin,
  params: UserRefParams,
  query: PageQuery,
  page: Order,
  errors: { 404: ['not_found'] },
});

export const paidOrders = endpoint('paidOrders', {
  tag,
  summary: "Every paid order, newest first, with its payment and any refund (the Admin's Payments page)",
  access: role('Admin'),
  query: PageQuery,
  page: Order,
});

export const refundOrder = endpoint('refundOrder', {
  tag,
  summary: "Give a paid order's payment back in full through its provider, with the reason (audited); the order then says Refunded",
  access: role('Admin'),
  params: IdParams,
  body: ModerationBody,
  data: Order,
  errors: { 404: ['not_found'], 409: refusalsOf('refund') },
});

export const declineBooking = endpoint('declineBooking', {
  tag,
  summary: "Decline an unpaid booking of an own phone: the buyer's order says so, and it can no longer be paid",
  access: { who: 'owner', of: 'booking', roles: ['Seller'] },
  params: IdParams,
  data: Order,
  errors: { 409: refusalsOf('decline') },
});

export const acceptBooking = endpoint('acceptBooking', {
  tag,
  summary: "Accept a pending booking of an own phone (not declined, cancelled or paid): its buyer then sees the seller's number",
  access: { who: 'owner', of: 'booking', roles: ['Seller'] },
  params: IdParams,
  data: Order,
  errors: { 409: [...refusalsOf('accept'), 'product_reserved'] },
});

export const order = endpoint('order', { tag, summary: 'One order', access: { who: 'owner-or-admin', of: 'order' }, params: IdParams, data: Order });

export const orderEvents = endpoint('orderEvents', {
  tag,
  summary: "An order's timeline as its buyer (or an Admin) sees it: every move of the deal, oldest first, with whose role made it",
  access: { who: 'owner-or-admin', of: 'order' },
  params: IdParams,
  data: z.array(DealEvent),
});

export const bookingEvents = endpoint('bookingEvents', {
  tag,
  summary: "A booking's timeline as the phone's seller sees it: every move of the deal, oldest first, with whose role made it",
  access: { who: 'owner', of: 'booking', roles: ['Seller'] },
  params: IdParams,
  data: z.array(DealEvent),
});

export const handoverCode = endpoint('handoverCode', {
  tag,
  summary:
    "The buyer's handover code of a deal that holds its phone (accepted, or paid when protected): the 6 digits and the QR code's address to show the seller at the meeting, and the IMEI's last digits to check first",
  access: { who: 'owner', of: 'order', roles: ['Buyer'] },
  params: IdParams,
  data: HandoverCode,
  errors: { 409: ['handover_not_open', 'handover_locked', 'handover_needs_payment'] },
});

export const handOver = endpoint('handOver', {
  tag,
  summary:
    "The seller enters the buyer's handover code at the meeting (typed, or read from its QR code): the phone is sold to them; a cash deal completes, a protected one enters its complaint window. Five wrong codes lock the deal",
  access: { who: 'owner', of: 'booking', roles: ['Seller'] },
  params: IdParams,
  body: HandoverBody,
  data: Order,
  errors: { 400: ['handover_wrong_code'], 409: [...refusalsOf('hand_over'), 'handover_needs_payment'] },
});

/** Calling a deal off: from its buyer's side or its seller's, each under its own ownership rule. */
const callOff = {
  tag,
  params: IdParams,
  data: Order,
  errors: { 409: [...refusalsOf('call_off'), 'meeting_day_not_over'] },
} as const;

export const callOffOrder = endpoint('callOffOrder', {
  ...callOff,
  summary: 'The buyer calls off an accepted or paid deal not handed over, after its meeting day (at once when locked): a protected payment is refunded in full',
  access: { who: 'owner', of: 'order', roles: ['Buyer'] },
});

export const callOffBooking = endpoint('callOffBooking', {
  ...callOff,
  summary:
    'The seller calls off an accepted or paid deal not handed over, after its meeting day (at once when locked): a protected payment is refunded in full',
  access: { who: 'owner', of: 'booking', roles: ['Seller'] },
});

export const openDispute = endpoint('openDispute', {
  tag,
  summary:
    'The buyer disputes a protected deal within its complaint window (a reason, their words, up to 4 photos they uploaded): the money stays held until an Admin decides',
  access: { who: 'owner', of: 'order', roles: ['Buyer'] },
  params: IdParams,
  body: DisputeBody,
  data: Order,
  errors: { 400: ['image_not_uploaded_here', 'image_not_yours'], 409: [...refusalsOf('dispute'), 'complaint_window_over'] },
});

export const disputes = endpoint('disputes', {
  tag,
  summary: "The deals in dispute, newest first, each with the buyer's reason, words and photos (the Admin's Disputes page)",
  access: role('Admin'),
  query: PageQuery,
  page: Order,
});

export const askDispute = endpoint('askDispute', {
  tag,
  summary: 'An Admin asks the buyer or the seller of a deal in dispute a question: they are told, and answer on their page',
  access: role('Admin'),
  params: IdParams,
  body: DisputeQuestionBody,
  data: Order,
  cache: 'keeps',
  errors: { 404: ['not_found'], 409: ['dispute_not_disputed'] },
});

export const answerDisputeOrder = endpoint('answerDisputeOrder', {
  tag,
  summary: 'The buyer answers in their deal’s dispute (while it is open)',
  access: { who: 'owner', of: 'order', roles: ['Buyer'] },
  params: IdParams,
  body: DisputeAnswerBody,
  data: Order,
  cache: 'keeps',
  errors: { 409: ['dispute_not_disputed', 'dispute_answers_full'] },
});

export const answerDisputeBooking = endpoint('answerDisputeBooking', {
  tag,
  summary: 'The seller answers in the dispute of a deal of their phone (while it is open)',
  access: { who: 'owner', of: 'booking', roles: ['Seller'] },
  params: IdParams,
  body: DisputeAnswerBody,
  data: Order,
  cache: 'keeps',
  errors: { 409: ['dispute_not_disputed', 'dispute_answers_full'] },
});

export const decideDispute = endpoint('decideDispute', {
  tag,
  summary:
    "An Admin decides a dispute, with the reason (audited): 'refund' gives the buyer's payment back in full, 'release' completes the deal for the seller, 'split' gives `refundAmount` taka back and completes the deal for the seller with the rest (less the fee in proportion)",
  access: role('Admin'),
  params: IdParams,
  body: DecisionBody,
  data: Order,
  errors: { 400: ['refund_not_below_price'], 404: ['not_found'], 409: [...new Set([...refusalsOf('release'), ...refusalsOf('refund')])] },
});

export const deleteOrder = endpoint('deleteOrder', {
  tag,
  summary:
    "Delete an unpaid order (its buyer's delete cancels it: the seller still sees it, as cancelled by the buyer); a paid one its buyer only hides from their list (it stays in every count and in the seller's and Admins' views)",
  access: { who: 'owner-or-admin', of: 'order' },
  params: IdParams,
  data: z.object({ deleted: z.literal(true), hidden: z.boolean() }),
  errors: { 409: ['order_paid_cannot_delete'] },
});

const payments = 'payments';
const ownOrder = { who: 'owner', of: 'order', roles: ['Buyer'], bodyKey: 'orderId' } as const;

/** Why an order cannot be paid now (payments/service.ts `payable`): the deal's state, then its phone and seller. */
const notPayable = [
  ...new Set([...refusalsOf('pay'), 'order_pays_at_meeting', 'product_gone', 'product_reserved', 'sold_to_another_buyer', 'seller_suspended'] as const),
];

export const createPaymentIntent = endpoint('createPaymentIntent', {
  tag: payments,
  summary: 'Start paying for an own unpaid order (amount from the order)',
  access: ownOrder,
  body: PaymentIntentBody,
  // `clientSecret` also at the top level, where the spec's client reads it.
  raw: z.object({ success: z.literal(true), data: PaymentIntentCreated, clientSecret: z.string() }),
  cache: 'keeps',
  // Intents are each a fresh chance at a card: a buyer gets a bounded number of them.
  limits: [{ limit: 'paymentIntentsPerBuyer', per: 'user', kind: 'intent-buyer', code: 'too_many_payment_attempts' }],
  errors: { 409: notPayable },
});

export const recordPayment = endpoint('recordPayment', {
  tag: payments,
  summary: 'Record a payment the provider confirms',
  access: ownOrder,
  body: PaymentBody,
  data: Payment,
  status: [201, 200],
  // Money taken that cannot settle the order (a wrong amount, an order paid, declined or gone, a phone sold meanwhile)
  // goes back: payment_refunded, with the status and code of why (its params).
  errors: {
    400: ['unknown_payment', 'payment_other_order', 'payment_refunded'],
    402: ['payment_not_succeeded'],
    404: ['payment_refunded'],
    409: ['payment_refunded'],
  },
});

export const bkashCreate = endpoint('bkashCreate', {
  tag: payments,
  summary: "Start paying an own unpaid order with bKash (amount from the order): answers bKash's page to send the buyer to",
  access: ownOrder,
  body: PaymentIntentBody,
  data: BkashCreated,
  cache: 'keeps',
  limits: [{ limit: 'paymentIntentsPerBuyer', per: 'user', kind: 'intent-buyer', code: 'too_many_payment_attempts' }],
  errors: { 409: notPayable, 502: ['bkash_refused', 'bkash_unreachable'], 503: ['bkash_unavailable'] },
});

export const bkashCallback = endpoint('bkashCallback', {
  tag: payments,
  // What the browser brings back proves nothing: bKash is asked (execute, then query) before anything is recorded.
  summary: "bKash's return to the shop: executes and queries the payment, settles the order only as bKash confirms, and sends the buyer to the payment page",
  access: anyone,
  query: BkashCallbackQuery,
  raw: z.null().describe("To the order's payment page, with the result"),
  status: [302],
  // It may sell a phone: the public answers are dropped, as after a write.
  cache: 'writes',
});

/** Stripe's shape, not our envelope: the sandbox stands in for Stripe's API. */
const SandboxIntent = z.object({ id: z.string(), object: z.literal('payment_intent'), amount: z.number(), currency: z.string(), status: z.string() });

export const sandboxConfirm = endpoint('sandboxConfirm', {
  tag: payments,
  // The intent's client secret is the credential, as with Stripe.js.
  summary: 'The payment sandbox processor: confirm an intent with a test card',
  access: anyone,
  params: z.object({ id: z.string().regex(/^pi_\w{1,100}$/, { error: 'must be a payment intent id' }) }),
  body: SandboxConfirmBody,
  raw: SandboxIntent,
  cache: 'keeps',
  // Across intents, per address and per buyer: fresh intents do not buy a card tester fresh attempts.
  limits: [
    { limit: 'cardAttemptsPerIp', per: 'ip', kind: 'card-ip', code: 'too_many_card_attempts' },
    { limit: 'cardAttemptsPerBuyer', per: 'intent-buyer', kind: 'card-buyer', code: 'too_many_card_attempts' },
  ],
});

export const stripeWebhook = endpoint('stripeWebhook', {
  tag: payments,
  // Stripe's signature on the raw body is the credential.
  summary: 'Stripe webhook (signed)',
  access: anyone,
  raw: z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }),
  errors: { 400: ['bad_stripe_signature'], 404: ['not_found'] },
});
