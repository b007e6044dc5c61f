import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { SQL } from 'drizzle-orm';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client.ts';
import { createPostgresDatabase } from './databases.ts';
import { dbKind, testConfig } from './helper.ts';

/** A fixed id for an older release's rows: 1 → '11111111-0000-4000-8000-000000000000'. */
export const fixedId = (n: number) => `${String(n).repeat(8)}-0000-4000-8000-000000000000`;

/** The rows a statement answers, on a database of any engine. */
export const rowsIn = async <T>(database: Database, query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The migrations folder as an older release shipped it: its journal ends at `lastTag` (a temporary copy). */
export function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * A database as the release ending at `lastTag` left it (the PostgreSQL one of this test file, or PGlite in memory):
 * fill it with that release's rows, then `upgrade()` migrates it to this release and builds the app on it.
 */
export async function openOlderRelease(lastTag: string) {
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (dbKind === 'postgres') ({ url, drop } = await createPostgresDatabase());
  const database = await openDatabase({ url, pgliteDir: 'memory://' });
  const folder = migrationsUpTo(lastTag);
  await database.migrate(folder);
  const config = testConfig();
  let app: FastifyInstance | undefined;
  return {
    database,
    async upgrade(): Promise<FastifyInstance> {
      await database.migrate();
      app = await buildApp({ config, database });
      await app.ready();
      return app;
    },
    async close() {
      await app?.close();
      await database.close();
      await drop?.();
      rmSync(folder, { recursive: true, force: true });
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
