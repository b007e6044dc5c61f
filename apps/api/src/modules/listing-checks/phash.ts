import sharp from 'sharp';

/*
 * A picture's perceptual hash (issue 36, decision 061): the picture in grey at 32×32, its discrete cosine transform,
 * and one bit per low frequency (the 8×8 after the first row and column) saying whether it is above their median. A
 * picture scaled, recompressed, lightly cropped or brightened keeps most bits; another picture differs in about half.
 */

const SIDE = 32;
const LOW = 8;

/** cos((2x + 1) u π / 64) for u = 1..8 and x = 0..31: the transform's basis, computed once. */
const basis = Array.from({ length: LOW }, (_, i) => Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * (i + 1) * Math.PI) / (2 * SIDE))));

/** The 64-bit hash of a grey 32×32 picture (row by row), as a signed 64-bit integer (the database's bigint). */
export function hashOfPixels(grey: Uint8Array): bigint {
  // Rows first: each row's 8 frequencies, then each of those columns' 8.
  const rows = new Float64Array(SIDE * LOW);
  for (let y = 0; y < SIDE; y++)
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += grey[y * SIDE + x]! * basis[u]![x]!;
      rows[y * LOW + u] = sum;
    }
  const coefficients = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++)
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += rows[y * LOW + u]! * basis[v]![y]!;
      coefficients[v * LOW + u] = sum;
    }
  const sorted = Float64Array.from(coefficients).sort();
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hash = 0n;
  for (const c of coefficients) hash = (hash << 1n) | (c > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/**
 * The hash of a picture (any format sharp reads; turned as its EXIF says, as it is shown), or null for a picture of
 * one colour (nearly): it has no features to compare, and every such picture would match every other.
 */
export async function perceptualHash(picture: Buffer): Promise<bigint | null> {
  const grey = await sharp(picture, { limitInputPixels: false, failOn: 'none' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(SIDE, SIDE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  return isFlat(grey) ? null : hashOfPixels(grey);
}

/** A grey picture whose pixels hardly differ (a standard deviation under 2 of 255). */
function isFlat(grey: Uint8Array): boolean {
  let sum = 0;
  for (const v of grey) sum += v;
  const mean = sum / grey.length;
  let squares = 0;
  for (const v of grey) squares += (v - mean) ** 2;
  return squares / grey.length < 4;
}

/** How many of the 64 bits two hashes differ in. */
export function bitsApart(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (x) {
    x &= x - 1n;
    bits++;
  }
  return bits;
}
