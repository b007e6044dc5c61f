import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseFromTemplate } from './data-dir.ts';
import { queryOf, tableSums, type Manifest } from '../src/backup/backup.ts';
import { openDatabase, pgliteDirIn } from '../src/db/client.ts';
import { createPostgresDatabase, postgresReachable, postgresUrl } from './databases.ts';
import { productBody } from './fixtures.ts';
import { sendRoute, uploadPicture } from './http.ts';
import { apiDir, cleanEnv, spawnApi, startApi, type ServerProcess } from './server-process.ts';
import { routePath } from './call-route.ts';

/**
 * `npm run backup` and `npm run restore` for real: a server with the demo's data and a phone posted with its
 * picture; a backup taken while it runs and takes sign-ups; restored into a fresh DATA_DIR (or an empty
 * PostgreSQL database), a new server there has every row and picture, and the sessions of before. This file
 * runs both engines itself, so vitest.config.ts runs it once, in the pglite project.
 */
const onPostgres = await postgresReachable();
if (!onPostgres && process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI but not reachable at ${postgresUrl}`);
if (!onPostgres) console.warn(`\n!!! PostgreSQL not reachable at ${postgresUrl}: the backup test runs on PGlite only !!!\n`);
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
if (onPostgres && !hasPgDump && process.env.CI === 'true') throw new Error('pg_dump is required in CI for the PostgreSQL backup test');

// Beside the end-to-end suite on two cores a server start can take a minute or two (bounds, not timings).
const TIMEOUT = 300_000;
const dirs: string[] = [];
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const server of running) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'market-backup-'));
  dirs.push(dir);
  return dir;
};

/** The app's own commands (`npm run backup`, `npm run restore`), configured by `env` alone. */
function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [`src/backup/${script}-cli.ts`, ...args], { cwd: apiDir, env: cleanEnv(env), encoding: 'utf8' });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

async function start(env: { DATA_DIR: string } & Record<string, string>) {
  if (!env.DATABASE_URL) await databaseFromTemplate(env.DATA_DIR, inject('pgliteTemplate'));
  const server = await startApi({ env: { LIMIT_SIGNUP_PER_IP: '1000/1m', LIMIT_UPLOADS_PER_IP: '1000/1m', ...env }, timeoutMs: 120_000 });
  running.push(server);
  return server;
}

/** The demo seller posts a phone with a picture of its own; answers what must come back after a restore. */
async function postPhone(server: ServerProcess) {
  const { token } = (await sendRoute(server.url, 'logIn', { body: { email: 'seller@resale.demo', password: 'seller' } })).body.data!;
  const img = await uploadPicture(server.url, token, 1200, '#2a7');
  const categories = (await sendRoute(server.url, 'categories')).body.data!;
  const posted = await sendRoute(server.url, 'addProduct', { token, body: productBody(categories[0]!._id, img, { productName: 'Backed-up Pixel 8' }) });
  expect(posted.status).toBe(201);
  const bytes = Buffer.from(await (await fetch(server.url + img)).arrayBuffer());
  expect(bytes.length).toBeGreaterThan(0);
  return { token, productId: posted.body.data!._id, img, bytes };
}

/**
 * Sign-ups one after another until `until` resolves, each with its own avatar; answers the e-mails acknowledged (202)
 * before it resolved. `started` is told when the first one is.
 */
async function signUpsDuring(server: ServerProcess, until: Promise<unknown>, started: () => void) {
  let done = false;
  void until.finally(() => (done = true));
  const acknowledged: string[] = [];
  for (let i = 0; !done; i++) {
    const email = `during-${i}@example.com`;
    // An avatar is the new account's own upload, made signed out (decision 040).
    const userImg = await uploadPicture(server.url, undefined);
    const res = await sendRoute(server.url, 'signUp', { body: { name: `During ${i}`, email, password: 'secret1', role: 'Buyer', userImg } });
    expect(res.status).toBe(202);
    acknowledged.push(email);
    started();
  }
  return acknowledged;
}

/** The backup of a running server under sign-ups, restored elsewhere: every row, every picture, the same sessions. */
async function roundTrip(source: Record<string, string> & { DATA_DIR: string }, target: Record<string, string> & { DATA_DIR: string }) {
  const server = await start({ ...source, DEMO: 'true' });
  const phone = await postPhone(server);
  const out = join(tempDir(), 'backup');
  // The backup runs in its own process once people are signing up, while this one keeps signing them up.
  let signingUp!: () => void;
  const backup = new Promise<void>((resolve) => (signingUp = resolve)).then(() => command('backup', ['--out', out], source));
  const before = await signUpsDuring(server, backup, signingUp);
  const { status, out: said } = await backup;
  expect(said).toMatch(/^Backed up \d+ rows in \d+ tables and \d+ pictures to /);
  expect(status).toBe(0);
  await server.stop();

  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
  expect(manifest.tables.products!.rows).toBeGreaterThan(1);
  expect(manifest.pictures!.map((p) => p.name)).toContain(phone.img.slice('/uploads/'.length));
  expect(manifest.secrets).toContain('jwt-secret');
  expect(before.length).toBeGreaterThan(0);

  const restored = command('restore', [out], target);
  expect(restored.out).toMatch(/^Restored \d+ rows in \d+ tables and \d+ pictures into .*; every one matches the backup/);
  expect(restored.status).toBe(0);

  const again = await start({ ...target, DEMO: 'true' });
  // The session of before the backup is good here: the secret came with it.
  expect((await sendRoute(again.url, 'me', { token: phone.token })).status).toBe(200);
  const detail = await sendRoute(again.url, 'product', { params: { id: phone.productId } });
  expect(detail.status).toBe(200);
  expect(detail.body.data).toMatchObject({ productName: 'Backed-up Pixel 8', img: phone.img });
  const picture = await fetch(again.url + phone.img);
  expect(picture.status).toBe(200);
  expect(Buffer.from(await picture.arrayBuffer()).equals(phone.bytes)).toBe(true);
  // Sign-ups the server had acknowledged before the backup began are there (the first one at least; later ones
  // may have come after the snapshot, and then none of their rows is in it: the checksums say so).
  expect((await sendRoute(again.url, 'logIn', { body: { email: before[0], password: 'secret1' } })).status).toBe(200);
  await again.stop();
  return { out, manifest };
}

describe('npm run backup and npm run restore', { timeout: TIMEOUT }, () => {
  it('the embedded database: a snapshot while the server runs, restored into a fresh DATA_DIR with every row and picture', async () => {
    const source = { DATA_DIR: join(tempDir(), 'data') };
    const target = { DATA_DIR: join(tempDir(), 'data') };
    const { out, manifest } = await roundTrip(source, target);

    // What the restored DATA_DIR holds on disk, read again after its server stopped, is the backup's, row for row.
    const restored = await openDatabase({ pgliteDir: pgliteDirIn(target.DATA_DIR) });
    try {
      const found = await tableSums(queryOf(restored));
      // The server that started on it ran its own start-up work (jobs, sweeps) and a sign-in only on tables the backup had as they were, or more.
      for (const [table, sum] of Object.entries(manifest.tables)) {
        // Its sign-in above adds the browser it came from (decision 059), as any sign-in does.
        if (table === 'jobs' || table === 'user_devices') expect(found[table]!.rows, table).toBeGreaterThanOrEqual(sum.rows);
        else expect(found[table], table).toEqual(sum);
      }
    } finally {
      await restored.close();
    }
    for (const p of manifest.pictures!) expect(readFileSync(join(target.DATA_DIR, 'uploads', p.name)).length, p.name).toBe(p.bytes);

    // Restoring over data is refused, and changes nothing.
    const pictures = readdirSync(join(target.DATA_DIR, 'uploads'), { recursive: true }).length;
    const over = command('restore', [out], target);
    expect(over.status).toBe(1);
    expect(over.out).toMatch(/already holds (pictures|a database).*restore into an empty DATA_DIR/);
    expect(readdirSync(join(target.DATA_DIR, 'uploads'), { recursive: true })).toHaveLength(pictures);

    // A damaged backup is refused before anything is written.
    const damaged = join(tempDir(), 'damaged');
    cpSync(out, damaged, { recursive: true });
    const first = manifest.pictures![0]!.name;
    writeFileSync(join(damaged, 'uploads', first), 'not the picture');
    const fresh = { DATA_DIR: join(tempDir(), 'data') };
    const refused = command('restore', [damaged], fresh);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain(`the backup's picture ${first} is missing or damaged`);
    expect(existsSync(pgliteDirIn(fresh.DATA_DIR))).toBe(false);
  });

  it('a second server on the same DATA_DIR refuses to start, and the first goes on', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = await start({ DATA_DIR: dataDir, DEMO: 'false' });
    const second = await spawnApi({ env: { DATA_DIR: dataDir, DEMO: 'false' } });
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.output()).toContain(
      `another server (process ${first.child.pid}) has the database in ${dataDir} open: two processes must never open it at once`,
    );
    expect((await fetch(`${first.url}${routePath('health')}`)).status).toBe(200);
    await first.stop();
    // Stopped, it leaves no claim on the data behind: the next one starts.
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
    await (await start({ DATA_DIR: dataDir, DEMO: 'false' })).stop();
  });

  it('refuses to open a database a live server holds when its backup socket does not answer', () => {
    const dataDir = tempDir();
    // This test's own process stands for a server whose socket could not be bound.
    writeFileSync(join(dataDir, 'server.pid'), String(process.pid));
    const res = command('backup', ['--out', join(tempDir(), 'b')], { DATA_DIR: dataDir });
    expect(res.status).toBe(1);
    expect(res.out).toContain(`a server (process ${process.pid}) has the database in ${dataDir} open, but its backup socket does not answer: stop it first`);
  });

  it.runIf(onPostgres && hasPgDump)('PostgreSQL: pg_dump of one snapshot, restored into an empty database with every row, and the pictures', async () => {
    const [from, to] = [await createPostgresDatabase(), await createPostgresDatabase()];
    try {
      const { out } = await roundTrip(
        { DATA_DIR: join(tempDir(), 'data'), DATABASE_URL: from.url },
        { DATA_DIR: join(tempDir(), 'data'), DATABASE_URL: to.url },
      );
      // Into a database with tables: refused.
      const over = command('restore', [out], { DATA_DIR: join(tempDir(), 'data'), DATABASE_URL: to.url });
      expect(over.out).toContain('the database DATABASE_URL names already has tables: restore into a new, empty database');
      expect(over.status).toBe(1);
    } finally {
      await from.drop();
      await to.drop();
    }
  });
});
