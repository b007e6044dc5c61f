import { z } from 'zod';
import { Id, PageQuery, text, UploadedImageUrl } from './common.ts';
import { addDays, dhakaToday, maxLength, meetingDateProblem, messages, phonePattern } from './rules.ts';
import { dealActors, dealStates, dealTransitionNames, disputePhotos, disputeReasons, handoverCodeLength, payWays } from './deal.ts';
import { OrderReview } from './reviews.ts';
import { DistrictName } from './catalog.ts';
import { districtIds } from './places.ts';

/** A buyer's dispute of a protected deal in its complaint window (issue 31), and the Admin's decision once made. */
export const Dispute = z.object({
  reason: z.enum(disputeReasons),
  text: z.string(),
  photos: z.array(z.string()),
  openedAt: z.iso.datetime(),
  decision: z.enum(['refund', 'release', 'split']).nullable(),
  /** With a split: the taka given back to the buyer (the rest went to the seller). */
  refundAmount: z.number().int().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** The Admin's questions to either side and their answers, oldest first (issue 32): both sides and the Admins read them. */
  messages: z.array(
    z.object({
      from: z.enum(['admin', 'buyer', 'seller']),
      /** Whom an Admin's question asks; null for an answer (to the Admins). */
      to: z.enum(['buyer', 'seller']).nullable(),
      text: z.string(),
      at: z.iso.datetime(),
    }),
  ),
});
export type Dispute = z.infer<typeof Dispute>;

export const Order = z.object({
  _id: z.uuid(),
  productId: z.uuid().nullable(),
  productName: z.string(),
  productPrice: z.number(),
  productImg: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  meetingLocation: z.string(),
  /** The meeting place's district and division (issue 34); null on a booking made before districts whose place named none. */
  meetingDistrict: DistrictName.nullable(),
  mobileNumber: z.string(),
  /** Where the deal stands (deal.ts, docs/deal-process.md). */
  state: z.enum(dealStates),
  /** The spec's field: the buyer paid through the site (deal.ts `isPaid`: a protected deal, paid and not called off). */
  paid: z.boolean(),
  /** How the buyer pays: `cash` at the meeting, or `protected` through the site, which holds it until the deal completes. */
  payWith: z.enum(payWays),
  /** The site's fee should the deal complete paid through the site, in poisha (fixed at booking; 0 for cash; issue 32). */
  fee: z.number().int(),
  /** The day buyer and seller meet (YYYY-MM-DD, Bangladesh): after it, a deal not handed over may be called off. */
  meetingDate: z.iso.date(),
  /** When a protected deal's complaint window ends (handed over, not yet completed); null otherwise. */
  windowEndsAt: z.iso.datetime().nullable(),
  /** The buyer's dispute, if they opened one. */
  dispute: Dispute.nullable(),
  /**
   * The seller's phone number, for the buyer who booked, once the seller accepted the booking or it is paid; null
   * before that (harvesting numbers by booking, decision 040) and once the phone is deleted.
   */
  sellerPhone: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The receipt of a paid order: what was charged, when, and the card processor's transaction id. */
  payment: z.object({ transactionId: z.string(), amount: z.number(), paidAt: z.iso.datetime() }).nullable(),
  /** The buyer's review of the seller for this order (a paid order only; null until written). */
  review: OrderReview.nullable(),
  /**
   * Money given back for this order (issue 17), the newest refund: a payment that could not settle it (the
   * phone was sold to another buyer meanwhile), or an Admin's refund of the paid order. `id` and `refundedAt`
   * come once the provider confirms; until then it is 'pending'. `amount` in taka. `ofPayment`: it gives back
   * the payment that paid this order (the order is refunded), not a second payment that could not settle it.
   */
  refund: z
    .object({
      status: z.enum(['pending', 'refunded']),
      id: z.string().nullable(),
      amount: z.number(),
      refundedAt: z.iso.datetime().nullable(),
      reason: z.string(),
      ofPayment: z.boolean(),
    })
    .nullable(),
  /** The conversation of this phone and buyer (issue 33), with each side's unread messages; null until one is started. */
  conversation: z.object({ _id: z.uuid(), unread: z.object({ buyer: z.number().int(), seller: z.number().int() }) }).nullable(),
});
export type Order = z.infer<typeof Order>;

/**
 * A booking. The spec's payload also carries productName, productPrice, productImg,
 * buyerName and buyerEmail: those come from the database and the token instead.
 */
/** A buyer's orders, all or (`productId`) those of one phone: its page asks whether this buyer booked it (issue 35). */
export const BuyerOrdersQuery = PageQuery.extend({ productId: Id.optional() });
export type BuyerOrdersQuery = z.infer<typeof BuyerOrdersQuery>;

