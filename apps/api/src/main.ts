import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ControlError, openControlSocket, refuseIfHeld } from './backup/control.ts';
import { ConfigError, loadConfig, unsafeSettings } from './config.ts';
import { openDatabase, pgliteDirIn } from './db/client.ts';
import { isEmpty, seedCatalogue, seedDemo } from './db/seed.ts';
import { releaseAllClaims } from './jobs/queue.ts';
import { RedisUnreachableError } from './plugins/redis.ts';
import { publicOrigin } from './public-origin.ts';
import { startLine } from './start-line.ts';
import { ownerOnlyFromNowOn, PrivateFilesError, repairDataDir } from './private-files.ts';

// Before anything is written: DATA_DIR, PGlite's files and the pictures are this user's alone (decision 039).
ownerOnlyFromNowOn();

let config;
try {
  config = loadConfig();
  // A DATA_DIR of an older version (or copied in by hand) is made private too, and the log says what changed.
  const changed = repairDataDir(config.dataDir);
  if (changed.length)
    console.warn(
      `DATA_DIR ${config.dataDir} was readable by other users: made ${changed.length} files and folders its owner's only (folders 0700, files 0600; was: ${changed.slice(0, 10).join(', ')}${changed.length > 10 ? ', …' : ''})`,
    );
} catch (err) {
  if (err instanceof ConfigError || err instanceof PrivateFilesError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// The embedded database is this process's alone: never opened while another server has it, and `npm run backup`
// asks this process for a snapshot through DATA_DIR/control.sock.
if (!config.databaseUrl) {
  try {
    refuseIfHeld(config.dataDir);
  } catch (err) {
    if (!(err instanceof ControlError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirIn(config.dataDir) });
const control = database.kind === 'pglite' ? await openControlSocket(config.dataDir, database, (m) => console.warn(m)) : undefined;
await database.migrate();
// Only this process opens the embedded database: a job it finds claimed was claimed by one that was killed.
if (database.kind === 'pglite') await releaseAllClaims(database.db);
// An empty database gets the brand categories, and the demo data while DEMO is on.
const empty = await isEmpty(database.db);
await seedCatalogue(database.db, config.uploadsDir);
if (config.demo && empty) await seedDemo(database.db, config.uploadsDir);

const app = await buildApp({ config, database }).catch(async (err: unknown) => {
  // A message, not a stack trace: the cause is outside this program.
  if (!(err instanceof RedisUnreachableError)) throw err;
  console.error(err.message);
  await database.close();
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    // Graceful, but bounded: a stuck connection must not keep a stopping server alive.
    setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    // Kept-alive connections that finish a request after the stop began are closed as soon as they fall idle.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    // The database closes after the server has answered every request under way (onClose hooks run before that),
    // and after the handlers of requests whose clients went away meanwhile have finished too.
    void app
      .close()
      .then(() => app.handlersDone())
      .then(() => control?.close())
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

for (const warning of unsafeSettings(config)) app.log.warn(`UNSAFE SETTINGS: ${warning}`);
await app.listen({ port: config.port, host: config.host });
// One line for people (everything else is JSON logs): the address comes from the one function that says where browsers reach us.
const { address, port } = app.server.address() as AddressInfo;
const listening = `${address.includes(':') ? `[${address}]` : address}:${port}`;
const pgliteDir = database.kind === 'pglite' ? pgliteDirIn(config.dataDir) : undefined;
process.stdout.write(`${startLine(config, { origin: publicOrigin(app.server, config), listening, pgliteDir })}\n`);
