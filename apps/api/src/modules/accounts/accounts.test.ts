import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTokens, outbox, users } from '../../db/schema.ts';
import { createAdmin, lastMail, linkToken, logIn, PASSWORD, signUp, type Actor } from '../../../test/fixtures.ts';
import { roomyLimits, testConfig, useTestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { callRoute } from '../../../test/call-route.ts';

const ctx = useTestApp();
const me = (token: string) => callRoute(ctx.app, 'me', { token });
const mails = async (to: string) => (await ctx.app.db.select().from(outbox).where(eq(outbox.toAddress, to))).map((m) => m.kind).sort();
const expire = (purpose: 'verify-email' | 'reset-password') =>
  ctx.app.db
    .update(accountTokens)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(accountTokens.purpose, purpose));
const BAD_LINK = 'This link has expired or was already used: ask for a new one';

/** An unconfirmed account holding both kinds of mailed link, unused. */
async function withUnusedLinks() {
  const actor = await signUp(ctx.app, 'Buyer', undefined, { verified: false });
  const verify = await linkToken(ctx.app, actor.email, 'verify-email');
  await callRoute(ctx.app, 'forgotPassword', { body: { email: actor.email } });
  const reset = await linkToken(ctx.app, actor.email, 'reset-password');
  return { actor, verify, reset };
}

/** Neither link works any more; the owner can ask for a new confirmation link, and it works. */
async function expectRevoked({ verify, reset }: { verify: string; reset: string }, email: string, token: string) {
  const resetAnswer = await callRoute(ctx.app, 'resetPassword', { body: { token: reset, password: 'taken-over' } });
  expect(resetAnswer.status).toBe(400);
  expect(resetAnswer.body.message).toBe(BAD_LINK);
  expect((await callRoute(ctx.app, 'verifyEmail', { body: { token: verify } })).body.message).toBe(BAD_LINK);
  expect((await callRoute(ctx.app, 'logIn', { body: { email, password: 'taken-over' } })).status).toBe(401);
  expect((await callRoute(ctx.app, 'verificationEmail', { token })).status).toBe(202);
  expect((await callRoute(ctx.app, 'verifyEmail', { body: { token: await linkToken(ctx.app, email, 'verify-email') } })).status).toBe(200);
}

describe('GET /api/me', () => {
  it('answers the signed-in user as stored now, without secrets', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const res = await me(buyer.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: buyer._id, email: buyer.email, role: 'Buyer', emailVerified: true });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon|session/i);
  });
});

