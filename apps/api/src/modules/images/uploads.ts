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
export async function recordUpload(db: Db, stored: { name: string; bytes: number; widths: number[] }, uploadedBy: string | null) {
  await db.transaction(async (tx) => {
    await tx.insert(uploads).values({ name: stored.name, bytes: stored.bytes, widths: stored.widths, uploadedBy });
    if (stored.widths.length > 1) await enqueueJob(tx as unknown as Db, 'picture-sizes', { name: stored.name });
  });
}

/** The picture must be one uploaded here (and not yet swept away); `field` names it in the 400. */
export async function requireUpload(db: Db, url: string, field: string) {
  const [row] = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(eq(uploads.name, nameOf(url)))
    .limit(1);
  if (!row) throw badRequest('image_not_uploaded_here', { field, hours: UNATTACHED_LIFETIME_HOURS });
}

/** Marks the picture as in use, so the sweep keeps it for good; answers the widths it is stored in. */
export async function attachUpload(db: Db, url: string, field: string): Promise<number[]> {
  const [row] = await db
    .update(uploads)
    .set({ attachedAt: sql`coalesce(${uploads.attachedAt}, now())` })
    .where(eq(uploads.name, nameOf(url)))
    .returning({ widths: uploads.widths });
  if (!row) throw badRequest('image_not_uploaded_here', { field, hours: UNATTACHED_LIFETIME_HOURS });
  return row.widths;
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
