import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { databaseFromTemplate } from '../../test/data-dir.ts';
import { createPostgresDatabase } from '../../test/databases.ts';
import { dbKind } from '../../test/helper.ts';
import { apiDir, cleanEnv } from '../../test/server-process.ts';

describe('npm run seed', () => {
  const run = promisify(execFile);

  it('seeds an empty database, leaves a full one alone, and rebuilds it with --reset', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'market-seed-cli-'));
    const pg = dbKind === 'postgres' ? await createPostgresDatabase() : undefined;
    if (!pg) await databaseFromTemplate(dataDir, inject('pgliteTemplate'));
    const env = cleanEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(pg ? { DATABASE_URL: pg.url } : {}) });
    const seedCli = (...args: string[]) => run(process.execPath, ['src/db/seed-cli.ts', ...args], { cwd: apiDir, env, timeout: 60_000 });
    try {
      expect((await seedCli()).stdout).toMatch(/^Seeded the (pglite|postgres) database\.$/m);
      expect((await seedCli()).stdout).toMatch(/already has data; use --reset/);
      expect((await seedCli('--reset')).stdout).toMatch(/Seeded the (pglite|postgres) database from scratch\./);
      expect(existsSync(join(dataDir, 'uploads', 'seed', 'logos', 'apple.svg'))).toBe(true);
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
