import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { photoHashes, products, uploads } from '../../db/schema.ts';
import { enqueueJob, type JobPayloads } from '../../jobs/queue.ts';
import type { PictureStore } from '../images/store.ts';
import { perceptualHash } from './phash.ts';

/** Listings looked at per run of the job. */
export const HASH_BATCH = 100;

/** The stored name of a picture address of ours ('/uploads/<uuid>.webp'), or null for any other. */
const storedName = (url: string) => /^\/uploads\/([0-9a-f-]{36}\.webp)$/.exec(url)?.[1] ?? null;

/**
 * The 'photo-hashes' job (issue 36, queued by migration 0047 when there were listings): gives the photos of listings
 * posted before photos were hashed (migration 0046) their perceptual hash, read from the stored picture, so a new
 * listing reusing one of them is held like one reusing a newer photo. A batch of listings at a time by id; a photo
 * hashed already (at upload, or by an earlier run) is not read again, one whose file is gone or unreadable is left
 * without; rows are added with ON CONFLICT DO NOTHING, so a run done twice adds nothing twice. Sold listings count
 * too: a sold phone's photos are what a scam reuses.
 */
export function photoHashesJob(db: Db, store: PictureStore, batch = HASH_BATCH) {
  return async ({ after }: JobPayloads['photo-hashes']) => {
    const listings = await db
      .select({ id: products.id, sellerId: products.sellerId, images: products.images })
      .from(products)
      .where(after ? gt(products.id, after) : undefined)
      .orderBy(asc(products.id))
      .limit(batch);
    const photos = listings.flatMap((l) => l.images.flatMap((i) => (storedName(i.url) ? [{ productId: l.id, sellerId: l.sellerId, url: i.url }] : [])));
    const names = [...new Set(photos.map((p) => storedName(p.url)!))];
    const known = new Map<string, bigint | null>();
    if (names.length > 0)
      for (const u of await db.select({ name: uploads.name, phash: uploads.phash }).from(uploads).where(inArray(uploads.name, names)))
        known.set(u.name, u.phash);
    const kept = photos.length
      ? new Set(
          (
            await db
              .select({ productId: photoHashes.productId, url: photoHashes.url })
              .from(photoHashes)
              .where(inArray(photoHashes.productId, [...new Set(photos.map((p) => p.productId))]))
          ).map((r) => `${r.productId} ${r.url}`),
        )
      : new Set<string>();
    const rows: (typeof photoHashes.$inferInsert)[] = [];
    for (const photo of photos) {
      if (kept.has(`${photo.productId} ${photo.url}`)) continue;
      const name = storedName(photo.url)!;
      let hash = known.get(name) ?? null;
      if (hash === null) {
        const body = await store.get(name);
        hash = body ? await perceptualHash(body).catch(() => null) : null;
        if (hash === null) continue;
        known.set(name, hash);
        await db
          .update(uploads)
          .set({ phash: hash })
          .where(and(eq(uploads.name, name), sql`${uploads.phash} is null`));
      }
      rows.push({ ...photo, hash });
    }
    await db.transaction(async (tx) => {
      if (rows.length > 0) await tx.insert(photoHashes).values(rows).onConflictDoNothing();
      if (listings.length === batch) await enqueueJob(tx as unknown as Db, 'photo-hashes', { after: listings.at(-1)!.id });
    });
  };
}
