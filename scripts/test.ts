// The full test suite: every workspace's Vitest run, then one summary line over all of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

const suites = [
  { name: 'api', dir: 'apps/api' },
  { name: 'web', dir: 'apps/web' },
];
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

for (const suite of suites) {
  const report = join(mkdtempSync(join(tmpdir(), 'vitest-')), 'report.json');
  const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: suite.dir,
    stdio: 'inherit',
  });
  if (run.status !== 0) exitCode = 1;
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests + (result.numFailedTestSuites ?? 0);
    totals.skipped += result.numPendingTests + result.numTodoTests;
  } catch {
    console.error(`The ${suite.name} suite wrote no report: counted as failed.`);
    totals.failed += 1;
    exitCode = 1;
  }
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(exitCode);
