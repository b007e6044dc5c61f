// Generates the demo images used by the seed command:
//   apps/api/src/db/seed-assets/logos/<slug>.svg      brand wordmarks
//   apps/api/src/db/seed-assets/products/<name>.webp  phone illustrations
//   apps/api/src/db/seed-assets/products/<name>-2.webp, <name>-3.webp  two more views of each (the back's
//                                                      cameras, the screen), as a seller would take them
//   apps/api/src/db/seed-assets/products/placeholder.webp
//
// Run from the repository root:  node apps/api/scripts/make-seed-images.ts
//
// Everything is drawn from SVG strings written below (no external artwork) and
// rendered with sharp, so the output is deterministic for a given sharp/libvips.

import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import sharp from 'sharp';
import { otherViewsOf, seedCategories, seedProducts } from '../src/db/seed-data.ts';
import type { SeedProduct } from '../src/db/seed-data.ts';

const ASSETS_DIR = fileURLToPath(new URL('../src/db/seed-assets/', import.meta.url));
const LOGO_DIR = path.join(ASSETS_DIR, 'logos');
const PRODUCT_DIR = path.join(ASSETS_DIR, 'products');

const FONT = 'DejaVu Sans, Arial, sans-serif';
const SIZE = 600;
const WEBP_QUALITY = 70;
const MAX_WEBP_BYTES = 25 * 1024;
const MAX_LOGO_BYTES = 2 * 1024;

// ---------------------------------------------------------------- helpers

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/\+/g, ' plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Mix two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const channel = (shift: number): string => {
    const ca = (pa >> shift) & 0xff;
    const cb = (pb >> shift) & 0xff;
    return Math.round(ca + (cb - ca) * t)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Small deterministic string hash (FNV-1a) used to pick fallback styles. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Rough width of bold DejaVu Sans text, used to fit captions. */
function approxTextWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) {
    if (ch === ' ') units += 0.35;
    else if ('iIl.,:;|!1'.includes(ch)) units += 0.38;
    else if ('mwMW'.includes(ch)) units += 1.0;
    else if (ch >= 'A' && ch <= 'Z') units += 0.8;
    else units += 0.7;
  }
  return units * fontSize;
}

function fitFontSize(text: string, maxSize: number, maxWidth: number): number {
  const width = approxTextWidth(text, maxSize);
  return width <= maxWidth ? maxSize : Math.floor((maxSize * maxWidth) / width);
}

// ------------------------------------------------------------ brand styles

interface BrandStyle {
  /** Main brand colour. */
  color: string;
  /** Text colour for the wordmark (defaults to color; for light brand colours). */
  ink?: string;
  /** Second colour used for the logo badge gradient. */
  accent: string;
  /** Colour of the initial on the logo badge (defaults to white). */
  onColor?: string;
}

const BRANDS: Record<string, BrandStyle> = {
  apple: { color: '#3a3f4b', accent: '#8e9aaf' },
  samsung: { color: '#1b3fae', accent: '#4f7cff' },
  xiaomi: { color: '#ff6a13', accent: '#ffa04d' },
  oneplus: { color: '#e1122f', accent: '#ff5a6e' },
  google: { color: '#1a73e8', accent: '#34a0ff' },
  realme: { color: '#f2b705', ink: '#b58600', accent: '#ffd84d', onColor: '#3d2f00' },
  oppo: { color: '#0a8f68', accent: '#37c79a' },
  vivo: { color: '#3954f5', accent: '#6f8bff' },
  infinix: { color: '#0c8a43', accent: '#3fd37a' },
  tecno: { color: '#0b4fc7', accent: '#4d8dff' },
  nokia: { color: '#124191', accent: '#3d6fd6' },
  motorola: { color: '#1f2d44', accent: '#5a6b86' },
  huawei: { color: '#c8102e', accent: '#ff5a6e' },
  honor: { color: '#0a6fd0', accent: '#47b4ff' },
  symphony: { color: '#d0202f', accent: '#ff6b6b' },
  walton: { color: '#0061b0', accent: '#3aa0ff' },
};

