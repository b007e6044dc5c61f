import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { userIdentities, users } from '../../db/schema.ts';
import { expectErrorBody } from '../../../test/error-body.ts';
import { createAdmin, linkToken, signUp } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { KEY_FILE } from '../local-oidc/provider.ts';
import { publicOrigin } from '../../public-origin.ts';
import { callRoute } from '../../../test/call-route.ts';

/** POST /api/google-user against the local provider (the embedded default), with tokens made by hand. */
const ctx = useTestApp();

interface Keys {
  provider: { key: CryptoKey; kid: string };
  stranger: { key: CryptoKey; kid: string };
  clientId: string;
  issuer: string;
}
let keys: Keys;

beforeAll(async () => {
  const kept = JSON.parse(readFileSync(join(ctx.config.dataDir, KEY_FILE), 'utf8'));
  const jwks = (await ctx.app.inject({ method: 'GET', url: '/oidc/jwks' })).json();
  const stranger = await generateKeyPair('RS256', { extractable: true });
  keys = {
    provider: { key: (await importJWK(kept.privateJwk as JWK, 'RS256')) as CryptoKey, kid: jwks.keys[0].kid },
    // Another key under the provider's own key id: a forgery.
    stranger: { key: (await importJWK(await exportJWK(stranger.privateKey), 'RS256')) as CryptoKey, kid: jwks.keys[0].kid },
    clientId: kept.clientId,
    issuer: `${publicOrigin(ctx.app.server, ctx.config)}/oidc`,
  };
});

let serial = 0;
const claims = (overrides: JWTPayload = {}): JWTPayload => {
  const n = serial++;
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: keys.issuer,
    aud: keys.clientId,
    sub: `1000000000000000000${n}`,
    email: `google-${n}@example.com`,
    email_verified: true,
    name: `Google Person ${n}`,
    picture: `https://lh3.googleusercontent.com/a/${n}`,
    iat: now,
    exp: now + 600,
    ...overrides,
  };
};
const sign = (payload: JWTPayload, by: 'provider' | 'stranger' = 'provider', alg = 'RS256') =>
  new SignJWT(payload).setProtectedHeader({ alg, kid: keys[by].kid, typ: 'JWT' }).sign(keys[by].key);

let address = 0;
/** Each call from its own address, so the route's rate limit never stands in for a refusal. */
const post = (payload: unknown) =>
  callRoute(ctx.app, 'googleUser', { body: payload as Record<string, unknown>, remoteAddress: `10.1.${Math.floor(++address / 250)}.${address % 250}` });

