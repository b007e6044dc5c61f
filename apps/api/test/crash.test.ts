import { describe, expect, inject, it } from 'vitest';
import { runCrashSafety, type CrashReport, type Engine } from '../scripts/crash-safety.ts';
import { createPostgresDatabase, postgresReachable, postgresUrl } from './databases.ts';

/**
 * Crash safety of the real server (`node src/main.ts`): writes from several workers over HTTP,
 * SIGKILL mid-load, restart on the same data (scripts/crash-safety.ts does the work). This file
 * runs both engines itself, so vitest.config.ts runs it once, in the pglite project. PostgreSQL
 * is required in CI; locally its half is skipped, loudly, when the server is not reachable.
 */
const onPostgres = await postgresReachable();
if (!onPostgres && process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI but not reachable at ${postgresUrl}`);
if (!onPostgres) console.warn(`\n!!! PostgreSQL not reachable at ${postgresUrl}: the crash-safety test runs on PGlite only !!!\n`);

function expectCrashSafe(report: CrashReport) {
  expect(report.problems).toEqual([]);
  // A crash under load, not a quiet stop: SIGKILL while requests were on the wire.
  expect(report.killedBy).toBe('SIGKILL');
  expect(report.inFlightAtKill).toBeGreaterThan(0);
  // Every kind of write was acknowledged before the kill, so every kind was checked.
  const { acknowledged } = report;
  expect(Object.values(acknowledged).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(report.killAfter);
  for (const [kind, n] of Object.entries(acknowledged)) expect(n, `acknowledged ${kind}`).toBeGreaterThan(0);
  // After the restart: a sign-up, a product, a booking, an intent, its confirmation and the payment.
  expect(report.afterRestart).toBe(6);
  console.log(
    `crash safety on ${report.engine}: SIGKILL after ${report.killAfter} acknowledged writes ${JSON.stringify(acknowledged)} with ${report.inFlightAtKill} in flight; ` +
      `healthy again in ${report.restartMs} ms; ${report.signUps} sign-ups; ${report.totalMs} ms in all`,
  );
}

const run = async (engine: Engine) => {
  const pg = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  try {
    // Beside the end-to-end suite on two cores a run can take three minutes; alone it takes about one.
    expectCrashSafe(await runCrashSafety({ engine, databaseUrl: pg?.url, pgliteTemplate: inject('pgliteTemplate'), timeoutMs: 240_000 }));
  } finally {
    await pg?.drop();
  }
};

describe(
  'crash safety: every acknowledged write survives SIGKILL under load; nothing is left half done; the server starts, works and stops cleanly',
  { timeout: 270_000 },
  () => {
    it('on PGlite (DATA_DIR)', () => run('pglite'));
    it.runIf(onPostgres)('on PostgreSQL', () => run('postgres'));
  },
);
