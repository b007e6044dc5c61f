import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDirIn, pgliteExtensions } from '../src/db/client.ts';
import { PrivateNodeFS } from '../src/db/private-node-fs.ts';

/**
 * Puts the pglite project's migrated, empty database (test/pglite-template.ts) into `dataDir` as the server keeps
 * it (owner-only files), for a real-process test whose subject is not the very first start: PGlite's initdb and the
 * migrations cost 10–30 s of CPU on a loaded 2-core machine, which the end-to-end lane beside them pays too. The
 * first-start tests (start.test.ts, first-start.test.ts) make theirs for real. No vitest here (scripts use it).
 */
export async function databaseFromTemplate(dataDir: string, template: string | undefined) {
  // Without it the server would quietly make its own, as slow as before (the processes lane once had no template).
  if (!template) throw new Error("databaseFromTemplate: no PGlite template (test/pglite-template.ts is not this project's global setup)");
  if (existsSync(pgliteDirIn(dataDir))) return;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const client = await PGlite.create({
    fs: new PrivateNodeFS(pgliteDirIn(dataDir)),
    extensions: pgliteExtensions,
    loadDataDir: new Blob([readFileSync(template)]),
  });
  await client.close();
}
