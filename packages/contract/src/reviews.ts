import { z } from 'zod';
import { Id, text } from './common.ts';
import { maxLength, maxStars, messages, minStars } from './rules.ts';

export const Stars = z
  .number({ error: messages.stars })
  .int({ error: messages.stars })
  .min(minStars, { error: messages.stars })
  .max(maxStars, { error: messages.stars });

/** A review's words: optional (left empty, nothing is kept), at most 1,000 characters. */
const ReviewText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text(maxLength.review).optional());

/** POST /api/review: the buyer of a paid order rates its seller, once for that order. */
export const NewReviewBody = z.object({ orderId: Id, stars: Stars, text: ReviewText });
export type NewReviewBody = z.infer<typeof NewReviewBody>;

/** PUT /api/review/:id: the writer changes the review, within 30 days of writing it (a text left out is removed). */
export const EditReviewBody = z.object({ stars: Stars, text: ReviewText });
export type EditReviewBody = z.infer<typeof EditReviewBody>;

/** PUT /api/review-answer/:id: the seller's one answer. */
export const AnswerBody = z.object({ answer: text(maxLength.review) });
export type AnswerBody = z.infer<typeof AnswerBody>;

/** A review as anyone sees it on the seller's page and the phone's page. */
export const Review = z.object({
  _id: z.uuid(),
  stars: z.number(),
  text: z.string().nullable(),
  /** The buyer's name when they wrote it. */
  reviewer: z.string(),
  /** The phone the sale was of. */
  productName: z.string(),
  date: z.iso.datetime(),
  /** When the writer last changed it (null if never). */
  edited: z.iso.datetime().nullable(),
  answer: z.object({ text: z.string(), date: z.iso.datetime() }).nullable(),
});
export type Review = z.infer<typeof Review>;

/** The review of an order, as its buyer sees it on the order: what they gave and until when they may change it. */
export const OrderReview = z.object({ _id: z.uuid(), stars: z.number(), text: z.string().nullable(), editableUntil: z.iso.datetime() });
export type OrderReview = z.infer<typeof OrderReview>;

/**
 * A seller's standing: the mean of their reviews' stars (to one decimal) and how many there are; `average` is
 * null until the first review, when pages show the spec's formula instead, labelled as such.
 */
export const SellerRating = z.object({ average: z.number().nullable(), count: z.number() });
export type SellerRating = z.infer<typeof SellerRating>;

/** GET /api/seller/:id: the public seller page's head. */
export const SellerProfile = z.object({
  _id: z.uuid(),
  name: z.string(),
  userImg: z.string(),
  sellerVerified: z.boolean(),
  /** The seller confirmed a mobile number by an SMS code (issue 36): "Number verified", never the number. */
  numberVerified: z.boolean(),
  memberSince: z.iso.datetime(),
  rating: SellerRating,
  /** Phones sold through the site or marked sold. */
  soldCount: z.number(),
  /** Phones on sale now. */
  liveCount: z.number(),
});
export type SellerProfile = z.infer<typeof SellerProfile>;
