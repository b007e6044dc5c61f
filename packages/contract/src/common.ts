import { z } from 'zod';

export const Role = z.enum(['Admin', 'Seller', 'Buyer']);
export type Role = z.infer<typeof Role>;

export const Condition = z.enum(['Excellent', 'Good', 'Fair']);
export type Condition = z.infer<typeof Condition>;

export const ProductStatus = z.enum(['available', 'sold']);
export type ProductStatus = z.infer<typeof ProductStatus>;

/** Control characters (NUL included) have no place in names, places or descriptions. */
// eslint-disable-next-line no-control-regex
const noControl = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** A UUID's shape (any version): ids, and the names of uploaded pictures. */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const uuidShape = new RegExp(`^${UUID}$`, 'i');
/** Whether a string has a UUID's exact shape: anything looser would reach the database as a malformed uuid. */
export const isUuid = (value: string): boolean => uuidShape.test(value);

export const Id = z.uuid({ error: 'must be a valid id' });

export const IdParams = z.object({ id: Id });

/** A user's `_id` or e-mail, as the spec allows both readings for buyer calls. */
export const UserRefParams = z.object({ id: z.string().trim().min(1).max(254).regex(noControl, { error: 'must not contain control characters' }) });

/**
 * A picture uploaded to this server (POST /api/images answers its URL): products and
 * avatars show nothing else, so visitors' browsers are never sent to someone else's server.
 */
export const UploadedImageUrl = z
  .string()
  .trim()
  .max(200)
  .regex(new RegExp(`^/uploads/${UUID}\\.webp$`), { error: 'must be a picture uploaded to this site (the url POST /api/images answered)' });

export const text = (max: number) =>
  z.string().trim().min(1, { error: 'is required' }).max(max).regex(noControl, { error: 'must not contain control characters' });

export const ErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  /** Same as message: the spec's client reads this spelling. */
  massage: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
/** Keyset pagination of every list: `limit` rows after the row `cursor` names (newest first). */
export const PageQuery = z.object({
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(50),
  cursor: z.uuid({ error: 'must be an id from a previous page' }).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), meta: z.object({ nextCursor: z.uuid().nullable() }) });
export interface Page<T> {
  success: true;
  data: T[];
  meta: { nextCursor: string | null };
}
