import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the Redis tests use (shared with others: they touch only their own prefix). */
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers. In CI it is required: unreachable throws. Locally an unreachable Redis
 * skips the caller's tests, said loudly.
 */
export async function redisAvailable(what: string): Promise<boolean> {
  const client = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let reason: Error | undefined;
  client.on('error', (err: Error) => (reason = err));
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (err) {
    const why = (reason ?? (err as Error)).message;
    if (process.env.CI === 'true') throw new Error(`Redis is required in CI but not reachable at ${redisUrl}: ${why}`, { cause: err });
    console.warn(`\n!!! Redis not reachable at ${redisUrl} (${why}): SKIPPING ${what} !!!\n`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** A prefix no other test file or run shares. */
export const uniquePrefix = (name: string) => `market-test:${name}:${Date.now().toString(36)}${randomBytes(3).toString('hex')}:`;

/** The keys under a prefix (SCAN, never KEYS on a shared server). */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys.sort();
}

/** Deletes this test's keys, and only those: the Redis is shared, never FLUSHALL. */
export async function deleteUnder(prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys = await keysUnder(redis, prefix);
    if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
