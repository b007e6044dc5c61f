import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { expectErrorBody } from './error-body.ts';
import { createAdmin, createCategory, productBody, signUp, uploadedPicture, type Actor } from './fixtures.ts';
import { useTestApp } from './helper.ts';
import { callRoute } from './call-route.ts';

/**
 * Session tokens (ASVS 5.0 V9 self-contained tokens, V7 session termination): only
 * HS256 with our secret, only until they expire, and only for a user who still exists
 * with the role the database gives them now. The tampered-token, alg "none" and
 * deleted-buyer basics are in modules/auth/auth.test.ts.
 */
const ctx = useTestApp();
const secret = () => new TextEncoder().encode(ctx.config.jwtSecret);
const claims = (who: Actor): JWTPayload => ({ _id: who._id, email: who.email, role: who.role, sv: 0 });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token built as the app builds its own (see plugins/auth.ts), with the header, key and lifetime chosen here. */
function forge(
  who: Actor,
  {
    alg = 'HS256',
    key = secret() as Parameters<SignJWT['sign']>[0],
    exp = '1h' as string | number | null,
    iat = undefined as number | undefined,
    extra = {} as JWTPayload,
  } = {},
) {
  const jwt = new SignJWT({ ...claims(who), ...extra }).setProtectedHeader({ alg, typ: 'JWT' }).setSubject(who._id);
  if (exp !== null) jwt.setExpirationTime(exp);
  if (iat === undefined) jwt.setIssuedAt();
  else jwt.setIssuedAt(iat);
  return jwt.sign(key);
}

const adminRoute = (token: string) => callRoute(ctx.app, 'allBuyers', { token });

function expectRefused(res: { status: number; body: unknown }, status: number, message: string | RegExp) {
  expect(res.status).toBe(status);
  expect(expectErrorBody(res.body).message).toMatch(message);
}

const INVALID = /^Your session is invalid or has expired, please log in again$/;

