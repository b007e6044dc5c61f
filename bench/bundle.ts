// Evidence for docs/performance.md: what the web app's JS chunks are made of. Builds the web
// app with source maps into a temporary directory (apps/web/dist is left alone), attributes
// every minified byte to the package its source map names, and gzips each package's share alone.
//   node bench/bundle.ts [--files]   (--files: the app's own code and the contract by file, not as one row)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, table } from './lib.ts';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes a source map's mappings into [generated line, generated column, source index] segments. */
function segments(mappings: string): [number, number, number][] {
  const out: [number, number, number][] = [];
  let source = 0;
  const lines = mappings.split(';');
  for (let line = 0; line < lines.length; line++) {
    let column = 0;
    for (const segment of lines[line]!.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length >= 4) {
        source += values[1]!;
        out.push([line, column, source]);
      } else {
        out.push([line, column, -1]);
      }
    }
  }
  return out;
}

const byFile = process.argv.includes('--files');

const packageOf = (source: string | undefined) => {
  if (!source) return '(no source)';
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  if (source.includes('packages/contract')) return byFile ? `contract/${source.split('packages/contract/')[1]}` : '@market/contract';
  if (source.includes('src/')) return byFile ? source.slice(source.indexOf('src/')) : 'apps/web/src';
  return source;
};

const out = mkdtempSync(join(tmpdir(), 'market-bench-bundle-'));
try {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--sourcemap', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const assets = join(out, 'assets');
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(assets, file), 'utf8');
    const map = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')) as { sources: string[]; mappings: string };
    const lineStarts: number[] = [];
    let offset = 0;
    for (const line of code.split('\n')) {
      lineStarts.push(offset);
      offset += line.length + 1;
    }
    const segs = segments(map.mappings).map(([line, column, source]) => [lineStarts[line]! + column, source] as const);
    segs.sort((a, b) => a[0] - b[0]);
    const text = new Map<string, string[]>();
    for (let i = 0; i < segs.length; i++) {
      const [start, source] = segs[i]!;
      const end = i + 1 < segs.length ? segs[i + 1]![0] : code.length;
      const pkg = source < 0 ? '(no source)' : packageOf(map.sources[source]);
      const parts = text.get(pkg) ?? [];
      parts.push(code.slice(start, end));
      text.set(pkg, parts);
    }
    const initial = html.includes(`/assets/${file}`);
    console.log(
      `\n${file}${initial ? ' (loaded by /)' : ' (lazy)'}: ${(code.length / 1024).toFixed(1)} KiB minified, ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} KiB gz`,
    );
    const rows = [...text]
      .map(([pkg, parts]) => {
        const joined = parts.join('');
        return [pkg, Number((joined.length / 1024).toFixed(1)), Number((gzipSync(joined, { level: 9 }).length / 1024).toFixed(1))] as [string, number, number];
      })
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15);
    console.log(table(['package', 'KiB min', 'KiB gz alone'], rows));
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
