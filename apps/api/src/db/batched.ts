import type { Db } from './client.ts';

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Look-ups of one kind asked for while the server handles one round of I/O, answered together: the keys
 * gather until the event loop's check phase (`setImmediate`, after every request that arrived in that
 * round has reached its handler), then `load` reads them all with one statement (`= any($1)`) and each
 * caller gets its own row, or undefined. One statement instead of one per request is what the database
 * path costs (decision 047): a round trip, a parse and a plan each, and on PGlite a turn of its one queue.
 * A failed statement fails every look-up of its batch; the same key twice in a batch is read once.
 */
export function batched<K, V>(load: (db: Db, keys: K[]) => Promise<Map<K, V>>, max = 100): (db: Db, key: K) => Promise<V | undefined> {
  const gathering = new WeakMap<Db, Map<K, Waiter<V>[]>>();

  async function run(db: Db, batch: Map<K, Waiter<V>[]>) {
    if (gathering.get(db) === batch) gathering.delete(db);
    try {
      const found = await load(db, [...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  }

  return (db, key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let batch = gathering.get(db);
      if (!batch) {
        const fresh = new Map<K, Waiter<V>[]>();
        gathering.set(db, (batch = fresh));
        setImmediate(() => void run(db, fresh));
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      // Full: the next key starts another batch; this one still goes at the check phase.
      if (batch.size >= max) gathering.delete(db);
    });
}