describe('token algorithms: HS256 with our secret only', () => {
  it('accepts a token forged here with HS256 and the right secret (so every refusal below is for its one difference)', async () => {
    const admin = await createAdmin(ctx.app);
    const res = await adminRoute(await forge(admin));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it.each(['HS384', 'HS512'])('refuses %s, even signed with the right secret, with a 401', async (alg) => {
    const admin = await createAdmin(ctx.app);
    const token = await forge(admin, { alg });
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).alg).toBe(alg);
    expectRefused(await adminRoute(token), 401, INVALID);
  });

  it('refuses RS256 signed with some RSA key with a 401', async () => {
    const admin = await createAdmin(ctx.app);
    const { privateKey } = await generateKeyPair('RS256');
    expectRefused(await adminRoute(await forge(admin, { alg: 'RS256', key: privateKey })), 401, INVALID);
  });

  it.each(['none', 'None', 'NONE'])('refuses alg "%s" (unsigned) with a 401', async (alg) => {
    const admin = await createAdmin(ctx.app);
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg, typ: 'JWT' })}.${b64({ ...claims(admin), sub: admin._id, iat: now, exp: now + 3600 })}.`;
    expectRefused(await adminRoute(token), 401, INVALID);
  });

  it('refuses a token whose header says HS256 but whose signature is not ours with a 401', async () => {
    const admin = await createAdmin(ctx.app);
    const otherSecret = await forge(admin, { key: new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256') });
    const good = await forge(admin);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const flipped = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const token of [otherSecret, flipped, `${header}.${payload}.`]) expectRefused(await adminRoute(token), 401, INVALID);
    expect((await adminRoute(good)).status).toBe(200);
  });
});

describe('session versions (log out everywhere, password change and reset)', () => {
  const ENDED = /^Your session has ended, please log in again$/;

  it('refuses a token of an older session version, and one without a version, with a 401', async () => {
    const admin = await createAdmin(ctx.app);
    expect((await adminRoute(await forge(admin, { extra: { sv: 0 } }))).status).toBe(200);
    await ctx.app.db.update(users).set({ sessionVersion: 1 }).where(eq(users.id, admin._id));
    expectRefused(await adminRoute(await forge(admin, { extra: { sv: 0 } })), 401, ENDED);
    expectRefused(await adminRoute(await forge(admin, { extra: { sv: undefined } })), 401, ENDED);
    expectRefused(await adminRoute(await forge(admin, { extra: { sv: '1' } })), 401, ENDED);
    expect((await adminRoute(await forge(admin, { extra: { sv: 1 } }))).status).toBe(200);
  });
});

describe('token lifetime', () => {
  it('refuses a token that expired a minute ago, signed with the right secret, with a 401', async () => {
    const admin = await createAdmin(ctx.app);
    const now = Math.floor(Date.now() / 1000);
    const expired = await forge(admin, { iat: now - 3600, exp: now - 60 });
    expectRefused(await adminRoute(expired), 401, INVALID);
    // The same token with a future expiry is accepted: it is the expiry that is refused.
    expect((await adminRoute(await forge(admin, { iat: now - 3600, exp: now + 60 }))).status).toBe(200);
  });

  it('refuses a token without an expiry (exp), signed with the right secret, with a 401', async () => {
    const admin = await createAdmin(ctx.app);
    const endless = await forge(admin, { exp: null });
    expect(JSON.parse(Buffer.from(endless.split('.')[1]!, 'base64url').toString())).not.toHaveProperty('exp');
    expectRefused(await adminRoute(endless), 401, INVALID);
  });

  it("gives the app's own tokens an expiry of 7 days", async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    const { iat, exp } = JSON.parse(Buffer.from(buyer.token.split('.')[1]!, 'base64url').toString());
    expect(exp - iat).toBe(7 * 24 * 3600);
  });
});

describe('the user behind a token is read anew on every request', () => {
  it("refuses a deleted seller's token at once with a 401", async () => {
    const admin = await createAdmin(ctx.app);
    const seller = await signUp(ctx.app, 'Seller');
    const category = await createCategory(ctx.app);
    const img = await uploadedPicture(ctx.app, seller);
    const post = () => callRoute(ctx.app, 'addProduct', { token: seller.token, body: productBody(category.id, img) });
    expect((await post()).status).toBe(201);
    expect((await callRoute(ctx.app, 'deleteUser', { params: { id: seller._id }, token: admin.token })).status).toBe(200);
    expectRefused(await post(), 401, /^Your account no longer exists$/);
  });

  it("answers a Seller demoted to Buyer with a 403 on the very next seller request; the token's role claim counts for nothing", async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const category = await createCategory(ctx.app);
    const img = await uploadedPicture(ctx.app, seller);
    const post = () => callRoute(ctx.app, 'addProduct', { token: seller.token, body: productBody(category.id, img) });
    expect((await post()).status).toBe(201);
    await ctx.app.db.update(users).set({ role: 'Buyer' }).where(eq(users.id, seller._id));
    expect(JSON.parse(Buffer.from(seller.token.split('.')[1]!, 'base64url').toString()).role).toBe('Seller');
    expectRefused(await post(), 403, /^Only a Seller can do this$/);
    // As a Buyer now, the same token still reads its own orders.
    const res = await callRoute(ctx.app, 'buyerOrders', { params: { id: seller._id }, token: seller.token });
    expect(res.status).toBe(200);
  });

  it('answers an Admin demoted to Buyer with a 403 on the very next admin request', async () => {
    const admin = await createAdmin(ctx.app);
    expect((await adminRoute(admin.token)).status).toBe(200);
    await ctx.app.db.update(users).set({ role: 'Buyer' }).where(eq(users.id, admin._id));
    expectRefused(await adminRoute(admin.token), 403, /^Only an? Admin can do this$/);
    const other = await signUp(ctx.app, 'Buyer');
    expectRefused(await callRoute(ctx.app, 'deleteUser', { params: { id: other._id }, token: admin.token }), 403, /^Only an? Admin can do this$/);
    expect((await callRoute(ctx.app, 'buyerOrders', { params: { id: other._id }, token: admin.token })).status).toBe(403);
  });
});
