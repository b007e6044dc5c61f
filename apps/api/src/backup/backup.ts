import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openDatabase, pgliteDirIn, type Database } from '../db/client.ts';
import { KEY_FILE } from '../modules/local-oidc/provider.ts';
import { liveHolder, requestSnapshot } from './control.ts';
import { makePrivate, makePrivateDir, PRIVATE_DIR, PRIVATE_FILE } from '../private-files.ts';

/**
 * A backup is a folder (decision 037): manifest.json, the database (database.tar.gz: PGlite's data directory;
 * database.dump: pg_dump's custom format), uploads/ (the pictures on the disk) and secrets/ (the JWT secret and
 * the local OpenID provider's key, when DATA_DIR keeps them). The manifest holds, for every table, its rows and
 * a checksum of them as the snapshot has them, and every picture's size and SHA-256: a restore proves it has
 * every row and every picture before it says it is done.
 */
export interface Manifest {
  format: 1;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  database: string;
  /** Each table of the public schema: its rows and a checksum of them (MD5 over each row's MD5, sorted). */
  tables: Record<string, TableSum>;
  /** Pictures on the disk (names under uploads/, without the code's own seed/); null when they live in a bucket. */
  pictures: { name: string; bytes: number; sha256: string }[] | null;
  secrets: string[];
}
export interface TableSum {
  rows: number;
  sum: string;
}
type Query = (text: string) => Promise<Record<string, unknown>[]>;

