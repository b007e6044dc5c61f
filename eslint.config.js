import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { layers } from './apps/web/lint/layers.ts';

const web = 'apps/web/src';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '**/data/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through apps/api/src/config.ts only.' }],
    },
  },
  {
    files: [`${web}/**`, 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The web app's layers (decision 017): shared (components, lib) → features → app, no cycles.
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { layers },
    rules: { 'layers/zones': ['error', { root: web }], 'layers/no-cycle': ['error', { root: web }] },
  },
  {
    files: [
      'apps/api/src/config.ts',
      'apps/web/vite.config.ts',
      '**/*.test.ts',
      '**/test/**',
      '**/vitest.config.ts',
      '**/drizzle.config.ts',
      'e2e/**',
      'scripts/**',
      'apps/api/scripts/**',
      'bench/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
