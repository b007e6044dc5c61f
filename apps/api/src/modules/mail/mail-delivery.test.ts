import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyTables, runJobs, testConfig, useTestApp, useTestDatabase } from '../../../test/helper.ts';
import { PASSWORD, uploadedPicture } from '../../../test/fixtures.ts';
import { freePort } from '../../../test/free-port.ts';
import { MAIL_FROM, SMTP_USER, smtpUrl, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { buildApp } from '../../app.ts';
import { accountTokens, jobs, outbox, users } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { publicOrigin } from '../../public-origin.ts';
import { enqueueMail, MAX_ATTEMPTS } from './outbox.ts';
import { callRoute } from '../../../test/call-route.ts';

/**
 * The outbox delivered for real: a local SMTP server (login required) receives what the app's
 * worker sends with nodemailer, and the tests read the messages as a mail client would.
 */

const smtpPort = await freePort();
/** Nothing listens here until a test starts a server on it. */
let deadPort = await freePort();
while (deadPort === smtpPort) deadPort = await freePort();

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer(smtpPort);
});
afterAll(async () => {
  await smtp?.close();
});

const mailConfig = (port: number) => ({ mail: { smtpUrl: smtpUrl(port), from: MAIL_FROM } });

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The link of `path` with its 43-character code, at the app's own origin. */
const linkPattern = (origin: string, path: string) => new RegExp(`${escapeRegExp(origin)}${path}\\?token=([\\w-]{43})(?![\\w-])`);

const htmlOf = (r: ReceivedMail) => (typeof r.mail.html === 'string' ? r.mail.html : '');
const toAddresses = (r: ReceivedMail) => [r.mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));

const rowsTo = (app: FastifyInstance, to: string, kind?: string) =>
  app.db
    .select()
    .from(outbox)
    .where(kind ? and(eq(outbox.toAddress, to), eq(outbox.kind, kind)) : eq(outbox.toAddress, to));

async function oneRow(app: FastifyInstance, to: string, kind: string) {
  const rows = await rowsTo(app, to, kind);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The mails' jobs waiting out a back-off are due now. */
const makeDue = (app: FastifyInstance) =>
  app.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.kind, 'mail'), isNull(jobs.doneAt)));

