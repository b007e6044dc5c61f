import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.ts';

export const MAX_BYTES = 5 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 1600;
/** sharp's names for JPEG, PNG, WebP, GIF and AVIF (AVIF is read through libheif). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

const unsupported = () => new AppError(415, 'image must be a JPEG, PNG, WebP, GIF or AVIF picture');

/**
 * Checks the picture by its content, not its name, then re-encodes it as WebP:
 * this strips every piece of metadata (GPS included) and any payload hidden in the file.
 */
export async function storeImage(input: Buffer, uploadsDir: string): Promise<string> {
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
  let output: Buffer;
  try {
    output = await sharp(input, { animated, limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError(400, 'image could not be read: the file is damaged');
  }
  const name = `${randomUUID()}.webp`;
  await writeFile(join(uploadsDir, name), output, { flag: 'wx' });
  return `/uploads/${name}`;
}
