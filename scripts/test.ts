// The full test suite, and one summary line over all of it. First the Debian packages it drives (system-packages.ts).
// Three lanes run side by side (their output lines prefixed with the lane's name), as two cores are best kept busy
// by work that waits on different things:
// - api: the API suite on PGlite and PostgreSQL (apps/api/vitest.config.ts, TEST_LANE=main), two workers;
// - processes: the API files that start real processes (servers, CLIs, nginx, SIGKILL), TEST_LANE=processes,
//   once the web app is built (the servers they start serve apps/web/dist when it is there);
// - web: the web suite, the web app's build, then the end-to-end suite in Chromium against it.
// At the end: each lane's and step's wall time and the 15 slowest test files.
// --fast (npm run test:fast): the API suite on PGlite only, without its slow files, then the web suite; no e2e.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureSystemPackages } from './system-packages.ts';
import type { FileTime } from './vitest-file-times.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const fast = process.argv.includes('--fast');
// The full run drives Chromium, nginx and pg_dump for real: installed here when missing (root), or named.
if (!fast) ensureSystemPackages();
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
const reportFile = () => join(mkdtempSync(join(tmpdir(), 'report-')), 'report.json');
/** Every test file's seconds, by suite: printed at the end, the slowest first. */
const fileTimes: { suite: string; file: string; seconds: number }[] = [];
const fileTimesReporter = join(import.meta.dirname, 'vitest-file-times.ts');

/** Each step's wall time, by lane. */
const steps: { lane: string; step: string; seconds: number }[] = [];
const since = (start: number) => (performance.now() - start) / 1000;

/** Runs a step of a lane (an npx command), its output lines prefixed with the lane's name; resolves whether it passed. */
function run(lane: string, step: string, command: string[], cwd: string, env: Record<string, string> = {}): Promise<boolean> {
  const started = performance.now();
  console.log(`[${lane}] === ${step} ===`);
  const child = spawn('npx', command, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  createInterface({ input: child.stdout }).on('line', (line) => console.log(`[${lane}] ${line}`));
  createInterface({ input: child.stderr }).on('line', (line) => console.error(`[${lane}] ${line}`));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      steps.push({ lane, step, seconds: since(started) });
      console.log(`[${lane}] === ${step}: ${code === 0 ? 'passed' : 'failed'} ===`);
      if (code !== 0) exitCode = 1;
      resolve(code === 0);
    });
  });
}

function count(name: string, report: string, read: (json: never) => Counts) {
  try {
    const c = read(JSON.parse(readFileSync(report, 'utf8')) as never);
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  } catch {
    console.error(`The ${name} suite wrote no report: counted as failed.`);
    totals.failed += 1;
    exitCode = 1;
  }
}

/** Adds a suite's file times; a run that wrote none (it failed to start) has only its failure to show. */
function readTimes(file: string, read: (json: never) => typeof fileTimes) {
  try {
    fileTimes.push(...read(JSON.parse(readFileSync(file, 'utf8')) as never));
  } catch {
    console.error(`No file times in ${file}.`);
  }
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites?: number;
}
/** A Vitest run: its counts from the JSON report, its files' seconds from vitest-file-times.ts. */
async function vitest(lane: string, step: string, suite: string, dir: string, env: Record<string, string>) {
  const report = reportFile();
  const times = reportFile();
  await run(lane, step, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, `--reporter=${fileTimesReporter}`], dir, {
    ...env,
    FILE_TIMES_JSON: times,
  });
  count(step, report, (r: VitestJson) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numFailedTestSuites ?? 0),
    skipped: r.numPendingTests + r.numTodoTests,
  }));
  readTimes(times, (t: FileTime[]) => t.map(({ project, file, seconds }) => ({ suite: project ? `${suite}/${project}` : suite, file, seconds })));
}

interface PlaywrightSuite {
  file: string;
  specs: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
  suites: PlaywrightSuite[];
}
/** A spec file's seconds: its tests' durations (each with its hooks; a file's tests run one after another in one worker). */
function specSeconds(suite: PlaywrightSuite): number {
  const own = suite.specs.flatMap((s) => s.tests.flatMap((t) => t.results)).reduce((sum, r) => sum + r.duration, 0);
  return own / 1000 + (suite.suites ?? []).reduce((sum, s) => sum + specSeconds(s), 0);
}
/** The end-to-end suite against the built web app. */
async function endToEnd(lane: string, built: Promise<boolean>) {
  if (!(await built)) {
    totals.failed += 1;
    return;
  }
  const report = reportFile();
  await run(lane, 'e2e (Chromium)', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], '.', { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  count('e2e', report, (r: PlaywrightJson) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky + (r.errors?.length ?? 0),
    skipped: r.stats.skipped,
  }));
  readTimes(report, (r: PlaywrightJson) => r.suites.map((s) => ({ suite: 'e2e', file: `e2e/specs/${s.file}`, seconds: specSeconds(s) })));
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
const started = performance.now();
const lanes: Record<string, () => Promise<unknown>> = fast
  ? {
      fast: async () => {
        await vitest('fast', 'api', 'api', 'apps/api', { TEST_FAST: 'true' });
        await vitest('fast', 'web', 'web', 'apps/web', { TEST_FAST: 'true' });
      },
    }
  : (() => {
      // The browser's build and the server's render (dist-ssr), which the API loads: apps/web's build script.
      const built = run('web', 'build web app', ['npm', 'run', 'build', '--silent'], 'apps/web');
      return {
        api: () => vitest('api', 'api', 'api', 'apps/api', { TEST_LANE: 'main' }),
        processes: async () => {
          await built;
          await vitest('processes', 'api processes', 'api', 'apps/api', { TEST_LANE: 'processes' });
        },
        web: async () => {
          await vitest('web', 'web', 'web', 'apps/web', {});
          await endToEnd('web', built);
        },
      };
    })();
const laneTimes = await Promise.all(
  Object.entries(lanes).map(async ([lane, work]) => {
    const start = performance.now();
    await work();
    return { lane, seconds: since(start) };
  }),
);

console.log(`\nWall time: ${minutes(since(started))}`);
for (const { lane, seconds } of laneTimes) {
  const own = steps.filter((s) => s.lane === lane).map((s) => `${s.step} ${minutes(s.seconds)}`);
  console.log(`  ${lane.padEnd(10)} ${minutes(seconds).padStart(13)}  (${own.join(', ')})`);
}

const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 15);
if (slowest.length) {
  console.log('\nThe 15 slowest test files:');
  for (const t of slowest) console.log(`${t.seconds.toFixed(1).padStart(7)} s  ${t.suite.padEnd(13)} ${t.file}`);
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(exitCode);