const mailJobs = (app: FastifyInstance, mailId: string) =>
  app.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'mailId' = ${mailId}`));

async function signUpBody(app: FastifyInstance, email: string, overrides: Record<string, unknown> = {}) {
  return { name: 'Nadia Rahman', email, password: PASSWORD, role: 'Seller', userImg: await uploadedPicture(app), ...overrides };
}

describe('mails delivered over SMTP', () => {
  const ctx = useTestApp(mailConfig(smtpPort));

  it('sign-up: the verification mail arrives at the address, from MAIL_FROM, with its link in text and HTML; the link verifies; the sent row keeps no body', async () => {
    const { app } = ctx;
    const email = 'nadia@example.com';
    const res = await callRoute(app, 'signUp', { body: await signUpBody(app, email) });
    expect(res.status).toBe(202);

    const [received] = await smtp.waitFor(email);
    expect(received!.user).toBe(SMTP_USER);
    expect(received!.envelopeFrom).toBe('no-reply@resale.test');
    expect(received!.envelopeTo).toEqual([email]);
    const { mail } = received!;
    expect(mail.from?.value).toEqual([{ address: 'no-reply@resale.test', name: 'Resale Phones' }]);
    expect(toAddresses(received!)).toEqual([email]);
    expect(mail.subject).toBe('Confirm your e-mail address');
    // To an address nobody has confirmed: no name whoever signed up chose (decision 039).
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).not.toContain('Nadia Rahman');

    const link = linkPattern(publicOrigin(app.server, ctx.config), '/verify-email');
    const fromText = link.exec(mail.text ?? '')?.[1];
    const fromHtml = link.exec(htmlOf(received!))?.[1];
    expect(fromText).toMatch(/^[\w-]{43}$/);
    expect(fromHtml).toBe(fromText);
    expect(htmlOf(received!)).toMatch(/<a href="[^"]*\/verify-email\?token=[\w-]{43}&amp;lang=en"/);

    const login = await callRoute(app, 'logIn', { body: { email, password: PASSWORD } });
    const me = () => callRoute(app, 'me', { token: login.body.data.token });
    expect((await me()).body.data.emailVerified).toBe(false);
    const verified = await callRoute(app, 'verifyEmail', { body: { token: fromText } });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ email, emailVerified: true });
    expect((await me()).body.data.emailVerified).toBe(true);

    // Marked sent once the server took it (just after it arrived): the links were secrets, the body goes.
    await vi.waitFor(async () => expect((await oneRow(app, email, 'verify-email')).status).toBe('sent'));
    const row = await oneRow(app, email, 'verify-email');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, textBody: null, htmlBody: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(smtp.to(email)).toHaveLength(1);
    // Its Message-ID is the mail's own: sent again after a crash, it is the same message to mail systems.
    expect(mail.messageId).toBe(`<${row.id}@resale.test>`);
    expect(await mailJobs(app, row.id)).toEqual([expect.objectContaining({ attempts: 1, doneAt: expect.any(Date), lockedBy: null })]);
  });

  it('a reset link delivered over SMTP is nowhere in the database: the tokens table holds only hashes, the sent row and its job no text', async () => {
    const { app } = ctx;
    const email = 'leak@example.com';
    expect((await callRoute(app, 'signUp', { body: await signUpBody(app, email) })).status).toBe(202);
    expect((await callRoute(app, 'forgotPassword', { body: { email } })).status).toBe(202);
    const arrived = await smtp.waitFor(email, 2);
    const origin = publicOrigin(app.server, ctx.config);
    const codes = [
      linkPattern(origin, '/verify-email').exec(arrived.find((r) => r.mail.subject === 'Confirm your e-mail address')!.mail.text ?? '')?.[1],
      linkPattern(origin, '/reset-password').exec(arrived.find((r) => r.mail.subject === 'Set a new password')!.mail.text ?? '')?.[1],
    ];
    await vi.waitFor(async () => expect((await rowsTo(app, email)).map((r) => r.status)).toEqual(['sent', 'sent']));

    // What someone who can read the database's files finds: every row of the tables that carried the links.
    const dump = async (table: string) => JSON.stringify(await app.db.execute(sql.raw(`select row_to_json(t)::text as row from ${table} t`)));
    const tables = await Promise.all(['account_tokens', 'outbox', 'jobs'].map(dump));
    for (const code of codes) {
      expect(code).toMatch(/^[\w-]{43}$/);
      for (const rows of tables) expect(rows).not.toContain(code!);
    }
    expect(tables.join('')).not.toMatch(/token=/);
    // Nor does any value stored in the tokens table work as a link.
    const stored = await app.db.select({ hash: accountTokens.tokenHash, email: accountTokens.email }).from(accountTokens);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const value of stored.flatMap((r) => [r.hash, r.email])) {
      expect((await callRoute(app, 'resetPassword', { body: { token: value, password: 'taken-over' } })).status).toBe(400);
      expect((await callRoute(app, 'verifyEmail', { body: { token: value } })).status).toBe(400);
    }
    expect((await callRoute(app, 'logIn', { body: { email, password: 'taken-over' } })).status).toBe(401);
  });

  it('sign-up with an address that has an account: the same answer, the owner is told, nothing is created', async () => {
    const { app } = ctx;
    const email = 'owner@example.com';
    const first = await callRoute(app, 'signUp', { body: await signUpBody(app, email, { name: 'Original Owner', role: 'Buyer' }) });
    const again = await callRoute(app, 'signUp', { body: await signUpBody(app, email, { name: 'Someone Else', password: 'other-password', role: 'Seller' }) });
    const fresh = await callRoute(app, 'signUp', { body: await signUpBody(app, 'fresh@example.com') });
    expect([first.status, again.status, fresh.status]).toEqual([202, 202, 202]);
    expect(again.body).toEqual(first.body);
    expect(fresh.body).toEqual(JSON.parse(JSON.stringify(first.body).replaceAll(email, 'fresh@example.com')));

    const arrived = await smtp.waitFor(email, 2);
    expect(arrived.map((r) => r.mail.subject).sort()).toEqual(['Confirm your e-mail address', 'You already have an account']);
    const exists = arrived.find((r) => r.mail.subject === 'You already have an account')!;
    expect(exists.envelopeTo).toEqual([email]);
    expect(exists.mail.from?.value).toEqual([{ address: 'no-reply@resale.test', name: 'Resale Phones' }]);
    // The owner's address is not confirmed yet: greeted by no name, neither the owner's nor the second sign-up's.
    expect(exists.mail.text).toMatch(/^Hello,\n/);
    expect(exists.mail.text).not.toContain('Original Owner');
    expect(exists.mail.text).not.toContain('Someone Else');
    expect(exists.mail.text).toContain(`${publicOrigin(app.server, ctx.config)}/forgot-password`);
    expect((await rowsTo(app, email)).map((r) => r.kind).sort()).toEqual(['account-exists', 'verify-email']);

    const accounts = await app.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ name: 'Original Owner', role: 'Buyer' });
    expect((await callRoute(app, 'logIn', { body: { email, password: 'other-password' } })).status).toBe(401);
    expect((await callRoute(app, 'logIn', { body: { email, password: PASSWORD } })).status).toBe(200);
  });
});

describe('while the SMTP server is down', () => {
  const ctx = useTestApp(mailConfig(deadPort));

  it(`a mail that fails ${MAX_ATTEMPTS} times is marked failed, and never tried again`, async () => {
    const { app } = ctx;
    const to = 'unlucky@example.com';
    // Its job as it would be after MAX_ATTEMPTS - 2 failures (one transaction: the worker's timer must not see it in between).
    await app.db.transaction(async (tx) => {
      await enqueueMail(tx, { kind: 'test', to, subject: 'Never arrives', text: 'text', html: '<p>html</p>' });
      await tx
        .update(jobs)
        .set({ attempts: MAX_ATTEMPTS - 2 })
        .where(eq(jobs.kind, 'mail'));
    });

    await runJobs(app);
    let row = await oneRow(app, to, 'test');
    expect(row).toMatchObject({ status: 'pending', attempts: MAX_ATTEMPTS - 1, sentAt: null, textBody: 'text' });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Backed off (to the hour the doubling reaches by now), not retried at once.
    const [waiting] = await mailJobs(app, row.id);
    expect(waiting).toMatchObject({ doneAt: null, lockedBy: null, attempts: MAX_ATTEMPTS - 1 });
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    await makeDue(app);
    await runJobs(app);
    row = await oneRow(app, to, 'test');
    // Failed for good: nobody will receive its links, so its text goes as a sent mail's does.
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sentAt: null, textBody: null, htmlBody: null });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The job is over: failed for good is not tried again.
    expect(await mailJobs(app, row.id)).toEqual([expect.objectContaining({ doneAt: expect.any(Date) })]);

    // Failed is final: even a second job for it does not try it again.
    await enqueueJob(app.db, 'mail', { mailId: row.id });
    await runJobs(app);
    expect(await oneRow(app, to, 'test')).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: row.lastError });
    expect((await mailJobs(app, row.id)).every((j) => j.doneAt)).toBe(true);
  });

  it('a request that mails still answers 202; the mail waits in the outbox and arrives once the server is back', async () => {
    const { app } = ctx;
    const email = 'patient@example.com';
    expect((await callRoute(app, 'signUp', { body: await signUpBody(app, email) })).status).toBe(202);
    const forgot = await callRoute(app, 'forgotPassword', { body: { email } });
    expect(forgot.status).toBe(202);
    expect(forgot.body.success).toBe(true);

    // The request's own nudge tried at once (sooner than the worker's 5 s timer), and failed. The claim counts the
    // attempt before the connection is refused: wait for the failure to be written, not only for the count.
    await vi.waitFor(
      async () => {
        const row = await oneRow(app, email, 'reset-password');
        expect(row.attempts).toBeGreaterThanOrEqual(1);
        expect(row.lastError).not.toBeNull();
      },
      { timeout: 4_000 },
    );
    const waiting = await oneRow(app, email, 'reset-password');
    expect(waiting.status).toBe('pending');
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.textBody).toMatch(/\/reset-password\?token=[\w-]{43}/);
    const [job] = await mailJobs(app, waiting.id);
    expect(job).toMatchObject({ doneAt: null });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

    const back = await startSmtpServer(deadPort);
    try {
      await makeDue(app);
      await runJobs(app);
      const arrived = await back.waitFor(email, 2);
      expect(arrived.map((r) => r.mail.subject).sort()).toEqual(['Confirm your e-mail address', 'Set a new password']);
      const reset = arrived.find((r) => r.mail.subject === 'Set a new password')!;
      const token = linkPattern(publicOrigin(app.server, ctx.config), '/reset-password').exec(reset.mail.text ?? '')?.[1];
      expect(token).toBeDefined();

      await vi.waitFor(async () => expect((await rowsTo(app, email)).map((r) => r.status)).toEqual(['sent', 'sent']));
      const sent = await oneRow(app, email, 'reset-password');
      expect(sent).toMatchObject({ status: 'sent', lastError: null, textBody: null, htmlBody: null });
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
      expect(sent.sentAt).toBeInstanceOf(Date);

      // The link that waited out the outage still works.
      const reset2 = await callRoute(app, 'resetPassword', { body: { token, password: 'new-secret' } });
      expect(reset2.status).toBe(200);
      expect(back.to(email)).toHaveLength(2);
    } finally {
      await back.close();
    }
  });
});

describe('two deliverers on one database', () => {
  const ctx = useTestDatabase();
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    await emptyTables(ctx.database.db);
    // Two pools on PostgreSQL, as two processes would have; one PGlite cannot be opened twice.
    a = await buildApp({ config: testConfig(mailConfig(smtpPort)), database: ctx.database });
    b = await buildApp({ config: testConfig(mailConfig(smtpPort)), database: await ctx.another() });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivering at once, they deliver each mail exactly once', async () => {
    const N = 40;
    const to = (i: number) => `many-${i}@example.com`;
    // All committed at once, so neither worker's timer can send some before both start.
    await a.db.transaction(async (tx) => {
      for (let i = 0; i < N; i++) await enqueueMail(tx, { kind: 'test', to: to(i), subject: `Mail ${i}`, text: `text ${i}`, html: `<p>html ${i}</p>` });
    });

    // Each app sends over at most 2 SMTP connections (delivery.ts): 3 mails waiting at the server at once
    // are from both apps, whatever the order in which their workers got going.
    smtp.holdUntil(3);
    const [byA, byB] = await Promise.all([a.jobs.run(), b.jobs.run()]);
    // Both worked at the same time (each claimed some), and between them tried each mail once.
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect(byA + byB).toBe(N);

    await vi.waitFor(() => expect(smtp.received.filter((r) => r.envelopeTo[0]!.startsWith('many-'))).toHaveLength(N));
    for (let i = 0; i < N; i++) {
      const got = smtp.to(to(i));
      expect(got, to(i)).toHaveLength(1);
      expect(got[0]!.mail.subject).toBe(`Mail ${i}`);
    }
    const rows = await a.db.select().from(outbox).where(eq(outbox.kind, 'test'));
    expect(rows).toHaveLength(N);
    for (const row of rows) expect(row, row.toAddress).toMatchObject({ status: 'sent', attempts: 1, textBody: null });
    // Nothing more comes later (a second claim would show up as a second message).
    await a.jobs.run();
    await b.jobs.run();
    expect(smtp.received.filter((r) => r.envelopeTo[0]!.startsWith('many-'))).toHaveLength(N);
  });
});
