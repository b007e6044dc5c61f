// ESLint rules for the web app's layers (decision 017): shared (components, lib) → features → app.
// `layers/zones`: a feature imports shared code and itself, never another feature or the app; shared
// code imports neither. Inside a feature, each folder is a part of its own (the dashboard's admin/,
// seller/ and buyer/; decision 046): a part imports the feature's own files and itself, never another
// part; the feature's own files import none of its parts. `layers/no-cycle`: no import comes back round
// to the file that makes it.
// Our own rules, not eslint-plugin-import-x: its resolver's per-platform binaries are not all on the
// registry reachable here, so `npm ci` refuses its lock file.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { ESLint, Rule } from 'eslint';

const extensions = ['.ts', '.tsx'];

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The source file (.ts, .tsx) a relative import names, resolved as the bundler does, or undefined. */
export function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const candidates = [base, ...extensions.map((ext) => base + ext), ...extensions.map((ext) => join(base, `index${ext}`))];
  return candidates.find((path) => extensions.some((ext) => path.endsWith(ext)) && isFile(path));
}

/** A feature's `part` is the folder inside it that a file sits in (features/dashboard/admin/x.ts: 'admin'), none for its own files. */
export type Layer =
  { zone: 'shared' } | { zone: 'feature'; name: string; part?: string } | { zone: 'app' } | { zone: 'test' } | { zone: 'root' } | { zone: 'outside' };

/** Where a file sits: `root` is the web app's `src` folder. */
export function layerOf(root: string, file: string): Layer {
  const path = relative(root, file);
  if (path.startsWith('..')) return { zone: 'outside' };
  if (/\.test\.tsx?$/.test(path) || path === 'test-utils.tsx' || path === 'test-setup.ts') return { zone: 'test' };
  const [top, name, part, ...below] = path.split(/[\\/]/);
  if (top === 'components' || top === 'lib') return { zone: 'shared' };
  if (top === 'features' && name && !extensions.some((ext) => name.endsWith(ext))) return { zone: 'feature', name, ...(below.length ? { part } : {}) };
  if (top === 'app') return { zone: 'app' };
  return { zone: 'root' }; // main.tsx: outside the zones
}

/** Why an import from `from` to `to` breaks the layers, or undefined when it does not. Tests import what they test and the test kit. */
export function breach(from: Layer, to: Layer): string | undefined {
  if (from.zone === 'outside' || to.zone === 'outside') return undefined;
  if (to.zone === 'test') return from.zone === 'test' ? undefined : 'only tests import the test kit';
  if (from.zone === 'test') return undefined;
  if (from.zone === 'shared' && (to.zone === 'feature' || to.zone === 'app')) return 'shared code (components, lib) imports no feature and nothing of the app';
  if (from.zone === 'feature' && to.zone === 'app') return 'a feature imports nothing of the app: the app composes features';
  if (from.zone === 'feature' && to.zone === 'feature' && from.name !== to.name)
    return 'a feature imports only shared code (components, lib) and itself: compose features in app/, or move what they share to lib/';
  if (from.zone === 'feature' && to.zone === 'feature' && to.part && from.part !== to.part)
    return from.part
      ? `a part of a feature (features/${from.name}/${from.part}/) imports the feature's own files and itself, never another part: move what they share up to features/${from.name}/`
      : `a feature's own files import none of its parts (features/${from.name}/${to.part}/): the app composes them`;
  if (to.zone === 'root') return 'nothing imports main.tsx';
  return undefined;
}

// Static imports, re-exports, side-effect imports and dynamic import() of a relative path.
const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]*)['"]/g;
const onDisk = new Map<string, { mtime: number; imports: string[] }>();

/** The files a file on disk imports by relative path (cached while the file is unchanged). */
function importsOnDisk(file: string): string[] {
  const mtime = statSync(file).mtimeMs;
  const cached = onDisk.get(file);
  if (cached?.mtime === mtime) return cached.imports;
  const text = readFileSync(file, 'utf8');
  const imports = [...text.matchAll(importPattern)].flatMap(([, spec]) => resolveImport(file, spec!) ?? []);
  onDisk.set(file, { mtime, imports });
  return imports;
}

/** A path of imports from `start` back to `target` (both included), or undefined. */
export function pathBack(start: string, target: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]): string[] | undefined => {
    if (file === target) return [...trail, file];
    if (seen.has(file)) return undefined;
    seen.add(file);
    for (const next of importsOnDisk(file)) {
      const found = walk(next, [...trail, file]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, []);
}

type Check = (context: Rule.RuleContext, node: Rule.Node, file: string, target: string) => void;

/** A rule that runs `check` on every relative import, re-export and dynamic import() that names a source file. */
function importRule(description: string, check: Check): Rule.RuleModule {
  return {
    meta: {
      type: 'problem',
      docs: { description },
      schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    },
    create(context) {
      const file = context.physicalFilename;
      const visit = (node: Rule.Node, source: unknown) => {
        if (!source || typeof source !== 'object' || !('value' in source) || typeof source.value !== 'string') return;
        const target = resolveImport(file, source.value);
        if (target) check(context, node, file, target);
      };
      return {
        ImportDeclaration: (node) => visit(node, node.source),
        ExportNamedDeclaration: (node) => visit(node, node.source),
        ExportAllDeclaration: (node) => visit(node, node.source),
        ImportExpression: (node) => visit(node, node.source),
      };
    },
  };
}

const rootOf = (context: Rule.RuleContext) => resolve(context.cwd, (context.options[0] as { root: string }).root);

export const layers: ESLint.Plugin = {
  meta: { name: 'layers' },
  rules: {
    zones: importRule('Imports follow the layers shared → features → app', (context, node, file, target) => {
      const root = rootOf(context);
      const why = breach(layerOf(root, file), layerOf(root, target));
      if (why) context.report({ node, message: `${relative(root, target)}: ${why} (decision 017).` });
    }),
    'no-cycle': importRule('No import cycles', (context, node, file, target) => {
      const root = rootOf(context);
      const cycle = pathBack(target, file);
      if (cycle) context.report({ node, message: `Import cycle: ${[file, ...cycle].map((f) => relative(root, f)).join(' → ')}.` });
    }),
  },
};
