import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './databases.ts';
import { spawnApi, type ServerProcess } from './server-process.ts';

/**
 * `npm start` as a new user meets it (issue 29): where it listens, the one line it prints for people, and
 * what it warns about. A real process each time; the pglite project on PGlite, the postgres project on a
 * fresh PostgreSQL database.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const TIMEOUT = 90_000;

/** The addresses sockets listen on for `port`, from the kernel's own tables (not from what the server says). */
function listeningAddresses(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const [file, v6] of [
    ['/proc/net/tcp', false],
    ['/proc/net/tcp6', true],
  ] as const) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A' || !local.endsWith(`:${hex}`)) continue; // 0A: LISTEN
      const address = local.slice(0, -5);
      if (!v6) found.push(Buffer.from(address, 'hex').reverse().join('.'));
      else found.push(/^0+$/.test(address) ? '::' : address === '00000000000000000000000001000000' ? '::1' : address);
    }
  }
  return found.sort();
}

/** Waits (up to 15 s: it is written as the server starts listening) until the server has written a line matching `pattern`. */
async function lineOf(server: ServerProcess, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const line = server
      .output()
      .split('\n')
      .find((l) => pattern.test(l));
    if (line !== undefined) return line;
    if (Date.now() > deadline) throw new Error(`no line matching ${pattern} within 15 s:\n${server.output()}`);
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`the first start (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, { timeout: TIMEOUT }, () => {
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  const running: ServerProcess[] = [];

  /** A fresh DATA_DIR (and database), the demo on, HOST unset unless `env` sets it. */
  async function start(env: Record<string, string>) {
    const dataDir = mkdtempSync(join(tmpdir(), 'market-first-'));
    dirs.push(dataDir);
    const pg = onPostgres ? await createPostgresDatabase() : undefined;
    if (pg) drops.push(pg.drop);
    // HOST='' is unset (blank values are), over spawnApi's HOST=127.0.0.1.
    const server = await spawnApi({ env: { DATA_DIR: dataDir, HOST: '', ...(pg ? { DATABASE_URL: pg.url } : {}), ...env } });
    running.push(server);
    await server.healthy(TIMEOUT - 10_000);
    return { server, databaseUrl: pg?.url, dataDir };
  }

  beforeAll(() => {
    expect(readFileSync('/proc/net/tcp', 'utf8')).toContain('local_address');
  });
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
    for (const drop of drops) await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('with DEMO on and HOST unset: listens on 127.0.0.1 only, and prints one line saying so, the address to open, the database, the Outbox and the demo logins', async () => {
    const { server, databaseUrl } = await start({ TRUST_PROXY: '1' });
    expect(listeningAddresses(server.port)).toEqual(['127.0.0.1']);
    const line = await lineOf(server, /^Resale Phones is running/);
    expect(() => JSON.parse(line) as unknown).toThrow(); // for people, not a JSON log
    expect(line).toMatch(new RegExp(`open http://(127\\.0\\.0\\.1|localhost):${server.port}`));
    expect(line).toContain(`listening on 127.0.0.1:${server.port}, this computer only (DEMO is on`);
    expect(line).toContain('set HOST=0.0.0.0');
    if (databaseUrl) expect(line).toContain(`database: PostgreSQL ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}`);
    else expect(line).toMatch(/database: embedded PGlite in \S+market-first-\w+\/db/);
    expect(line).toContain('wait in the Outbox');
    for (const login of ['admin@resale.demo / admin1', 'seller@resale.demo / seller', 'buyer@resale.demo / buyer1']) expect(line).toContain(login);
    // Exactly one such line; the rest are JSON logs. A hop count on loopback is safe: no warning.
    expect(
      server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('Resale Phones')),
    ).toHaveLength(1);
    expect(server.output()).not.toContain('UNSAFE SETTINGS');
  });

  it('with HOST given: listens there even with DEMO on, and warns loudly that TRUST_PROXY=1 on 0.0.0.0 lets anyone write X-Forwarded-For', async () => {
    const { server } = await start({ HOST: '0.0.0.0', TRUST_PROXY: '1' });
    expect(listeningAddresses(server.port)).toEqual(['0.0.0.0']);
    const line = await lineOf(server, /^Resale Phones is running/);
    expect(line).toContain(`listening on 0.0.0.0:${server.port} — `);
    expect(line).not.toContain('this computer only');
    const warning = JSON.parse(await lineOf(server, /UNSAFE SETTINGS/)) as { level: number; msg: string };
    expect(warning.level).toBe(40); // pino's warn
    expect(warning.msg).toContain(`TRUST_PROXY=1 believes the client address a proxy appended to X-Forwarded-For, but HOST=0.0.0.0`);
    expect(warning.msg).toContain('set HOST=127.0.0.1');
  });
});
