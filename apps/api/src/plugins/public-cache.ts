import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// A route's place in the cache is its descriptor's `cache` (packages/contract): 'public', its 200 answers
// are the same for everyone; 'keeps', a write that cannot change any public answer (log in, upload a
// picture, open a payment intent) and leaves the cache alone.
declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

export interface PublicCacheOptions {
  /** How long an answer may be served without asking the database again. */
  ttlMs: number;
  /** Upper bound of the bytes kept (uncompressed bodies). */
  maxBytes: number;
  /** Called after every local invalidation (e.g. to tell other instances). */
  onInvalidate?: () => void;
}

export interface PublicCachePluginOptions {
  ttlMs: number;
  maxBytes: number;
  /** With several instances: the Redis they share, and the channel on which they announce writes. */
  redis?: Redis | undefined;
  channel?: string;
}

type Encoding = 'br' | 'gzip';

interface Entry {
  /** 200 for an API answer; a server-rendered page may be a 404 or a 410 (first-screen/page.ts). */
  status: number;
  body: Buffer;
  headers: Record<string, string | number | string[]>;
  expires: number;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** Headers that belong to one response, never replayed from the cache. */
const perResponse = new Set(['content-length', 'content-encoding', 'vary', 'cache-control', 'set-cookie', 'date', 'connection', 'transfer-encoding']);
const MIN_COMPRESS = 1024;

/**
 * The serialized answers of public GETs (categories, advertised list, category pages,
 * product details), and the server-rendered pages built from them (first-screen/page.ts, keyed
 * `page <lang> <url>`), kept for a few seconds and dropped on every write.
 *
 * Correctness rests on a generation number: every successful (or failed-with-5xx) request
 * that is not a GET (unless its descriptor says `cache: 'keeps'`) bumps it after its handler
 * has finished, i.e. after its transaction committed, and clears the cache; a GET stores its answer only if no write finished while
 * it ran. So an answer built from data older than a finished write is never served after
 * that write. Other instances hear of the write through `onInvalidate` (Redis pub/sub) and
 * otherwise within ttlMs.
 */
export class PublicCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  generation = 0;
  /** Lookups answered from here, and those that were not (GET /metrics). */
  hits = 0;
  misses = 0;
  private readonly options: PublicCacheOptions;

  constructor(options: PublicCacheOptions) {
    this.options = options;
  }

  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires > now) {
      this.hits++;
      // Least recently used goes first when space is short: answers every page reads (the brands, a seller's
      // profile) stay while the pages themselves come and go.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    if (entry) this.remove(key, entry);
    this.misses++;
    return undefined;
  }

  /** Stores an answer built while the generation was `since`; refused if a write finished meanwhile. */
  set(key: string, since: number, body: Buffer, headers: Entry['headers'], status = 200): boolean {
    if (since !== this.generation || body.length > this.options.maxBytes / 8) return false;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { status, body, headers, expires: Date.now() + this.options.ttlMs, encoded: {} });
    this.bytes += body.length;
    if (this.bytes > this.options.maxBytes) this.evict();
    return true;
  }

  /**
   * Drops the least recently used answers down to 90 % of maxBytes: one walk from the oldest end for many
   * answers. One per answer stored (as before) walked, each time, past every slot the Map's deletions had left
   * at that end: 5 % of the server's CPU when a crawler filled the cache (docs/performance.md).
   */
  private evict() {
    const target = this.options.maxBytes * 0.9;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= target) break;
      this.remove(oldest, entry);
    }
  }

  /** Drops every answer; `fromPeer` when another instance announced the write. */
  invalidate(fromPeer = false) {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
    if (!fromPeer) this.options.onInvalidate?.();
  }

  get size() {
    return this.entries.size;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

/** The client's preferred encoding among ours (br, then gzip), honouring q=0. */
export function pickEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

function encode(entry: Entry, encoding: Encoding): Buffer {
  let bytes = entry.encoded[encoding];
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
        : gzipSync(entry.body, { level: 6 });
    entry.encoded[encoding] = bytes;
  }
  return bytes;
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
/** A write that may change public answers (unless its descriptor says it keeps them), or a GET whose descriptor says it writes. */
const changesPublicAnswers = (request: FastifyRequest) => {
  const cache = request.routeOptions.config.endpoint?.cache;
  return isWrite(request.method) ? cache !== 'keeps' : cache === 'writes';
};

/** Answers a hit straight from memory: same headers, body and ETag as the answer that was stored. */
function serve(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  const headers: Record<string, string | number | string[]> = {
    ...entry.headers,
    'cache-control': request.headers.authorization ? 'private, no-cache' : 'no-cache',
    vary: 'accept-encoding',
  };
  reply.hijack();
  const etag = entry.headers.etag;
  if (etag !== undefined && request.headers['if-none-match'] === etag) {
    delete headers['content-type'];
    reply.raw.writeHead(304, headers);
    reply.raw.end();
    return;
  }
  const encoding = entry.body.length >= MIN_COMPRESS ? pickEncoding(request.headers['accept-encoding']) : undefined;
  const body = encoding ? encode(entry, encoding) : entry.body;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  reply.raw.writeHead(200, headers);
  reply.raw.end(body);
}

const kSince = Symbol('publicCacheSince');
const kBody = Symbol('publicCacheBody');
type Tracked = FastifyRequest & { [kSince]?: number; [kBody]?: string };

/** Register before the other plugins, so a hit skips their hooks (auth's user read included). */
export default fp(async function publicCache(app: FastifyInstance, { ttlMs, maxBytes, redis, channel = 'public-cache' }: PublicCachePluginOptions) {
  const instance = randomUUID();
  const announce = redis
    ? () => void redis.publish(channel, instance).catch((err: Error) => app.log.error({ err }, 'could not announce a write to other instances'))
    : undefined;
  const cache = new PublicCache({ ttlMs, maxBytes, onInvalidate: announce });
  app.decorate('publicCache', cache);
  if (redis) await listenToPeers(app, redis, channel, instance, cache);

  app.addHook('onRequest', (request: Tracked, reply, done) => {
    if (request.method === 'GET' && request.routeOptions.config.endpoint?.cache === 'public') {
      const entry = cache.get(request.url);
      if (entry) serve(request, reply, entry);
      else request[kSince] = cache.generation;
    }
    done();
  });

  // Before compression: the JSON text as serialized.
  app.addHook('onSend', (request: Tracked, reply, payload, done) => {
    if (request[kSince] !== undefined && reply.statusCode === 200 && typeof payload === 'string') request[kBody] = payload;
    done(null, payload);
  });

  app.addHook('onResponse', (request: Tracked, reply, done) => {
    const body = request[kBody];
    if (body !== undefined && request[kSince] !== undefined && reply.statusCode === 200) {
      const headers: Entry['headers'] = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !perResponse.has(name)) headers[name] = value;
      }
      cache.set(request.url, request[kSince], Buffer.from(body), headers);
    } else if (changesPublicAnswers(request) && (reply.statusCode < 400 || reply.statusCode >= 500)) {
      cache.invalidate();
    }
    done();
  });
});

/** Other instances' writes empty this instance's cache too (within ttlMs should Redis be cut off). */
async function listenToPeers(app: FastifyInstance, redis: Redis, channel: string, instance: string, cache: PublicCache) {
  const subscriber = redis.duplicate();
  subscriber.on('error', (err: Error) => app.log.error({ err }, 'public cache subscriber error'));
  subscriber.on('message', (_channel: string, from: string) => {
    if (from !== instance) cache.invalidate(true);
  });
  await subscriber.subscribe(channel);
  app.addHook('onClose', async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  });
}
