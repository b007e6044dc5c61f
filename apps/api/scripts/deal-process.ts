// Writes docs/deal-process.md from the deal's process table (packages/contract/src/deal.ts): npm run deal-process -w @market/api
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dealProcessMarkdown } from '../src/deal-process.ts';

const file = join(import.meta.dirname, '../../../docs/deal-process.md');
writeFileSync(file, dealProcessMarkdown());
console.log(`wrote ${file}`);
