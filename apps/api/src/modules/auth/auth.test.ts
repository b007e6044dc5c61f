import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/helper.ts';
import { createAdmin, signUp } from '../../../test/fixtures.ts';

const ctx = useTestApp();
const body = (overrides: Record<string, unknown> = {}) => ({
  id: 'client-chosen-id',
  name: 'Karim Uddin',
  email: 'Karim@Example.com',
  password: 'secret',
  role: 'Seller',
  userImg: '/uploads/karim.webp',
  ...overrides,
});

describe('POST /api/user (sign-up)', () => {
  it('creates the account and answers the user and a token', async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/user', payload: body() });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const { user, token } = res.body.data;
    expect(user).toMatchObject({ name: 'Karim Uddin', email: 'karim@example.com', role: 'Seller', userImg: '/uploads/karim.webp', sellerVerified: false });
    expect(user.id).not.toBe('client-chosen-id');
    expect(user._id).toMatch(/^[0-9a-f-]{36}$/);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ _id: user._id, email: 'karim@example.com', role: 'Seller' });
    expect(claims.exp).toBeGreaterThan(claims.iat);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
  });

  it.each([
    ['Admin', 'role'],
    ['Owner', 'role'],
  ])('refuses the role %s with a 400 that names the field', async (role, field) => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/user', payload: body({ role }) });
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
  ])('refuses bad input %j', async (overrides, field) => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/user', payload: body(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('refuses a duplicate e-mail, whatever its case, with a 409', async () => {
    await call(ctx.app, { method: 'POST', url: '/api/user', payload: body() });
    const res = await call(ctx.app, { method: 'POST', url: '/api/user', payload: body({ email: 'KARIM@example.com', role: 'Buyer' }) });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
  });
});

describe('POST /api/login', () => {
  it('answers the user and a token for the right password', async () => {
    await call(ctx.app, { method: 'POST', url: '/api/user', payload: body() });
    const res = await call(ctx.app, { method: 'POST', url: '/api/login', payload: { email: 'karim@example.com', password: 'secret' } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: 'karim@example.com', role: 'Seller' });
    expect(typeof res.body.data.token).toBe('string');
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    await call(ctx.app, { method: 'POST', url: '/api/user', payload: body() });
    for (const payload of [
      { email: 'karim@example.com', password: 'wrong!' },
      { email: 'nobody@example.com', password: 'secret' },
    ]) {
      const res = await call(ctx.app, { method: 'POST', url: '/api/login', payload });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Invalid Email or Password', massage: 'Invalid Email or Password' });
    }
  });

  it('refuses a missing password with a 400', async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/login', payload: { email: 'karim@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('password');
  });
});

describe('tokens', () => {
  it('are accepted raw and as Bearer', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    for (const authorization of [buyer.token, `Bearer ${buyer.token}`, `bearer ${buyer.token}`]) {
      const res = await call(ctx.app, { method: 'GET', url: `/api/orders/${buyer._id}`, headers: { authorization } });
      expect(res.status).toBe(200);
    }
  });

  it('are refused with a 401 once the user is deleted', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const admin = await createAdmin(ctx.app);
    expect((await call(ctx.app, { method: 'DELETE', url: `/api/user/${buyer._id}`, token: admin.token })).status).toBe(200);
    const res = await call(ctx.app, { method: 'GET', url: `/api/orders/${buyer._id}`, token: buyer.token });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/no longer exists/);
  });

  it('are refused when tampered with, or signed with another algorithm', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const [header, payload] = buyer.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ _id: buyer._id, email: buyer.email, role: 'Admin' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [`${header}.${forgedPayload}.${buyer.token.split('.')[2]}`, `${none}.${payload}.`, 'garbage']) {
      const res = await call(ctx.app, { method: 'GET', url: '/api/all-buyer', token });
      expect(res.status).toBe(401);
    }
  });
});

describe('GET /api/demo-accounts', () => {
  it('lists the three demo logins, each with a 6-character password', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/demo-accounts' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { role: string }) => a.role)).toEqual(['Admin', 'Seller', 'Buyer']);
    for (const account of res.body.data) expect(account.password).toHaveLength(6);
  });
});