const SECRETS = ['jwt-secret', KEY_FILE];
const PICTURES_LEFT_OUT = 'seed';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every public table's rows and checksum, read in one snapshot (the caller's transaction or database copy). */
export async function tableSums(query: Query): Promise<Record<string, TableSum>> {
  // Rows as text: the same everywhere only in one time zone.
  await query(`set timezone to 'UTC'`);
  const tables = await query(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const sums: Record<string, TableSum> = {};
  for (const { name } of tables as { name: string }[]) {
    const [row] = await query(
      `select count(*)::int as rows, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as sum from public.${quoted(name)} t`,
    );
    sums[name] = { rows: Number(row!.rows), sum: String(row!.sum) };
  }
  return sums;
}

/** Pictures under `dir` (recursively), by their path under it, without the code's own (seed/) and half-written ones (dotfiles). */
function pictureNames(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .filter((name) => name.split('/')[0] !== PICTURES_LEFT_OUT)
    .sort();
}

/** Runs a PostgreSQL client program; fails with its own words, or says how to get it when it is not installed. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(err.code === 'ENOENT' ? `${program} is not installed: it comes with PostgreSQL's client programs (Debian: postgresql-client)` : err.message),
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${errors.trim()}`))));
  });
}

/** A query that answers rows, on a database opened by the app's own `openDatabase`. */
export const queryOf =
  (database: Database): Query =>
  async (text) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Opens the embedded database from a snapshot (in memory, or into `pgliteDir`), uses it, closes it. */
async function withSnapshot<T>(pgliteDir: string | undefined, snapshot: Buffer, use: (query: Query) => Promise<T>): Promise<T> {
  const database = await openDatabase({ pgliteDir: pgliteDir ?? 'memory://', pgliteTemplate: new Blob([new Uint8Array(snapshot)]) });
  try {
    return await use(queryOf(database));
  } finally {
    await database.close();
  }
}

/** The embedded database's snapshot: from the server running on DATA_DIR, or read here when none runs. */
async function pgliteSnapshot(dataDir: string): Promise<Buffer> {
  const fromServer = await requestSnapshot(dataDir);
  if (fromServer) return fromServer;
  const holder = liveHolder(dataDir);
  if (holder !== null)
    throw new Error(`a server (process ${holder}) has the database in ${dataDir} open, but its backup socket does not answer: stop it first`);
  // No server: the database is ours to open, alone.
  const database = await openDatabase({ pgliteDir: pgliteDirIn(dataDir) });
  try {
    return Buffer.from(await (await database.snapshot!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

/** PostgreSQL: pg_dump of one snapshot, and the checksums read in that same snapshot. */
async function postgresDump(url: string, file: string): Promise<Record<string, TableSum>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows as [{ snapshot: string }];
    const dumped = run('pg_dump', ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, `--file=${file}`, url]);
    const sums = await tableSums(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
    await dumped;
    await client.query('commit');
    return sums;
  } finally {
    await client.end();
  }
}

/**
 * Writes a backup of the configured data into `out` (a new folder): the database's snapshot first, then the
 * pictures (written before the rows that name them, so every picture the snapshot names is there), then the
 * secrets and the manifest. Answers the manifest.
 */
export async function writeBackup(config: Config, out: string): Promise<Manifest> {
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} is not empty: a backup goes into a new folder`);
  mkdirSync(out, { recursive: true, mode: PRIVATE_DIR });
  let tables: Record<string, TableSum>;
  let database: string;
  if (config.databaseUrl) {
    database = 'database.dump';
    tables = await postgresDump(config.databaseUrl, join(out, database));
  } else {
    database = 'database.tar.gz';
    const snapshot = await pgliteSnapshot(config.dataDir);
    writeFileSync(join(out, database), snapshot, { mode: 0o600 });
    // Opened again from the file: the snapshot is whole, and its checksums are what a restore must find.
    tables = await withSnapshot(undefined, snapshot, tableSums);
  }
  let pictures: Manifest['pictures'] = null;
  if (!config.s3) {
    pictures = [];
    for (const name of pictureNames(config.uploadsDir)) {
      const data = readFileSync(join(config.uploadsDir, name));
      makePrivateDir(dirname(join(out, 'uploads', name)));
      writeFileSync(join(out, 'uploads', name), data, { mode: PRIVATE_FILE });
      pictures.push({ name, bytes: data.length, sha256: sha256(data) });
    }
  }
  const secrets = SECRETS.filter((name) => existsSync(join(config.dataDir, name)));
  if (secrets.length) mkdirSync(join(out, 'secrets'), { mode: PRIVATE_DIR });
  for (const name of secrets) copyFileSync(join(config.dataDir, name), join(out, 'secrets', name));
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    engine: config.databaseUrl ? 'postgres' : 'pglite',
    database,
    tables,
    pictures,
    secrets,
  };
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: PRIVATE_FILE });
  return manifest;
}

/** What a restore found: every table's rows and every picture, as the manifest says. */
export interface Restored {
  rows: number;
  tables: number;
  pictures: number;
}

function differences(expected: Record<string, TableSum>, found: Record<string, TableSum>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return names
    .filter((n) => expected[n]?.rows !== found[n]?.rows || expected[n]?.sum !== found[n]?.sum)
    .map(
      (n) =>
        `${n}: the backup has ${expected[n]?.rows ?? 'no'} rows, the restored database ${found[n]?.rows ?? 'none'}${expected[n]?.rows === found[n]?.rows ? ' (different contents)' : ''}`,
    );
}

/**
 * Restores the backup in `from` into the configured data: an empty DATA_DIR (embedded) or an empty PostgreSQL
 * database (DATABASE_URL). Nothing is overwritten: a target with data is refused. The pictures are checked
 * against the manifest before anything is written, the database after it is loaded.
 */
export async function restoreBackup(config: Config, from: string): Promise<Restored> {
  const manifestFile = join(from, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${from} is not a backup: it has no manifest.json`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${from} is a backup of an unknown format (${String(manifest.format)})`);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== target) {
    throw new Error(
      `${from} is a backup of ${manifest.engine === 'pglite' ? 'the embedded database' : 'PostgreSQL'}: restore it with ${manifest.engine === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}`,
    );
  }
  for (const p of manifest.pictures ?? []) {
    const file = join(from, 'uploads', p.name);
    if (!existsSync(file) || sha256(readFileSync(file)) !== p.sha256) throw new Error(`the backup's picture ${p.name} is missing or damaged`);
  }
  const leftover = pictureNames(config.uploadsDir);
  if (leftover.length) throw new Error(`${config.uploadsDir} already holds pictures (${leftover.length}): restore into an empty DATA_DIR`);

  let found: Record<string, TableSum>;
  if (config.databaseUrl) {
    found = await restorePostgres(config.databaseUrl, join(from, manifest.database));
  } else {
    const dir = pgliteDirIn(config.dataDir);
    if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} already holds a database: restore into an empty DATA_DIR`);
    const snapshot = readFileSync(join(from, manifest.database));
    found = await withSnapshot(dir, snapshot, tableSums);
  }
  const wrong = differences(manifest.tables, found);
  if (wrong.length) throw new Error(`the restored database is not the backup's:\n${wrong.join('\n')}`);

  for (const p of manifest.pictures ?? []) {
    makePrivateDir(dirname(join(config.uploadsDir, p.name)));
    copyFileSync(join(from, 'uploads', p.name), join(config.uploadsDir, p.name));
  }
  // The backup's secrets replace any this empty DATA_DIR was given (reading the configuration makes a JWT secret):
  // sessions and the local provider's key go on as before the backup.
  for (const name of manifest.secrets) copyFileSync(join(from, 'secrets', name), join(config.dataDir, name));
  // Copies keep the backup's modes, and an older backup's pictures were 0644.
  makePrivate(config.dataDir);
  return {
    tables: Object.keys(found).length,
    rows: Object.values(found).reduce((n, t) => n + t.rows, 0),
    pictures: manifest.pictures?.length ?? 0,
  };
}

async function restorePostgres(url: string, file: string): Promise<Record<string, TableSum>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`);
    if (rows[0]!.n > 0) throw new Error('the database DATABASE_URL names already has tables: restore into a new, empty database');
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, file]);
    return await tableSums(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}