describe('POST /api/google-user with the local stand-in', () => {
  it('makes a new e-mail a Buyer without a password, id google:<sub>, its own avatar as userImg', async () => {
    const c = claims({ email: 'New.Person@Example.com', name: 'Nabila Khan', picture: `${keys.issuer}/avatar.svg?name=Nabila%20Khan` });
    const res = await post({ idToken: await sign(c) });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({
      id: `google:${c.sub}`,
      email: 'new.person@example.com',
      name: 'Nabila Khan',
      role: 'Buyer',
      userImg: '/oidc/avatar.svg?name=Nabila%20Khan',
      sellerVerified: false,
    });
    const token = JSON.parse(Buffer.from(res.body.data.token.split('.')[1], 'base64url').toString());
    expect(token).toMatchObject({ _id: res.body.data.user._id, role: 'Buyer' });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, 'new.person@example.com'));
    expect(row!.passwordHash).toBeNull();
  });

  it('signs the same Google account in again (200), and its token works', async () => {
    const c = claims();
    const first = await post({ idToken: await sign(c) });
    const again = await post({ idToken: await sign({ ...c, name: 'Renamed' }) });
    expect(again.status).toBe(200);
    expect(again.body.data.user._id).toBe(first.body.data.user._id);
    const orders = await callRoute(ctx.app, 'buyerOrders', { params: { id: again.body.data.user._id }, token: again.body.data.token });
    expect(orders.status).toBe(200);
  });

  it('never enters an account it did not create: not an Admin, not a Seller, not a Buyer who signed up with a password', async () => {
    const accounts = [await createAdmin(ctx.app), await signUp(ctx.app, 'Seller'), await signUp(ctx.app, 'Buyer')];
    for (const account of accounts) {
      const res = await post({ idToken: await sign(claims({ email: account.email.toUpperCase() })) });
      expect(res.status, account.role).toBe(409);
      expect(res.body.message).toBe('This e-mail address already has an account, which the local test provider cannot sign in to: log in with its password');
      expect(JSON.stringify(res.body)).not.toContain('token');
    }
    expect(await ctx.app.db.select().from(userIdentities)).toEqual([]);
  });

  it('refuses an e-mail that another identity already holds', async () => {
    const c = claims();
    expect((await post({ idToken: await sign(c) })).status).toBe(201);
    const res = await post({ idToken: await sign(claims({ email: c.email })) });
    expect(res.status).toBe(409);
  });

  it('no longer enters an account it created once its owner has set a password through a reset link', async () => {
    const c = claims();
    const created = await post({ idToken: await sign(c) });
    expect(created.status).toBe(201);
    await callRoute(ctx.app, 'forgotPassword', { body: { email: c.email } });
    const reset = await callRoute(ctx.app, 'resetPassword', {
      body: { token: await linkToken(ctx.app, c.email as string, 'reset-password'), password: 'mine-now' },
    });
    expect(reset.status).toBe(200);
    const again = await post({ idToken: await sign(c) });
    expect(again.status).toBe(409);
    // The stand-in's old session ended with the reset.
    expect((await callRoute(ctx.app, 'me', { token: created.body.data.token })).status).toBe(401);
  });

  it('never enters an Admin account, even one an identity row points at', async () => {
    const c = claims();
    const created = await post({ idToken: await sign(c) });
    await ctx.app.db.update(users).set({ role: 'Admin' }).where(eq(users.id, created.body.data.user._id));
    const res = await post({ idToken: await sign(c) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('An Admin signs in with e-mail and password only');
  });

  it('a Google account cannot log in with a password, not even the spec shared one', async () => {
    const c = claims();
    await post({ idToken: await sign(c) });
    for (const password of ['123456', 'password', '']) {
      const res = await callRoute(ctx.app, 'logIn', { body: { email: c.email, password: password || 'x' } });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid Email or Password');
    }
  });

  it.each([
    ['a token signed by another key', async () => sign(claims(), 'stranger')],
    ['another audience', async () => sign(claims({ aud: 'someone-elses-client' }))],
    ['several audiences without us as azp', async () => sign(claims({ aud: [keys.clientId, 'other'], azp: 'other' }))],
    ['another issuer', async () => sign(claims({ iss: 'https://accounts.google.com' }))],
    ['an expired token', async () => sign(claims({ iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }))],
    [
      'a token from the future',
      async () =>
        sign(claims({ iat: Math.floor(Date.now() / 1000) + 3600, exp: Math.floor(Date.now() / 1000) + 7200, nbf: Math.floor(Date.now() / 1000) + 3600 })),
    ],
    ['an unverified e-mail', async () => sign(claims({ email_verified: false }))],
    ['no e-mail', async () => sign(claims({ email: undefined }))],
    ['no subject', async () => sign(claims({ sub: undefined }))],
    ['an HS256 token', async () => new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(32)))],
    [
      'an unsigned token',
      async () => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims())).toString('base64url')}.x`,
    ],
    [
      'a tampered payload',
      async () => {
        const [h, , s] = (await sign(claims())).split('.');
        return `${h}.${Buffer.from(JSON.stringify(claims({ email: 'admin@example.com' }))).toString('base64url')}.${s}`;
      },
    ],
  ])('refuses %s with a 401 and creates nobody', async (_what, token) => {
    const before = (await ctx.app.db.select().from(users)).length;
    const res = await post({ idToken: await token() });
    expect(res.status).toBe(401);
    expectErrorBody(res.body);
    expect((await ctx.app.db.select().from(users)).length).toBe(before);
  });

  it('says so when the token has expired', async () => {
    const res = await post({ idToken: await sign(claims({ exp: Math.floor(Date.now() / 1000) - 60 })) });
    expect(res.body.message).toMatch(/expired/);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['bare profile fields', { name: 'X', email: 'x@example.com', password: 'shared', role: 'Buyer' }],
    ['profile fields beside a token', 'withToken'],
    ['a number', { idToken: 42 }],
    ['not a JWT', { idToken: 'not-a-jwt' }],
    ['a huge string', { idToken: `${'a'.repeat(9000)}.b.c` }],
    ['null', { idToken: null }],
  ])('refuses %s with a 400', async (_what, body) => {
    const payload = body === 'withToken' ? { idToken: await sign(claims()), role: 'Admin' } : body;
    const res = await post(payload);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it.each([
    ['not a web address', 'javascript:alert(1)'],
    ["another server's picture", 'https://evil.example/pixel.gif?who=visitor'],
    ["Google's picture host (the stand-in has its own)", 'https://lh3.googleusercontent.com/a/x'],
    ['another path of this server', `${'ISSUER'}/../api/admin-overview`],
  ])('stores no picture that is %s', async (_what, picture) => {
    const res = await post({ idToken: await sign(claims({ picture: picture.replace('ISSUER', keys.issuer) })) });
    expect(res.status).toBe(201);
    expect(res.body.data.user.userImg).toBe('');
  });
});
