import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../config.ts';
import { uploads } from '../../db/schema.ts';
import { appWithLimits, call, runJobs, useTestApp } from '../../../test/helper.ts';
import { callRoute } from '../../../test/call-route.ts';

/**
 * Pictures in an S3-compatible store (issue 19): a local S3-protocol server (s3rver) started here,
 * spoken to by the AWS SDK as any store would be. Two apps on one database and one bucket stand for
 * two instances: what one takes, the other serves.
 */
const ctx = useTestApp();
let server: S3rver;
let objectsDir: string;
let s3: S3Config;
let client: S3Client;

beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), 's3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: objectsDir });
  const { port } = (await server.run()) as unknown as { port: number };
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  s3 = { bucket: `pictures-${randomUUID().slice(0, 8)}`, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials, forcePathStyle: true };
  client = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
});
afterAll(async () => {
  await server?.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!).sort();

async function upload(app: FastifyInstance, data: Buffer) {
  const boundary = `----market${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return callRoute(app, 'uploadImage', { body: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

describe('pictures in an S3-compatible store', () => {
  it('an upload on one instance is stored in the bucket in its sizes, nothing on the disk, and the other instance serves it', async () => {
    const disk = mkdtempSync(join(tmpdir(), 'uploads-'));
    const one = await appWithLimits(ctx, {}, { s3, uploadsDir: disk });
    const other = await appWithLimits(ctx, {}, { s3 });
    const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const res = await upload(one, picture);
    expect(res.status).toBe(201);
    const name = String(res.body.data.url).slice('/uploads/'.length);
    expect(await keys()).toContain(name);
    // The copies' job reads the picture from the bucket, whichever instance runs it.
    await runJobs(one);
    expect(await keys()).toEqual(expect.arrayContaining([name, name.replace('.webp', '.w400.webp'), name.replace('.webp', '.w800.webp')]));
    expect(readdirSync(disk, { recursive: true }).filter((f) => String(f).endsWith('.webp'))).toEqual([]);
    rmSync(disk, { recursive: true, force: true });

    const served = await other.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    const small = await other.inject({ method: 'GET', url: `/uploads/${name.replace('.webp', '.w400.webp')}` });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(400);
    // A copy not (yet) in the bucket leads to the picture's own address, uncached.
    const early = await other.inject({ method: 'GET', url: `/uploads/${name.replace('.webp', '.w800.webp')}`.replace(name.slice(0, 8), '00000000') });
    expect(early.statusCode).toBe(307);
    expect(early.headers.location).toBe(`/uploads/${name.replace(name.slice(0, 8), '00000000')}`);
    expect(early.headers['cache-control']).toBe('no-store');
  });

  it('an unknown picture or a name that is not one of ours is a 404 in the error shape, and the store is not asked for a path', async () => {
    const app = await appWithLimits(ctx, {}, { s3 });
    for (const path of [`/uploads/${randomUUID()}.webp`, '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/x.webp']) {
      const res = await call(app, { method: 'GET', url: path });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toMatchObject({ success: false, code: 'route_not_found' });
    }
  });

  it('the checks are the same: a file that is no picture is refused, and nothing reaches the bucket', async () => {
    const app = await appWithLimits(ctx, {}, { s3 });
    const before = await keys();
    const res = await upload(app, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res.status).toBe(415);
    expect(await keys()).toEqual(before);
  });

  it('the sweep removes an unused upload from the bucket, its sizes too', async () => {
    const app = await appWithLimits(ctx, {}, { s3 });
    const picture = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#a36' } })
      .png()
      .toBuffer();
    const name = String((await upload(app, picture)).body.data.url).slice('/uploads/'.length);
    await runJobs(app);
    expect(await keys()).toEqual(expect.arrayContaining([name, name.replace('.webp', '.w400.webp')]));
    await app.db
      .update(uploads)
      .set({ createdAt: sql`now() - make_interval(hours => 25)` })
      .where(eq(uploads.name, name));
    await app.sweep();
    const left = await keys();
    expect(left).not.toContain(name);
    expect(left).not.toContain(name.replace('.webp', '.w400.webp'));
    expect((await app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
  });
});
