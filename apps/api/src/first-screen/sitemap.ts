import { pricesPath, UUID, type Lang } from '@market/contract';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { categories, phoneModels, priceGuide, products, users } from '../db/schema.ts';
import { inLang } from './head.ts';
import { escapeHtml as escapeXml } from '../html.ts';

/** A sitemap holds at most 50,000 addresses; each phone has two (English and Bangla). */
export const maxSitemapPhones = 25_000;
export const defaultSitemapPhones = 10_000;

/** A time as the sitemaps write it and their cursors carry it: UTC, to the microsecond, so no two phones share a key by rounding. */
const utc = (column: PgColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const available = eq(products.status, 'available');
const cursorShape = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z)_(${UUID})$`, 'i');

/** One file of phones or sellers: where it starts (the key of the last one of the file before; none for the first), and its newest phone's time. */
export interface SitemapFile {
  after: string | null;
  lastmod: string;
}

/**
 * The files of the phones for sale, in order of listing (created_at, id): one pass over the index of
 * phones for sale (products_available_idx) finds every `size`-th phone, whose key starts the next file.
 * Each file is then read by keyset from its cursor, never by OFFSET. A suspended seller's phones keep
 * their places (the files do not shift) but are left out of the files.
 */
export async function phoneFiles(db: Db, size: number): Promise<SitemapFile[]> {
  const ranked = db
    .select({
      id: products.id,
      at: utc(products.createdAt).as('at'),
      n: sql<number>`row_number() over (order by ${products.createdAt}, ${products.id})`.as('n'),
    })
    .from(products)
    .where(available)
    .as('ranked');
  const ends = await db
    .select({ id: ranked.id, at: ranked.at })
    .from(ranked)
    .where(sql`${ranked.n} % ${size} = 0`)
    .orderBy(ranked.n);
  const [newest] = await db
    .select({ id: products.id, at: utc(products.createdAt) })
    .from(products)
    .where(available)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(1);
  if (!newest) return [];
  const files = ends.map((end, i) => ({ after: i === 0 ? null : cursor(ends[i - 1]!), lastmod: end.at }));
  const last = ends.at(-1);
  // The phones after the last full file, if any.
  if (!last || last.id !== newest.id) files.push({ after: last ? cursor(last) : null, lastmod: newest.at });
  return files;
}

const cursor = (row: { id: string; at: string }) => `${row.at}_${row.id}`;

/** Whether a cursor from the index could be one (a time and an id); anything else names no file. */
export const isCursor = (value: string) => cursorShape.test(value);

/** The phones of one file, from its cursor: the key range of the index, read by keyset. */
export async function phonesAfter(db: Db, after: string | null, size: number): Promise<{ id: string; at: string }[]> {
  const [, at, id] = after ? cursorShape.exec(after)! : [];
  const slice = db
    .select({ id: products.id, at: utc(products.createdAt).as('at'), sellerId: products.sellerId })
    .from(products)
    .where(and(available, at && id ? sql`(${products.createdAt}, ${products.id}) > (${at}::timestamptz, ${id}::uuid)` : undefined))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(size)
    .as('slice');
  return db
    .select({ id: slice.id, at: slice.at })
    .from(slice)
    .where(sql`${slice.sellerId} not in (select ${users.id} from ${users} where ${users.suspendedAt} is not null)`)
    .orderBy(slice.at, slice.id);
}

/**
 * The sellers whose page lists phones for sale (a suspended seller's page is not found), each with
 * their newest phone's time: the rows the sellers' files are made of, in order of id.
 */
function sellersForSale(db: Db) {
  return db
    .select({ id: products.sellerId, at: sql<string>`max(${products.createdAt})`.as('newest') })
    .from(products)
    .innerJoin(users, and(eq(users.id, products.sellerId), isNull(users.suspendedAt)))
    .where(available)
    .groupBy(products.sellerId);
}

/**
 * The files of the sellers' pages, `size` sellers each by id (one pass over the phones for sale): each
 * file starts after the last id of the one before, and its lastmod is its sellers' newest phone.
 */
export async function sellerFiles(db: Db, size: number): Promise<SitemapFile[]> {
  const sellers = sellersForSale(db).as('sellers');
  const numbered = db
    .select({ id: sellers.id, at: sellers.at, file: sql<number>`(row_number() over (order by ${sellers.id}) - 1) / ${size}`.as('file') })
    .from(sellers)
    .as('numbered');
  const rows = await db
    .select({ last: sql<string>`max(${numbered.id}::text)`, lastmod: utc(sql`max(${numbered.at})`) })
    .from(numbered)
    .groupBy(numbered.file)
    .orderBy(numbered.file);
  return rows.map((row, i) => ({ after: i === 0 ? null : rows[i - 1]!.last, lastmod: row.lastmod }));
}

/** The sellers of one file: the `size` after the id `after` (none: from the first). */
export async function sellersAfter(db: Db, after: string | null, size: number): Promise<{ id: string; at: string }[]> {
  const sellers = sellersForSale(db).as('sellers');
  return db
    .select({ id: sellers.id, at: utc(sql`${sellers.at}`) })
    .from(sellers)
    .where(after ? sql`${sellers.id} > ${after}::uuid` : undefined)
    .orderBy(sellers.id)
    .limit(size);
}

/** The brands, in their shop order, each with its newest phone's time (null: none for sale). */
export async function brandTimes(db: Db): Promise<{ id: string; at: string | null }[]> {
  const newest = sql`(select max(${products.createdAt}) from ${products} where ${products.categoryId} = ${categories.id} and ${available})`;
  return db
    .select({ id: categories.id, at: sql<string | null>`${utc(newest)}` })
    .from(categories)
    .orderBy(categories.position, categories.name);
}

/**
 * The models' prices pages worth a search engine's visit (issue 34): those with a sale counted or a phone asking, in
 * the shop's order of brands. No lastmod: the guide is counted again every day, and a day's recount rarely changes it.
 */
export async function pricePages(db: Db): Promise<string[]> {
  const rows = await db
    .select({ brand: categories.name, slug: phoneModels.slug })
    .from(phoneModels)
    .innerJoin(categories, eq(categories.id, phoneModels.categoryId))
    .where(
      sql`exists (select 1 from ${priceGuide} where ${priceGuide.phoneModelId} = ${phoneModels.id} and (${priceGuide.sales} > 0 or ${priceGuide.asking} > 0))`,
    )
    .orderBy(categories.position, categories.name, phoneModels.name);
  return rows.map((r) => pricesPath(r.brand, r.slug));
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const languages: [hreflang: string, lang: Lang][] = [
  ['en', 'en'],
  ['bn', 'bn'],
  ['x-default', 'en'],
];

/** A page in both languages: an entry for each, each naming every version (as search engines ask of hreflang in sitemaps). */
function pageEntries(origin: string, path: string, lastmod: string | null): string {
  const alternates = languages
    .map(([hreflang, lang]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(inLang(origin, path, lang))}"/>`)
    .join('');
  const time = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return (['en', 'bn'] as const).map((lang) => `<url><loc>${escapeXml(inLang(origin, path, lang))}</loc>${time}${alternates}</url>\n`).join('');
}

/** A sitemap of pages: `[path, lastmod]` each. */
export function urlSet(origin: string, pages: [path: string, lastmod: string | null][]): string {
  const entries = pages.map(([path, lastmod]) => pageEntries(origin, path, lastmod)).join('');
  return `${xmlHead}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries}</urlset>\n`;
}

/** The sitemap index: the pages' file, then the phones' files, then the sellers'. */
export function sitemapIndex(origin: string, pagesLastmod: string | null, phones: SitemapFile[], sellers: SitemapFile[]): string {
  const entry = (path: string, lastmod: string | null) =>
    `<sitemap><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`;
  const files = (kind: 'phones' | 'sellers', list: SitemapFile[]) => list.map((f, i) => entry(filePath(kind, i + 1, f.after), f.lastmod)).join('');
  return `${xmlHead}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entry('/sitemap-pages.xml', pagesLastmod)}${files('phones', phones)}${files('sellers', sellers)}</sitemapindex>\n`;
}

/** The n-th file of phones or sellers (the number is for people; the cursor says where it starts). */
export const filePath = (kind: 'phones' | 'sellers', n: number, after: string | null) =>
  `/sitemap-${kind}-${n}.xml${after ? `?after=${encodeURIComponent(after)}` : ''}`;
