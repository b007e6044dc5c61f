// npm run seed [-- --reset]: seeds an empty database, or with --reset empties it first.
import { loadConfig } from '../config.ts';
import { openDatabase, pgliteDirIn } from './client.ts';
import { isEmpty, resetDatabase, seed } from './seed.ts';
import { ownerOnlyFromNowOn } from '../private-files.ts';

// What this writes (DATA_DIR, a backup) is its owner's alone (decision 039).
ownerOnlyFromNowOn();

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirIn(config.dataDir) });
try {
  await database.migrate();
  const reset = process.argv.includes('--reset');
  if (reset) await resetDatabase(database.db);
  if (reset || (await isEmpty(database.db))) {
    await seed(database.db, config.uploadsDir);
    console.log(`Seeded the ${database.kind} database${reset ? ' from scratch' : ''}.`);
  } else {
    console.log('The database already has data; use --reset to rebuild it.');
  }
} finally {
  await database.close();
}
