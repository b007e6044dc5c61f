import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { accessTableMarkdown } from '../src/access-table.ts';

it('docs/access-table.md is the access table as the descriptors say it (else: npm run access-table -w @market/api)', () => {
  const file = readFileSync(join(import.meta.dirname, '../../../docs/access-table.md'), 'utf8');
  expect(file).toBe(accessTableMarkdown());
});
