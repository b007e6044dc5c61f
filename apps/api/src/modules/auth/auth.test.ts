import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { eq } from 'drizzle-orm';
import { outbox, uploads, users } from '../../db/schema.ts';
import { book, createAdmin, createCategory, lastMail, linkToken, postProduct, productBody, signUp, uploadedPicture } from '../../../test/fixtures.ts';
import { callRoute } from '../../../test/call-route.ts';

const ctx = useTestApp();
const body = async (overrides: Record<string, unknown> = {}) => ({
  id: 'client-chosen-id',
  name: 'Karim Uddin',
  email: 'Karim@Example.com',
  password: 'secret',
  role: 'Seller',
  userImg: await uploadedPicture(ctx.app),
  ...overrides,
});

describe('POST /api/user (sign-up)', () => {
  it('creates an unverified account, mails a verification link, and answers 202 without a session', async () => {
    const res = await callRoute(ctx.app, 'signUp', { body: await body() });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      success: true,
      data: { email: 'karim@example.com', message: 'Check your e-mail: we sent a message to karim@example.com to continue.' },
    });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, 'karim@example.com'));
    expect(row).toMatchObject({ name: 'Karim Uddin', role: 'Seller', emailVerifiedAt: null, sellerVerified: false });
    expect(row!.providerId).toMatch(/^local:[0-9a-f-]{36}$/);
    expect(row!.providerId).not.toContain('client-chosen-id');
    const mail = await lastMail(ctx.app, 'karim@example.com', 'verify-email');
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.textBody).toMatch(/\/verify-email\?token=[\w-]{43}/);
    // Logging in works before the address is confirmed; the session says so.
    const login = await callRoute(ctx.app, 'logIn', { body: { email: 'karim@example.com', password: 'secret' } });
    expect(login.status).toBe(200);
    const { user, token } = login.body.data;
    expect(user).toMatchObject({ name: 'Karim Uddin', email: 'karim@example.com', role: 'Seller', sellerVerified: false, emailVerified: false });
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ _id: user._id, email: 'karim@example.com', role: 'Seller', sv: 0 });
    expect(claims.exp).toBeGreaterThan(claims.iat);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
  });

  it.each([
    ['Admin', 'role'],
    ['Owner', 'role'],
  ])('refuses the role %s with a 400 that names the field', async (role, field) => {
    const res = await callRoute(ctx.app, 'signUp', { body: await body({ role }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toContain(field);
    expect(res.body.massage).toBe(res.body.message);
  });

  it.each([
    [{ password: '12345' }, 'password'],
    [{ email: 'not-an-email' }, 'email'],
    [{ name: '' }, 'name'],
    [{ name: 42 }, 'name'],
    [{ userImg: 'javascript:alert(1)' }, 'userImg'],
    [{ userImg: 'https://evil.example/pixel.gif?who=visitor' }, 'userImg'],
    [{ userImg: '/uploads/../../api/admin-overview' }, 'userImg'],
    [{ userImg: `/uploads/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.webp` }, 'userImg'],
  ])('refuses bad input %j with a 400 naming the field, creating nothing and sending nothing', async (overrides, field) => {
    const res = await callRoute(ctx.app, 'signUp', { body: await body(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(await ctx.app.db.select().from(users)).toEqual([]);
    expect(await ctx.app.db.select().from(outbox)).toEqual([]);
  });

  it('answers an e-mail that already has an account exactly as a new one, creates nothing, and tells the owner by mail', async () => {
    expect((await callRoute(ctx.app, 'signUp', { body: await body() })).status).toBe(202);
    const taken = await callRoute(ctx.app, 'signUp', {
      body: await body({ email: ' KARIM@Example.com', role: 'Buyer', name: 'Someone Else', password: 'attacker' }),
    });
    const fresh = await callRoute(ctx.app, 'signUp', { body: await body({ email: 'rahim@example.com' }) });
    // Same status, type and body: only the e-mail echoed back differs.
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(JSON.stringify(taken.body).replaceAll('karim@example.com', 'X')).toBe(JSON.stringify(fresh.body).replaceAll('rahim@example.com', 'X'));
    const karims = await ctx.app.db.select().from(users).where(eq(users.email, 'karim@example.com'));
    expect(karims).toHaveLength(1);
    expect(karims[0]).toMatchObject({ name: 'Karim Uddin', role: 'Seller' });
    const kinds = (await ctx.app.db.select().from(outbox).where(eq(outbox.toAddress, 'karim@example.com'))).map((m) => m.kind).sort();
    expect(kinds).toEqual(['account-exists', 'verify-email']);
    const note = await lastMail(ctx.app, 'karim@example.com', 'account-exists');
    expect(note.subject).toBe('You already have an account');
    // Karim's address is not confirmed yet: no name in the mail, neither his nor the second sign-up's (decision 039).
    expect(note.textBody).toMatch(/^Hello,\n/);
    expect(note.textBody).not.toMatch(/Karim Uddin|Someone Else/);
    expect(note.textBody).toMatch(/\/forgot-password/);
    // The second password opens nothing.
    const attacker = await callRoute(ctx.app, 'logIn', { body: { email: 'karim@example.com', password: 'attacker' } });
    expect(attacker.status).toBe(401);
  });

  it('marks the uploaded avatar as in use, so the sweep of unused uploads keeps it', async () => {
    const picture = await uploadedPicture(ctx.app);
    await callRoute(ctx.app, 'signUp', { body: await body({ userImg: picture }) });
    const [row] = await ctx.app.db
      .select()
      .from(uploads)
      .where(eq(uploads.name, picture.slice('/uploads/'.length)));
    expect(row!.attachedAt).toBeInstanceOf(Date);
  });
});

describe('unverified accounts', () => {
  it('can log in and browse, but not post a phone, book or report until the address is confirmed', async () => {
    const seller = await signUp(ctx.app, 'Seller', undefined, { verified: false });
    const buyer = await signUp(ctx.app, 'Buyer', undefined, { verified: false });
    const verifiedSeller = await signUp(ctx.app, 'Seller');
    const category = await createCategory(ctx.app);
    const product = await postProduct(ctx.app, verifiedSeller, category.id);
    const message = 'Confirm your e-mail address first: open the link we sent you, or ask for a new one on your account page';
    const refusals = [
      await callRoute(ctx.app, 'addProduct', { token: seller.token, body: productBody(category.id, await uploadedPicture(ctx.app)) }),
      await callRoute(ctx.app, 'book', { token: buyer.token, body: { productId: product._id, meetingLocation: 'Gulshan 1', mobileNumber: '01711-000111' } }),
      await callRoute(ctx.app, 'reportProduct', { params: { id: product._id }, token: buyer.token }),
    ];
    for (const res of refusals)
      expect(res.body).toEqual({ success: false, message, massage: message, code: 'email_not_confirmed', requestId: res.headers['x-request-id'] });
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403]);
    expect((await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token })).status).toBe(200);
    expect((await callRoute(ctx.app, 'me', { token: buyer.token })).body.data.emailVerified).toBe(false);

    // The link from the mail confirms the address; the same session may now book.
    const token = await linkToken(ctx.app, buyer.email, 'verify-email');
    const verified = await callRoute(ctx.app, 'verifyEmail', { body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ email: buyer.email, emailVerified: true });
    expect((await callRoute(ctx.app, 'me', { token: buyer.token })).body.data.emailVerified).toBe(true);
    await book(ctx.app, buyer, product._id);
  });
});