function brandStyle(category: string): BrandStyle {
  return BRANDS[slugify(category)] ?? { color: '#4b5563', accent: '#9ca3af' };
}

// ------------------------------------------------------------------ logos

function logoSvg(name: string, style: BrandStyle): string {
  const ink = style.ink ?? style.color;
  const initial = escapeXml(name.charAt(0).toUpperCase());
  const fontSize = fitFontSize(name, 36, 140);
  const id = `g${slugify(name)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96" viewBox="0 0 240 96">
<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.accent}"/><stop offset="1" stop-color="${style.color}"/></linearGradient></defs>
<rect x="1" y="1" width="238" height="94" rx="22" fill="#ffffff" stroke="${style.color}" stroke-opacity="0.22" stroke-width="2"/>
<rect x="16" y="22" width="52" height="52" rx="15" fill="url(#${id})"/>
<text x="42" y="60" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="32" fill="${style.onColor ?? '#ffffff'}">${initial}</text>
<text x="80" y="${48 + Math.round(fontSize * 0.36)}" font-family="${FONT}" font-weight="700" font-size="${fontSize}" letter-spacing="-0.5" fill="${ink}">${escapeXml(name)}</text>
</svg>
`;
}

// ------------------------------------------------------ product artwork

type CameraLayout =
  | 'duo-vertical' // two lenses stacked in a square island
  | 'duo-diagonal' // two lenses on a diagonal in a square island
  | 'trio-island' // three lenses in a large square island
  | 'column' // lenses directly on the body in a vertical column
  | 'ultra' // column of three plus a second column of sensors
  | 'tall-module' // tall rounded rectangle with three lenses
  | 'visor' // full-width camera bar
  | 'quad-square' // 2x2 lenses in a square island
  | 'circle' // large circular module
  | 'pill' // narrow vertical pill
  | 'stripe'; // wide rectangular module at the top

type Cutout = 'notch' | 'island' | 'punch' | 'drop';

interface PhoneLook {
  /** Back glass gradient, top-left to bottom-right. */
  body: [string, string];
  /** Lock-screen wallpaper gradient. */
  wall: [string, string];
  camera: CameraLayout;
  cutout: Cutout;
  /** Clock shown on the lock screen. */
  clock: string;
}

