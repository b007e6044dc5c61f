// The full test suite (decision 043): first the API suite but its real-process and beside files (both engines, two
// workers, files sharing each worker's modules); the web build; the real-process files (crash runs, several servers,
// `npm start`) alone; then the end-to-end suite in Chromium and, at a lower priority in the CPU it leaves, the web
// suite and the beside files (the fuzz campaign, the sweeps, the races). At the end each lane's seconds, the 15
// slowest files and one summary line over all of them. First the Debian packages those suites drive
// (system-packages.ts).
// --fast (npm run test:fast): the API suite on PGlite only, without its slow files (apps/api/vitest.config.ts),
// and the web suite, one after the other; no end-to-end suite.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * Runs one command; its output goes straight through, or with `quiet` is kept and printed whole when it ends
 * (a lane beside another: their lines would mix). Resolves to whether it passed.
 */
function run(name: string, command: string[], cwd: string, env: Record<string, string> = {}, opts: { quiet?: boolean; nice?: boolean } = {}) {
  const heading = `\n=== ${name} ===`;
  if (!opts.quiet) console.log(heading);
  const [program, args] = opts.nice ? ['nice', ['-n', '10', 'npx', ...command]] : ['npx', command];
  const child = spawn(program, args, { cwd, stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  const output: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => output.push(b));
  child.stderr?.on('data', (b: Buffer) => output.push(b));
  return new Promise<boolean>((resolve) => {
    child.on('close', (status) => {
      if (opts.quiet) console.log(`${heading}\n${Buffer.concat(output).toString()}`);
      if (status !== 0) exitCode = 1;
      resolve(status === 0);
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
/** One Vitest suite: `name` in the counts and file times, `heading` above its output; `opts` as run's. */
async function vitest(name: string, heading: string, dir: string, env: Record<string, string>, opts: { quiet?: boolean; nice?: boolean } = {}) {
  const report = reportFile();
  const times = reportFile();
  const command = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, `--reporter=${fileTimesReporter}`];
  await run(heading, command, dir, { ...env, FILE_TIMES_JSON: times }, opts);
  count(name, report, (r: VitestJson) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numFailedTestSuites ?? 0),
    skipped: r.numPendingTests + r.numTodoTests,
  }));
  readTimes(times, (t: FileTime[]) => t.map(({ project, file, seconds }) => ({ suite: project ? `${name}/${project}` : name, file, seconds })));
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
/** The browser's build and the server's render (dist-ssr), which the API loads: apps/web's build script. */
async function buildWeb() {
  const built = await run('build web app', ['npm', 'run', 'build', '--silent'], 'apps/web');
  if (!built) totals.failed += 1;
  return built;
}

/** The end-to-end suite against the built app. */
async function endToEnd() {
  const report = reportFile();
  await run('e2e (Chromium)', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], '.', { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  count('e2e', report, (r: PlaywrightJson) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky + (r.errors?.length ?? 0),
    skipped: r.stats.skipped,
  }));
  readTimes(report, (r: PlaywrightJson) => r.suites.map((s) => ({ suite: 'e2e', file: `e2e/specs/${s.file}`, seconds: specSeconds(s) })));
}
/** Each lane's name and seconds, printed at the end. */
const laneTimes: { name: string; seconds: number }[] = [];

/** Runs one lane's steps, one after another, and keeps its seconds. */
async function lane(name: string, steps: () => Promise<void>) {
  const started = Date.now();
  await steps();
  laneTimes.push({ name, seconds: (Date.now() - started) / 1000 });
}

if (fast) {
  await lane('fast', async () => {
    await vitest('api', 'api', 'apps/api', { TEST_FAST: 'true' });
    await vitest('web', 'web', 'apps/web', { TEST_FAST: 'true' });
  });
} else {
  // The API lane alone: on two workers it keeps both cores busy by itself.
  await lane('api', () => vitest('api', 'api', 'apps/api', { TEST_LANE: 'api' }));
  // Built before the lanes below start: servers of the processes lane load what the build writes.
  const built = await buildWeb();
  // The real-process files alone: their servers start, crash and restart against bounds, and beside the end-to-end
  // suite (which keeps most of both cores busy) their starts took up to ten times as long (decision 043).
  await lane('processes', () => vitest('api', 'api processes', 'apps/api', { TEST_LANE: 'processes' }));
  // The end-to-end suite, and at a lower priority in the CPU it leaves, the web suite and the beside files (the fuzz
  // campaign, the sweeps, the races, the migrations from older releases), their output printed whole when each ends.
  await Promise.all([
    ...(built ? [lane('e2e', endToEnd)] : []),
    lane('web + beside', async () => {
      await vitest('web', 'web', 'apps/web', {}, { quiet: true, nice: true });
      await vitest('api', 'api beside', 'apps/api', { TEST_LANE: 'beside' }, { quiet: true, nice: true });
    }),
  ]);
}

console.log('\nLanes:');
for (const l of laneTimes) console.log(`${l.seconds.toFixed(0).padStart(7)} s  ${l.name}`);

const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 15);
if (slowest.length) {
  console.log('\nThe 15 slowest test files:');
  for (const t of slowest) console.log(`${t.seconds.toFixed(1).padStart(7)} s  ${t.suite.padEnd(13)} ${t.file}`);
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(exitCode);
