import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repairDataDir } from './private-files.ts';

const modeOf = (path: string) => lstatSync(path).mode & 0o777;

describe('repairDataDir (decision 039)', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'market-repair-'));
    mkdirSync(join(root, 'uploads'));
    writeFileSync(join(root, 'uploads', 'a.webp'), 'picture');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('repairs a DATA_DIR an older version made (0755): every folder 0700 and file 0600, the folder itself included', () => {
    chmodSync(root, 0o755);
    chmodSync(join(root, 'uploads'), 0o755);
    chmodSync(join(root, 'uploads', 'a.webp'), 0o644);
    expect(repairDataDir(root)).toEqual(['. 0755', 'uploads 0755', 'uploads/a.webp 0644']);
    expect([modeOf(root), modeOf(join(root, 'uploads')), modeOf(join(root, 'uploads', 'a.webp'))]).toEqual([0o700, 0o700, 0o600]);
  });

  it('walks nothing when the DATA_DIR is private already (made or repaired by this version): start-up stays one stat', () => {
    chmodSync(root, 0o700);
    chmodSync(join(root, 'uploads', 'a.webp'), 0o644);
    expect(repairDataDir(root)).toEqual([]);
    expect(modeOf(join(root, 'uploads', 'a.webp'))).toBe(0o644);
  });
});
