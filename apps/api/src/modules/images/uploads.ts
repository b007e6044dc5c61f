import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';

const PREFIX = '/uploads/';
const nameOf = (url: string) => url.slice(PREFIX.length);

/** How long an upload may wait to be used by a sign-up or a product before it is removed. */
export const UNATTACHED_LIFETIME_HOURS = 24;

export async function recordUpload(db: Db, name: string, bytes: number, uploadedBy: string | null) {
  await db.insert(uploads).values({ name, bytes, uploadedBy });
}

/** The picture must be one uploaded here (and not yet swept away); `field` names it in the 400. */
export async function requireUpload(db: Db, url: string, field: string) {
  const [row] = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(eq(uploads.name, nameOf(url)))
    .limit(1);
  if (!row) throw badRequest(`${field} must be a picture uploaded to this site, and used within ${UNATTACHED_LIFETIME_HOURS} hours of uploading it`);
}

/** Marks the picture as in use, so the sweep keeps it for good. */
export async function attachUpload(db: Db, url: string, field: string) {
  const [row] = await db
    .update(uploads)
    .set({ attachedAt: sql`coalesce(${uploads.attachedAt}, now())` })
    .where(eq(uploads.name, nameOf(url)))
    .returning({ name: uploads.name });
  if (!row) throw badRequest(`${field} must be a picture uploaded to this site, and used within ${UNATTACHED_LIFETIME_HOURS} hours of uploading it`);
}

/**
 * Removes uploads nobody attached within the lifetime: rows first (one statement, so two
 * instances sweeping at once share the work), then their files.
 */
export async function sweepUnattached(db: Db, uploadsDir: string, lifetimeHours = UNATTACHED_LIFETIME_HOURS): Promise<number> {
  const gone = await db
    .delete(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, sql`now() - make_interval(hours => ${lifetimeHours})`)))
    .returning({ name: uploads.name });
  for (const { name } of gone) {
    await unlink(join(uploadsDir, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
  return gone.length;
}
