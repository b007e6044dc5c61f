import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../../test/helper.ts';
import { createAdmin, PASSWORD, signUp, uploadedPicture } from '../../../test/fixtures.ts';
import { freePort } from '../../../test/free-port.ts';
import { MAIL_FROM, smtpUrl, startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { outbox } from '../../db/schema.ts';
import { callRoute, type RouteAnswer } from '../../../test/call-route.ts';

/**
 * The Admin's view of the outbox (bodies only while no SMTP server is configured), and the
 * links in mails, which point at this server whatever Host a request names.
 */

const smtpPort = await freePort();
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer(smtpPort);
});
afterAll(async () => {
  await smtp?.close();
});
const withSmtp = { mail: { smtpUrl: smtpUrl(smtpPort), from: MAIL_FROM } };

const HOUR = 3_600_000;

/**
 * `n` mails a minute apart, an hour ago, each with a body; written without the jobs that send them, so still
 * pending (bodies kept) when listed. Answers them oldest first.
 */
async function pendingMails(app: FastifyInstance, n: number) {
  const base = Date.now() - HOUR;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const [row] = await app.db
      .insert(outbox)
      .values({
        kind: 'test',
        toAddress: `list-${i}@example.com`,
        subject: `Mail ${i}`,
        textBody: `Text of mail ${i}`,
        htmlBody: `<p>Mail ${i}</p>`,
        createdAt: new Date(base + i * 60_000),
      })
      .returning();
    rows.push(row!);
  }
  return rows;
}

interface Listed {
  _id: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
  text: string | null;
}

/** Every page of GET /api/outbox at `limit`, following nextCursor; answers the pages. */
async function allPages(app: FastifyInstance, token: string, limit: number) {
  const pages: Listed[][] = [];
  let cursor: string | null = null;
  do {
    const res: RouteAnswer = await callRoute(app, 'outbox', { query: { limit, cursor }, token });
    expect(res.status).toBe(200);
    pages.push(res.body.data);
    cursor = res.body.meta.nextCursor;
    expect(pages.length).toBeLessThan(20);
  } while (cursor);
  return pages;
}

/** The outbox as stored, newest first by (created_at, id). */
async function stored(app: FastifyInstance) {
  const rows = await app.db.select().from(outbox);
  return rows.sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.id > x.id ? 1 : -1));
}

function listTests(ctx: TestContext, smtpConfigured: boolean) {
  it('is newest first, and paging with limit and cursor reaches every mail once', async () => {
    const { app } = ctx;
    const admin = await createAdmin(app);
    const mails = await pendingMails(app, 7);
    const pages = await allPages(app, admin.token, 3);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const listed = pages.flat();
    expect(listed.map((m) => m.subject)).toEqual(mails.map((m) => m.subject).reverse());
    expect(listed.map((m) => m._id)).toEqual((await stored(app)).map((r) => r.id));
    expect(new Set(listed.map((m) => m._id)).size).toBe(7);
    expect(listed[0]).toMatchObject({ kind: 'test', to: 'list-6@example.com', status: 'pending', attempts: 0, lastError: null, sentAt: null });
  });

  it('answers 403 to a signed-in non-Admin and 401 to nobody', async () => {
    const { app } = ctx;
    await pendingMails(app, 1);
    const buyer = await signUp(app, 'Buyer', undefined, { verified: false });
    const seller = await signUp(app, 'Seller', undefined, { verified: false });
    for (const who of [buyer, seller]) {
      const res = await callRoute(app, 'outbox', { token: who.token });
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body)).not.toContain('Text of mail');
    }
    const anonymous = await callRoute(app, 'outbox');
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toContain('Text of mail');
  });

  it(
    smtpConfigured ? 'shows no mail text (its links are secrets once mails really go out)' : 'shows each mail text (the demo reads its links here)',
    async () => {
      const { app } = ctx;
      const admin = await createAdmin(app);
      await pendingMails(app, 3);
      const email = 'reader@example.com';
      const signedUp = await callRoute(app, 'signUp', {
        body: { name: 'Reader', email, password: PASSWORD, role: 'Buyer', userImg: await uploadedPicture(app) },
      });
      expect(signedUp.status).toBe(202);
      if (smtpConfigured) await smtp.waitFor(email);

      const rows = await stored(app);
      // The pending ones still have their bodies in the table: only the answer decides what shows.
      expect(rows.filter((r) => r.textBody !== null).length).toBeGreaterThanOrEqual(3);
      const listed = (await allPages(app, admin.token, 50)).flat();
      expect(listed).toHaveLength(4);
      if (smtpConfigured) {
        for (const mail of listed) expect(mail.text, mail.subject).toBeNull();
      } else {
        expect(listed.map((m) => m.text)).toEqual(rows.map((r) => r.textBody));
        const verify = listed.find((m) => m.to === email)!;
        expect(verify.subject).toBe('Confirm your e-mail address');
        expect(verify.text).toMatch(/\/verify-email\?token=[\w-]{43}/);
        expect(listed.find((m) => m.to === 'list-0@example.com')!.text).toBe('Text of mail 0');
      }
    },
  );
}