describe('POST /api/login', () => {
  it('answers the user and a token for the right password', async () => {
    await callRoute(ctx.app, 'signUp', { body: await body() });
    const res = await callRoute(ctx.app, 'logIn', { body: { email: 'karim@example.com', password: 'secret' } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: 'karim@example.com', role: 'Seller' });
    expect(typeof res.body.data.token).toBe('string');
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    await callRoute(ctx.app, 'signUp', { body: await body() });
    for (const payload of [
      { email: 'karim@example.com', password: 'wrong!' },
      { email: 'nobody@example.com', password: 'secret' },
    ]) {
      const res = await callRoute(ctx.app, 'logIn', { body: payload });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        message: 'Invalid Email or Password',
        massage: 'Invalid Email or Password',
        code: 'wrong_credentials',
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('refuses a missing password with a 400', async () => {
    const res = await callRoute(ctx.app, 'logIn', { body: { email: 'karim@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('password');
  });
});

describe('tokens', () => {
  it('are accepted raw and as Bearer', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    for (const authorization of [buyer.token, `Bearer ${buyer.token}`, `bearer ${buyer.token}`]) {
      const res = await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, headers: { authorization } });
      expect(res.status).toBe(200);
    }
  });

  it('are refused with a 401 once the user is deleted', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const admin = await createAdmin(ctx.app);
    expect((await callRoute(ctx.app, 'deleteUser', { params: { id: buyer._id }, token: admin.token })).status).toBe(200);
    const res = await callRoute(ctx.app, 'buyerOrders', { params: { id: buyer._id }, token: buyer.token });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/no longer exists/);
  });

  it('are refused when tampered with, or signed with another algorithm', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const [header, payload] = buyer.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ _id: buyer._id, email: buyer.email, role: 'Admin' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [`${header}.${forgedPayload}.${buyer.token.split('.')[2]}`, `${none}.${payload}.`, 'garbage']) {
      const res = await callRoute(ctx.app, 'allBuyers', { token });
      expect(res.status).toBe(401);
    }
  });
});

describe('GET /api/demo-accounts', () => {
  it('lists the three demo logins, each with a 6-character password', async () => {
    const res = await callRoute(ctx.app, 'demoAccounts');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { role: string }) => a.role)).toEqual(['Admin', 'Seller', 'Buyer']);
    for (const account of res.body.data) expect(account.password).toHaveLength(6);
  });
});
