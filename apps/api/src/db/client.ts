import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrivateNodeFS } from './private-node-fs.ts';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations not yet applied (those of `folder`: a test stops at an older schema). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool now: its connections, those idle, and the queries waiting for one (PGlite has none). */
  pool?(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: its whole data directory as a gzipped tar, taken while no query runs (after a checkpoint),
   * so it opens as the database was at one moment; `openDatabase({ pgliteTemplate })` opens it again.
   */
  snapshot?(): Promise<Blob>;
}

/**
 * A prepared statement per database handle: built once, then parsed and planned once per connection.
 * `const byId = perDb((db) => db.select()….prepare('name'))`, then `byId(db).execute(…)`.
 */
export function perDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) made.set(db, (statement = prepare(db)));
    return statement;
  };
}

export const migrationsFolder = join(import.meta.dirname, 'migrations');

/** The extensions search needs (migration 0006); PostgreSQL ships them as contrib. */
export const pgliteExtensions = { pg_trgm, fuzzystrmatch };

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite: stored in `pgliteDir`,
 * or in memory when that is 'memory://' (tests), started from `pgliteTemplate` (a dump of
 * a data directory) when given.
 */
export async function openDatabase(opts: { url?: string | undefined; pgliteDir: string; pgliteTemplate?: Blob | undefined }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    let closing = false;
    // An idle connection that the server drops must not crash the process; the pool replaces it.
    pool.on('error', (err) => {
      if (!closing) console.error(`database connection lost: ${err.message}`);
    });
    // Fail at start-up, not at the first request.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: (folder = migrationsFolder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
      close: () => {
        closing = true;
        return pool.end();
      },
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // On the disk through PrivateNodeFS: its files are the owner's only ('memory://' for tests stays in memory).
  const where = opts.pgliteDir.includes('://') ? { dataDir: opts.pgliteDir } : { fs: new PrivateNodeFS(opts.pgliteDir) };
  const client = await PGlite.create({ ...where, extensions: pgliteExtensions, ...(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {}) });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
    snapshot: async () => {
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
  };
}

export const pgliteDirIn = (dataDir: string) => join(dataDir, 'db');
