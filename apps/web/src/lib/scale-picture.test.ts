import { afterEach, describe, expect, it, vi } from 'vitest';
import { jpegName, maxSide, qualities, qualityAfter, scaledPicture, scaledSize, sendScaled, targetBytes, worthScaling } from './scale-picture.ts';

const KB = 1024;
const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('what is scaled, and to what size', () => {
  it('scales a still picture heavier than about half a megabyte; a lighter one, a GIF or a file of another kind goes as it is', () => {
    expect(targetBytes).toBe(512 * KB);
    expect(worthScaling({ type: 'image/jpeg', size: 6.2 * MB })).toBe(true);
    for (const type of ['image/png', 'image/webp', 'image/avif', 'image/heic']) expect(worthScaling({ type, size: 2 * MB }), type).toBe(true);
    expect(worthScaling({ type: 'image/png', size: 300 * KB })).toBe(false);
    expect(worthScaling({ type: 'image/jpeg', size: targetBytes })).toBe(false);
    // Animated, maybe: a drawing keeps one frame.
    expect(worthScaling({ type: 'image/gif', size: 8 * MB })).toBe(false);
    expect(worthScaling({ type: 'application/pdf', size: 8 * MB })).toBe(false);
  });

  it('fits the long side into 2,000 px, keeping the proportions, and never enlarges', () => {
    expect(maxSide).toBe(2000);
    expect(scaledSize(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1500, height: 2000 });
    expect(scaledSize(8160, 6120)).toEqual({ width: 2000, height: 1500 });
    expect(scaledSize(4000, 1800)).toEqual({ width: 2000, height: 900 });
    expect(scaledSize(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(scaledSize(2000, 10)).toEqual({ width: 2000, height: 10 });
    // A sliver stays a pixel wide.
    expect(scaledSize(40_000, 10)).toEqual({ width: 2000, height: 1 });
  });

  it('lowers the quality while the photo is heavier than the target, down to the lowest', () => {
    expect(qualities[0]).toBe(0.85);
    expect(qualityAfter(0.85, 900 * KB)).toBe(0.75);
    expect(qualityAfter(0.75, 600 * KB)).toBe(0.65);
    expect(qualityAfter(0.65, 450 * KB)).toBeNull();
    expect(qualityAfter(0.85, targetBytes)).toBeNull();
    expect(qualityAfter(qualities.at(-1)!, 3 * MB)).toBeNull();
  });

  it('sends the drawn JPEG only when it is lighter than the original', () => {
    expect(sendScaled({ size: 6 * MB }, { type: 'image/jpeg', size: 480 * KB })).toBe(true);
    expect(sendScaled({ size: 600 * KB }, { type: 'image/jpeg', size: 700 * KB })).toBe(false);
    // A browser that cannot write JPEG gives a PNG instead.
    expect(sendScaled({ size: 6 * MB }, { type: 'image/png', size: 480 * KB })).toBe(false);
    expect(sendScaled({ size: 6 * MB }, null)).toBe(false);
  });

  it('names the drawn file as a JPEG', () => {
    expect(jpegName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(jpegName('phone.back.png')).toBe('phone.back.jpg');
    expect(jpegName('camera')).toBe('camera.jpg');
    expect(jpegName('.jpeg')).toBe('photo.jpg');
  });
});

describe('scaledPicture', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the original where nothing is to be scaled or the browser cannot draw (jsdom has no createImageBitmap)', async () => {
    const small = file('small.png', 'image/png', 20 * KB);
    expect(await scaledPicture(small)).toBe(small);
    const big = file('IMG_1.jpg', 'image/jpeg', 6 * MB);
    expect(await scaledPicture(big)).toBe(big);
  });

  it('answers the original a browser cannot decode (a HEIC)', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn().mockRejectedValue(new DOMException('The source image could not be decoded.', 'InvalidStateError')));
    const heic = file('IMG_2.HEIC', 'image/heic', 3 * MB);
    expect(await scaledPicture(heic)).toBe(heic);
  });

  it('draws a big photo upright at 2,000 px, lowering the quality until it weighs about half a megabyte', async () => {
    const photo = { width: 4000, height: 3000, close: vi.fn() };
    const decode = vi.fn().mockResolvedValue(photo);
    const drawn: unknown[][] = [];
    const tried: number[] = [];
    // What the browser's encoder would give at each quality.
    const weight: Record<number, number> = { 0.85: 900 * KB, 0.75: 600 * KB, 0.65: 450 * KB };
    class FakeCanvas {
      getContext() {
        return { fillRect: vi.fn(), drawImage: (...args: unknown[]) => drawn.push(args) };
      }
      convertToBlob({ type, quality }: { type: string; quality: number }) {
        tried.push(quality);
        return Promise.resolve(new Blob([new Uint8Array(weight[quality]!)], { type }));
      }
    }
    vi.stubGlobal('createImageBitmap', decode);
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    const original = file('IMG_20250301_101500.jpg', 'image/jpeg', 6.2 * MB);

    const sent = await scaledPicture(original);
    expect(decode).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
    expect(drawn).toEqual([[photo, 0, 0, 2000, 1500]]);
    expect(tried).toEqual([0.85, 0.75, 0.65]);
    expect(sent).not.toBe(original);
    expect(sent).toMatchObject({ name: 'IMG_20250301_101500.jpg', type: 'image/jpeg', size: 450 * KB });
    expect(photo.close).toHaveBeenCalled();
  });
});
