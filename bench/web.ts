// The web benchmark: builds the web app, weighs the JS and CSS that `/` loads before it can
// render (gzip -9), and runs Lighthouse (performance) in Debian Chromium on three public pages
// of a server with the demo data.
// Usage: node bench/web.ts [--quick]   (npm run bench:web); updates `web` in bench/results.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { cleanupAll, getJson, onCleanup, readResults, root, round, startApi, table, writeResults, type WebResult } from './lib.ts';

const dist = join(root, 'apps/web/dist');
export const CHROMIUM = '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', '@market/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web app did not build (npm run build -w @market/web)');
}

export interface InitialAsset {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzBytes: number;
}

/**
 * The entry script, its module preloads and the stylesheets that dist/index.html names. The entry and
 * its preloads are data attributes of the boot script (it starts them once the page has loaded).
 */
export function initialAssets(): InitialAsset[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = new Set<string>();
  const js = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    if (tag.startsWith('<script') && attr('data-entry')) {
      for (const ref of [attr('data-entry')!, ...(attr('data-preload') ?? '').split(' ').filter(Boolean)]) {
        refs.add(ref);
        js.add(ref);
      }
    }
    if (tag.startsWith('<link') && attr('rel') === 'stylesheet' && attr('href')) refs.add(attr('href')!);
  }
  if (js.size === 0) throw new Error('dist/index.html names no entry script (data-entry of the boot script)');
  return [...refs].map((ref) => {
    const content = readFileSync(join(dist, ref.replace(/^\//, '')));
    return { file: ref, kind: js.has(ref) ? 'js' : 'css', bytes: content.length, gzBytes: gzipSync(content, { level: 9 }).length };
  });
}

interface PageScore {
  performance: number;
  seo: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

async function lighthouseRuns(pages: { key: string; url: string }[], runs: number): Promise<Map<string, PageScore>> {
  if (!existsSync(CHROMIUM)) throw new Error(`Debian Chromium is missing at ${CHROMIUM}: apt-get install chromium`);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags, logLevel: 'error' });
  const forget = onCleanup(() => chrome.kill());
  const scores = new Map<string, PageScore>();
  try {
    for (const page of pages) {
      const samples: PageScore[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${page.url}: ${lhr.runtimeError.message}`);
        samples.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
          cls: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN, 3),
          fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? NaN),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
        });
      }
      // The median run by score, with its own metrics.
      const byScore = [...samples].sort((a, b) => a.performance - b.performance);
      scores.set(page.key, byScore[Math.floor(byScore.length / 2)]!);
    }
  } finally {
    forget();
    chrome.kill();
  }
  return scores;
}

export async function benchWeb(opts: { quick: boolean; log?: (msg: string) => void }): Promise<WebResult> {
  const log = opts.log ?? console.log;
  log('\n=== web: build ===');
  buildWeb();
  const assets = initialAssets();
  const kib = (kind: 'js' | 'css') => round(assets.filter((a) => a.kind === kind).reduce((s, a) => s + a.gzBytes, 0) / 1024, 1);
  log('\nInitial assets of / (gzip -9):');
  log(
    table(
      ['file', 'kind', 'bytes', 'gzip bytes'],
      assets.map((a) => [a.file, a.kind, a.bytes, a.gzBytes]),
    ),
  );

  log('\n=== web: Lighthouse (demo data, PGlite) ===');
  const dataDir = mkdtempSync(join(tmpdir(), 'market-bench-web-'));
  const forgetDir = onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startApi({ DATA_DIR: dataDir, DEMO: 'true' });
  let scores: Map<string, PageScore>;
  try {
    const categories = await getJson<{ data: { _id: string }[] }>(`${server.url}/api/category`);
    const categoryId = categories.data[0]?._id;
    if (!categoryId) throw new Error('the demo data has no category');
    const products = await getJson<{ data: { _id: string }[] }>(`${server.url}/api/category-products/${categoryId}`);
    const productId = products.data[0]?._id;
    if (!productId) throw new Error('the first demo category has no product');
    const pages = [
      { key: '/', url: `${server.url}/` },
      { key: '/category/{id}', url: `${server.url}/category/${categoryId}` },
      { key: '/detail-product/{id}', url: `${server.url}/detail-product/${productId}` },
    ];
    const runs = opts.quick ? 1 : 3;
    scores = await lighthouseRuns(pages, runs);
    log(
      table(
        ['page', 'performance', 'SEO', 'CLS', 'FCP ms', 'LCP ms', 'TBT ms'],
        pages.map((p) => {
          const s = scores.get(p.key)!;
          return [p.key, s.performance, s.seo, s.cls, s.fcpMs, s.lcpMs, s.tbtMs];
        }),
      ),
    );
    log(`(Lighthouse defaults: mobile, simulated throttling; ${runs === 1 ? 'one run' : `median of ${runs} runs`} per page)`);
  } finally {
    await server.stop();
    forgetDir();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const pick = (field: 'performance' | 'seo' | 'cls' | 'fcpMs' | 'lcpMs') => Object.fromEntries([...scores].map(([k, s]) => [k, s[field]]));
  return {
    initialJsGzKiB: kib('js'),
    initialCssGzKiB: kib('css'),
    lighthouse: pick('performance'),
    seo: pick('seo'),
    cls: pick('cls'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
  };
}

if (import.meta.main) {
  const quick = process.argv.includes('--quick');
  try {
    const web = await benchWeb({ quick });
    writeResults({ ...readResults(), web });
    console.log(`\ninitial JS ${web.initialJsGzKiB} KiB gz, CSS ${web.initialCssGzKiB} KiB gz; wrote bench/results.json (web)`);
  } catch (err) {
    console.error(err);
    await cleanupAll();
    process.exit(1);
  }
}
