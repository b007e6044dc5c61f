import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ServerProcess } from './server-process.ts';
import { routePath } from './call-route.ts';

/**
 * DATA_DIR is its owner's only (issue 29, decision 039), checked on a real start of `node src/main.ts`: a fresh
 * one is made so, PGlite's files included, and one left by an older version (0755 folders, 0666 files) is
 * repaired at start, which the log says. Once, on PGlite: it holds every kind of file a DATA_DIR can (the database's
 too); with PostgreSQL the folder only lacks `db/` (apps/api/vitest.config.ts, decision 039).
 */
const TIMEOUT = 90_000;

/** Every file and folder under `root` (itself included) whose mode is not 0700 (folders) or 0600 (files). */
function notPrivate(root: string) {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) found.push(`${relative(root, path) || '.'} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

/** Every file and folder under `root` that exists: how many the checks looked at. */
function count(root: string): number {
  const stat = lstatSync(root);
  return 1 + (stat.isDirectory() ? readdirSync(root).reduce((n, name) => n + count(join(root, name)), 0) : 0);
}

/** What an older version left: folders 0755, files 0666 (PGlite's own files were made so). */
function loosen(path: string) {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  chmodSync(path, stat.isDirectory() ? 0o755 : 0o666);
  if (stat.isDirectory()) for (const name of readdirSync(path)) loosen(join(path, name));
}

describe("DATA_DIR is its owner's only", { timeout: TIMEOUT }, () => {
  let parent: string;
  let dataDir: string;
  let running: ServerProcess | undefined;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'market-private-'));
    dataDir = join(parent, 'data');
  });
  afterAll(async () => {
    await running?.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  const env = () => ({ DATA_DIR: dataDir });

  /** A start that writes: the demo seed's pictures, the secrets, and a reset link asked for (the database's log). */
  async function startAndWrite() {
    running = await startApi({ env: env(), timeoutMs: TIMEOUT - 10_000 });
    const res = await fetch(`${running.url}${routePath('forgotPassword')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@resale.demo' }),
    });
    expect(res.status).toBe(202);
    return running;
  }

  it("a fresh DATA_DIR: folders 0700 and files 0600, PGlite's own files included", async () => {
    const server = await startAndWrite();
    expect(notPrivate(dataDir)).toEqual([]);
    expect(await server.stop(15_000)).toEqual({ code: 0, signal: null });
    expect(notPrivate(dataDir)).toEqual([]);
    expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(0);
    expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['jwt-secret', 'uploads']));
    expect(server.output()).not.toMatch(/was readable by other users/);
  });

  it('a DATA_DIR left readable by an older version is made private at start, and the log says so', async () => {
    writeFileSync(join(dataDir, 'uploads', 'old-upload.webp'), 'a picture of before');
    loosen(dataDir);
    const before = notPrivate(dataDir);
    expect(before.length).toBe(count(dataDir));
    const server = await startAndWrite();
    expect(notPrivate(dataDir)).toEqual([]);
    expect(server.output()).toMatch(
      /DATA_DIR .* was readable by other users: made \d+ files and folders its owner's only \(folders 0700, files 0600; was: \. 0755, /,
    );
    expect(await server.stop(15_000)).toEqual({ code: 0, signal: null });
    expect(notPrivate(dataDir)).toEqual([]);
  });
});
