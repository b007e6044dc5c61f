import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { WaitCode } from '@market/contract';
import type { AbuseLimits, Limit } from '../config.ts';
import { appError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every abuse limit of the API (login, sign-up, uploads, Google sign-in, card confirmations). */
    limiter: Limiter;
    /** The configured limits, by the names endpoint descriptors use. */
    abuseLimits: AbuseLimits;
    /** An account younger than this many days is new: the limits counted `per: 'new-account'` count it (issue 33). */
    newAccountDays: number;
  }
}

/** A key's count in its current window and the time left in it. */
export interface Hit {
  count: number;
  ttlMs: number;
}

/** Fixed-window counters: a key's window starts at its first hit and ends windowMs later. */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  clear(key: string): Promise<void>;
  close(): void;
}

/** In this process only: one instance, tests, development. */
export function memoryCounters(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.endsAt <= t) windows.delete(key);
  }, 60_000).unref();
  return {
    async hit(key, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        w = { count: 0, endsAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, ttlMs: w.endsAt - t };
    },
    async clear(key) {
      windows.delete(key);
    },
    close() {
      clearInterval(sweep);
    },
  };
}

/** INCR, and the window's expiry set by the first hit (or repaired if a key somehow has none), atomically. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

/** In Redis: every instance sharing the Redis and the prefix shares the counts. */
export function redisCounters(redis: Redis): CounterStore {
  return {
    async hit(key, windowMs) {
      const [count, ttlMs] = (await redis.eval(HIT, 1, key, windowMs)) as [number, number];
      return { count, ttlMs };
    },
    async clear(key) {
      await redis.del(key);
    },
    close() {},
  };
}

/** The wait a 429's message names: "37 seconds", "1 second", or from two minutes on "15 minutes" (`minutes` is 0 before). */
const waitParams = (seconds: number) => ({ seconds, minutes: seconds < 120 ? 0 : Math.ceil(seconds / 60) });

/** The address or e-mail is not stored as such: Redis holds only a digest of it. */
const digest = (id: string) => createHash('sha256').update(id).digest('base64url').slice(0, 22);

export interface Limiter {
  /**
   * Counts one attempt for `id` under `kind`; past the limit, sets Retry-After and throws a 429
   * with `code`, whose message says how long to wait. If the counters cannot be reached the attempt
   * is let through and logged: a Redis outage must not stop everyone logging in.
   */
  take(reply: FastifyReply, kind: string, id: string, limit: Limit, code: WaitCode): Promise<void>;
  /** Forgets the attempts counted for `id` under `kind`. */
  clear(kind: string, id: string): Promise<void>;
  close(): void;
}

export function createLimiter(store: CounterStore, prefix: string, log: FastifyBaseLogger): Limiter {
  const key = (kind: string, id: string) => `${prefix}${kind}:${digest(id)}`;
  return {
    async take(reply, kind, id, limit, code) {
      let hit: Hit;
      try {
        hit = await store.hit(key(kind, id), limit.windowMs);
      } catch (err) {
        log.error({ err, kind }, 'abuse-limit counters unreachable; the attempt is let through');
        return;
      }
      if (hit.count <= limit.max) return;
      const seconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
      reply.header('retry-after', String(seconds));
      throw appError(429, code, waitParams(seconds));
    },
    async clear(kind, id) {
      await store.clear(key(kind, id)).catch((err: unknown) => log.error({ err, kind }, 'abuse-limit counters unreachable; not cleared'));
    },
    close: () => store.close(),
  };
}

/**
 * One limiter for the whole app: counters in Redis (shared by every instance) when app.redis
 * is set, in this process otherwise. Register after the redis plugin.
 */
export default fp(
  async function limits(app: FastifyInstance, opts: { prefix: string; limits: AbuseLimits; newAccountDays: number }) {
    const limiter = createLimiter(app.redis ? redisCounters(app.redis) : memoryCounters(), `${opts.prefix}limit:`, app.log);
    app.decorate('limiter', limiter);
    app.decorate('abuseLimits', opts.limits);
    app.decorate('newAccountDays', opts.newAccountDays);
    app.addHook('onClose', async () => limiter.close());
  },
  { name: 'limits', dependencies: ['redis'] },
);
