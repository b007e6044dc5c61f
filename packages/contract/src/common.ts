import { z } from 'zod';
import { conditions, messages, noControlPattern, UUID } from './rules.ts';

export const Role = z.enum(['Admin', 'Seller', 'Buyer']);
export type Role = z.infer<typeof Role>;

export const Condition = z.enum(conditions);
export type Condition = z.infer<typeof Condition>;

/** 'pending': waiting for a person's check (issue 36), seen only by its seller and Admins. */
/** 'pending': held for a check (issue 36); 'expired': its term ended without its seller saying it is still for sale. */
export const ProductStatus = z.enum(['pending', 'available', 'reserved', 'sold', 'expired']);
export type ProductStatus = z.infer<typeof ProductStatus>;

export const Id = z.uuid({ error: 'must be a valid id' });

export const IdParams = z.object({ id: Id });

/** A user's `_id` or e-mail, as the spec allows both readings for buyer calls. */
export const UserRefParams = z.object({ id: z.string().trim().min(1).max(254).regex(noControlPattern, { error: messages.control }) });

/**
 * A picture uploaded to this server (POST /api/images answers its URL): products and
 * avatars show nothing else, so visitors' browsers are never sent to someone else's server.
 */
export const UploadedImageUrl = z
  .string()
  .trim()
  .max(200)
  .regex(new RegExp(`^/uploads/${UUID}\\.webp$`), { error: 'must be a picture uploaded to this site (the url POST /api/images answered)' });

/** Free text as rules.ts's `textProblem` checks it: required, at most `max` characters once trimmed, no control characters. */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.tooLong(max) })
    .regex(noControlPattern, { error: messages.control });

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