// Hand-picked looks per image file; anything not listed gets a brand-based fallback.
const LOOKS: Record<string, PhoneLook> = {
  'iphone-11.webp': { body: ['#f3f0ff', '#c7bff2'], wall: ['#7f5af0', '#2cb1bc'], camera: 'duo-vertical', cutout: 'notch', clock: '9:41' },
  'iphone-12.webp': { body: ['#3d6fb6', '#1c3a6e'], wall: ['#1e3c72', '#2a9d8f'], camera: 'duo-vertical', cutout: 'notch', clock: '8:15' },
  'iphone-13.webp': { body: ['#3a3f4f', '#14161d'], wall: ['#0f2027', '#6a5acd'], camera: 'duo-diagonal', cutout: 'notch', clock: '10:02' },
  'iphone-13-pro.webp': { body: ['#b9d2ea', '#6f93b8'], wall: ['#5b86e5', '#36d1dc'], camera: 'trio-island', cutout: 'notch', clock: '7:30' },
  'iphone-14-pro-max.webp': { body: ['#8e7ca6', '#4f4263'], wall: ['#4b2c83', '#e26d9b'], camera: 'trio-island', cutout: 'island', clock: '11:11' },
  'iphone-15.webp': { body: ['#fbe3ea', '#eab1c3'], wall: ['#f78ca0', '#f9c58d'], camera: 'duo-diagonal', cutout: 'island', clock: '6:45' },
  'galaxy-s22-ultra.webp': { body: ['#8a3a4c', '#4a1624'], wall: ['#41295a', '#c0446b'], camera: 'ultra', cutout: 'punch', clock: '12:20' },
  'galaxy-s21-fe.webp': { body: ['#b7e0c8', '#6fa98a'], wall: ['#11998e', '#8fd3a8'], camera: 'column', cutout: 'punch', clock: '3:05' },
  'galaxy-a54-5g.webp': { body: ['#e7f5a6', '#b4cf5c'], wall: ['#56ab2f', '#d4e86b'], camera: 'column', cutout: 'punch', clock: '4:48' },
  'galaxy-note-20-ultra.webp': { body: ['#d9b38c', '#9c6b45'], wall: ['#3a1c71', '#ffaf7b'], camera: 'tall-module', cutout: 'punch', clock: '5:17' },
  'galaxy-s23.webp': { body: ['#3c3d42', '#121316'], wall: ['#232526', '#5f7da8'], camera: 'column', cutout: 'punch', clock: '9:09' },
  'redmi-note-12-pro.webp': { body: ['#c6d8f2', '#7e9fd0'], wall: ['#4568dc', '#b06ab3'], camera: 'quad-square', cutout: 'punch', clock: '2:34' },
  'xiaomi-12t-pro.webp': { body: ['#3f78c8', '#1d3f7a'], wall: ['#1c92d2', '#7cd4f2'], camera: 'quad-square', cutout: 'punch', clock: '1:50' },
  'poco-x5-pro.webp': { body: ['#ffd84a', '#f0a400'], wall: ['#232526', '#f7971e'], camera: 'stripe', cutout: 'punch', clock: '10:10' },
  'redmi-note-11.webp': { body: ['#5d6d8a', '#2b3448'], wall: ['#355c7d', '#6c5b7b'], camera: 'pill', cutout: 'punch', clock: '8:52' },
  'oneplus-10-pro.webp': { body: ['#2e3033', '#0c0d0f'], wall: ['#cb2d3e', '#ef473a'], camera: 'quad-square', cutout: 'punch', clock: '7:07' },
  'oneplus-nord-2.webp': { body: ['#8fb7e8', '#4a78b5'], wall: ['#2193b0', '#6dd5ed'], camera: 'pill', cutout: 'punch', clock: '6:21' },
  'oneplus-11.webp': { body: ['#2f5d50', '#12302a'], wall: ['#134e5e', '#71b280'], camera: 'circle', cutout: 'punch', clock: '11:38' },
  'pixel-7.webp': { body: ['#f7f7f4', '#d9d9d2'], wall: ['#7f9cc9', '#f0cfb4'], camera: 'visor', cutout: 'punch', clock: '9:26' },
  'pixel-6a.webp': { body: ['#c9dcc0', '#8fae84'], wall: ['#5a7d5a', '#c6e2b5'], camera: 'visor', cutout: 'punch', clock: '4:12' },
  'pixel-7-pro.webp': { body: ['#b7ab93', '#7b6f5a'], wall: ['#8a6e4b', '#e0c3a0'], camera: 'visor', cutout: 'punch', clock: '12:58' },
  'realme-gt-neo-3.webp': { body: ['#eef1f5', '#b9c2cf'], wall: ['#0f0c29', '#4a47a3'], camera: 'quad-square', cutout: 'punch', clock: '3:33' },
  'realme-10-pro-plus.webp': { body: ['#5b8cff', '#2b3fb8'], wall: ['#4776e6', '#8e54e9'], camera: 'circle', cutout: 'punch', clock: '5:55' },
  'realme-9-pro.webp': { body: ['#4fc3f7', '#1e6fd0'], wall: ['#00c6ff', '#0072ff'], camera: 'pill', cutout: 'punch', clock: '1:15' },
  'reno-8-pro.webp': { body: ['#a8d8c4', '#5f9e86'], wall: ['#43cea2', '#185a9d'], camera: 'tall-module', cutout: 'punch', clock: '8:08' },
  'oppo-f21-pro.webp': { body: ['#f29a5c', '#c4502b'], wall: ['#ee9ca7', '#ffdde1'], camera: 'stripe', cutout: 'punch', clock: '2:02' },
  'oppo-a96.webp': { body: ['#3b4a66', '#1a2233'], wall: ['#283c86', '#45a247'], camera: 'duo-vertical', cutout: 'punch', clock: '7:44' },
  'vivo-v25-pro.webp': { body: ['#8fd4ff', '#4b6cf0'], wall: ['#4e54c8', '#8f94fb'], camera: 'tall-module', cutout: 'punch', clock: '10:45' },
  'vivo-y33s.webp': { body: ['#a9b4c7', '#5f6b82'], wall: ['#5f2c82', '#49a09d'], camera: 'pill', cutout: 'drop', clock: '6:06' },
  'vivo-x80.webp': { body: ['#2d2f36', '#0e0f12'], wall: ['#1f4037', '#99f2c8'], camera: 'circle', cutout: 'punch', clock: '11:59' },
};