describe('confirming the e-mail address', () => {
  it('the link works once; a second use, an expired link and a made-up one are a 400 that says so', async () => {
    const buyer = await signUp(ctx.app, 'Buyer', undefined, { verified: false });
    const token = await linkToken(ctx.app, buyer.email, 'verify-email');
    expect((await callRoute(ctx.app, 'verifyEmail', { body: { token } })).status).toBe(200);
    const again = await callRoute(ctx.app, 'verifyEmail', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(BAD_LINK);
    expect((await callRoute(ctx.app, 'verifyEmail', { body: { token: 'A'.repeat(43) } })).body.message).toBe(BAD_LINK);

    const other = await signUp(ctx.app, 'Seller', undefined, { verified: false });
    const late = await linkToken(ctx.app, other.email, 'verify-email');
    await expire('verify-email');
    expect((await callRoute(ctx.app, 'verifyEmail', { body: { token: late } })).status).toBe(400);
    expect((await me(other.token)).body.data.emailVerified).toBe(false);
  });

  it('refuses a malformed code with a 400 naming the field', async () => {
    for (const token of ['', 'short', `${'a'.repeat(42)}!`, 42]) {
      const res = await callRoute(ctx.app, 'verifyEmail', { body: { token } });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('token');
    }
  });

  it('a reset link does not confirm through the verification route, nor the other way round', async () => {
    const buyer = await signUp(ctx.app, 'Buyer', undefined, { verified: false });
    await callRoute(ctx.app, 'forgotPassword', { body: { email: buyer.email } });
    const reset = await linkToken(ctx.app, buyer.email, 'reset-password');
    expect((await callRoute(ctx.app, 'verifyEmail', { body: { token: reset } })).status).toBe(400);
    const verify = await linkToken(ctx.app, buyer.email, 'verify-email');
    expect((await callRoute(ctx.app, 'resetPassword', { body: { token: verify, password: 'new-one' } })).status).toBe(400);
    expect((await me(buyer.token)).body.data.emailVerified).toBe(false);
  });

  it('a link sent to an address the account no longer has confirms nothing', async () => {
    const buyer = await signUp(ctx.app, 'Buyer', undefined, { verified: false });
    const token = await linkToken(ctx.app, buyer.email, 'verify-email');
    await ctx.app.db.update(users).set({ email: 'changed@example.com' }).where(eq(users.id, buyer._id));
    expect((await callRoute(ctx.app, 'verifyEmail', { body: { token } })).status).toBe(400);
  });

  it('sends a new link on request (the older one stops working), and says so when already confirmed', async () => {
    const buyer = await signUp(ctx.app, 'Buyer', undefined, { verified: false });
    const first = await linkToken(ctx.app, buyer.email, 'verify-email');
    const res = await callRoute(ctx.app, 'verificationEmail', { token: buyer.token });
    expect(res.status).toBe(202);
    expect(res.body.data.message).toBe(`We sent a new link to ${buyer.email}.`);
    const second = await linkToken(ctx.app, buyer.email, 'verify-email');
    expect(second).not.toBe(first);
    expect((await callRoute(ctx.app, 'verifyEmail', { body: { token: first } })).status).toBe(400);
    expect((await callRoute(ctx.app, 'verifyEmail', { body: { token: second } })).status).toBe(200);
    const done = await callRoute(ctx.app, 'verificationEmail', { token: buyer.token });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe('Your e-mail address is already confirmed');
  });
});

describe('forgotten password', () => {
  it('answers the same whether or not the address has an account, and mails only an existing one', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const known = await callRoute(ctx.app, 'forgotPassword', { body: { email: buyer.email.toUpperCase() } });
    const unknown = await callRoute(ctx.app, 'forgotPassword', { body: { email: 'nobody@example.com' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body.data.message.replace(buyer.email, 'X')).toBe(unknown.body.data.message.replace('nobody@example.com', 'X'));
    expect(await mails(buyer.email)).toContain('reset-password');
    expect(await mails('nobody@example.com')).toEqual([]);
    const mail = await lastMail(ctx.app, buyer.email, 'reset-password');
    expect(mail.subject).toBe('Set a new password');
    expect(mail.textBody).toMatch(/\/reset-password\?token=[\w-]{43}/);
  });

  it('a reset sets the password, confirms the address, ends every session, and works once', async () => {
    const buyer = await signUp(ctx.app, 'Buyer', undefined, { verified: false });
    const otherDevice = await logIn(ctx.app, buyer.email, PASSWORD);
    await callRoute(ctx.app, 'forgotPassword', { body: { email: buyer.email } });
    const token = await linkToken(ctx.app, buyer.email, 'reset-password');
    const res = await callRoute(ctx.app, 'resetPassword', { body: { token, password: 'brand-new' } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ _id: buyer._id, emailVerified: true });
    // The session the reset answered works; every older one is over.
    expect((await me(res.body.data.token)).status).toBe(200);
    for (const old of [buyer.token, otherDevice.token]) {
      const refused = await me(old);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('Your session has ended, please log in again');
    }
    expect((await callRoute(ctx.app, 'logIn', { body: { email: buyer.email, password: PASSWORD } })).status).toBe(401);
    expect((await callRoute(ctx.app, 'logIn', { body: { email: buyer.email, password: 'brand-new' } })).status).toBe(200);
    expect(await mails(buyer.email)).toContain('password-changed');
    const twice = await callRoute(ctx.app, 'resetPassword', { body: { token, password: 'third-one' } });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(BAD_LINK);
  });

  it("a reset revokes the account's other unused links", async () => {
    const links = await withUnusedLinks();
    await callRoute(ctx.app, 'forgotPassword', { body: { email: links.actor.email } });
    const newest = await linkToken(ctx.app, links.actor.email, 'reset-password');
    const verify = await linkToken(ctx.app, links.actor.email, 'verify-email');
    const res = await callRoute(ctx.app, 'resetPassword', { body: { token: newest, password: 'brand-new' } });
    expect(res.status).toBe(200);
    const rows = await ctx.app.db.select().from(accountTokens).where(eq(accountTokens.userId, links.actor._id));
    expect(rows.filter((r) => !r.usedAt)).toEqual([]);
    expect((await callRoute(ctx.app, 'verifyEmail', { body: { token: verify } })).body.message).toBe(BAD_LINK);
  });

  it('only the newest link works, and not after an hour', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    await callRoute(ctx.app, 'forgotPassword', { body: { email: buyer.email } });
    const first = await linkToken(ctx.app, buyer.email, 'reset-password');
    await callRoute(ctx.app, 'forgotPassword', { body: { email: buyer.email } });
    const second = await linkToken(ctx.app, buyer.email, 'reset-password');
    expect((await callRoute(ctx.app, 'resetPassword', { body: { token: first, password: 'new-one' } })).status).toBe(400);
    const [row] = await ctx.app.db.select().from(accountTokens).where(eq(accountTokens.purpose, 'reset-password'));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1000);
    await expire('reset-password');
    expect((await callRoute(ctx.app, 'resetPassword', { body: { token: second, password: 'new-one' } })).status).toBe(400);
    expect((await callRoute(ctx.app, 'logIn', { body: { email: buyer.email, password: PASSWORD } })).status).toBe(200);
  });

  it('refuses a short password with a 400 and uses nothing up', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    await callRoute(ctx.app, 'forgotPassword', { body: { email: buyer.email } });
    const token = await linkToken(ctx.app, buyer.email, 'reset-password');
    const short = await callRoute(ctx.app, 'resetPassword', { body: { token, password: '12345' } });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('password');
    expect((await callRoute(ctx.app, 'resetPassword', { body: { token, password: '123456' } })).status).toBe(200);
  });

  it('is limited per e-mail from any address, and per address', async () => {
    const config = testConfig({ limits: { ...roomyLimits, resetPerEmail: { max: 2, windowMs: 3_600_000 }, resetPerIp: { max: 3, windowMs: 3_600_000 } } });
    const app = await buildApp({ config, database: ctx.database });
    try {
      const ask = (email: string, ip: string) => callRoute(app, 'forgotPassword', { body: { email }, remoteAddress: ip });
      expect((await ask('a@example.com', '10.0.0.1')).status).toBe(202);
      expect((await ask('A@example.com', '10.0.0.2')).status).toBe(202);
      const refused = await ask('a@example.com', '10.0.0.3');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many password resets for this e-mail, try again in \d+ minutes$/);
      expect((await ask('b@example.com', '10.0.0.1')).status).toBe(202);
      expect((await ask('c@example.com', '10.0.0.1')).status).toBe(202);
      expect((await ask('d@example.com', '10.0.0.1')).body.message).toMatch(/^Too many password resets from this address/);
    } finally {
      await app.close();
    }
  });
});

