import { z } from 'zod';
import { Condition, Id, UploadedImageUrl, ProductStatus, text } from './common.ts';
import { ListingModel } from './phone-models.ts';
import { riskSignalCodes } from './risk.ts';
import { districtById, districtIds, districtIn } from './places.ts';
import {
  imeiDigits,
  imeiProblem,
  maxLength,
  maxPictures,
  maxRamGb,
  maxTaka,
  maxUseYears,
  maxWarrantyMonths,
  messages,
  parseAmount,
  phonePattern,
  storageSizes,
} from './rules.ts';

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
  /** The seller confirmed a mobile number by an SMS code (issue 36): "Number verified" (the number itself is never public). */
  numberVerified: z.boolean(),
  userImg: z.string(),
});

/** One of a listing's pictures: the full size, and its smaller copies for `<img srcset>` ('' when it has none). */
export const Picture = z.object({ url: z.string(), srcset: z.string() });
export type Picture = z.infer<typeof Picture>;

/** A division or a district, named in both languages (issue 34; packages/contract/src/places.ts). */
export const PlaceName = z.object({ _id: z.string(), en: z.string(), bn: z.string() });
/** A district with its division: the page shows the name of the reader's language. */
export const DistrictName = PlaceName.extend({ division: PlaceName });
export type DistrictName = z.infer<typeof DistrictName>;

/** A district's answer from its id (null: none, or an id this code does not know). */
export function districtName(id: string | null): DistrictName | null {
  const d = id === null ? undefined : districtById(id);
  return d ? { _id: d.id, en: d.en, bn: d.bn, division: { _id: d.division.id, en: d.division.en, bn: d.division.bn } } : null;
}

export const Product = z.object({
  _id: z.uuid(),
  /** The cover: the first of `images`. */
  img: z.string(),
  /** Every picture, the cover first (1 to 8). */
  images: z.array(Picture),
  /** Creation time, ISO 8601; the client renders it in the user's locale. */
  date: z.string(),
  /** The seller's number: only in answers to the seller and to Admins (a buyer who booked the phone has it on the order). */
  phoneNumber: z.string().optional(),
  /** The area in the seller's words. */
  location: z.string(),
  /** The district and its division (issue 34); null on a listing posted before districts whose place named none. */
  district: DistrictName.nullable(),
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
  /**
   * The phone's specs and the seller's declarations (issue 15). Listings posted before them have null
   * where the seller has not said: the pages show what there is.
   */
  model: z.string().nullable(),
  /** The catalogue's model (issue 34, decision 057): picked by the seller or matched from the name; null when neither. */
  phoneModel: ListingModel.nullable(),
  /** What the seller typed as a model "not in the list" (flagged for an Admin), or null. */
  unlistedModel: z.string().nullable(),
  storageGb: z.number().nullable(),
  ramGb: z.number().nullable(),
  colour: z.string().nullable(),
  batteryHealth: z.number().nullable(),
  /** Not locked to an account (iCloud, Google FRP), as the seller declares. */
  notLocked: z.boolean().nullable(),
  boxAndCharger: z.boolean().nullable(),
  warrantyMonths: z.number().nullable(),
  /** In full to the seller and Admins; to everyone else only its last four digits ('•••••••••••1234'). */
  imei: z.string().nullable(),
  /**
   * The handset's earlier sales on this site (issue 31: the same IMEI, a completed deal), newest first: the day it
   * completed (Bangladesh) and its price. On the phone's page only (GET /api/detail-product/:id).
   */
  boughtHere: z.array(z.object({ date: z.iso.date(), price: z.number() })).optional(),
  /** How many people saved it (issue 34): only in the lists its seller and Admins read (My Products, the reported phones). */
  saves: z.number().int().min(0).optional(),
  /**
   * A listing held for a check (issue 36, status 'pending'), to its seller and Admins only: waiting, or rejected with
   * the Admin's reason (the seller's edit sends it again); the signals it was held for, since when; the hours a check
   * usually takes, as the seller was told when it was held (null if that notification is gone).
   */
  check: z
    .object({
      state: z.enum(['waiting', 'rejected']),
      signals: z.array(z.enum(riskSignalCodes)),
      reason: z.string().nullable(),
      since: z.string(),
      hours: z.number().int().nullable(),
    })
    .optional(),
  /**
   * When the listing leaves search unless its seller renews it (issue 36: 60 days after it was posted, approved or
   * renewed), and whether they were reminded: to its seller and Admins only.
   */
  expiresAt: z.iso.datetime().optional(),
});
export type Product = z.infer<typeof Product>;

/**
 * A listing's term as the one-tap "Still available" link of its reminder shows it (issue 36): 'due' — the link's
 * term is the listing's, and a tap renews it; 'renewed' — it was renewed since (the tap changes nothing); the listing
 * as it is now.
 */