const FALLBACK_CAMERAS: CameraLayout[] = ['column', 'quad-square', 'circle', 'pill', 'tall-module', 'stripe'];

function lookFor(img: string, category: string): PhoneLook {
  const known = LOOKS[img];
  if (known) return known;
  const style = brandStyle(category);
  const h = hash(img);
  return {
    body: [style.accent, style.color],
    wall: [mix(style.color, '#000000', 0.2), mix(style.accent, '#ffffff', 0.3)],
    camera: FALLBACK_CAMERAS[h % FALLBACK_CAMERAS.length] ?? 'column',
    cutout: 'punch',
    clock: `${(h % 12) + 1}:${String(h % 60).padStart(2, '0')}`,
  };
}

const PHONE_W = 200;
const PHONE_H = 410;
const PHONE_R = 34;

function lens(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r + 3}" fill="#1b1d22" stroke="#9aa0aa" stroke-opacity="0.55" stroke-width="1.5"/>
<circle cx="${cx}" cy="${cy}" r="${r - 1}" fill="url(#lens)"/>
<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.38)}" fill="#05070d"/>
<circle cx="${cx - r * 0.35}" cy="${cy - r * 0.35}" r="${Math.max(2, Math.round(r * 0.18))}" fill="#ffffff" fill-opacity="0.55"/>`;
}

function flash(cx: number, cy: number, r = 5): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff3c4" stroke="#c9b87a" stroke-width="1"/>`;
}

function sensor(cx: number, cy: number, r = 4): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#23262d"/>`;
}

