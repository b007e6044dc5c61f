import { configDefaults, defineConfig } from 'vitest/config';
import { compiledCatalogs, locales } from '../web/vite-catalogs.ts';
import { postgresReachable, postgresUrl } from './test/databases.ts';

/**
 * The files that start real processes (a server by `npm start` or spawnApi, `npm run seed`, backups, the crash
 * runs and the job queue under SIGKILL, two servers on one PostgreSQL, nginx): mostly waiting on their children,
 * so `npm test` runs them as a lane of their own beside the rest (TEST_LANE=processes; the rest is TEST_LANE=main).
 */
const processes = [
  'test/crash.test.ts',
  'test/jobs-kill.test.ts',
  'test/backup.test.ts',
  'test/limits-across-instances.test.ts',
  'test/instances.test.ts',
  'test/start.test.ts',
  'test/first-start.test.ts',
  'test/tls-edge.test.ts',
  'src/db/seed-cli.test.ts',
];

/** What `npm run test:fast` (TEST_FAST=true) leaves out: the fuzz campaign, the files that need Redis, and the real processes. */
const slow = ['test/fuzz.test.ts', 'test/redis.test.ts', 'src/plugins/public-cache-redis.test.ts', ...processes];

/**
 * The API suite runs twice: on embedded PGlite and on PostgreSQL. PostgreSQL is
 * required in CI; locally it runs when reachable and says so loudly when not.
 * With TEST_FAST=true it runs on PGlite only, without the slow files.
 */
export default defineConfig(async () => {
  const fast = process.env.TEST_FAST === 'true';
  const lane = process.env.TEST_LANE;
  const reachable = !fast && (await postgresReachable());
  if (!fast && !reachable && process.env.CI === 'true') {
    throw new Error(`PostgreSQL is required in CI but not reachable at ${postgresUrl}`);
  }
  if (!fast && !reachable) {
    console.warn(`\n!!! PostgreSQL not reachable at ${postgresUrl}: the PostgreSQL half of the API suite is NOT running !!!\n`);
  }
  // Files that do not depend on the engine, or handle both engines themselves, run once, under pglite;
  // files that need several processes on one database run once, under postgres.
  const once = {
    pglite: [
      'test/private-data-dir.test.ts',
      'test/redis.test.ts',
      'src/plugins/public-cache-redis.test.ts',
      'test/crash.test.ts',
      'test/jobs-kill.test.ts',
      'test/backup.test.ts',
    ],
    postgres: ['test/limits-across-instances.test.ts', 'test/instances.test.ts', 'test/tls-edge.test.ts'],
  };
  const project = (name: 'pglite' | 'postgres') => ({
    extends: true as const,
    test: {
      name,
      env: { TEST_DB: name },
      exclude: [...configDefaults.exclude, ...(name === 'pglite' ? once.postgres : once.pglite), ...(fast ? slow : []), ...(lane === 'main' ? processes : [])],
      globalSetup: name === 'pglite' ? ['test/pglite-template.ts'] : [],
    },
  });
  return {
    // The web app's server render, imported from its source (test/helper.ts): compiled as its build compiles it.
    plugins: [compiledCatalogs()],
    resolve: { alias: { '@locales': locales } },
    esbuild: { jsx: 'automatic' as const },
    test: {
      include: lane === 'processes' ? processes : ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
      projects: reachable ? [project('pglite'), project('postgres')] : [project('pglite')],
      // Every core: Vitest leaves one free by default, a single worker on two cores. Files do not collide: each
      // has its own database (PGlite in memory, or a PostgreSQL database of its own), DATA_DIR (mkdtemp), free ports,
      // Redis prefix (uniquePrefix) and nginx folder, and none sets process.env.
      maxWorkers: '100%',
      // Fast and the main lane: the modules each worker imported kept for its next file (every file still builds
      // its own app and database), which spares each file a fifth of its time. The processes lane stays isolated.
      ...(fast || lane === 'main' ? { isolate: false } : {}),
    },
  };
});
