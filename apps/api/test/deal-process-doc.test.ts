import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { dealProcessMarkdown } from '../src/deal-process.ts';

it('docs/deal-process.md is the deal process as packages/contract/src/deal.ts says it (else: npm run deal-process -w @market/api)', () => {
  const file = readFileSync(join(import.meta.dirname, '../../../docs/deal-process.md'), 'utf8');
  expect(file).toBe(dealProcessMarkdown());
});