/** Camera hardware on the back, in phone-local coordinates (0..PHONE_W, 0..PHONE_H). */
function cameraSvg(layout: CameraLayout, body: [string, string]): string {
  const island = mix(body[1], '#000000', 0.25);
  const islandEdge = mix(body[0], '#ffffff', 0.4);
  const module = (x: number, y: number, w: number, h: number, r: number): string =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${island}" fill-opacity="0.55" stroke="${islandEdge}" stroke-opacity="0.6" stroke-width="1.5"/>`;
  switch (layout) {
    case 'duo-vertical':
      return module(16, 16, 84, 110, 26) + lens(46, 46, 17) + lens(46, 96, 17) + flash(82, 38) + sensor(82, 104, 3);
    case 'duo-diagonal':
      return module(16, 16, 96, 96, 28) + lens(44, 44, 17) + lens(84, 84, 17) + flash(86, 40) + sensor(42, 88, 3);
    case 'trio-island':
      return module(14, 14, 110, 110, 30) + lens(44, 44, 19) + lens(44, 96, 19) + lens(94, 70, 19) + flash(96, 32, 6) + sensor(96, 108, 5);
    case 'column':
      return lens(38, 42, 16) + lens(38, 88, 16) + lens(38, 134, 16) + flash(72, 42, 5);
    case 'ultra':
      return lens(38, 40, 15) + lens(38, 84, 15) + lens(38, 128, 15) + lens(80, 52, 12) + lens(80, 92, 12) + flash(80, 124, 5) + sensor(102, 124, 4);
    case 'tall-module':
      return module(16, 16, 82, 150, 26) + lens(46, 48, 17) + lens(46, 96, 17) + lens(46, 138, 13) + flash(80, 46) + sensor(80, 76);
    case 'visor': {
      const bar = mix(body[1], '#000000', 0.55);
      return (
        `<rect x="-2" y="78" width="${PHONE_W + 4}" height="54" rx="22" fill="${bar}"/>` +
        `<rect x="-2" y="78" width="${PHONE_W + 4}" height="10" rx="5" fill="#ffffff" fill-opacity="0.12"/>` +
        lens(44, 105, 14) +
        lens(84, 105, 14) +
        flash(116, 105, 5)
      );
    }
    case 'quad-square':
      return module(16, 16, 106, 106, 28) + lens(46, 46, 17) + lens(92, 46, 17) + lens(46, 92, 17) + lens(92, 92, 12) + flash(69, 69, 4);
    case 'circle': {
      const cx = 80;
      return (
        `<circle cx="${cx}" cy="86" r="62" fill="${island}" fill-opacity="0.6" stroke="${islandEdge}" stroke-opacity="0.7" stroke-width="2"/>` +
        lens(cx - 26, 62, 16) +
        lens(cx + 26, 62, 16) +
        lens(cx - 26, 110, 16) +
        flash(cx + 26, 110, 6)
      );
    }
    case 'pill':
      return module(18, 18, 54, 150, 27) + lens(45, 48, 16) + lens(45, 94, 14) + lens(45, 136, 10) + flash(86, 42, 5);
    case 'stripe':
      return module(14, 16, 172, 66, 24) + lens(48, 49, 18) + lens(98, 49, 13) + lens(140, 49, 10) + flash(168, 49, 4);
  }
}

/** The back of a phone, drawn at the origin. */
function phoneBack(look: PhoneLook): string {
  const [c1, c2] = look.body;
  return `<rect x="0" y="0" width="${PHONE_W}" height="${PHONE_H}" rx="${PHONE_R}" fill="${mix(c2, '#000000', 0.35)}"/>
<rect x="3" y="3" width="${PHONE_W - 6}" height="${PHONE_H - 6}" rx="${PHONE_R - 3}" fill="url(#body)"/>
<path d="M3 ${PHONE_R + 3} Q3 3 ${PHONE_R + 3} 3 L${PHONE_W * 0.62} 3 L3 ${PHONE_H * 0.5} Z" fill="#ffffff" fill-opacity="0.16"/>
${cameraSvg(look.camera, [c1, c2])}`;
}

