import { z } from 'zod';
import { Condition, Id, UploadedImageUrl, ProductStatus, text } from './common.ts';
import { maxLength, maxTaka, maxUseYears, messages, parseAmount, phonePattern } from './rules.ts';

export const Category = z.object({
  _id: z.uuid(),
  category: z.string(),
  categoryLogo: z.string(),
});
export type Category = z.infer<typeof Category>;

export const ProductSeller = z.object({
  _id: z.uuid(),
  name: z.string(),
  sellerVerified: z.boolean(),
  userImg: z.string(),
});

export const Product = z.object({
  _id: z.uuid(),
  img: z.string(),
  /** Creation time, ISO 8601; the client renders it in the user's locale. */
  date: z.string(),
  /** The seller's number: only in answers to the seller and to Admins (a buyer who booked the phone has it on the order). */
  phoneNumber: z.string().optional(),
  location: z.string(),
  purchase: z.string(),
  originalPrice: z.number(),
  resalePrice: z.number(),
  productName: z.string(),
  useYears: z.number(),
  categoryId: z.object({ _id: z.uuid(), category: z.string() }),
  condition: Condition,
  description: z.string(),
  status: ProductStatus,
  sellerId: ProductSeller,
  advertise: z.boolean(),
  report: z.boolean(),
});
export type Product = z.infer<typeof Product>;

/**
 * A number, or the same number written as text the way people write it ("90000", "1,25,000",
 * "125,000", "1.5", Bengali digits: rules.ts's `parseAmount`). Stored as a number.
 */
export const numeric = <S extends z.ZodNumber>(schema: S) => z.preprocess((v) => (typeof v === 'string' ? (parseAmount(v) ?? v) : v), schema);

const Taka = numeric(
  z
    .number({ error: messages.number })
    .int({ error: messages.wholeTaka })
    .positive({ error: messages.positive })
    .max(maxTaka, { error: messages.tooHigh(maxTaka) }),
);

/**
 * What a seller sends. The spec's payload also carries date, status and sellerId
 * (and a client could add advertise/report): unknown keys are dropped, the server sets them.
 */
export const NewProductBody = z.object({
  img: UploadedImageUrl,
  phoneNumber: z.string().trim().regex(phonePattern, { error: messages.phone }),
  location: text(maxLength.location),
  purchase: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }),
  originalPrice: Taka,
  resalePrice: Taka,
  productName: text(maxLength.productName),
  useYears: numeric(
    z
      .number({ error: messages.number })
      .positive({ error: messages.positive })
      .max(maxUseYears, { error: messages.tooHigh(maxUseYears) }),
  ),
  categoryId: Id,
  condition: Condition,
  description: text(maxLength.description),
});
export type NewProductBody = z.infer<typeof NewProductBody>;
