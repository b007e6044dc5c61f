import { configDefaults, defineConfig } from 'vitest/config';
import { postgresReachable, postgresUrl } from './test/databases.ts';

/**
 * The API suite runs twice: on embedded PGlite and on PostgreSQL. PostgreSQL is
 * required in CI; locally it runs when reachable and says so loudly when not.
 */
export default defineConfig(async () => {
  const reachable = await postgresReachable();
  if (!reachable && process.env.CI === 'true') {
    throw new Error(`PostgreSQL is required in CI but not reachable at ${postgresUrl}`);
  }
  if (!reachable) {
    console.warn(`\n!!! PostgreSQL not reachable at ${postgresUrl}: the PostgreSQL half of the API suite is NOT running !!!\n`);
  }
  // Files that do not depend on the engine, or handle both engines themselves, run once, under pglite;
  // files that need several processes on one database run once, under postgres.
  const once = { pglite: ['test/redis.test.ts', 'src/plugins/public-cache-redis.test.ts', 'test/crash.test.ts'], postgres: ['test/limits-across-instances.test.ts'] };
  const project = (name: 'pglite' | 'postgres') => ({
    extends: true as const,
    test: { name, env: { TEST_DB: name }, exclude: [...configDefaults.exclude, ...(name === 'pglite' ? once.postgres : once.pglite)] },
  });
  return {
    test: {
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
      projects: reachable ? [project('pglite'), project('postgres')] : [project('pglite')],
    },
  };
});