describe('GET /api/outbox with SMTP configured', () => {
  const ctx = useTestApp(withSmtp);
  listTests(ctx, true);
});

describe('GET /api/outbox without SMTP', () => {
  const ctx = useTestApp();
  listTests(ctx, false);
});

const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

/** A password reset and a sign-up asked for under a forged Host: both mails' links are at `origin`, nowhere near evil.example. */
async function linksStayOurs(app: FastifyInstance, origin: string, prefix: string) {
  const user = await signUp(app, 'Buyer', undefined, { verified: false });
  const forgot = await callRoute(app, 'forgotPassword', { headers: evil, body: { email: user.email } });
  expect(forgot.status).toBe(202);
  const email = `${prefix}-new@example.com`;
  const created = await callRoute(app, 'signUp', {
    headers: evil,
    body: { name: 'New One', email, password: PASSWORD, role: 'Buyer', userImg: await uploadedPicture(app) },
  });
  expect(created.status).toBe(202);

  const received = await smtp.waitFor(user.email, 2);
  const reset = received.find((r) => r.mail.subject === 'Set a new password')!;
  const [verify] = await smtp.waitFor(email);
  for (const { mail } of [reset, verify!]) {
    const html = typeof mail.html === 'string' ? mail.html : '';
    expect(`${mail.text}${html}`).not.toContain('evil.example');
    const links = [...`${mail.text}`.matchAll(/https?:\/\/[^\s"<]+/g)].map((m) => new URL(m[0]).origin);
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links)).toEqual(new Set([origin]));
  }
  const token = /\/reset-password\?token=([\w-]{43})/.exec(reset.mail.text ?? '')?.[1];
  expect(reset.mail.text).toContain(`${origin}/reset-password?token=${token}`);
  expect(verify!.mail.text).toMatch(new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/verify-email\\?token=[\\w-]{43}`));
  // The link is a working one.
  expect((await callRoute(app, 'resetPassword', { body: { token, password: 'new-secret' } })).status).toBe(200);
}

describe('mail links under a forged Host header', () => {
  // Trusting one proxy hop makes Fastify's request.host follow X-Forwarded-Host: the links must not.
  describe('without PUBLIC_URL: localhost, the address the README gives, on the port this server listens on', () => {
    const ctx = useTestApp({ ...withSmtp, trustProxy: 1 });
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('password reset and sign-up links point at this server, never evil.example', async () => {
      const { port } = ctx.app.server.address() as { port: number };
      expect(port).toBeGreaterThan(0);
      await linksStayOurs(ctx.app, `http://localhost:${port}`, 'listening');
    });
  });

  describe('with PUBLIC_URL', () => {
    const ctx = useTestApp({ ...withSmtp, trustProxy: 1, publicUrl: 'https://phones.example.com' });

    it('password reset and sign-up links point at PUBLIC_URL, never evil.example', async () => {
      await linksStayOurs(ctx.app, 'https://phones.example.com', 'public');
    });
  });
});
