// Draws the installable app's icons (apps/web/public/icons; the manifest names them): a phone on the brand's teal,
// as the favicon draws it. Run again after changing the drawing: node apps/web/scripts/make-icons.ts
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '../public/icons');
const brand = '#0f766e';
const light = '#ccfbf1';

/**
 * The phone on a square of `size` px: `scale` is the phone's height as a share of the square. A maskable icon is
 * cropped by the system (a circle, a squircle): its teal fills the whole square and the phone stays inside the
 * middle 80 %.
 */
function svg(size: number, { scale, rounded }: { scale: number; rounded: boolean }): string {
  const h = size * scale;
  const w = h * 0.58;
  const x = (size - w) / 2;
  const y = (size - h) / 2;
  const r = w * 0.16;
  const inset = w * 0.11;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.2 : 0}" fill="${brand}"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${light}"/>
  <rect x="${x + inset}" y="${y + h * 0.1}" width="${w - 2 * inset}" height="${h * 0.72}" rx="${r * 0.35}" fill="${brand}"/>
  <circle cx="${size / 2}" cy="${y + h * 0.91}" r="${w * 0.07}" fill="${brand}"/>
</svg>`;
}

mkdirSync(out, { recursive: true });
const icons = [
  { file: 'icon-192.png', size: 192, scale: 0.72, rounded: true },
  { file: 'icon-512.png', size: 512, scale: 0.72, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.56, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.66, rounded: false },
];
for (const icon of icons) {
  await sharp(Buffer.from(svg(icon.size, icon)))
    .png({ compressionLevel: 9 })
    .toFile(join(out, icon.file));
  console.log(`wrote ${icon.file}`);
}