/** The front of a phone (lock screen), drawn at the origin. */
function phoneFront(look: PhoneLook, frame: string): string {
  const inset = 9;
  const sw = PHONE_W - inset * 2;
  const sh = PHONE_H - inset * 2;
  const cx = PHONE_W / 2;
  let cutout = '';
  switch (look.cutout) {
    case 'notch':
      cutout = `<path d="M${cx - 48} ${inset} h96 v6 q0 18 -18 18 h-60 q-18 0 -18 -18 Z" fill="#0a0a0c"/>`;
      break;
    case 'island':
      cutout = `<rect x="${cx - 34}" y="${inset + 10}" width="68" height="20" rx="10" fill="#0a0a0c"/>`;
      break;
    case 'drop':
      cutout = `<path d="M${cx - 16} ${inset} q8 0 10 8 q6 10 6 0 q0 0 0 0 q2 -8 16 -8 Z" fill="#0a0a0c"/><circle cx="${cx}" cy="${inset + 9}" r="8" fill="#0a0a0c"/>`;
      break;
    case 'punch':
      cutout = `<circle cx="${cx}" cy="${inset + 20}" r="7" fill="#0a0a0c"/>`;
      break;
  }
  return `<rect x="0" y="0" width="${PHONE_W}" height="${PHONE_H}" rx="${PHONE_R}" fill="${frame}"/>
<rect x="2.5" y="2.5" width="${PHONE_W - 5}" height="${PHONE_H - 5}" rx="${PHONE_R - 2}" fill="#0b0c0f"/>
<rect x="${inset}" y="${inset}" width="${sw}" height="${sh}" rx="${PHONE_R - inset + 2}" fill="url(#wall)"/>
<g clip-path="url(#screenClip)">
<circle cx="${PHONE_W * 0.9}" cy="${PHONE_H * 0.78}" r="150" fill="#ffffff" fill-opacity="0.10"/>
<circle cx="${PHONE_W * 0.05}" cy="${PHONE_H * 0.95}" r="120" fill="#ffffff" fill-opacity="0.08"/>
<path d="M${inset} ${PHONE_H * 0.62} C${PHONE_W * 0.35} ${PHONE_H * 0.52} ${PHONE_W * 0.6} ${PHONE_H * 0.74} ${PHONE_W} ${PHONE_H * 0.6} L${PHONE_W} ${PHONE_H} L${inset} ${PHONE_H} Z" fill="#000000" fill-opacity="0.12"/>
</g>
${cutout}
<text x="${cx}" y="118" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="46" fill="#ffffff" fill-opacity="0.95">${escapeXml(look.clock)}</text>
<text x="${cx}" y="142" text-anchor="middle" font-family="${FONT}" font-size="13" fill="#ffffff" fill-opacity="0.8">Saturday, 14 November</text>
<rect x="${cx - 40}" y="${PHONE_H - 24}" width="80" height="5" rx="2.5" fill="#ffffff" fill-opacity="0.8"/>
<rect x="${PHONE_W - 5}" y="96" width="3" height="42" rx="1.5" fill="#ffffff" fill-opacity="0.25"/>`;
}

interface ProductArt {
  title: string;
  subtitle: string;
  accent: string;
  look: PhoneLook;
}

function productSvg(art: ProductArt): string {
  const { look } = art;
  const tint = mix(look.body[0], '#ffffff', 0.8);
  const glow = mix(look.wall[0], '#ffffff', 0.35);
  const titleSize = fitFontSize(art.title, 38, 520);
  const frame = mix(look.body[1], '#9aa3ad', 0.45);
  // Back phone on the left, tilted; front phone on the right, overlapping it.
  const back = `translate(${214 - PHONE_W / 2} ${40}) rotate(-9 ${PHONE_W / 2} ${PHONE_H / 2})`;
  const front = `translate(${370 - PHONE_W / 2} ${36}) rotate(5 ${PHONE_W / 2} ${PHONE_H / 2})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="#fbfcfe"/><stop offset="1" stop-color="${tint}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#1c2333" stop-opacity="0.28"/><stop offset="1" stop-color="#1c2333" stop-opacity="0"/></radialGradient>
<linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.body[0]}"/><stop offset="1" stop-color="${look.body[1]}"/></linearGradient>
<linearGradient id="wall" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${look.wall[0]}"/><stop offset="1" stop-color="${look.wall[1]}"/></linearGradient>
<radialGradient id="lens" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#3b4f86"/><stop offset="0.55" stop-color="#141a2e"/><stop offset="1" stop-color="#07090f"/></radialGradient>
<clipPath id="screenClip"><rect x="9" y="9" width="${PHONE_W - 18}" height="${PHONE_H - 18}" rx="${PHONE_R - 7}"/></clipPath>
</defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
<circle cx="300" cy="238" r="240" fill="url(#glow)"/>
<ellipse cx="292" cy="462" rx="200" ry="22" fill="url(#floor)"/>
<g transform="${back}">${phoneBack(look)}</g>
<g transform="${front}">${phoneFront(look, frame)}</g>
<text x="300" y="516" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="15" letter-spacing="3" fill="${art.accent}">${escapeXml(art.subtitle.toUpperCase())}</text>
<text x="300" y="562" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${titleSize}" fill="#1d2433">${escapeXml(art.title)}</text>
</svg>`;
}

