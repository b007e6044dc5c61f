import sharp, { type OverlayOptions } from 'sharp';
import { escapeHtml } from '../html.ts';
import { siteName } from './head.ts';
import { cardHeight as H, cardWidth as W, type PhoneCard, type SellerCard, type ShareCard } from './share-card.ts';

/** A picture's bytes by its address on this site, or null (none, not ours, gone). */
export type LoadPicture = (url: string) => Promise<Buffer | null>;

const colour = { brand: '#0f766e', soft: '#ccfbf1', softInk: '#134e4a', ink: '#111827', muted: '#4b5563', paper: '#ffffff' };
/** Noto (Debian's fonts-noto-core): Latin, and Bangla with its conjuncts shaped. */
const families = ['Noto Sans', 'Noto Sans Bengali', 'sans-serif'];

interface Style {
  size: number;
  bold?: boolean;
  fill: string;
}

/** Characters XML 1.0 cannot hold (a lone surrogate, most control characters) would fail the whole SVG: dropped; runs of space made one. */
const plain = (text: string) =>
  text
    .toWellFormed()
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** How wide librsvg draws a line: measured by Pango, which lays out its text too (sharp's text input, 1 pt = 1 px at 72 dpi). */
async function widthOf(text: string, style: Style): Promise<number> {
  if (!text) return 0;
  const font = `${families.join(',')} ${style.bold ? 'Bold ' : ''}${style.size}`;
  const { info } = await sharp({ text: { text: escapeHtml(text), font, dpi: 72 } }).toBuffer({ resolveWithObject: true });
  return info.width;
}

const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);

/** The longest count of `parts` from the start that `fits` (at least one). */
async function longest(parts: string[], fits: (text: string) => Promise<boolean>): Promise<number> {
  let [low, high] = [1, parts.length];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (await fits(parts.slice(0, mid).join(''))) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * A text in at most `max` lines no wider than `width`: broken after a word, inside one only when it is longer than a
 * line (between letters, never inside a Bangla conjunct); what does not fit ends in an ellipsis.
 */
export async function wrap(text: string, style: Style, width: number, max: number): Promise<string[]> {
  const fits = async (line: string) => (await widthOf(line, style)) <= width;
  const rest = graphemes(plain(text));
  const lines: string[] = [];
  while (rest.length && lines.length < max) {
    let end = (await fits(rest.join(''))) ? rest.length : await longest(rest, fits);
    const space = rest.lastIndexOf(' ', end);
    if (end < rest.length && rest[end] !== ' ' && space > 0) end = space;
    lines.push(rest.splice(0, end).join('').trim());
    while (rest[0] === ' ') rest.shift();
  }
  if (rest.length && lines.length) {
    const last = graphemes(lines.pop()!);
    let kept = await longest(last, (start) => fits(`${start.trimEnd()}…`));
    // At the end of a word, unless that leaves too little of the line.
    const space = last.lastIndexOf(' ', kept);
    if (last[kept] !== ' ' && space > kept * 0.6) kept = space;
    const start = last.slice(0, kept).join('');
    lines.push(`${start.replace(/[\s,.;:!?—–-]+$/, '')}…`);
  }
  return lines;
}

/** One line of text in the SVG: the words escaped, so a name is always text, never markup. */
const svgLine = (text: string, x: number, y: number, { size, bold, fill }: Style, anchor: 'start' | 'middle' = 'start') =>
  `<text x="${x}" y="${y}" font-family="${families.join(', ')}" font-size="${size}"${bold ? ' font-weight="700"' : ''} fill="${fill}"${anchor === 'middle' ? ' text-anchor="middle"' : ''}>${escapeHtml(text)}</text>`;

const svg = (body: string[]) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body.join('')}</svg>`);

/** A label in a rounded chip at (x, top). */
async function chip(text: string, x: number, top: number, style: Style) {
  const width = (await widthOf(text, style)) + 2 * 20;
  const height = style.size + 24;
  const shape = `<rect x="${x}" y="${top}" width="${width}" height="${height}" rx="${height / 2}" fill="${colour.soft}"/>`;
  return shape + svgLine(text, x + 20, top + height / 2 + style.size * 0.36, style);
}

/** A picture cut to `width`×`height` (its middle), or null when it cannot be read: the card is drawn without it. */
async function cover(load: LoadPicture, url: string, width: number, height: number): Promise<Buffer | null> {
  const bytes = url ? await load(url) : null;
  if (!bytes) return null;
  try {
    return await sharp(bytes, { density: url.endsWith('.svg') ? 300 : 72, limitInputPixels: 40_000_000 })
      .resize(width, height, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

const photoSide = 630;

/** A phone: its cover on the left; brand, name, the model's Bangla name, price and condition on the right. */
async function phone(card: PhoneCard, load: LoadPicture) {
  const x = photoSide + 48;
  const width = W - x - 48;
  const body = [`<rect x="${photoSide}" width="${W - photoSide}" height="${H}" fill="${colour.paper}"/>`];
  const photo = await cover(load, card.photo, photoSide, H);
  if (!photo) {
    // No picture to show: the brand's name on the site's colour.
    const brandStyle = { size: 64, bold: true, fill: colour.paper };
    const brand = await wrap(card.brand, brandStyle, photoSide - 96, 2);
    brand.forEach((line, i) => body.push(svgLine(line, photoSide / 2, H / 2 + 22 - (brand.length - 1) * 38 + i * 76, brandStyle, 'middle')));
  }
  const site = { size: 28, bold: true, fill: colour.brand };
  const brandLine = { size: 28, fill: colour.muted };
  const name = { size: 50, bold: true, fill: colour.ink };
  const bangla = { size: 34, fill: colour.muted };
  const price = { size: 58, bold: true, fill: colour.brand };
  const label = { size: 28, fill: colour.muted };
  const condition = { size: 28, bold: true, fill: colour.softInk };
  body.push(svgLine(siteName, x, 84, site));
  for (const line of await wrap(card.brand, brandLine, width, 1)) body.push(svgLine(line, x, 154, brandLine));
  const nameLines = await wrap(card.name, name, width, card.banglaName ? 2 : 3);
  nameLines.forEach((line, i) => body.push(svgLine(line, x, 216 + i * 62, name)));
  if (card.banglaName) {
    for (const line of await wrap(card.banglaName, bangla, width, 1)) body.push(svgLine(line, x, 216 + nameLines.length * 62 + 4, bangla));
  }
  for (const line of await wrap(card.price, price, width, 1)) body.push(svgLine(line, x, 494, price));
  const labelText = (await wrap(card.conditionLabel, label, width / 2, 1))[0] ?? '';
  body.push(svgLine(labelText, x, 570, label));
  const conditionText = (await wrap(card.condition, condition, width / 2 - 40, 1))[0] ?? '';
  body.push(await chip(conditionText, x + (await widthOf(labelText, label)) + 16, 530, condition));
  return { background: photo ? colour.paper : colour.brand, photo, overlay: svg(body) };
}

const avatarSide = 300;
/** The width of a seller card's coloured side, the avatar in its middle. */
const sellerSide = 460;

/** The avatar cut to a circle. */
const circle = (picture: Buffer) => {
  const r = avatarSide / 2;
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${avatarSide}" height="${avatarSide}"><circle cx="${r}" cy="${r}" r="${r}"/></svg>`);
  return sharp(picture)
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
};

