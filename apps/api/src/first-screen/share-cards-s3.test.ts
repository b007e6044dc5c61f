import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { S3Config } from '../config.ts';
import { createCategory, productBody, signUp, type Actor } from '../../test/fixtures.ts';
import { callRoute } from '../../test/call-route.ts';
import { appWithLimits, useTestApp } from '../../test/helper.ts';

/**
 * Share cards (decision 060) with pictures in an S3-compatible store: a local S3-protocol server (s3rver), as in
 * images/s3.test.ts. The card is drawn from the cover in the bucket and kept there under share-cards/; another
 * instance on the same bucket sends it without drawing it again.
 */
const ctx = useTestApp();
let server: S3rver;
let objectsDir: string;
let s3: S3Config;
let client: S3Client;

beforeAll(async () => {
  objectsDir = mkdtempSync(join(tmpdir(), 's3-cards-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: objectsDir });
  const { port } = (await server.run()) as unknown as { port: number };
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  s3 = { bucket: `cards-${randomUUID().slice(0, 8)}`, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials, forcePathStyle: true };
  client = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
});
afterAll(async () => {
  await server?.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!).sort();

async function uploadedPhoto(app: FastifyInstance, by: Actor) {
  const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  const boundary = `----market${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="phone.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await callRoute(app, 'uploadImage', { token: by.token, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
}

describe('share cards with the pictures in an S3-compatible store', () => {
  it('are drawn from the cover in the bucket, kept in the bucket, and sent by another instance without drawing', async () => {
    const disk = mkdtempSync(join(tmpdir(), 'market-cards-'));
    const one = await appWithLimits(ctx, {}, { s3, dataDir: disk, uploadsDir: join(disk, 'uploads') });
    const other = await appWithLimits(ctx, {}, { s3 });
    const seller = await signUp(one, 'Seller');
    const brand = await createCategory(one);
    const photo = await uploadedPhoto(one, seller);
    const posted = await callRoute(one, 'addProduct', { token: seller.token, body: productBody(brand.id, photo, { productName: 'Pixel 8' }) });
    expect(posted.status).toBe(201);
    const id = posted.body.data._id as string;

    // Without its version, the address sends on to the card of now.
    const moved = await one.inject({ method: 'GET', url: `/share/phone/${id}.jpg` });
    expect(moved.statusCode).toBe(302);
    const url = String(moved.headers.location);
    const card = await one.inject({ method: 'GET', url });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const square = await sharp(card.rawPayload).extract({ left: 250, top: 270, width: 80, height: 80 }).png().toBuffer();
    const mean = (await sharp(square).stats()).channels.slice(0, 3).map((c) => c.mean);
    [0xc2, 0x41, 0x0c].forEach((expected, i) => expect(Math.abs(mean[i]! - expected), 'the cover, read from the bucket').toBeLessThan(16));

    const key = `share-cards/phone-${id}-en.jpg`;
    expect(await keys()).toContain(key);
    expect((await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ContentType).toBe('image/jpeg');
    // Nothing of it on the instance's disk.
    expect(existsSync(join(disk, 'share-cards'))).toBe(false);

    const jpeg = vi.spyOn((sharp as unknown as { prototype: Sharp }).prototype, 'jpeg');
    try {
      const again = await other.inject({ method: 'GET', url });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(card.rawPayload)).toBe(true);
      expect(jpeg).not.toHaveBeenCalled();
    } finally {
      jpeg.mockRestore();
    }
  });
});
