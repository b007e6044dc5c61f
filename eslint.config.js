import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/api/src/db/migrations/**'] },
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
    files: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/api/src/config.ts', 'apps/web/vite.config.ts', '**/*.test.ts', '**/test/**', '**/vitest.config.ts', '**/drizzle.config.ts', 'e2e/**', 'scripts/**', 'apps/api/scripts/**', 'bench/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
