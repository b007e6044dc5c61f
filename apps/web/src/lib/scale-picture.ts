/*
 * A camera's photo made smaller in the browser before it is uploaded (issue 35): a 4000x3000 JPEG of 6 MB is sent as
 * a JPEG of at most 2,000 px on its long side and about half a megabyte, so a slow connection sends a tenth. The
 * server re-encodes whatever arrives (decision 006), so this only saves the seller's data and time: where the
 * browser cannot decode the file (HEIC in most browsers) or draw it, the original goes, up to the server's 20 MB.
 * The size arithmetic and the decisions are plain functions (tested with jsdom, which has no canvas); the drawing is
 * tested in a real browser (e2e/specs/camera-photo.spec.ts).
 */

/** The long side of a photo as sent: above the 1600 px the server stores, so the server still picks the size. */
export const maxSide = 2000;
/** What a photo as sent should weigh at most: about half a megabyte. */
export const targetBytes = 512 * 1024;
/** JPEG qualities tried in turn until the photo fits `targetBytes`; the last one is kept whatever it weighs. */
export const qualities = [0.85, 0.75, 0.65, 0.55] as const;

/** Still pictures a browser may decode; a GIF may be animated, and a drawing would keep only its first frame. */
const drawable = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif']);

/** Whether a chosen file is worth decoding: a still picture heavier than `targetBytes`. A lighter one goes as it is. */
export const worthScaling = (file: { type: string; size: number }) => drawable.has(file.type) && file.size > targetBytes;

/** The size to draw a `width` x `height` picture at: its long side at most `max`, its proportions kept, never enlarged. */
export function scaledSize(width: number, height: number, max = maxSide): { width: number; height: number } {
  const ratio = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/** The quality to try after one that gave `bytes`: none when those fit `targetBytes` or the lowest was tried. */
export function qualityAfter(quality: number, bytes: number): number | null {
  if (bytes <= targetBytes) return null;
  return qualities.find((q) => q < quality) ?? null;
}

/** Whether to send the drawn JPEG rather than the original: only when it is one, and lighter. */
export const sendScaled = (original: { size: number }, scaled: { type: string; size: number } | null) =>
  scaled !== null && scaled.type === 'image/jpeg' && scaled.size < original.size;

/** The drawn file's name: the original's with `.jpg` ('IMG_0042.HEIC' → 'IMG_0042.jpg'). */
export const jpegName = (name: string) => `${name.replace(/\.[^./]*$/, '') || 'photo'}.jpg`;

/** One photo at a time: eight 12-megapixel photos decoded at once would hold about 400 MB of a phone's memory. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The file to upload for `file`: a big photo drawn upright (its EXIF rotation applied) at most `maxSide` px long and
 * encoded as a JPEG of about `targetBytes`; the original when it is small already, not a still picture, or the
 * browser cannot decode or draw it.
 */
export function scaledPicture(file: File): Promise<File> {
  if (!worthScaling(file) || typeof createImageBitmap !== 'function') return Promise.resolve(file);
  const turn = queue.then(() => drawn(file));
  queue = turn.catch(() => undefined);
  return turn;
}

async function drawn(file: File): Promise<File> {
  let picture: ImageBitmap;
  try {
    picture = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = scaledSize(picture.width, picture.height);
    const canvas = canvasOf(width, height);
    const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) return file;
    // A JPEG has no transparency: a PNG's see-through parts become white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(picture, 0, 0, width, height);
    let quality: number | null = qualities[0];
    let blob: Blob | null = null;
    while (quality !== null) {
      blob = await jpeg(canvas, quality);
      if (!blob) break;
      quality = qualityAfter(quality, blob.size);
    }
    return blob && sendScaled(file, blob) ? new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }) : file;
  } catch {
    return file;
  } finally {
    picture.close();
  }
}

const canvasOf = (width: number, height: number): OffscreenCanvas | HTMLCanvasElement => {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
};

const jpeg = (canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob | null> =>
  'convertToBlob' in canvas ? canvas.convertToBlob({ type: 'image/jpeg', quality }) : new Promise((done) => canvas.toBlob(done, 'image/jpeg', quality));
