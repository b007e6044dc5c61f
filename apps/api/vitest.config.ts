import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { compiledCatalogs, locales } from '../web/vite-catalogs.ts';
import { postgresReachable, postgresUrl } from './test/databases.ts';

/**
 * The files that start real processes (the crash runs, two servers on PostgreSQL, `npm start`, `npm run seed`,
 * a backup by the CLI): the full run's "processes" lane (scripts/test.ts), beside the rest of the suite.
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

/**
 * The full run's "beside" lane, after the processes lane and the web suite, in the cores the end-to-end suite leaves
 * (never beside the real-process files, whose servers it starved: decision 043): the fuzz campaign, and the longer
 * files that need nothing of the api lane's time — the access and refusal sweeps, the migrations from older
 * releases, the races and the search index's — so the api lane, which the end-to-end suite waits for, is shorter.
 */
const beside = [
  'test/fuzz.test.ts',
  'test/access.test.ts',
  'src/plugins/errors.test.ts',
  'test/concurrency.test.ts',
  'src/modules/products/search-index.test.ts',
  'src/db/migrations.test.ts',
  'src/db/migration-*.test.ts',
];

/** What `npm run test:fast` (TEST_FAST=true) leaves out besides those: the fuzz campaign and the files that need Redis. */
const slow = [...processes, 'test/fuzz.test.ts', 'test/redis.test.ts', 'src/plugins/public-cache-redis.test.ts'];

/**
 * A file that opens no database of the project's engine (a unit test of what sits under the app) runs once,
 * under pglite: what it names decides (test/helper.ts's openers, the engine, the PostgreSQL server, a server process).
 */
const opensDatabase =
  /useTestApp|useTestDatabase|openTestDatabase|createPostgresDatabase|openOlderRelease|dbKind|TEST_DB|postgresUrl|fixtures\.ts|server-process/;
const withoutDatabase = () =>
  ['src', 'test']
    .flatMap((dir) => readdirSync(join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`))
    .filter((f) => f.endsWith('.test.ts') && !opensDatabase.test(readFileSync(join(import.meta.dirname, f), 'utf8')));

/**
 * The API suite runs twice: on embedded PGlite and on PostgreSQL. PostgreSQL is
 * required in CI; locally it runs when reachable and says so loudly when not.
 * With TEST_FAST=true it runs on PGlite only, without the slow files.
 */
export default defineConfig(async () => {
  const fast = process.env.TEST_FAST === 'true';
  // The full run's lanes (scripts/test.ts): "api" is every file but the processes and the beside files, "processes"
  // only the processes, "beside" only the beside files; unset, all of them (npx vitest run).
  const lane = process.env.TEST_LANE;
  // Files share one module graph per worker (isolate: false) except where real processes are started and killed.
  const shared = fast || lane === 'api' || lane === 'beside';
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
  // Files whose subject is the same on both engines (who may call each route, how a malformed id or a fuzzed request
  // is refused: the app's code, not the database's) and that are long: once, under postgres, where they take a third of PGlite's
  // time (decision 043); under pglite when PostgreSQL is not there.
  const eitherEngine = reachable ? ['test/access.test.ts', 'src/plugins/errors.test.ts', 'test/fuzz.test.ts'] : [];
  const project = (name: 'pglite' | 'postgres') => ({
    extends: true as const,
    test: {
      name,
      env: { TEST_DB: name, TEST_KEEP_PGLITE: String(shared) },
      exclude: [
        ...configDefaults.exclude,
        ...(name === 'pglite' ? [...once.postgres, ...eitherEngine] : [...once.pglite, ...withoutDatabase()]),
        ...(fast ? slow : []),
        ...(lane === 'api' ? [...processes, ...beside] : []),
      ],
      // The migrated databases each file's database is copied from; the processes' files on PostgreSQL make their own,
      // and on PGlite start their servers' DATA_DIR from the template (test/data-dir.ts) but for the first-start tests.
      globalSetup: name === 'pglite' ? ['test/pglite-template.ts'] : lane === 'processes' ? [] : ['test/postgres-template.ts'],
    },
  });
  return {
    // The web app's server render, imported from its source (test/helper.ts): compiled as its build compiles it.
    plugins: [compiledCatalogs()],
    resolve: { alias: { '@locales': locales } },
    esbuild: { jsx: 'automatic' as const },
    test: {
      include: lane === 'processes' ? processes : lane === 'beside' ? beside : ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // The beside lane runs at nice 10 beside the end-to-end suite, in the CPU it leaves: a test's bound is longer there.
      testTimeout: lane === 'beside' ? 60_000 : 20_000,
      hookTimeout: 60_000,
      // Passwords hashed in the test process at argon2id's least cost (test/password-cost.ts).
      setupFiles: ['test/password-cost.ts'],
      projects: reachable ? [project('pglite'), project('postgres')] : [project('pglite')],
      // Fast and the api lane: every core (Vitest leaves one free by default: a single worker on two cores), and
      // the modules each worker imported kept for its next file (every file still builds its own app; its PGlite
      // database is the worker's, emptied).
      ...(shared ? { maxWorkers: '100%', isolate: false } : {}),
      // The processes lane: two files at a time too (their servers spend much of their time starting and
      // waiting), each in a fresh worker.
      ...(lane === 'processes' ? { maxWorkers: '100%' } : {}),
    },
  };
});
