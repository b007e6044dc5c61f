import { configDefaults, defineConfig } from 'vitest/config';
import { compiledCatalogs, locales } from '../web/vite-catalogs.ts';
import { postgresReachable, postgresUrl } from './test/databases.ts';

/**
 * What `npm run test:fast` (TEST_FAST=true) leaves out: the fuzz campaign, the files that need
 * Redis, and the ones that start real processes (the crash runs, two servers on PostgreSQL,
 * `npm start`, `npm run seed`).
 */
const slow = [
  'test/fuzz.test.ts',
  'test/redis.test.ts',
  'src/plugins/public-cache-redis.test.ts',
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

/**
 * The API suite runs twice: on embedded PGlite and on PostgreSQL. PostgreSQL is
 * required in CI; locally it runs when reachable and says so loudly when not.
 * With TEST_FAST=true it runs on PGlite only, without the slow files.
 */
export default defineConfig(async () => {
  const fast = process.env.TEST_FAST === 'true';
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
      exclude: [...configDefaults.exclude, ...(name === 'pglite' ? once.postgres : once.pglite), ...(fast ? slow : [])],
      globalSetup: name === 'pglite' ? ['test/pglite-template.ts'] : [],
    },
  });
  return {
    // The web app's server render, imported from its source (test/helper.ts): compiled as its build compiles it.
    plugins: [compiledCatalogs()],
    resolve: { alias: { '@locales': locales } },
    esbuild: { jsx: 'automatic' as const },
    test: {
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
      projects: reachable ? [project('pglite'), project('postgres')] : [project('pglite')],
      // Fast: every core (Vitest leaves one free by default: a single worker on two cores), and the
      // modules each worker imported kept for its next file (every file still builds its own app and database).
      ...(fast ? { maxWorkers: '100%', isolate: false } : {}),
    },
  };
});
