import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { writeBackup } from './backup.ts';
import { ownerOnlyFromNowOn } from '../private-files.ts';

// What this writes (DATA_DIR, a backup) is its owner's alone (decision 039).
ownerOnlyFromNowOn();

/**
 * `npm run backup [-- --out <folder>]`: a consistent backup of the configured data (decision 037), while the
 * server runs or not. Default folder: backups/<time> beside DATA_DIR.
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });
try {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = resolve(values.out ?? join(dirname(config.dataDir), 'backups', `backup-${stamp}`));
  const manifest = await writeBackup(config, out);
  const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
  const pictures = manifest.pictures
    ? `${manifest.pictures.length} pictures`
    : `pictures left in the bucket ${config.s3!.bucket} (back it up with the store's own tools)`;
  console.log(`Backed up ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${pictures} to ${out}`);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
}