describe('changing the password', () => {
  const change = (actor: Actor, currentPassword: string, password: string) =>
    callRoute(ctx.app, 'changePassword', { body: { currentPassword, password }, token: actor.token });

  it('needs the current password; then every other session ends and the answer is a new one', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const otherDevice = await logIn(ctx.app, seller.email, PASSWORD);
    const wrong = await change(seller, 'not-it', 'new-pass');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('currentPassword is not your current password');
    expect((await me(otherDevice.token)).status).toBe(200);

    const res = await change(seller, PASSWORD, 'new-pass');
    expect(res.status).toBe(200);
    expect(res.body.data.user._id).toBe(seller._id);
    expect((await me(res.body.data.token)).status).toBe(200);
    expect((await me(seller.token)).status).toBe(401);
    expect((await me(otherDevice.token)).status).toBe(401);
    expect((await callRoute(ctx.app, 'logIn', { body: { email: seller.email, password: 'new-pass' } })).status).toBe(200);
    expect(await mails(seller.email)).toContain('password-changed');
  });

  it('counts wrong current passwords as failed logins: a stolen session cannot guess freely', async () => {
    const app = await buildApp({
      config: testConfig({ limits: { ...roomyLimits, loginFailuresPerEmail: { max: 3, windowMs: 900_000 } } }),
      database: ctx.database,
    });
    try {
      const buyer = await signUp(ctx.app, 'Buyer');
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await callRoute(app, 'changePassword', { token: buyer.token, body: { currentPassword: `guess-${i}`, password: 'whatever' } })).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await app.close();
    }
  });

  it('an account without a password (Google) is told to use the reset link', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    await ctx.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, buyer._id));
    const res = await change(buyer, 'anything', 'new-pass');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Your account has no password yet: use 'Forgot password?' on the login page to set one");
  });

  it('revokes every unused reset and confirmation link of the account', async () => {
    const links = await withUnusedLinks();
    const res = await change(links.actor, PASSWORD, 'new-pass');
    expect(res.status).toBe(200);
    await expectRevoked(links, links.actor.email, res.body.data.token);
  });
});

describe('log out everywhere', () => {
  it('ends every session of the account, the one used included, and no other account', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const otherDevice = await logIn(ctx.app, buyer.email, PASSWORD);
    const someoneElse = await signUp(ctx.app, 'Buyer');
    const admin = await createAdmin(ctx.app);
    const res = await callRoute(ctx.app, 'logoutEverywhere', { token: otherDevice.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ loggedOut: true });
    for (const token of [buyer.token, otherDevice.token]) expect((await me(token)).status).toBe(401);
    expect((await me(someoneElse.token)).status).toBe(200);
    expect((await me(admin.token)).status).toBe(200);
    // A new login works at once.
    expect((await me((await logIn(ctx.app, buyer.email, PASSWORD)).token)).status).toBe(200);
  });

  it("revokes every unused reset and confirmation link of the account, and no other account's", async () => {
    const links = await withUnusedLinks();
    const other = await withUnusedLinks();
    expect((await callRoute(ctx.app, 'logoutEverywhere', { token: links.actor.token })).status).toBe(200);
    await expectRevoked(links, links.actor.email, (await logIn(ctx.app, links.actor.email, PASSWORD)).token);
    expect((await callRoute(ctx.app, 'resetPassword', { body: { token: other.reset, password: 'their-own' } })).status).toBe(200);
  });
});
