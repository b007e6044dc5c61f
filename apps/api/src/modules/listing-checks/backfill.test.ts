import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import { cameraPhoto, createCategory, productBody, signUp, uploadPhoto, type Actor } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { jobs, photoHashes, products, uploads } from '../../db/schema.ts';
import { diskStore } from '../images/store.ts';
import { photoHashesJob } from './backfill.ts';

/** Issue 36: the photos of listings posted before photos were hashed get their hash from the stored picture. */
const ctx = useTestApp();

const upload = async (seller: Actor) => uploadPhoto(ctx.app, seller, await cameraPhoto());

const hashesOf = async (ids: string[]) =>
  (
    await ctx.app.db
      .select({ productId: photoHashes.productId, url: photoHashes.url, hash: photoHashes.hash })
      .from(photoHashes)
      .where(inArray(photoHashes.productId, ids))
  ).sort((a, b) => `${a.productId}${a.url}`.localeCompare(`${b.productId}${b.url}`));

describe('the photo-hashes job', () => {
  it('hashes old listings’ photos from the stored pictures, a batch at a time, once; a missing file is left; the next copy is held', async () => {
    const [seller, other] = await Promise.all([signUp(ctx.app, 'Seller'), signUp(ctx.app, 'Seller')]);
    const category = await createCategory(ctx.app, `Brand ${randomUUID().slice(0, 6)}`);
    const ids: string[] = [];
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const [a, b] = [await upload(seller), await upload(seller)];
      urls.push(a, b);
      const res = await callRoute(ctx.app, 'addProduct', { token: seller.token, body: productBody(category.id, a, { images: [a, b] }) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data._id);
    }
    const hashedAtUpload = await hashesOf(ids);
    expect(hashedAtUpload).toHaveLength(6);
    // As before migration 0046: no hash anywhere; one listing's second photo's file is gone.
    await ctx.app.db.delete(photoHashes).where(inArray(photoHashes.productId, ids));
    await ctx.app.db.update(uploads).set({ phash: null });
    const gone = urls[5]!.slice('/uploads/'.length);
    rmSync(join(ctx.config.uploadsDir, gone));

    const job = photoHashesJob(ctx.app.db, diskStore(ctx.config.uploadsDir), 2);
    await job({});
    const [next] = await ctx.app.db.select().from(jobs).where(eq(jobs.kind, 'photo-hashes'));
    expect(next!.payload).toEqual({ after: [...ids].sort()[1] });
    await job(next!.payload as { after: string });
    // The last batch is short: no run after it.
    expect(await ctx.app.db.select().from(jobs).where(eq(jobs.kind, 'photo-hashes'))).toHaveLength(1);
    const backfilled = await hashesOf(ids);
    expect(backfilled).toEqual(hashedAtUpload.filter((h) => h.url !== urls[5]));
    expect(
      await ctx.app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(uploads)
        .where(sql`${uploads.phash} is not null`),
    ).toEqual([{ n: 5 }]);
    // Again: nothing twice.
    await job({});
    expect(await hashesOf(ids)).toEqual(backfilled);

    // Another account listing one of those photos again is held.
    const copy = await ctx.app.db.select({ img: products.img }).from(products).where(eq(products.id, ids[0]!));
    const file = await diskStore(ctx.config.uploadsDir).get(copy[0]!.img.slice('/uploads/'.length));
    const reused = await uploadPhoto(ctx.app, other, file!, 'image/webp');
    const posted = await callRoute(ctx.app, 'addProduct', { token: other.token, body: productBody(category.id, reused) });
    expect(posted.body.data).toMatchObject({ status: 'pending', check: { signals: ['photo_reused'] } });
  });
});
