import { randomUUID } from 'node:crypto';
import type { PictureStore } from './store.ts';
import { perceptualHash } from '../listing-checks/phash.ts';
import sharp, { type Metadata } from 'sharp';
import { maxImageBytes } from '@market/contract';
import { appError, badRequest } from '../../errors.ts';

/** A camera's original (issue 35): browsers scale photos down before sending them, but not every browser can. */
export const MAX_BYTES = maxImageBytes;
/**
 * Pixels over all frames, read from the header before anything is decoded. A JPEG is decoded at a fraction of its
 * size (shrink-on-load), but a WebP or PNG is not: 40 megapixels turned upright is ~300 MB for a moment. A
 * 12-megapixel camera photo fits; a 48-megapixel original (8000x6000) is refused, as browsers send it scaled.
 */
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
/**
 * Smaller copies kept beside each picture, by width: a card or the detail page's gallery downloads the one
 * that fits (`srcset`), never the full size. Only widths below the picture's own are made.
 */
export const SIZES = [400, 800] as const;
/** The file of a picture's copy `width` pixels wide: `<uuid>.webp` → `<uuid>.w400.webp`. */
export const sizedName = (name: string, width: number) => name.replace(/\.webp$/, `.w${width}.webp`);

/**
 * A picture's `srcset` from the widths it is stored in (the last one is its own file's, the others its copies'):
 * '' for a picture of before issue 15, which has only its own file.
 */
export function srcsetOf(url: string, widths: number[]): string {
  return widths.map((w, i) => `${i === widths.length - 1 ? url : sizedName(url, w)} ${w}w`).join(', ');
}

/** sharp's names for JPEG, PNG, WebP, GIF and AVIF (AVIF is read through libheif). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

const unsupported = () => appError(415, 'image_type');

/**
 * Checks the picture by its content, not its name, then re-encodes it as WebP:
 * this strips every piece of metadata (GPS included) and any payload hidden in the file.
 */
export async function storeImage(
  input: Buffer,
  store: PictureStore,
): Promise<{ url: string; name: string; bytes: number; widths: number[]; phash: bigint | null }> {
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
    throw appError(413, 'image_too_many_pixels');
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
      throw badRequest('image_damaged');
    }
    if (output.length <= MAX_STORED_BYTES) break;
  }
  if (!output || output.length > MAX_STORED_BYTES) throw appError(413, 'image_too_detailed');
  const name = `${randomUUID()}.webp`;
  const width = (await sharp(output, { animated }).metadata()).width ?? 0;
  await store.put(name, output);
  // Its perceptual hash, of the picture as stored (small, turned upright): the risk signals' (issue 36).
  const phash = await perceptualHash(output);
  // Its smaller copies are made by a job (makeCopies) queued with the upload's row; until they are there, their
  // addresses lead to this file (plugins/files.ts).
  return { url: `/uploads/${name}`, name, bytes: output.length, widths: [...copyWidths(width), width], phash };
}

/** The widths of a picture's smaller copies: those below its own. */
const copyWidths = (width: number) => SIZES.filter((w) => w < width);

/**
 * The job of a new picture (kind 'picture-sizes'): makes its smaller copies. Run again, it makes the same files
 * again; a picture swept away meanwhile has nothing to copy.
 */
export async function makeCopies(name: string, store: PictureStore) {
  const picture = await store.get(name);
  if (!picture) return;
  const meta = await sharp(picture, { animated: true }).metadata();
  const animated = (meta.pages ?? 1) > 1;
  for (const w of copyWidths(meta.width ?? 0)) {
    const copy = await sharp(picture, { animated }).resize({ width: w }).webp({ quality: 75 }).toBuffer();
    await store.put(sizedName(name, w), copy);
  }
}
