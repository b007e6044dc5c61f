import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { maxImageBytes, messages } from '@market/contract';
import { AppError } from '../../errors.ts';

export const MAX_BYTES = maxImageBytes;
const MAX_PIXELS = 40_000_000;
/** What a stored picture may weigh: a phone's photo fits at full size; a noisy one is made smaller until it fits. */
export const MAX_STORED_BYTES = 500 * 1024;
/** Longest side and WebP quality, tried in turn until the picture fits MAX_STORED_BYTES. */
const STEPS = [
  [1600, 80],
  [1280, 65],
  [1024, 55],
  [800, 45],
  [640, 40],
] as const;
/** sharp's names for JPEG, PNG, WebP, GIF and AVIF (AVIF is read through libheif). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

const unsupported = () => new AppError(415, `image ${messages.imageType}`);

/**
 * Checks the picture by its content, not its name, then re-encodes it as WebP:
 * this strips every piece of metadata (GPS included) and any payload hidden in the file.
 */
export async function storeImage(input: Buffer, uploadsDir: string): Promise<{ url: string; name: string; bytes: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw unsupported();
  if (meta.format === 'heif' && meta.compression !== 'av1') throw unsupported();
  const frames = meta.pages ?? 1;
  if ((meta.width ?? 0) * (meta.height ?? 0) * frames > MAX_PIXELS) {
    throw new AppError(413, 'image is too large: at most 40 megapixels');
  }
  const animated = meta.format === 'gif' && frames > 1;
  let output: Buffer | undefined;
  for (const [side, quality] of STEPS) {
    try {
      output = await sharp(input, { animated, limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    } catch {
      throw new AppError(400, 'image could not be read: the file is damaged');
    }
    if (output.length <= MAX_STORED_BYTES) break;
  }
  if (!output || output.length > MAX_STORED_BYTES) throw new AppError(413, 'image is too detailed to store: try a smaller or plainer picture');
  const name = `${randomUUID()}.webp`;
  await writeFile(join(uploadsDir, name), output, { flag: 'wx' });
  return { url: `/uploads/${name}`, name, bytes: output.length };
}
