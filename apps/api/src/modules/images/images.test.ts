import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { MAX_STORED_BYTES } from './service.ts';
import { roomyLimits, runJobs, testConfig, useTestApp } from '../../../test/helper.ts';
import { signUp } from '../../../test/fixtures.ts';
import { callRoute } from '../../../test/call-route.ts';

const ctx = useTestApp();

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
function multipart(parts: Part[]) {
  const boundary = `----market${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (app: FastifyInstance, data: Buffer | string, opts: { filename?: string; type?: string; field?: string; token?: string } = {}) =>
  callRoute(app, 'uploadImage', {
    token: opts.token,
    ...multipart([{ name: opts.field ?? 'image', filename: opts.filename ?? 'picture', type: opts.type ?? 'application/octet-stream', data }]),
  });

const solid = (width: number, height: number, background = '#3a7bd5') => sharp({ create: { width, height, channels: 3, background } });
const frame = (background: string) =>
  sharp({ create: { width: 40, height: 30, channels: 4, background } })
    .png()
    .toBuffer();
/** The EXIF GPS IFD pointer (tag 0x8825), little-endian as sharp writes it. */
const hasGpsPointer = (exif: Buffer | undefined) => !!exif && exif.includes(Buffer.from([0x25, 0x88]));
/** The files under uploads, once the jobs of earlier uploads (their smaller copies) have run: they write there too. */
const uploadedFiles = async () => {
  await runJobs(ctx.app);
  return readdirSync(ctx.config.uploadsDir);
};

/** One PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming width x height RGB pixels, with one tiny IDAT: a few hundred bytes, however large it claims to be. */
function pngClaiming(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(64))), pngChunk('IEND', Buffer.alloc(0))]);
}

describe('POST /api/images', () => {
  const accepted: [string, () => Promise<Buffer>, { width: number; height: number; pages?: number }][] = [
    ['a PNG', () => solid(300, 200).png().toBuffer(), { width: 300, height: 200 }],
    [
      'a big JPEG with EXIF GPS and a rotation (shrunk, turned upright, metadata gone)',
      async () => {
        const jpeg = await solid(2400, 1200, '#d53a3a')
          .withExif({
            IFD0: { Make: 'PhoneCo', Model: 'Snap 1' },
            IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 24/1 0/1' },
          })
          .withMetadata({ orientation: 6 })
          .jpeg()
          .toBuffer();
        const meta = await sharp(jpeg).metadata();
        // The test picture really carries the location, so stripping it is what is being tested.
        expect(hasGpsPointer(meta.exif)).toBe(true);
        expect(meta.orientation).toBe(6);
        return jpeg;
      },
      { width: 800, height: 1600 },
    ],
    ['a WebP', () => solid(120, 90).webp().toBuffer(), { width: 120, height: 90 }],
    [
      'an animated GIF of 2 frames',
      async () =>
        sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
          .gif()
          .toBuffer(),
      { width: 40, height: 30, pages: 2 },
    ],
    ['an AVIF', () => solid(64, 48, '#3ad57b').avif().toBuffer(), { width: 64, height: 48 }],
  ];

  it.each(accepted)('accepts %s anonymously, re-encodes it as WebP and serves it', async (_name, make, size) => {
    const res = await upload(ctx.app, await make());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: { url: expect.stringMatching(/^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/) },
    });

    const served = await ctx.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['cache-control']).toMatch(/immutable/);

    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    // Not a byte of it either: no EXIF block (JPEG's "Exif", WebP's "EXIF" chunk), no camera make.
    for (const marker of ['Exif', 'EXIF', 'PhoneCo']) expect(served.rawPayload.includes(marker)).toBe(false);
    expect(meta.xmp).toBeUndefined();
    expect(meta.width).toBe(size.width);
    expect(meta.pageHeight ?? meta.height).toBe(size.height);
    expect(meta.pages ?? 1).toBe(size.pages ?? 1);
  });

  it('accepts an upload from a signed-in user too, and names every file anew', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const png = await solid(10, 10).png().toBuffer();
    const a = await upload(ctx.app, png, { token: buyer.token, filename: 'avatar.png', type: 'image/png' });
    const b = await upload(ctx.app, png, { filename: 'avatar.png', type: 'image/png' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.url).not.toBe(b.body.data.url);
  });

  it('accepts a 4 MB picture: the JSON body limit does not apply to uploads', async () => {
    const noise = await sharp(randomBytes(1150 * 1150 * 3), { raw: { width: 1150, height: 1150, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(3.5 * 1024 * 1024);
    expect(noise.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(ctx.app, noise, { filename: 'noise.png', type: 'image/png' });
    expect(res.status).toBe(201);
  });

  it("accepts a phone camera's 6.2 MB 4000x3000 JPEG (issue 35) and stores it scaled down", async () => {
    // Noise: a JPEG as heavy as a camera's original, over the 5 MB the server allowed before.
    const photo = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 72 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(6 * 1024 * 1024);
    expect(photo.length).toBeLessThan(7 * 1024 * 1024);
    const res = await upload(ctx.app, photo, { filename: 'IMG_20250301_101500.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(201);
    const stored = readFileSync(join(ctx.config.uploadsDir, res.body.data.url.replace('/uploads/', '')));
    expect(stored.length).toBeLessThanOrEqual(MAX_STORED_BYTES);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    // At most 1600 px on its long side, the proportions kept.
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
    expect(meta.width! / meta.height!).toBeCloseTo(4 / 3, 2);
  });

  const notPictures: [string, Buffer | string, string, string][] = [
    ['a text file named .png', 'just some words, not a picture\n', 'notes.png', 'image/png'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>', 'logo.svg', 'image/svg+xml'],
    ['a PDF', '%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'doc.png', 'image/png'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ];

  it.each(notPictures)('refuses %s with a 415 naming the accepted formats, and stores nothing', async (_name, data, filename, type) => {
    const before = await uploadedFiles();
    const res = await upload(ctx.app, data, { filename, type });
    expect(res.status).toBe(415);
    expect(res.body.success).toBe(false);
    for (const format of ['JPEG', 'PNG', 'WebP', 'GIF', 'AVIF']) expect(res.body.message).toContain(format);
    expect(res.body.massage).toBe(res.body.message);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a TIFF (a real picture, but not an accepted format) with a 415', async () => {
    const res = await upload(ctx.app, await solid(20, 20).tiff().toBuffer(), { filename: 'scan.png', type: 'image/png' });
    expect(res.status).toBe(415);
  });

  it('refuses a picture over 20 MB with a 413 and stores nothing', async () => {
    // Noise does not compress: a real PNG of about 21 MB, well under 40 megapixels.
    const noise = await sharp(randomBytes(2700 * 2700 * 3), { raw: { width: 2700, height: 2700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(20 * 1024 * 1024);
    const before = await uploadedFiles();
    const res = await upload(ctx.app, noise, { filename: 'huge.png', type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'image_too_large', message: 'image is too large: at most 20 MB' });
    expect(res.body.massage).toBe(res.body.message);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a small file of more than 40 megapixels with a 413 and stores nothing', async () => {
    const bomb = await solid(8000, 6000, '#ffffff').png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await uploadedFiles();
    const res = await upload(ctx.app, bomb, { filename: 'bomb.png', type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/40 megapixels/);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a 20000x20000 PNG of a few hundred bytes from its header, before decoding, with a 413', async () => {
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024);
    // A well-formed header: sharp reads the claimed size without decoding a pixel.
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 20_000, height: 20_000 });
    const before = await uploadedFiles();
    const res = await upload(ctx.app, bomb, { filename: 'bomb.png', type: 'image/png' });
    // Decoding would have failed on the tiny IDAT (a 400 "damaged"): the 413 is the header check.
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      requestId: res.headers['x-request-id'],
      message: 'image is too large: at most 40 megapixels',
      massage: 'image is too large: at most 40 megapixels',
      code: 'image_too_many_pixels',
    });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('accepts a JPEG with HTML and a script after its end marker, but stores and serves only a re-encoded WebP', async () => {
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const jpeg = await solid(64, 48, '#3ad5c0').jpeg().toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from(html)]);
    // The payload really sits after the JPEG's EOI marker (FF D9), and the file still reads as a JPEG.
    expect(polyglot.indexOf(Buffer.from([0xff, 0xd9]), jpeg.length - 2)).toBe(jpeg.length - 2);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');

    const res = await upload(ctx.app, polyglot, { filename: 'photo.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(201);
    const stored = readFileSync(join(ctx.config.uploadsDir, res.body.data.url.replace('/uploads/', '')));
    const served = await ctx.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored)).toBe(true);
    expect(stored.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');
    for (const marker of ['<script', 'alert(', '<html', 'document.cookie']) expect(stored.includes(marker), marker).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  const elf = Buffer.concat([
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
    Buffer.alloc(8),
    Buffer.from([0x02, 0x00, 0x3e, 0x00, 0x01, 0x00, 0x00, 0x00]),
    randomBytes(2000),
  ]);
  const mz = Buffer.concat([
    Buffer.from('MZ\x90\x00', 'latin1'),
    Buffer.alloc(56),
    Buffer.from('This program cannot be run in DOS mode.\r\r\n$', 'latin1'),
    Buffer.from('PE\0\0', 'latin1'),
    randomBytes(2000),
  ]);

  it.each([
    ['a Linux ELF executable', elf],
    ['a Windows MZ/PE executable', mz],
  ])('refuses %s renamed photo.jpg and sent as image/jpeg with a 415, storing nothing', async (_name, data) => {
    const before = await uploadedFiles();
    const res = await upload(ctx.app, data, { filename: 'photo.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('JPEG, PNG, WebP, GIF or AVIF') });
    expect(res.body.massage).toBe(res.body.message);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses an executable behind a JPEG signature with a 4xx, storing nothing', async () => {
    const before = await uploadedFiles();
    const res = await upload(ctx.app, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), elf]), { filename: 'photo.jpg', type: 'image/jpeg' });
    expect([400, 415]).toContain(res.status);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('image') });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a file of 20 MB and a byte by its size alone with a 413 in the JSON error shape', async () => {
    // A JPEG signature then zeros: refused for its size, whatever it contains.
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20 * 1024 * 1024 - 3)]);
    const before = await uploadedFiles();
    const res = await upload(ctx.app, big, { filename: 'photo.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      requestId: res.headers['x-request-id'],
      message: 'image is too large: at most 20 MB',
      massage: 'image is too large: at most 20 MB',
      code: 'image_too_large',
    });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses an animated GIF whose frames add up to more than 40 megapixels with a 413', async () => {
    // 3 frames of 13.5 megapixels; distinct colours, or the encoder merges them into one.
    const page = (background: string) => solid(5000, 2700, background).png({ compressionLevel: 1 }).toBuffer();
    const gif = await sharp([await page('#000000'), await page('#ff0000'), await page('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const before = await uploadedFiles();
    const res = await upload(ctx.app, gif, { filename: 'long.gif', type: 'image/gif' });
    expect(res.status).toBe(413);
    expect(await uploadedFiles()).toEqual(before);
  });

  it.each([
    ['no file at all', () => multipart([{ name: 'caption', data: 'my phone' }])],
    ['the wrong field name', async () => multipart([{ name: 'photo', filename: 'a.png', type: 'image/png', data: await solid(10, 10).png().toBuffer() }])],
    ['an empty multipart body', () => multipart([])],
    ['a JSON body', () => ({ payload: JSON.stringify({ image: 'data:image/png;base64,AAAA' }), headers: { 'content-type': 'application/json' } })],
  ])('refuses %s with a 400 and stores nothing', async (_name, build) => {
    const before = await uploadedFiles();
    const res = await callRoute(ctx.app, 'uploadImage', { ...(await build()) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('image') });
    expect(res.body.massage).toBe(res.body.message);
    expect(await uploadedFiles()).toEqual(before);
  });

  it('serves no file outside the uploads folder and 404s an unknown picture', async () => {
    writeFileSync(join(ctx.config.dataDir, 'private.txt'), 'top secret');
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${randomUUID()}.webp` })).statusCode).toBe(404);
    for (const url of ['/uploads/..%2fprivate.txt', '/uploads/%2e%2e/private.txt', '/uploads/../private.txt']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('top secret');
    }
  });
});

describe('POST /api/images rate limit', () => {
  let app: FastifyInstance;
  const config = testConfig({ limits: { ...roomyLimits, uploadsPerIp: { max: 30, windowMs: 60_000 } } });
  beforeAll(async () => {
    // A fresh app: its own rate-limit counters, untouched by the tests above.
    app = await buildApp({ config, database: ctx.database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('answers 429 with the JSON error shape after 30 uploads in a minute', async () => {
    const png = await solid(8, 8).png().toBuffer();
    for (let i = 0; i < 30; i++) {
      const res = await upload(app, png, { filename: `p${i}.png`, type: 'image/png' });
      expect(res.status).toBe(201);
    }
    const refused = await upload(app, png, { filename: 'one-too-many.png', type: 'image/png' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      requestId: refused.headers['x-request-id'],
      message: expect.stringMatching(/^Too many picture uploads from this address, try again in \d+ seconds$/),
      massage: refused.body.message,
      code: 'too_many_uploads',
      params: { seconds: Number(refused.headers['retry-after']), minutes: 0 },
    });
    expect(readdirSync(config.uploadsDir)).toHaveLength(30);
    // Other routes are not limited by the uploads' budget.
    expect((await callRoute(app, 'health')).status).toBe(200);
  });
});
