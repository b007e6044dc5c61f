import { z } from 'zod';
import { Id, text } from './common.ts';

export const Order = z.object({
  _id: z.uuid(),
  productId: z.uuid().nullable(),
  productName: z.string(),
  productPrice: z.number(),
  productImg: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  meetingLocation: z.string(),
  mobileNumber: z.string(),
  paid: z.boolean(),
});
export type Order = z.infer<typeof Order>;

/**
 * A booking. The spec's payload also carries productName, productPrice, productImg,
 * buyerName and buyerEmail: those come from the database and the token instead.
 */
export const NewOrderBody = z.object({
  productId: Id,
  meetingLocation: text(200),
  mobileNumber: z.string().trim().regex(/^\+?[0-9][0-9 -]{5,19}$/, { error: 'must be a mobile number' }),
});
export type NewOrderBody = z.infer<typeof NewOrderBody>;
