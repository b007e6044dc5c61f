// Writes docs/access-table.md from the endpoint descriptors: npm run access-table -w @market/api
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { accessTableMarkdown } from '../src/access-table.ts';

const file = join(import.meta.dirname, '../../../docs/access-table.md');
writeFileSync(file, accessTableMarkdown());
console.log(`wrote ${file}`);