export const ListingTerm = z.object({
  productId: z.uuid(),
  productName: z.string(),
  img: z.string(),
  status: ProductStatus,
  expiresAt: z.iso.datetime(),
  link: z.enum(['due', 'renewed']),
});
export type ListingTerm = z.infer<typeof ListingTerm>;

/** The key of a "Still available" link: the listing, its term, and the server's signature of both. */
export const StillAvailableBody = z.object({
  token: z.string().regex(/^[0-9a-f-]{36}\.[0-9]{1,12}\.[A-Za-z0-9_-]{43}$/, { error: 'token must be the key of a "Still available" link' }),
});

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
const whole = (min: number, max: number, error: string) => numeric(z.number({ error }).int({ error }).min(min, { error }).max(max, { error }));

/** 15 digits with a valid Luhn check digit; spaces and dashes as people copy it are dropped. */
export const Imei = z
  .string({ error: messages.imeiShape })
  .transform(imeiDigits)
  .superRefine((v, ctx) => {
    const problem = imeiProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Optional short text: blank is the same as left out. */
const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text(max).optional());

/** A phone's specs and the seller's declarations: storage and battery health are asked of every new listing. */
const specs = {
  model: optionalText(maxLength.model),
  storageGb: numeric(z.number({ error: messages.storage }).refine((v) => (storageSizes as readonly number[]).includes(v), { error: messages.storage })),
  ramGb: whole(1, maxRamGb, messages.ram).optional(),
  colour: optionalText(maxLength.colour),
  batteryHealth: whole(1, 100, messages.battery),
  notLocked: z.boolean({ error: 'must be true or false' }).default(false),
  boxAndCharger: z.boolean({ error: 'must be true or false' }).default(false),
  warrantyMonths: whole(0, maxWarrantyMonths, messages.warranty).default(0),
};

/**
 * The listing's pictures: `images` (1 to 8, the cover first, each once), or the spec's single `img`; when both
 * are sent, `img` must be the first of `images`.
 */
const pictures = <T extends z.ZodObject>(body: T) =>
  body.superRefine((v, ctx) => {
    const { img, images } = v as { img?: string; images?: string[] };
    if (!images && !img) ctx.addIssue({ code: 'custom', path: ['images'], message: `${messages.required}: at least one picture` });
    if (images && img && images[0] !== img) ctx.addIssue({ code: 'custom', path: ['img'], message: 'must be the first of images (the cover)' });
    if (images && new Set(images).size !== images.length) ctx.addIssue({ code: 'custom', path: ['images'], message: 'must not hold the same picture twice' });
  });

const ListingBody = z.object({
  img: UploadedImageUrl.optional(),
  images: z
    .array(UploadedImageUrl, { error: 'must be a list of pictures uploaded to this site' })
    .min(1, { error: 'must hold at least one picture' })
    .max(maxPictures, { error: `must hold at most ${maxPictures} pictures` })
    .optional(),
  phoneNumber: z.string().trim().regex(phonePattern, { error: messages.phone }),
  location: text(maxLength.location),
  /** A district's id (issue 34); left out, the one `location` names is taken, and a location that names none is refused. */
  district: z.enum(districtIds, { error: messages.district }).optional(),
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
  /**
   * The catalogue's model (issue 34): one of the brand's, or `unlistedModel`, the name of one the list lacks (flagged for
   * an Admin). With neither, the model the product name names is taken, if any.
   */
  phoneModelId: Id.optional(),
  unlistedModel: optionalText(maxLength.model),
  ...specs,
  imei: Imei,
});
/** A listing names a district (issue 34): the one given, or the one its location names (`listingDistrict`). */
const placed = <
  T extends z.ZodType<{ location: string; district?: string | undefined; phoneModelId?: string | undefined; unlistedModel?: string | undefined }>,
>(
  body: T,
) =>
  body.superRefine((v, ctx) => {
    if (!listingDistrict(v)) ctx.addIssue({ code: 'custom', path: ['district'], message: messages.district });
    if (v.phoneModelId && v.unlistedModel)
      ctx.addIssue({ code: 'custom', path: ['unlistedModel'], message: 'must be left out when phoneModelId names a model of the list' });
  });

/** The district of a listing's body: the one chosen, or else the one its location names. */
export const listingDistrict = (v: { location: string; district?: string | undefined }) => v.district ?? districtIn(v.location)?.id;

export const NewProductBody = placed(pictures(ListingBody));
export type NewProductBody = z.infer<typeof NewProductBody>;
export type NewProductInput = z.input<typeof NewProductBody>;

/**
 * A seller's edit of an own, unsold listing: every field again (the form sends the whole listing). The IMEI
 * may be left out: a listing posted before IMEIs were asked keeps none, any other keeps its own.
 */
export const EditProductBody = placed(pictures(ListingBody.extend({ imei: Imei.optional() })));
export type EditProductBody = z.infer<typeof EditProductBody>;
