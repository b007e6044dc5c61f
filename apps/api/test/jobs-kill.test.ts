import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { databaseFromTemplate } from './data-dir.ts';
import { openDatabase, pgliteDirIn, type Database } from '../src/db/client.ts';
import { jobs, outbox } from '../src/db/schema.ts';
import { enqueueMail } from '../src/modules/mail/outbox.ts';
import { createPostgresDatabase, postgresReachable, postgresUrl } from './databases.ts';
import { freePort } from './free-port.ts';
import { startApi, type ServerProcess } from './server-process.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';

/**
 * The durable job queue when a worker is killed (SIGKILL, mid-job): real servers (`node src/main.ts`) send
 * the outbox's mails to a slow SMTP server; one is killed while it has mails in hand. No mail is lost, and
 * a mail goes twice only if its worker died between SMTP taking it and the job being marked done (then with
 * the same Message-ID). On PostgreSQL two instances share the queue and the survivor takes over once the dead
 * one's lease runs out; on PGlite the restarted process frees the dead one's claims at once. This file runs
 * both engines itself, so vitest.config.ts runs it once, in the pglite project.
 */
const onPostgres = await postgresReachable();
if (!onPostgres && process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI but not reachable at ${postgresUrl}`);
if (!onPostgres) console.warn(`\n!!! PostgreSQL not reachable at ${postgresUrl}: the job queue's SIGKILL test runs on PGlite only !!!\n`);

const MAILS = 40;
/** Jobs a worker runs at once (src/jobs/worker.ts): at most this many are in its hands when it dies. */
const CONCURRENCY = 4;
// Beside the end-to-end suite on two cores a server start can take a minute or two (bounds, not timings).
const TIMEOUT = 240_000;

let smtp: TestSmtpServer;
const dirs: string[] = [];
const running: ServerProcess[] = [];
beforeAll(async () => {
  // Each message is told accepted 150 ms after it arrived: a kill finds mails in every state.
  smtp = await startSmtpServer(await freePort(), { acceptDelayMs: 150 });
});
afterAll(async () => {
  for (const server of running) await server.stop();
  await smtp?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'market-jobs-kill-'));
  dirs.push(dir);
  return dir;
};

/** Puts MAILS mails in the outbox (with their jobs), as requests would have. */
async function queueMails(database: Database, engine: string): Promise<string[]> {
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < MAILS; i++) {
      await enqueueMail(tx, { kind: 'test', to: `${engine}-${i}@example.com`, subject: `Mail ${i}`, text: `text ${i}`, html: `<p>${i}</p>` });
    }
  });
  return (await database.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id);
}

async function start(env: { DATA_DIR: string } & Record<string, string>) {
  const server = await startApi({
    env: { DEMO: 'false', SMTP_URL: smtp.url, PUBLIC_URL: 'https://phones.example.com', MAIL_FROM: 'Resale Phones <no-reply@resale.test>', ...env },
    timeoutMs: 120_000,
  });
  running.push(server);
  return server;
}

/** The Message-IDs the SMTP server received for this engine's mails, each with how often. */
function receivedIds(engine: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of smtp.received) {
    if (!r.envelopeTo[0]?.startsWith(`${engine}-`)) continue;
    const id = /^<([0-9a-f-]{36})@resale\.test>$/.exec(r.mail.messageId ?? '')?.[1] ?? `bad Message-ID ${r.mail.messageId}`;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

async function killMidWay(server: ServerProcess, engine: string) {
  await vi.waitFor(() => expect([...receivedIds(engine).values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(6), { timeout: 30_000, interval: 10 });
  server.child.kill('SIGKILL');
  expect(await server.exited).toMatchObject({ signal: 'SIGKILL' });
  // It died with mails still to send.
  expect(receivedIds(engine).size).toBeLessThan(MAILS);
}

/** Every mail arrived; a mail that came twice was one whose job ran again (its worker died with it in hand). */
async function expectEachOnce(database: Database, engine: string, ids: string[]) {
  const received = receivedIds(engine);
  expect([...received.keys()].sort()).toEqual([...ids].sort());
  const rows = await database.db.select().from(outbox);
  for (const row of rows) expect(row, row.toAddress).toMatchObject({ status: 'sent', textBody: null });
  const mailJobs = await database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
  expect(mailJobs).toHaveLength(MAILS);
  for (const job of mailJobs) expect(job, `job ${job.id}`).toMatchObject({ doneAt: expect.any(Date), lockedBy: null, lastError: null });
  const attemptsOf = new Map(mailJobs.map((j) => [(j.payload as { mailId: string }).mailId, j.attempts]));
  // Run again: only the jobs the dead worker held, no more than it runs at once.
  const again = mailJobs.filter((j) => j.attempts > 1);
  expect(again.length).toBeLessThanOrEqual(CONCURRENCY);
  const twice = [...received].filter(([, n]) => n > 1);
  for (const [id, n] of twice) {
    expect(n, `mail ${id}`).toBe(2);
    expect(attemptsOf.get(id), `mail ${id} arrived twice`).toBe(2);
  }
  console.log(`jobs under SIGKILL on ${engine}: ${MAILS} mails, ${again.length} jobs run again, ${twice.length} mails delivered twice (same Message-ID)`);
}

describe('the job queue under SIGKILL', { timeout: TIMEOUT }, () => {
  it("on PGlite: the restarted process takes up the killed one's jobs at once; every mail arrives", async () => {
    const dataDir = tempDir();
    await databaseFromTemplate(dataDir, inject('pgliteTemplate'));
    const queued = await openDatabase({ pgliteDir: pgliteDirIn(dataDir) });
    await queued.migrate();
    const ids = await queueMails(queued, 'pglite');
    await queued.close();

    const first = await start({ DATA_DIR: dataDir });
    await killMidWay(first, 'pglite');
    // The same data, a new process: it does not wait out the dead one's leases (30 s, longer than the wait below).
    const second = await start({ DATA_DIR: dataDir });
    await vi.waitFor(() => expect(receivedIds('pglite').size).toBe(MAILS), { timeout: 20_000, interval: 50 });
    await second.stop();

    const database = await openDatabase({ pgliteDir: pgliteDirIn(dataDir) });
    try {
      await expectEachOnce(database, 'pglite', ids);
    } finally {
      await database.close();
    }
  });

  it.runIf(onPostgres)("on PostgreSQL, two instances: the survivor takes over the killed one's jobs when its lease runs out; every mail arrives", async () => {
    const pg = await createPostgresDatabase();
    const database = await openDatabase({ url: pg.url, pgliteDir: 'memory://' });
    try {
      // Leases of 3 s: the survivor takes the dead one's jobs within the wait below.
      const env = { DATABASE_URL: pg.url, JWT_SECRET: 'a-shared-secret-for-both-instances-of-this-test', JOBS_LEASE: '3s' };
      // One after the other: the first migrates the empty database, the second finds it done.
      const a = await start({ ...env, DATA_DIR: tempDir() });
      const b = await start({ ...env, DATA_DIR: tempDir() });
      // Both find the mails at their next look at the queue, and share them.
      const ids = await queueMails(database, 'postgres');
      await killMidWay(a, 'postgres');
      await vi.waitFor(() => expect(receivedIds('postgres').size).toBe(MAILS), { timeout: 30_000, interval: 50 });
      // Marked done after the last acceptance.
      await vi.waitFor(async () => expect((await database.db.select().from(outbox).where(eq(outbox.status, 'pending'))).length).toBe(0));
      await b.stop();
      await expectEachOnce(database, 'postgres', ids);
    } finally {
      await database.close();
      await pg.drop();
    }
  });
});
