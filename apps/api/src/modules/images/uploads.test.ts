import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jobs, uploads } from '../../db/schema.ts';
import { createCategory, postProduct, productBody, signUp } from '../../../test/fixtures.ts';
import { appWithLimits, runJobs, useTestApp } from '../../../test/helper.ts';
import { makeCopies, MAX_STORED_BYTES } from './service.ts';
import { diskStore } from './store.ts';
import { callRoute } from '../../../test/call-route.ts';

/** What becomes of uploads: a bounded size on disk, a record of each, the sweep of unused ones, the daily budget. */
const ctx = useTestApp();

async function upload(app = ctx.app, data: Buffer, opts: { token?: string; ip?: string } = {}) {
  const boundary = `----market${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return callRoute(app, 'uploadImage', {
    body: payload,
    token: opts.token,
    remoteAddress: opts.ip,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
const small = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
const fileOf = (url: string) => join(ctx.config.uploadsDir, url.slice('/uploads/'.length));
const rowOf = async (url: string) =>
  (
    await ctx.app.db
      .select()
      .from(uploads)
      .where(eq(uploads.name, url.slice('/uploads/'.length)))
  )[0];
const age = (url: string, hours: number) =>
  ctx.app.db
    .update(uploads)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(uploads.name, url.slice('/uploads/'.length)));

describe('the stored picture', () => {
  it('of a noisy 1600x1600 JPEG (the worst case for compression) stays within the size bound', async () => {
    const noisy = await sharp(randomBytes(1600 * 1600 * 3), { raw: { width: 1600, height: 1600, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const res = await upload(ctx.app, noisy);
    expect(res.status).toBe(201);
    const bytes = statSync(fileOf(res.body.data.url)).size;
    expect(bytes).toBeLessThanOrEqual(MAX_STORED_BYTES);
    expect(MAX_STORED_BYTES).toBe(500 * 1024);
    // Made smaller to fit, still a picture of useful size.
    const meta = await sharp(fileOf(res.body.data.url)).metadata();
    expect(meta.width).toBeGreaterThanOrEqual(640);
    expect((await rowOf(res.body.data.url))!.bytes).toBe(bytes);
  });

  it('is kept in sizes for cards and the gallery (WebP, 400 and 800 wide) besides its own, made by a job, recorded with the upload; a small one only as itself', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
    const res = await upload(ctx.app, photo);
    expect(res.status).toBe(201);
    const url: string = res.body.data.url;
    expect((await rowOf(url))!.widths).toEqual([400, 800, 1600]);
    const name = url.slice('/uploads/'.length);
    const job = () => ctx.app.db.select().from(jobs).where(eq(jobs.kind, 'picture-sizes'));
    expect(await job()).toEqual([expect.objectContaining({ payload: { name } })]);
    await runJobs(ctx.app);
    expect(await job()).toEqual([expect.objectContaining({ attempts: 1, doneAt: expect.any(Date) })]);
    for (const [file, width] of [
      [fileOf(url).replace(/\.webp$/, '.w400.webp'), 400],
      [fileOf(url).replace(/\.webp$/, '.w800.webp'), 800],
      [fileOf(url), 1600],
    ] as const) {
      const meta = await sharp(file).metadata();
      expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width });
    }
    // Served like the picture itself.
    const served = await ctx.app.inject({ method: 'GET', url: url.replace(/\.webp$/, '.w400.webp') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    // Until its job has made a copy, the copy's address leads to the picture itself, and is not kept by the browser.
    const w400 = fileOf(url).replace(/\.webp$/, '.w400.webp');
    const kept = readFileSync(w400);
    rmSync(w400);
    const early = await ctx.app.inject({ method: 'GET', url: url.replace(/\.webp$/, '.w400.webp') });
    expect(early.statusCode).toBe(307);
    expect(early.headers.location).toBe(url);
    expect(early.headers['cache-control']).toBe('no-store');
    writeFileSync(w400, kept);

    // Made again (a worker that died before marking the job done), the copies are the same files.
    const before = readFileSync(fileOf(url).replace(/\.webp$/, '.w400.webp'));
    await makeCopies(name, diskStore(ctx.config.uploadsDir));
    expect(readFileSync(fileOf(url).replace(/\.webp$/, '.w400.webp')).equals(before)).toBe(true);
    // Nothing half-written is left beside them.
    expect(readdirSync(ctx.config.uploadsDir).filter((f) => f.startsWith('.'))).toEqual([]);

    const tiny = await upload(ctx.app, await small());
    expect((await rowOf(tiny.body.data.url))!.widths).toEqual([8]);
    expect(existsSync(fileOf(tiny.body.data.url).replace(/\.webp$/, '.w400.webp'))).toBe(false);
    // No copies to make: no job.
    expect(await job()).toHaveLength(1);
    // A made-up copy's address is not found, not led anywhere: only a picture's own copies are.
    const unknown = await ctx.app.inject({ method: 'GET', url: '/uploads/00000000-0000-4000-8000-000000000000.webp' });
    expect(unknown.statusCode).toBe(404);
  });

  it('is recorded with its uploader when signed in, and none when not', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const mine = await upload(ctx.app, await small(), { token: buyer.token });
    const anonymous = await upload(ctx.app, await small());
    expect(await rowOf(mine.body.data.url)).toMatchObject({ uploadedBy: buyer._id, attachedAt: null });
    expect(await rowOf(anonymous.body.data.url)).toMatchObject({ uploadedBy: null, attachedAt: null });
  });
});

describe('the sweep of unused uploads', () => {
  it('removes (row and file) uploads nobody used within 24 hours, and keeps younger ones and those in use', async () => {
    // Two of them in use: one as a sign-up avatar, one as a product picture (the seller's own upload).
    const seller = await signUp(ctx.app, 'Seller');
    const [old, young, avatar] = await Promise.all([0, 1, 2].map(async () => (await upload(ctx.app, await small())).body.data.url as string));
    const picture = (await upload(ctx.app, await small(), { token: seller.token })).body.data.url as string;
    await callRoute(ctx.app, 'signUp', { body: { name: 'Avatar Owner', email: 'avatar@example.com', password: 'secret1', role: 'Buyer', userImg: avatar } });
    const category = await createCategory(ctx.app);
    await postProduct(ctx.app, seller, category.id, { img: picture });
    await age(old!, 25);
    await age(young!, 23);
    await age(avatar!, 100);
    await age(picture!, 100);

    await ctx.app.sweep();
    expect(await rowOf(old!)).toBeUndefined();
    expect(existsSync(fileOf(old!))).toBe(false);
    for (const kept of [young!, avatar!, picture!]) {
      expect(await rowOf(kept), kept).toBeDefined();
      expect(existsSync(fileOf(kept)), kept).toBe(true);
    }
    // A swept picture can no longer be used.
    const late = await callRoute(ctx.app, 'addProduct', { token: seller.token, body: productBody(category.id, old!) });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/^img must be a picture uploaded to this site/);
  });

  it('removes the smaller copies of a picture with it', async () => {
    const photo = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#c63' } })
      .png()
      .toBuffer();
    const url = (await upload(ctx.app, photo)).body.data.url as string;
    await runJobs(ctx.app);
    const copies = [400, 800].map((w) => fileOf(url).replace(/\.webp$/, `.w${w}.webp`));
    for (const file of copies) expect(existsSync(file)).toBe(true);
    await age(url, 30);
    await ctx.app.sweep();
    for (const file of [fileOf(url), ...copies]) expect(existsSync(file), file).toBe(false);
  });

  it('tolerates a file already gone', async () => {
    const url = (await upload(ctx.app, await small())).body.data.url as string;
    rmSync(fileOf(url));
    await age(url, 30);
    await ctx.app.sweep();
    expect(await rowOf(url)).toBeUndefined();
  });
});

describe('the daily upload budget per address', () => {
  it('refuses uploads past the day budget with a 429 whose wait is hours away, per address', async () => {
    const app = await appWithLimits(ctx, { uploadsPerIpDay: { max: 3, windowMs: 86_400_000 } });
    for (let i = 0; i < 3; i++) expect((await upload(app, await small(), { ip: '10.9.0.1' })).status).toBe(201);
    const refused = await upload(app, await small(), { ip: '10.9.0.1' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^This address has uploaded as many pictures as a day allows, try again in \d+ minutes$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    expect((await upload(app, await small(), { ip: '10.9.0.2' })).status).toBe(201);
  });
});