export const NewOrderBody = z.object({
  productId: Id,
  meetingLocation: text(maxLength.meetingLocation),
  /** The meeting place's district (issue 34); left out: the one `meetingLocation` names, or else the phone's. */
  meetingDistrict: z.enum(districtIds, { error: messages.district }).optional(),
  mobileNumber: z.string().trim().regex(phonePattern, { error: messages.phone }),
  /** Issue 31: how the buyer pays. The spec's client sends none and pays through the site afterwards: protected. */
  payWith: z.enum(payWays, { error: 'must be cash or protected' }).default('protected'),
  /** The meeting day, today to 30 days ahead (Bangladesh's calendar); the spec's client sends none: tomorrow. */
  meetingDate: z.iso
    .date({ error: 'must be a date (YYYY-MM-DD)' })
    .superRefine((date, ctx) => {
      const problem = meetingDateProblem(date);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default(() => addDays(dhakaToday(), 1)),
});
export type NewOrderBody = z.infer<typeof NewOrderBody>;

export const PaymentIntentBody = z.object({
  orderId: Id,
  /** Sent by the spec's client; ignored: the amount comes from the order. */
  productPrice: z.unknown().optional(),
});

export const PaymentIntentCreated = z.object({
  clientSecret: z.string(),
  intentId: z.string(),
  amount: z.number(),
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
  /** Whether bKash is offered beside the card (issue 17). */
  bkash: z.boolean(),
});
export type PaymentIntentCreated = z.infer<typeof PaymentIntentCreated>;

/** POST /api/bkash/create-payment: where to send the buyer (bKash's page), for the order's own amount. */
export const BkashCreated = z.object({ paymentID: z.string(), bkashURL: z.url() });
export type BkashCreated = z.infer<typeof BkashCreated>;

/** GET /api/bkash/callback: what bKash's page sends the buyer back with; never trusted alone. */
export const BkashCallbackQuery = z.object({
  paymentID: z.string().trim().min(1, { error: 'is required' }).max(100).regex(/^\w+$/, { error: 'must be a bKash payment id' }),
  status: z.string().max(20).optional(),
  signature: z.string().max(500).optional(),
  apiVersion: z.string().max(20).optional(),
});

/** The spec's payload; only orderId and transactionId are used, the rest comes from the order. */
export const PaymentBody = z.object({
  orderId: Id,
  transactionId: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(255)
    .regex(/^[\w-]+$/, { error: 'must be a payment id' }),
  buyerName: z.unknown().optional(),
  productPrice: z.unknown().optional(),
  productId: z.unknown().optional(),
  productName: z.unknown().optional(),
});

export const Payment = z.object({
  buyerName: z.string(),
  productPrice: z.number(),
  transactionId: z.string(),
  orderId: z.uuid(),
  productId: z.uuid(),
  productName: z.string(),
});
export type Payment = z.infer<typeof Payment>;

export const SandboxConfirmBody = z.object({
  client_secret: z.string().min(1).max(255),
  card: z.object({
    number: z.string().max(40),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    cvc: z.string().max(8),
  }),
});
export type SandboxConfirmBody = z.infer<typeof SandboxConfirmBody>;

/**
 * One move of a deal as its parties see it (issue 31, item 7): which transition, from and to which state, made by
 * whom (their role in the deal: the buyer, the seller, an Admin or the site) and when; the timeline of My Orders and
 * Booking Requests. Who exactly moved it stays in the database (order_events.actor_id).
 */
export const DealEvent = z.object({
  transition: z.enum(dealTransitionNames),
  from: z.enum(dealStates).nullable(),
  to: z.enum(dealStates),
  by: z.enum(dealActors),
  at: z.iso.datetime(),
});
export type DealEvent = z.infer<typeof DealEvent>;

/**
 * The buyer's handover screen (issue 31, item 3): the 6-digit code they show the seller at the meeting, the address
 * its QR code holds (the seller's Booking Requests with the code filled in), and what to check first: the last four
 * digits of the IMEI the listing gives (the phone shows its own when `*#06#` is dialled), when the listing has one.
 */
export const HandoverCode = z.object({
  productName: z.string(),
  payWith: z.enum(payWays),
  code: z.string().regex(new RegExp(`^[0-9]{${handoverCodeLength}}$`)),
  url: z.string(),
  imeiEnd: z.string().nullable(),
  meetingDate: z.iso.date(),
});
export type HandoverCode = z.infer<typeof HandoverCode>;

/** The seller's entry of the buyer's handover code, typed or read from its QR code. */
export const HandoverBody = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${handoverCodeLength}}$`), { error: `must be the buyer's ${handoverCodeLength}-digit code` }),
});

/** The buyer opens a dispute: why, in their words, with up to 4 photos they uploaded (POST /api/images). */
export const DisputeBody = z.object({
  reason: z.enum(disputeReasons, { error: `must be one of ${disputeReasons.join(', ')}` }),
  text: text(maxLength.dispute),
  photos: z
    .array(UploadedImageUrl)
    .max(disputePhotos, { error: `must be at most ${disputePhotos} photos` })
    .default([]),
});
export type DisputeBody = z.infer<typeof DisputeBody>;

/**
 * An Admin decides a dispute, with the reason (audited): refund the buyer in full, release the money to the seller,
 * or split it: `refundAmount` taka back to the buyer (less than the price), the rest to the seller (issue 32).
 */
export const DecisionBody = z
  .object({
    decision: z.enum(['refund', 'release', 'split'], { error: 'must be refund, release or split' }),
    reason: text(maxLength.reportText),
    refundAmount: z.number({ error: 'must be a whole number of taka' }).int({ error: 'must be a whole number of taka' }).min(1).optional(),
  })
  .refine((b) => (b.decision === 'split') === (b.refundAmount !== undefined), {
    error: 'is the taka given back to the buyer: needed to split, and only then',
    path: ['refundAmount'],
  });
export type DecisionBody = z.infer<typeof DecisionBody>;

/** An Admin asks one side of a dispute a question (issue 32): they are told, and answer on their page. */
export const DisputeQuestionBody = z.object({
  to: z.enum(['buyer', 'seller'], { error: 'must be buyer or seller' }),
  text: text(maxLength.dispute),
});
export type DisputeQuestionBody = z.infer<typeof DisputeQuestionBody>;

/** A side's answer in a dispute. */
export const DisputeAnswerBody = z.object({ text: text(maxLength.dispute) });
export type DisputeAnswerBody = z.infer<typeof DisputeAnswerBody>;
