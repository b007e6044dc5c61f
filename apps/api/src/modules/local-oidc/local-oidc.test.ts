import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { oidcCodes } from '../../db/schema.ts';
import { listening, startFlow, submitAuthorize } from '../../../test/google.ts';
import { testConfig, useTestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { codeHash } from './codes.ts';
import { KEY_FILE, openLocalProvider } from './provider.ts';
import { routePath } from '../../../test/call-route.ts';

const ctx = useTestApp();
let base: string;
let issuer: string;
let client: { id: string; secret: string };

beforeAll(async () => {
  base = await listening(ctx.app);
  issuer = `${base}/oidc`;
  const kept = JSON.parse(readFileSync(join(ctx.config.dataDir, KEY_FILE), 'utf8'));
  client = { id: kept.clientId, secret: kept.clientSecret };
});

const person = { name: 'Rahim Chowdhury', email: 'Rahim@Example.com' };
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const verifier = 'v'.repeat(20) + '-._~' + 'x'.repeat(30);

/** An authorize request of our client's shape, as openid-client sends it. */
function authorizeUrl(overrides: Record<string, string | null> = {}) {
  const url = new URL(`${issuer}/authorize`);
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: client.id,
    redirect_uri: `${base}${routePath('googleCallback')}`,
    scope: 'openid email profile',
    state: 'state-123',
    nonce: 'nonce-456',
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return url;
}

/** A fresh code for `person`, through the authorize form. */
async function code(overrides: Record<string, string | null> = {}) {
  const back = await submitAuthorize(ctx.app, authorizeUrl(overrides), person);
  expect(back.searchParams.get('state')).toBe('state-123');
  expect(back.searchParams.get('iss')).toBe(issuer);
  return back.searchParams.get('code')!;
}

/** POST /oidc/token over real HTTP. */
async function exchange(theCode: string, opts: { verifier?: string; secret?: string; redirectUri?: string; inBody?: boolean } = {}) {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: theCode,
    redirect_uri: opts.redirectUri ?? `${base}${routePath('googleCallback')}`,
    code_verifier: opts.verifier ?? verifier,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (opts.inBody) {
    body.set('client_id', client.id);
    body.set('client_secret', opts.secret ?? client.secret);
  } else headers.authorization = basic(client.id, opts.secret ?? client.secret);
  const res = await fetch(`${issuer}/token`, { method: 'POST', body, headers });
  return { status: res.status, body: (await res.json()) as Record<string, string>, headers: res.headers };
}

describe('discovery and keys', () => {
  it('publishes its metadata at /oidc/.well-known/openid-configuration', async () => {
    const meta = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
    expect(meta).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  });

  it('serves only the public half of an RS256 key kept in DATA_DIR (mode 0600), the same on every start', async () => {
    const jwks = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(jwks.keys[0]).not.toHaveProperty(secret);
    const file = join(ctx.config.dataDir, KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await openLocalProvider({ dataDir: ctx.config.dataDir, issuer: () => issuer });
    expect(again.jwks.keys[0]!.kid).toBe(jwks.keys[0]!.kid);
    expect(again.clientSecret).toBe(client.secret);
  });
});

describe('GET /oidc/authorize', () => {
  it('shows the sign-in screen, prefilled with a demo Google user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: authorizeUrl().pathname + authorizeUrl().search });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Sign in with Google (local test provider)');
    expect(res.body).toMatch(/name="name"[^>]*value="[^"]+"/);
    expect(res.body).toMatch(/name="email"[^>]*value="[^"]+@[^"]+"/);
    expect(res.body).toContain('Continue');
    // The form posts here, then redirects to our callback: both must be allowed form targets.
    expect(res.headers['content-security-policy']).toContain(`form-action 'self' ${base}`);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers only on this computer', async () => {
    const url = authorizeUrl();
    const res = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search, remoteAddress: '192.168.1.20' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('only answers on this computer');
    const byName = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: 'market.example.com' } });
    expect(byName.statusCode).toBe(403);
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '127.0.0.1' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'localhost' }],
    ['Forwarded', { forwarded: 'for=127.0.0.1;host=localhost' }],
    ['X-Real-IP', { 'x-real-ip': '127.0.0.1' }],
    ['Via', { via: '1.1 nginx' }],
  ])('refuses a request that came through a proxy (it carries %s), even from a loopback socket with a loopback Host', async (_what, headers) => {
    const url = authorizeUrl();
    for (const method of ['GET', 'POST'] as const) {
      const res = await ctx.app.inject({
        method,
        url: url.pathname + url.search,
        headers: { host: '127.0.0.1', ...headers },
        ...(method === 'POST'
          ? {
              payload: 'name=A&email=admin%40example.com&action=continue',
              headers: { host: '127.0.0.1', 'content-type': 'application/x-www-form-urlencoded', ...headers },
            }
          : {}),
      });
      expect(res.statusCode, method).toBe(403);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('believes no forwarded host even when TRUST_PROXY trusts the proxy (the finding: X-Forwarded-Host made a public request look local)', async () => {
    const app = await buildApp({ config: testConfig({ trustProxy: 1 }), database: ctx.database });
    try {
      const url = authorizeUrl();
      // The proxy on this machine connects from loopback and forwards a public request.
      const res = await app.inject({
        method: 'GET',
        url: url.pathname + url.search,
        remoteAddress: '127.0.0.1',
        headers: { host: 'market.example.com', 'x-forwarded-host': 'localhost', 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['an unknown client', { client_id: 'someone-else' }],
    ['a foreign redirect', { redirect_uri: `https://evil.example${routePath('googleCallback')}` }],
    ['another path', { redirect_uri: `${'http://127.0.0.1:1'}/steal` }],
    ['no redirect', { redirect_uri: null }],
  ])('shows an error page, never redirects, for %s', async (_what, overrides) => {
    const url = authorizeUrl(overrides);
    const res = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it.each([
    ['no PKCE', { code_challenge: null, code_challenge_method: null }, 'invalid_request'],
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['an implicit flow', { response_type: 'id_token' }, 'unsupported_response_type'],
    ['no openid scope', { scope: 'email' }, 'invalid_scope'],
  ])('sends %s back to the client as an error, with its state', async (_what, overrides, error) => {
    const url = authorizeUrl(overrides);
    const res = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(res.statusCode).toBe(303);
    const back = new URL(String(res.headers.location));
    expect(back.searchParams.get('error')).toBe(error);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('POST /oidc/authorize', () => {
  it('redirects back with a code and the state; the table holds only its hash, for a minute', async () => {
    const theCode = await code();
    expect(theCode).toMatch(/^[\w-]{43}$/);
    const [row] = await ctx.app.db
      .select()
      .from(oidcCodes)
      .where(eq(oidcCodes.codeHash, codeHash(theCode)));
    expect(row).toMatchObject({ email: 'rahim@example.com', name: 'Rahim Chowdhury', nonce: 'nonce-456' });
    expect(JSON.stringify(row)).not.toContain(theCode);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it('answers Cancel with access_denied', async () => {
    const back = await submitAuthorize(ctx.app, authorizeUrl(), 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-123');
  });

  it('shows the screen again for a bad e-mail, without a code', async () => {
    const form = new URLSearchParams(authorizeUrl().searchParams);
    form.set('name', 'X');
    form.set('email', 'not-an-email');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/oidc/authorize',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Type a valid e-mail address');
  });

  it('refuses repeated parameters', async () => {
    const payload = authorizeUrl().searchParams.toString() + `&redirect_uri=http://localhost${routePath('googleCallback')}&name=a&email=a@b.cd`;
    const res = await ctx.app.inject({ method: 'POST', url: '/oidc/authorize', payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /oidc/token', () => {
  it('exchanges a code for an RS256 ID token with the claims Google sends', async () => {
    const res = await exchange(await code());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String), id_token: expect.any(String) });
    const { payload, protectedHeader } = await jwtVerify(res.body.id_token!, createRemoteJWKSet(new URL(`${issuer}/jwks`)), { issuer, audience: client.id });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      email: 'rahim@example.com',
      email_verified: true,
      name: 'Rahim Chowdhury',
      nonce: 'nonce-456',
      sub: expect.stringMatching(/^\d{21}$/),
    });
    expect(payload.picture).toMatch(new RegExp(`^${issuer}/avatar\\.svg\\?`));
    expect(payload.exp! - payload.iat!).toBe(3600);
    const avatar = await fetch(String(payload.picture));
    expect(avatar.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await avatar.text()).toContain('>RC<');
  });

  it('gives one e-mail the same subject every time, and another e-mail another', async () => {
    const subject = async (email: string) => {
      const back = await submitAuthorize(ctx.app, authorizeUrl(), { name: 'A', email });
      const token = (await exchange(back.searchParams.get('code')!)).body.id_token!;
      return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;
    };
    expect(await subject('same@example.com')).toBe(await subject('SAME@example.com'));
    expect(await subject('same@example.com')).not.toBe(await subject('other@example.com'));
  });

  it('accepts the client secret in the body too', async () => {
    expect((await exchange(await code(), { inBody: true })).status).toBe(200);
  });

  it('refuses a code used twice', async () => {
    const theCode = await code();
    expect((await exchange(theCode)).status).toBe(200);
    const again = await exchange(theCode);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_grant' });
    expect(again.body.id_token).toBeUndefined();
  });

  it('refuses a PKCE verifier that does not match the challenge, and the code is spent', async () => {
    const theCode = await code();
    const res = await exchange(theCode, { verifier: 'w'.repeat(50) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
    expect((await exchange(theCode)).status).toBe(400);
  });

  it('refuses a missing verifier', async () => {
    expect((await exchange(await code(), { verifier: '' })).body.error).toBe('invalid_grant');
  });

  it('refuses a wrong client secret with a 401, and leaves the code for its client', async () => {
    const theCode = await code();
    for (const inBody of [false, true]) {
      const res = await exchange(theCode, { secret: `${client.secret}x`, inBody });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('invalid_client');
      expect(res.body.id_token).toBeUndefined();
    }
    expect((await exchange(theCode)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const theCode = await code();
    await ctx.app.db
      .update(oidcCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcCodes.codeHash, codeHash(theCode)));
    const res = await exchange(theCode);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('refuses another redirect_uri than the authorization request had', async () => {
    const res = await exchange(await code(), { redirectUri: `http://localhost:9${routePath('googleCallback')}` });
    expect(res.body.error).toBe('invalid_grant');
  });

  it('refuses other grant types and malformed requests', async () => {
    const res = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { authorization: basic(client.id, client.secret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('unsupported_grant_type');
    const anonymous = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=x',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('a real start of the flow', () => {
  it('GET /api/auth/google/start sends the popup to this provider with PKCE S256, state and nonce', async () => {
    const { cookie, authorize } = await startFlow(ctx.app);
    expect(cookie).toMatch(/^google_sign_in=/);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/authorize`);
    for (const param of ['state', 'nonce', 'code_challenge']) expect(authorize.searchParams.get(param)).toBeTruthy();
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('client_id')).toBe(client.id);
  });
});
