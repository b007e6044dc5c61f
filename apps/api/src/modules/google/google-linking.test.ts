import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { userIdentities, users } from '../../db/schema.ts';
import { freePort } from '../../../test/free-port.ts';
import { createAdmin, lastMail, linkToken, logIn, PASSWORD, signUp } from '../../../test/fixtures.ts';
import { call, openTestDatabase, testConfig, useTestApp } from '../../../test/helper.ts';
import { KEY_FILE } from '../local-oidc/provider.ts';
import { callRoute } from '../../../test/call-route.ts';

/**
 * Google sign-in by the rules of account linking, with a real (not stand-in) provider: this app
 * is configured with a Google client whose issuer is another app's OpenID Connect provider, found
 * by discovery over HTTP; its ID tokens are signed here with that provider's key.
 */
const issuerPort = await freePort();
const issuer = `http://127.0.0.1:${issuerPort}/oidc`;
const ctx = useTestApp({ google: { issuer, clientId: 'market-web', clientSecret: 'not-used-by-these-tests-0123456789' }, localOidc: false });

let provider: { app: FastifyInstance; database: Database; dataDir: string };
let key: { key: CryptoKey; kid: string };

beforeAll(async () => {
  const config = testConfig({ publicUrl: `http://127.0.0.1:${issuerPort}` });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database });
  await app.listen({ port: issuerPort, host: '127.0.0.1' });
  provider = { app, database, dataDir: config.dataDir };
  const kept = JSON.parse(readFileSync(join(config.dataDir, KEY_FILE), 'utf8'));
  const jwks = (await app.inject({ method: 'GET', url: '/oidc/jwks' })).json();
  key = { key: (await importJWK(kept.privateJwk as JWK, 'RS256')) as CryptoKey, kid: jwks.keys[0].kid };
});
afterAll(async () => {
  await provider?.app.close();
  await provider?.database.close();
  if (provider) rmSync(provider.dataDir, { recursive: true, force: true });
});

let serial = 0;
function idToken(claims: JWTPayload) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email_verified: true, name: 'Google Person', iss: issuer, aud: 'market-web', iat: now, exp: now + 600, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .sign(key.key);
}
const person = (email = `person-${serial}@example.com`) => ({ sub: `2000000000000000000${serial++}`, email });
const google = async (claims: JWTPayload) => callRoute(ctx.app, 'googleUser', { body: { idToken: await idToken(claims) } });
const identitiesOf = (userId: string) => ctx.app.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));

describe('a new Google identity', () => {
  it('with an address nobody has: a new Buyer, address confirmed, keyed by the subject', async () => {
    const p = person();
    const res = await google({ ...p, picture: 'https://lh3.googleusercontent.com/a/photo=s96' });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({
      email: p.email,
      role: 'Buyer',
      emailVerified: true,
      id: `google:${p.sub}`,
      userImg: 'https://lh3.googleusercontent.com/a/photo=s96',
    });
    expect(await identitiesOf(res.body.data.user._id)).toMatchObject([{ provider: issuer, subject: p.sub, email: p.email }]);
  });

  it("keeps only Google's own picture host", async () => {
    const res = await google({ ...person(), picture: 'https://evil.example/pixel.gif?who=visitor' });
    expect(res.body.data.user.userImg).toBe('');
  });

  it('signs in by subject afterwards, even when the Google address changed', async () => {
    const p = person();
    const first = await google(p);
    const again = await google({ sub: p.sub, email: 'renamed@example.com' });
    expect(again.status).toBe(200);
    expect(again.body.data.user._id).toBe(first.body.data.user._id);
  });

  it('two first sign-ins at once make one account', async () => {
    const p = person();
    const [a, b] = await Promise.all([google(p), google(p)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.user._id).toBe(b.body.data.user._id);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, p.email))).toHaveLength(1);
  });

  it('is refused when Google has not verified the address', async () => {
    const res = await google({ ...person(), email_verified: false });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your Google e-mail address is not verified');
  });
});

describe('linking to an existing account', () => {
  it('links a confirmed account, keeps its role, and tells its owner by mail', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    const p = { sub: person().sub, email: seller.email };
    const res = await google(p);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ _id: seller._id, role: 'Seller' });
    expect(await identitiesOf(seller._id)).toMatchObject([{ provider: issuer, subject: p.sub }]);
    expect((await lastMail(ctx.app, seller.email, 'google-linked')).subject).toBe('Google sign-in was added to your account');
    // The password still works too: it is the owner's.
    expect((await logIn(ctx.app, seller.email, PASSWORD)).role).toBe('Seller');
  });

  it('pre-hijack: an account signed up with someone else’s address is never entered by the real owner’s Google sign-in', async () => {
    // The attacker signs up with the victim's address and a password of their own; the address stays unconfirmed.
    const attacker = await signUp(ctx.app, 'Buyer', 'Not The Owner', { verified: false });
    const victim = { sub: person().sub, email: attacker.email };
    const res = await google(victim);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^An account with this e-mail exists, but its address is not confirmed yet/);
    expect(JSON.stringify(res.body)).not.toMatch(/token/);
    expect(await identitiesOf(attacker._id)).toEqual([]);

    // The owner takes the address back with a reset link (it reaches only them): the attacker's password and session end.
    await callRoute(ctx.app, 'forgotPassword', { body: { email: victim.email } });
    const reset = await callRoute(ctx.app, 'resetPassword', {
      body: { token: await linkToken(ctx.app, victim.email, 'reset-password'), password: 'owners-own' },
    });
    expect(reset.status).toBe(200);
    expect((await callRoute(ctx.app, 'logIn', { body: { email: victim.email, password: PASSWORD } })).status).toBe(401);
    expect((await callRoute(ctx.app, 'buyerOrders', { params: { id: attacker._id }, token: attacker.token })).status).toBe(401);
    // Now confirmed by the owner, the address may be linked.
    const linked = await google(victim);
    expect(linked.status).toBe(200);
    expect(linked.body.data.user._id).toBe(attacker._id);
  });

  it('never yields or enters an Admin account', async () => {
    const admin = await createAdmin(ctx.app);
    const p = { sub: person().sub, email: admin.email };
    const res = await google(p);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('An Admin signs in with e-mail and password only');
    expect(await identitiesOf(admin._id)).toEqual([]);
    // Nor through an identity row someone put there.
    await ctx.app.db.insert(userIdentities).values({ provider: issuer, subject: p.sub, userId: admin._id, email: admin.email });
    expect((await google(p)).status).toBe(403);
  });

  it('refuses a second Google account for an account that already has one', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    expect((await google({ sub: person().sub, email: buyer.email })).status).toBe(200);
    const other = await google({ sub: person().sub, email: buyer.email });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This e-mail address belongs to another Google account');
  });
});

describe('with a Google client configured', () => {
  it('serves no local stand-in', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/oidc/.well-known/openid-configuration' })).status).toBe(404);
  });
});