/** A seller: avatar (or their initial) on the left; name, verified, rating and member since on the right. */
async function seller(card: SellerCard, load: LoadPicture) {
  const left = sellerSide;
  const x = left + 56;
  const width = W - x - 56;
  const [cx, cy] = [left / 2, H / 2];
  const body = [
    `<rect width="${left}" height="${H}" fill="${colour.brand}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${avatarSide / 2 + 8}" fill="${colour.paper}"/>`,
  ];
  const picture = await cover(load, card.avatar, avatarSide, avatarSide);
  const avatar = picture && (await circle(picture));
  if (!avatar) {
    const initial = graphemes(plain(card.name))[0]?.toLocaleUpperCase() ?? '';
    body.push(svgLine(initial, cx, cy + 52, { size: 150, bold: true, fill: colour.brand }, 'middle'));
  }
  const site = { size: 28, bold: true, fill: colour.brand };
  const name = { size: 60, bold: true, fill: colour.ink };
  const verified = { size: 28, bold: true, fill: colour.softInk };
  const rating = { size: 40, bold: true, fill: colour.ink };
  const since = { size: 32, fill: colour.muted };
  const text = [svgLine(siteName, x, 0, site)];
  let y = 100;
  for (const line of await wrap(card.name, name, width, 2)) {
    text.push(svgLine(line, x, y, name));
    y += 72;
  }
  if (card.verified) {
    text.push(await chip((await wrap(card.verified, verified, width - 40, 1))[0] ?? '', x, y - 36, verified));
    y += 64;
  }
  y += 36;
  for (const line of await wrap(card.rating, rating, width, 1)) text.push(svgLine(line, x, y, rating));
  for (const line of await wrap(card.since, since, width, 1)) text.push(svgLine(line, x, y + 60, since));
  // The block in the middle of the height: from the top of the site's name (about 22 px above its line) to the last line.
  const [top, bottom] = [-22, y + 60 + 10];
  body.push(`<g transform="translate(0 ${Math.round((H - top - bottom) / 2)})">${text.join('')}</g>`);
  return { background: colour.paper, photo: null, avatar, overlay: svg(body) };
}

/** What marks a stored card as drawn for its version (its EXIF description). */
const versionTag = (version: string) => `Resale Phones share card ${version}`;

/** Whether a stored card was drawn for this version. */
export async function isVersion(jpeg: Buffer, version: string): Promise<boolean> {
  try {
    return (await sharp(jpeg).metadata()).exif?.includes(versionTag(version)) ?? false;
  } catch {
    return false;
  }
}

/** WhatsApp shows no picture heavier than about 300 KB: the quality steps down until the card is lighter. */
const maxBytes = 250 * 1024;

/** The card as a 1200×630 JPEG, its version written in it. */
export async function drawCard(card: ShareCard, version: string, load: LoadPicture): Promise<Buffer> {
  const drawn = card.kind === 'phone' ? { avatar: null, ...(await phone(card, load)) } : await seller(card, load);
  const layers: OverlayOptions[] = [];
  if (drawn.photo) layers.push({ input: drawn.photo, left: 0, top: 0 });
  layers.push({ input: drawn.overlay, left: 0, top: 0 });
  if (drawn.avatar) layers.push({ input: drawn.avatar, left: sellerSide / 2 - avatarSide / 2, top: H / 2 - avatarSide / 2 });
  const base = await sharp({ create: { width: W, height: H, channels: 3, background: drawn.background } })
    .composite(layers)
    .png()
    .toBuffer();
  let jpeg = Buffer.alloc(0);
  for (const quality of [85, 75, 65, 55]) {
    jpeg = await sharp(base)
      .jpeg({ quality, mozjpeg: true })
      .withExif({ IFD0: { ImageDescription: versionTag(version) } })
      .toBuffer();
    if (jpeg.length <= maxBytes) break;
  }
  return jpeg;
}
