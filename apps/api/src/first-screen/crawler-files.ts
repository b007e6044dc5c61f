import type { FastifyInstance, FastifyReply } from 'fastify';
import { UUID } from '@market/contract';
import {
  brandTimes,
  pricePages,
  defaultSitemapPhones,
  isCursor,
  maxSitemapPhones,
  phoneFiles,
  phonesAfter,
  sellerFiles,
  sellersAfter,
  sitemapIndex,
  urlSet,
  type SitemapFile,
} from './sitemap.ts';

export interface CrawlerFilesOptions {
  /** Where browsers reach us (public-origin.ts): never the request's Host. */
  origin: () => string;
  /** Phones (or sellers) per sitemap file (at most 25,000: 50,000 addresses with the Bangla ones). */
  pageSize?: number | undefined;
}

/** Pages nobody should find through a search engine: the API, signing in, the dashboard (payments included), the stand-ins. */
const privatePaths = [
  '/api/',
  '/dashboard',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/still-available/',
  '/oidc/',
  '/bkash-sandbox/',
];

/** Kept by browsers, proxies and crawlers a few minutes: a sold phone leaves the files within that. */
const shortPublic = 'public, max-age=300';
/** How long this process reuses the files' boundaries while nothing was written. */
const boundariesMs = 5 * 60_000;

/**
 * robots.txt and the sitemaps (decision 030): an index at /sitemap.xml naming the pages' file (home,
 * brands, the models' prices pages), the phones' files (phones for sale, keyset-paged by their listing order) and the sellers'
 * (sellers with phones for sale, keyset-paged by id). They are files
 * for crawlers, outside /api: not JSON, no access rule but 'anyone', so plain routes (as /oidc's),
 * hidden from the API documentation.
 */
export default async function crawlerFiles(app: FastifyInstance, opts: CrawlerFilesOptions) {
  const size = opts.pageSize ?? defaultSitemapPhones;
  if (!Number.isInteger(size) || size < 1 || size > maxSitemapPhones) throw new Error(`sitemap page size must be 1 to ${maxSitemapPhones}`);
  const hide = { schema: { hide: true } };
  const xml = (reply: FastifyReply, body: string) => reply.type('application/xml; charset=utf-8').header('cache-control', shortPublic).send(body);

  // One pass over the index of phones for sale finds the files' boundaries (about 1.5 s at 1M phones), another the
  // sellers': kept until a write (the public cache's generation moves) or a few minutes pass; while they run, every
  // request waits for them.
  type Files = { phones: SitemapFile[]; sellers: SitemapFile[] };
  let kept: { generation: number; until: number; files: Files } | undefined;
  let running: Promise<Files> | undefined;
  async function files() {
    const generation = app.publicCache.generation;
    if (kept && kept.generation === generation && kept.until > Date.now()) return kept.files;
    running ??= Promise.all([phoneFiles(app.db, size), sellerFiles(app.db, size)])
      .then(([phones, sellers]) => {
        const found = { phones, sellers };
        kept = { generation, until: Date.now() + boundariesMs, files: found };
        return found;
      })
      .finally(() => (running = undefined));
    return running;
  }

  app.get('/robots.txt', hide, async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...privatePaths.map((p) => `Disallow: ${p}`), '', `Sitemap: ${opts.origin()}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', shortPublic).send(lines.join('\n'));
  });

  app.get('/sitemap.xml', hide, async (_request, reply) => {
    const { phones, sellers } = await files();
    return xml(reply, sitemapIndex(opts.origin(), phones.at(-1)?.lastmod ?? null, phones, sellers));
  });

  app.get('/sitemap-pages.xml', hide, async (_request, reply) => {
    const [brands, prices] = await Promise.all([brandTimes(app.db), pricePages(app.db)]);
    const newest = brands.map((b) => b.at).reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);
    const pages: [string, string | null][] = [['/', newest], ...brands.map((b): [string, string | null] => [`/category/${b.id}`, b.at])];
    return xml(reply, urlSet(opts.origin(), [...pages, ...prices.map((path): [string, null] => [path, null])]));
  });

  app.get<{ Params: { n: string }; Querystring: { after?: string } }>('/sitemap-phones-:n.xml', hide, async (request, reply) => {
    const n = /^[1-9][0-9]{0,6}$/.test(request.params.n) ? Number(request.params.n) : 0;
    const after = request.query.after ?? null;
    // The first file starts at the beginning; every other one at a cursor the index gave.
    if (n === 0 || (n === 1) !== (after === null) || (after !== null && (typeof after !== 'string' || !isCursor(after)))) return reply.callNotFound();
    const phones = await phonesAfter(app.db, after, size);
    return xml(
      reply,
      urlSet(
        opts.origin(),
        phones.map((p): [string, string] => [`/detail-product/${p.id}`, p.at]),
      ),
    );
  });

  const sellerCursor = new RegExp(`^${UUID}$`, 'i');
  app.get<{ Params: { n: string }; Querystring: { after?: string } }>('/sitemap-sellers-:n.xml', hide, async (request, reply) => {
    const n = /^[1-9][0-9]{0,6}$/.test(request.params.n) ? Number(request.params.n) : 0;
    const after = request.query.after ?? null;
    if (n === 0 || (n === 1) !== (after === null) || (after !== null && (typeof after !== 'string' || !sellerCursor.test(after)))) return reply.callNotFound();
    const sellers = await sellersAfter(app.db, after, size);
    return xml(
      reply,
      urlSet(
        opts.origin(),
        sellers.map((s): [string, string] => [`/seller/${s.id}`, s.at]),
      ),
    );
  });
}
