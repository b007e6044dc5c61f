// @vitest-environment node
// The layer rules on a small tree of files on disk (`npm run lint` runs them on the web app).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { layers } from './layers.ts';

const root = mkdtempSync(join(tmpdir(), 'layers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files: Record<string, string> = {
  'lib/api.ts': `export const api = 1;`,
  'lib/one.ts': `import { two } from './two';\nexport const one = two;`,
  'lib/two.ts': `import('./one');\nexport const two = 2;`,
  'features/auth/api.ts': `export const auth = 1;`,
  'features/auth/page.ts': `import { auth } from './api';\nimport { api } from '../../lib/api';\nexport const page = auth + api;`,
  'features/catalog/page.ts': `export const catalog = 1;`,
  'features/dashboard/api.ts': `export const dashboard = 1;`,
  'features/dashboard/admin/page.ts': `import { dashboard } from '../api';\nexport const admin = dashboard;`,
  'features/dashboard/buyer/page.ts': `export const buyer = 1;`,
  'app/store.ts': `export const store = 1;`,
  'test-utils.tsx': `export const kit = 1;`,
  'main.tsx': `export const main = 1;`,
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** The messages the two rules give `code` as if it were the file at `path`. */
function lint(path: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: root });
  const config: Linter.Config = {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { layers },
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: { 'layers/zones': ['error', { root }], 'layers/no-cycle': ['error', { root }] },
  };
  return linter.verify(code, config, { filename: join(root, path) }).map((m) => m.message);
}

describe('layers/zones', () => {
  it('lets a feature import itself and shared code, the app import features, tests import the kit', () => {
    expect(lint('features/auth/page.ts', files['features/auth/page.ts']!)).toEqual([]);
    expect(lint('app/router.ts', `import '../features/auth/page';\nimport '../features/catalog/page';\nimport '../lib/api';`)).toEqual([]);
    expect(lint('features/auth/page.test.ts', `import '../../test-utils';\nimport '../catalog/page';\nimport '../../app/store';`)).toEqual([]);
  });

  it('refuses shared code importing a feature or the app', () => {
    expect(lint('lib/x.ts', `import { auth } from '../features/auth/api';`)).toEqual([
      expect.stringMatching(/^features\/auth\/api.ts: shared code .* imports no feature/),
    ]);
    expect(lint('lib/x.ts', `export { store } from '../app/store';`)).toEqual([expect.stringMatching(/nothing of the app/)]);
  });

  it('refuses a feature importing another feature (static or dynamic) or the app', () => {
    expect(lint('features/auth/x.ts', `const m = import('../catalog/page');`)).toEqual([
      expect.stringMatching(/^features\/catalog\/page.ts: a feature imports only shared code/),
    ]);
    expect(lint('features/auth/x.ts', `export * from '../../app/store';`)).toEqual([expect.stringMatching(/a feature imports nothing of the app/)]);
  });

  it("lets a feature's part import the feature's own files and itself, the app import every part", () => {
    expect(lint('features/dashboard/admin/page.ts', files['features/dashboard/admin/page.ts']!)).toEqual([]);
    expect(lint('features/dashboard/admin/x.ts', `import './page';\nimport '../../../lib/api';`)).toEqual([]);
    expect(lint('app/dashboard.ts', `import '../features/dashboard/admin/page';\nimport '../features/dashboard/buyer/page';`)).toEqual([]);
    expect(lint('features/dashboard/buyer/x.test.ts', `import '../admin/page';`)).toEqual([]);
  });

  it("refuses a feature's part importing another part, and the feature's own files importing a part", () => {
    expect(lint('features/dashboard/buyer/x.ts', `import { admin } from '../admin/page';`)).toEqual([
      expect.stringMatching(/^features\/dashboard\/admin\/page.ts: a part of a feature \(features\/dashboard\/buyer\/\) .* never another part/),
    ]);
    expect(lint('features/dashboard/buyer/deep/x.ts', `const m = import('../../admin/page');`)).toEqual([expect.stringMatching(/never another part/)]);
    expect(lint('features/dashboard/x.ts', `export * from './buyer/page';`)).toEqual([
      expect.stringMatching(/^features\/dashboard\/buyer\/page.ts: a feature's own files import none of its parts/),
    ]);
  });

  it('keeps the test kit for tests and main.tsx for nobody', () => {
    expect(lint('features/auth/x.ts', `import '../../test-utils';`)).toEqual([expect.stringMatching(/only tests import the test kit/)]);
    expect(lint('app/x.ts', `import '../main';`)).toEqual([expect.stringMatching(/nothing imports main.tsx/)]);
  });
});

describe('layers/no-cycle', () => {
  it('names the cycle an import closes, dynamic imports included', () => {
    expect(lint('lib/one.ts', files['lib/one.ts']!)).toEqual(['Import cycle: lib/one.ts → lib/two.ts → lib/one.ts.']);
    expect(lint('lib/three.ts', `import './one';`)).toEqual([]);
  });
});
