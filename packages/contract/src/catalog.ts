import { z } from 'zod';
import { Condition, Id, UploadedImageUrl, ProductStatus, text } from './common.ts';

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
  phoneNumber: z.string(),
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
 * A number, or the same number written as plain text, as the spec's add-product form sends it
 * ("90000", "1.5"): digits with at most one decimal point, nothing else. Stored as a number.
 */
const numeric = <S extends z.ZodNumber>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*\d{1,12}(\.\d{1,6})?\s*$/.test(v) ? Number(v) : v), schema);

const Taka = numeric(
  z.number({ error: 'must be a number' }).int({ error: 'must be a whole number of taka' }).positive({ error: 'must be a positive number' }).max(10_000_000),
);

/**
 * What a seller sends. The spec's payload also carries date, status and sellerId
 * (and a client could add advertise/report): unknown keys are dropped, the server sets them.
 */
export const NewProductBody = z.object({
  img: UploadedImageUrl,
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{5,19}$/, { error: 'must be a phone number' }),
  location: text(120),
  purchase: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }),
  originalPrice: Taka,
  resalePrice: Taka,
  productName: text(120),
  useYears: numeric(z.number({ error: 'must be a number' }).positive({ error: 'must be a positive number' }).max(50)),
  categoryId: Id,
  condition: Condition,
  description: text(2000),
});
export type NewProductBody = z.infer<typeof NewProductBody>;
