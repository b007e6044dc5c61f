import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite data directory (test/helper.ts starts each file's database from it). */
    pgliteTemplate: string;
  }
}

/**
 * Global setup of the pglite project: one database migrated as the app migrates it, dumped once, so
 * that each test file loads it (about half a second) instead of running initdb and the migrations
 * (several seconds, most of a small file's time).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'market-pglite-template-'));
  const pgliteDir = join(dir, 'db');
  const database = await openDatabase({ pgliteDir });
  await database.migrate();
  await database.close();
  const client = await PGlite.create(pgliteDir, { extensions: pgliteExtensions });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
