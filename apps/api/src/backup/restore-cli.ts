import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { restoreBackup } from './backup.ts';
import { ownerOnlyFromNowOn } from '../private-files.ts';

// What this writes (DATA_DIR, a backup) is its owner's alone (decision 039).
ownerOnlyFromNowOn();

/**
 * `npm run restore -- <backup folder>`: restores a backup into the configured DATA_DIR (empty) or the empty
 * database DATABASE_URL names, then checks every row and picture against the backup's manifest (decision 037).
 */
const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup folder>   (into DATA_DIR, which must be empty, or the empty database DATABASE_URL names)');
  process.exit(2);
}
try {
  const config = loadConfig();
  const restored = await restoreBackup(config, resolve(positionals[0]!));
  console.log(
    `Restored ${restored.rows} rows in ${restored.tables} tables and ${restored.pictures} pictures into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}; every one matches the backup`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
