import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { sizedName } from './service.ts';
import type { PictureStore } from './store.ts';

const PREFIX = '/uploads/';
const nameOf = (url: string) => url.slice(PREFIX.length);

/** How long an upload may wait to be used by a sign-up or a product before it is removed. */
export const UNATTACHED_LIFETIME_HOURS = 24;

/** Records a stored picture with the job that makes its smaller copies (when it is wide enough to have any). */
export async function recordUpload(db: Db, stored: { name: string; bytes: number; widths: number[]; phash?: bigint | null }, uploadedBy: string | null) {
  await db.transaction(async (tx) => {
    await tx.insert(uploads).values({ name: stored.name, bytes: stored.bytes, widths: stored.widths, uploadedBy, phash: stored.phash ?? null });
    if (stored.widths.length > 1) await enqueueJob(tx as unknown as Db, 'picture-sizes', { name: stored.name });
  });
}

/**
 * Who may attach an upload (issue 29): a listing takes only its seller's own uploads (`owner`), or a picture it
 * already shows (`keeps`: pictures uploaded before uploaders were recorded); a new account's avatar only an
 * upload made signed out and not yet used (`newAccount`), which then becomes that account's.
 */
export type Attacher = { owner: string; keeps?: string[] } | { newAccount: string | null };

const mayAttach = (by: Attacher, url: string) =>
  'owner' in by ? (by.keeps?.includes(url) ? sql`true` : eq(uploads.uploadedBy, by.owner)) : and(isNull(uploads.uploadedBy), isNull(uploads.attachedAt))!;

/** Why an upload cannot be attached: not one of ours (or swept away), or someone else's. */
async function refusal(db: Db, url: string, field: string) {
  const [row] = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(eq(uploads.name, nameOf(url)))
    .limit(1);
  return row ? badRequest('image_not_yours', { field }) : badRequest('image_not_uploaded_here', { field, hours: UNATTACHED_LIFETIME_HOURS });
}

/** The picture must be one uploaded here (and not yet swept away) that `by` may attach; `field` names it in the 400. */
export async function requireUpload(db: Db, url: string, field: string, by: Attacher) {
  const [row] = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(and(eq(uploads.name, nameOf(url)), mayAttach(by, url)))
    .limit(1);
  if (!row) throw await refusal(db, url, field);
}

/**
 * Marks the picture as in use, so the sweep keeps it for good (a new account's avatar becomes its own); answers
 * the widths it is stored in and its perceptual hash (issue 36). One statement: two sign-ups naming the same upload
 * cannot both take it.
 */
export async function attachUpload(db: Db, url: string, field: string, by: Attacher): Promise<{ widths: number[]; phash: bigint | null }> {
  const [row] = await db
    .update(uploads)
    .set({
      attachedAt: sql`coalesce(${uploads.attachedAt}, now())`,
      ...('newAccount' in by && by.newAccount ? { uploadedBy: by.newAccount } : {}),
    })
    .where(and(eq(uploads.name, nameOf(url)), mayAttach(by, url)))
    .returning({ widths: uploads.widths, phash: uploads.phash });
  if (!row) throw await refusal(db, url, field);
  return row;
}

/**
 * Removes uploads nobody attached within the lifetime: rows first (one statement, so two
 * instances sweeping at once share the work), then their files.
 */
export async function sweepUnattached(db: Db, store: PictureStore, lifetimeHours = UNATTACHED_LIFETIME_HOURS): Promise<number> {
  const gone = await db
    .delete(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, sql`now() - make_interval(hours => ${lifetimeHours})`)))
    .returning({ name: uploads.name, widths: uploads.widths });
  for (const { name, widths } of gone) {
    // Its own file, and the copies (the last width is the file's own: no copy of it to find).
    for (const file of [name, ...widths.map((w) => sizedName(name, w))]) {
      await store.remove(file);
    }
  }
  return gone.length;
}
