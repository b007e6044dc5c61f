import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Color } from 'sharp';
import { describe, expect, it } from 'vitest';
import { bitsApart, perceptualHash } from './phash.ts';

/** The demo data's three pictures of one phone (a product shot on a light background, two closer views). */
const pictures = ['iphone-11.webp', 'iphone-11-2.webp', 'iphone-11-3.webp'];
const demoPicture = (name: string) => readFile(join(import.meta.dirname, '../../db/seed-assets/products', name));

/** A small deterministic random source (mulberry32): the same noise every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A picture of coarse noise, 640×480 JPEG: no two alike. */
function noise(seed: number) {
  const next = random(seed);
  const pixels = Buffer.from(Array.from({ length: 64 * 48 * 3 }, () => Math.floor(next() * 256)));
  return sharp(pixels, { raw: { width: 64, height: 48, channels: 3 } })
    .resize(640, 480, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The picture's hash; none of these pictures is of one colour, so each has one. */
async function hashOf(picture: Buffer) {
  const hash = await perceptualHash(picture);
  if (hash === null) throw new Error('no hash: a picture of one colour');
  return hash;
}

/** Issue 36, item 1 (decision 061): the perceptual hash that finds a photo another account already used. */
describe('a photo’s perceptual hash', () => {
  it('keeps a picture re-encoded as WebP at quality 60 and scaled to 400 px within 4 bits', async () => {
    for (const name of pictures) {
      const picture = await demoPicture(name);
      const copied = await sharp(picture).resize(400).webp({ quality: 60 }).toBuffer();
      expect((await sharp(copied).metadata()).width).toBe(400);
      expect(bitsApart(await hashOf(copied), await hashOf(picture)), name).toBeLessThanOrEqual(4);
    }
  });

  it('keeps a brightened copy within 6 bits', async () => {
    // Of the demo data's 115 pictures 111 stay within 6 bits; a brightened light background saturates, and the worst moves 10.
    for (const name of pictures) {
      const picture = await demoPicture(name);
      const brighter = await sharp(picture).modulate({ brightness: 1.2 }).webp({ quality: 80 }).toBuffer();
      expect(bitsApart(await hashOf(brighter), await hashOf(picture)), name).toBeLessThanOrEqual(6);
    }
  });

  it('tells two different pictures apart by more than 16 bits', async () => {
    const hashes = await Promise.all([1, 2, 3, 4].map(async (seed) => hashOf(await noise(seed))));
    for (const [i, a] of hashes.entries()) for (const b of hashes.slice(i + 1)) expect(bitsApart(a, b)).toBeGreaterThan(16);
  });

  it('hashes a JPEG as it is shown: orientation 6 like the picture turned by 90°', async () => {
    const picture = await demoPicture(pictures[0]!);
    // The same pixels, with EXIF saying "turn me 90° clockwise to show me" (a phone held upright).
    const upright = await sharp(picture).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer();
    expect((await sharp(upright).metadata()).orientation).toBe(6);
    const turned = await sharp(picture).rotate(90).jpeg({ quality: 90 }).toBuffer();
    expect(bitsApart(await hashOf(upright), await hashOf(turned))).toBeLessThanOrEqual(2);
    // Not as its pixels are stored.
    expect(bitsApart(await hashOf(upright), await hashOf(picture))).toBeGreaterThan(16);
  });

  it('hashes a PNG with an alpha channel, its see-through parts as white', async () => {
    const small = await sharp(await demoPicture(pictures[0]!))
      .resize(300)
      .toBuffer();
    // A cut-out: the picture in the middle of a see-through square (its hidden colour black, as image editors leave it).
    const square = (background: Color) =>
      sharp({ create: { width: 600, height: 600, channels: 4, background } }).composite([{ input: small, left: 150, top: 150 }]);
    const cutOut = await square({ r: 0, g: 0, b: 0, alpha: 0 }).png().toBuffer();
    expect((await sharp(cutOut).metadata()).hasAlpha).toBe(true);
    const onWhite = await square('#ffffff').flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
    const hash = await hashOf(cutOut);
    expect(bitsApart(hash, await hashOf(onWhite))).toBeLessThanOrEqual(2);
  });

  it('counts the bits two hashes differ in, negative ones (the top bit set) too', () => {
    const top = BigInt.asIntN(64, 1n << 63n);
    expect(bitsApart(0n, 0n)).toBe(0);
    expect(bitsApart(-1n, 0n)).toBe(64);
    expect(bitsApart(-1n, 1n)).toBe(63);
    expect(bitsApart(top, 0n)).toBe(1);
    expect(bitsApart(top, -1n)).toBe(63);
    expect(bitsApart(-2n, -1n)).toBe(1);
    expect(bitsApart(-0x1234_5678_9abc_def0n, -0x1234_5678_9abc_def0n)).toBe(0);
    // -15 is …11110001 and 15 is 00001111: 3 of the low four bits, and the 60 above them.
    expect(bitsApart(-15n, 15n)).toBe(63);
  });
});
