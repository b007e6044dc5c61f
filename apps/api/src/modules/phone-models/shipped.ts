import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A model as the catalogue's file ships it: seed-assets/phone-models.csv, one model a line. */
export interface ShippedModel {
  brand: string;
  name: string;
  nameBn: string;
  aliases: string[];
  variants: { ramGb: number; storageGb: number }[];
  year: number;
}

const file = fileURLToPath(new URL('../../db/seed-assets/phone-models.csv', import.meta.url));
const columns = ['brand', 'model', 'bn', 'aliases', 'variants', 'year'];

/** The catalogue file's models (a line that does not read is an error naming it: the file is ours). */
export function parseModels(text: string): ShippedModel[] {
  const [head, ...lines] = text.trim().split('\n');
  if (head?.trim() !== columns.join(',')) throw new Error(`phone-models.csv: the header must be ${columns.join(',')}`);
  return lines.map((line, i) => {
    const cells = line.trim().split(',');
    const [brand, name, nameBn, aliases, variants, year] = cells;
    const pairs = variants!.split('|').map((v) => v.split('/').map(Number));
    if (cells.length !== columns.length || !brand || !name || !nameBn || pairs.some((p) => p.length !== 2 || p.some((n) => !Number.isInteger(n) || n <= 0)))
      throw new Error(`phone-models.csv, line ${i + 2}: ${line}`);
    return {
      brand,
      name,
      nameBn,
      aliases: aliases ? aliases.split('|') : [],
      variants: pairs.map(([ramGb, storageGb]) => ({ ramGb: ramGb!, storageGb: storageGb! })),
      year: Number(year),
    };
  });
}

let shipped: ShippedModel[] | undefined;
/** The models shipped with this release, read once. */
export const shippedModels = () => (shipped ??= parseModels(readFileSync(file, 'utf8')));