async function renderWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).resize(SIZE, SIZE).webp({ quality: WEBP_QUALITY, effort: 6, smartSubsample: true }).toBuffer();
}

// ------------------------------------------------------------------- main

interface Written {
  file: string;
  bytes: number;
}

async function writeLogos(): Promise<Written[]> {
  const written: Written[] = [];
  for (const category of seedCategories) {
    const svg = logoSvg(category.name, brandStyle(category.name));
    // Render once to make sure the SVG is well-formed.
    await sharp(Buffer.from(svg)).png().toBuffer();
    const bytes = Buffer.byteLength(svg);
    if (bytes > MAX_LOGO_BYTES) throw new Error(`${category.logo} is ${bytes} bytes (> ${MAX_LOGO_BYTES})`);
    await writeFile(path.join(LOGO_DIR, category.logo), svg);
    written.push({ file: `logos/${category.logo}`, bytes });
  }
  return written;
}

async function writeProductImage(file: string, art: ProductArt): Promise<Written> {
  const webp = await renderWebp(productSvg(art));
  if (webp.length > MAX_WEBP_BYTES) throw new Error(`${file} is ${webp.length} bytes (> ${MAX_WEBP_BYTES})`);
  await writeFile(path.join(PRODUCT_DIR, file), webp);
  return { file: `products/${file}`, bytes: webp.length };
}

/**
 * Two more pictures of a phone, made from its illustration: a close-up of the back (the cameras) and one of
 * the screen. Made here once rather than at every seeding (6 s of sharp, paid by every test that seeds).
 */
async function writeOtherViews(file: string): Promise<Written[]> {
  const source = path.join(PRODUCT_DIR, file);
  // Each view's square: left, top, side in the 600 px illustration.
  const crops = [
    [60, 20, 300],
    [200, 20, 340],
  ] as const;
  const written: Written[] = [];
  for (const [i, name] of otherViewsOf(file).entries()) {
    const [left, top, side] = crops[i]!;
    const webp = await sharp(source)
      .extract({ left, top, width: side, height: side })
      .resize(SIZE, SIZE)
      .modulate({ brightness: 0.96 })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    await writeFile(path.join(PRODUCT_DIR, name), webp);
    written.push({ file: `products/${name}`, bytes: webp.length });
  }
  return written;
}

function artFor(product: SeedProduct): ProductArt {
  const style = brandStyle(product.category);
  return {
    title: product.productName,
    subtitle: product.category,
    accent: style.ink ?? style.color,
    look: lookFor(product.img, product.category),
  };
}

async function main(): Promise<void> {
  await mkdir(LOGO_DIR, { recursive: true });
  await mkdir(PRODUCT_DIR, { recursive: true });

  const seen = new Set<string>();
  for (const product of seedProducts) {
    if (seen.has(product.img)) throw new Error(`duplicate image name ${product.img}`);
    seen.add(product.img);
  }

  const written: Written[] = await writeLogos();
  for (const product of seedProducts) {
    written.push(await writeProductImage(product.img, artFor(product)));
    written.push(...(await writeOtherViews(product.img)));
  }
  written.push(
    await writeProductImage('placeholder.webp', {
      title: 'Photo coming soon',
      subtitle: 'Second-hand phone',
      accent: '#6b7280',
      look: {
        body: ['#e5e7eb', '#9ca3af'],
        wall: ['#94a3b8', '#e2e8f0'],
        camera: 'duo-vertical',
        cutout: 'punch',
        clock: '12:00',
      },
    }),
  );

  const total = written.reduce((sum, w) => sum + w.bytes, 0);
  for (const w of written) console.log(`${String(w.bytes).padStart(7)}  ${w.file}`);
  console.log(`${written.length} files, ${(total / 1024).toFixed(1)} KiB -> ${path.relative(process.cwd(), ASSETS_DIR)}`);
}

await main();
