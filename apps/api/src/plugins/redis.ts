import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one shared Redis client when REDIS_URL is set (connected before the app is ready,
     * quit when it closes); undefined otherwise. Prefix every key with config.redisPrefix.
     * For SUBSCRIBE take your own connection: `app.redis.duplicate()`, and quit it yourself.
     */
    redis: Redis | undefined;
  }
}

/** The URL without its password, for messages and logs. */
export const redactedUrl = (url: string) => url.replace(/\/\/([^@/]*)@/, (_, auth: string) => `//${auth.includes(':') ? `${auth.split(':')[0]}:***` : '***'}@`);

export class RedisUnreachableError extends Error {}

/**
 * Connects one ioredis client when a URL is given, and refuses to start when Redis cannot be
 * reached: several instances must share their counters, not each fall back to its own.
 */
export default fp(
  async function redis(app: FastifyInstance, opts: { url: string | undefined }) {
    if (!opts.url) {
      app.decorate('redis', undefined);
      return;
    }
    const client = new Redis(opts.url, {
      lazyConnect: true,
      connectTimeout: 2000,
      // A request waiting on a Redis that went away fails within a reconnect or two, not after 20.
      maxRetriesPerRequest: 1,
    });
    let lastError: Error | undefined;
    let started = false;
    // After start-up ioredis reconnects on its own; each failed attempt is logged meanwhile.
    client.on('error', (err: Error) => {
      lastError = err;
      if (started) app.log.error({ err }, 'Redis connection error');
    });
    try {
      await client.connect();
      await client.ping();
    } catch (err) {
      client.disconnect();
      const cause = lastError ?? (err as Error);
      throw new RedisUnreachableError(`Redis is not reachable at ${redactedUrl(opts.url)} (REDIS_URL): ${cause.message}`, { cause });
    }
    started = true;
    app.decorate('redis', client);
    app.addHook('onClose', async () => {
      if (client.status === 'end') return;
      // Until the socket is closed, not just until QUIT is answered: nothing is left to keep the process up.
      const ended = new Promise((resolve) => client.once('end', resolve));
      await client.quit().catch(() => client.disconnect());
      await ended;
    });
  },
  { name: 'redis' },
);
