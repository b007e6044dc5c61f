import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthResult } from '@market/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { createAdmin, signUp } from '../../../test/fixtures.ts';
import { pageMessage } from '../../../test/google.ts';
import { openTestDatabase, testConfig, useTestApp } from '../../../test/helper.ts';
import { KEY_FILE } from '../local-oidc/provider.ts';
import { freePort } from '../../../test/free-port.ts';
import { routePath } from '../../../test/call-route.ts';

/** The whole popup flow over real HTTP, as a browser would drive it (cookies and redirects by hand). */
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const ctx = useTestApp({ publicUrl: base });

beforeAll(async () => {
  await ctx.app.listen({ port, host: '127.0.0.1' });
});

const get = (url: string, cookie?: string) => fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** /start: the flow cookie and the authorize URL. */
async function start(origin = base) {
  const res = await get(`${origin}${routePath('googleStart')}`);
  expect(res.status).toBe(302);
  const setCookie = res.headers.get('set-cookie')!;
  expect(setCookie).toMatch(/^google_sign_in=[^;]+; Path=\/api\/auth\/google; Max-Age=600; HttpOnly; SameSite=Lax$/);
  expect(res.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  return { cookie: setCookie.split(';')[0]!, authorize: new URL(res.headers.get('location')!) };
}

/** The provider's screen: load it, then submit the form the way the browser does. */
async function authorize(url: URL, person: { name: string; email: string } | 'cancel', overrides: Record<string, string> = {}) {
  const screen = await get(url.href);
  expect(screen.status).toBe(200);
  expect(await screen.text()).toContain('Sign in with Google (local test provider)');
  const form = new URLSearchParams(url.searchParams);
  if (person === 'cancel') form.set('action', 'cancel');
  else for (const [key, value] of Object.entries({ ...person, action: 'continue' })) form.set(key, value);
  for (const [key, value] of Object.entries(overrides)) form.set(key, value);
  const res = await fetch(new URL('/oidc/authorize', url), { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

async function callback(url: URL, cookie?: string) {
  const res = await get(url.href, cookie);
  const html = await res.text();
  return { status: res.status, message: pageMessage(html), html, headers: res.headers };
}

const postGoogleUser = async (origin: string, idToken: string) => {
  const res = await fetch(`${origin}${routePath('googleUser')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; data: AuthResult } };
};

describe('the popup flow against the local provider', () => {
  it('start → provider screen → Continue → callback page posts an ID token → POST /api/google-user signs in a new Buyer', async () => {
    const { cookie, authorize: url } = await start();
    expect(url.href.startsWith(`${base}/oidc/authorize?`)).toBe(true);
    expect(url.searchParams.get('redirect_uri')).toBe(`${base}${routePath('googleCallback')}`);
    const back = await authorize(url, { name: 'Sadia Islam', email: 'sadia@example.com' });
    expect(`${back.origin}${back.pathname}`).toBe(`${base}${routePath('googleCallback')}`);
    const page = await callback(back, cookie);
    expect(page.status).toBe(200);
    expect(page.message).toEqual({ type: 'google-sign-in', idToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) });
    // Posted to our own origin only, from a page whose one script carries the response's nonce.
    expect(page.html).toContain('postMessage(message, window.location.origin)');
    const nonce = /script-src 'nonce-([^']+)'/.exec(page.headers.get('content-security-policy')!)![1];
    expect(page.html).toContain(`<script nonce="${nonce}">`);
    // Its words readable on a phone (where the popup may be a tab it cannot close), styled under the same nonce.
    expect(page.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.html).toContain(`<style nonce="${nonce}">`);
    expect(page.headers.get('content-security-policy')).toContain(`style-src 'nonce-${nonce}'`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(page.headers.get('set-cookie')).toMatch(/^google_sign_in=; .*Max-Age=0/);

    const first = await postGoogleUser(base, page.message.idToken!);
    expect(first.status).toBe(201);
    expect(first.body.data.user).toMatchObject({ name: 'Sadia Islam', email: 'sadia@example.com', role: 'Buyer', id: expect.stringMatching(/^google:\d+$/) });
    // The local provider's avatar is served here: kept as a path, so it loads from whichever address the browser uses.
    expect(first.body.data.user.userImg).toMatch(/^\/oidc\/avatar\.svg\?name=Sadia%20Islam$/);
  });

  it('the same person again is the same account', async () => {
    const signIn = async () => {
      const { cookie, authorize: url } = await start();
      const page = await callback(await authorize(url, { name: 'Sadia I.', email: 'SADIA@example.com' }), cookie);
      return postGoogleUser(base, page.message.idToken!);
    };
    const first = await signIn();
    const second = await signIn();
    expect(second.status).toBe(200);
    expect(second.body.data.user._id).toBe(first.body.data.user._id);
  });

  it("signs nobody into an existing account by typing its address on the stand-in's screen: not the Admin, not a Seller", async () => {
    const admin = await createAdmin(ctx.app);
    const seller = await signUp(ctx.app, 'Seller');
    for (const account of [admin, seller]) {
      const { cookie, authorize: url } = await start();
      const page = await callback(await authorize(url, { name: 'Attacker', email: account.email }), cookie);
      expect(page.status).toBe(200);
      const res = await postGoogleUser(base, page.message.idToken!);
      expect(res.status, account.role).toBe(409);
      expect(JSON.stringify(res.body)).not.toContain('"token"');
    }
  });

  it('Cancel on the provider screen comes back as a message, without a token', async () => {
    const { cookie, authorize: url } = await start();
    const page = await callback(await authorize(url, 'cancel'), cookie);
    expect(page.status).toBe(400);
    expect(page.message).toEqual({ type: 'google-sign-in', code: 'google_sign_in_cancelled', error: 'Google sign-in was cancelled' });
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('<p>Google sign-in was cancelled</p>');
  });

  it('the popup speaks the page language (its cookie): Bangla words on its last page, the code for the opener to say in its own', async () => {
    const { cookie, authorize: url } = await start();
    const page = await callback(await authorize(url, 'cancel'), `${cookie}; lang=bn`);
    expect(page.status).toBe(400);
    expect(page.html).toContain('<html lang="bn">');
    expect(page.html).toContain('<p>গুগল সাইন-ইন বাতিল করা হয়েছে</p>');
    expect(page.message).toMatchObject({ code: 'google_sign_in_cancelled', error: 'Google sign-in was cancelled' });
  });

  it('refuses a callback without the flow cookie, or with a tampered one', async () => {
    const { cookie, authorize: url } = await start();
    const back = await authorize(url, { name: 'A', email: 'a@example.com' });
    for (const sent of [undefined, `${cookie}x`, 'google_sign_in=abc']) {
      const page = await callback(back, sent);
      expect(page.status).toBe(400);
      expect(page.message.idToken).toBeUndefined();
      expect(page.message.error).toMatch(/took too long or was started elsewhere/);
      expect(page.message.code).toBe('google_sign_in_lost');
    }
  });

  it('refuses a code used twice (the same callback replayed)', async () => {
    const { cookie, authorize: url } = await start();
    const back = await authorize(url, { name: 'A', email: 'a@example.com' });
    expect((await callback(back, cookie)).status).toBe(200);
    const replay = await callback(back, cookie);
    expect(replay.status).toBe(400);
    expect(replay.message.idToken).toBeUndefined();
  });

  it("refuses another flow's state, nonce or PKCE challenge", async () => {
    const a = await start();
    const b = await start();
    const of = (flow: { authorize: URL }, name: string) => flow.authorize.searchParams.get(name)!;
    for (const overrides of [{ state: of(b, 'state') } as Record<string, string>, { nonce: of(b, 'nonce') }, { code_challenge: of(b, 'code_challenge') }]) {
      const back = await authorize(a.authorize, { name: 'A', email: 'a@example.com' }, overrides);
      const page = await callback(back, a.cookie);
      expect(page.status, JSON.stringify(overrides)).toBe(400);
      expect(page.message.idToken).toBeUndefined();
    }
  });

  it('refuses a code that the provider did not issue', async () => {
    const { cookie, authorize: url } = await start();
    const back = await authorize(url, { name: 'A', email: 'a@example.com' });
    back.searchParams.set('code', 'made-up-code');
    expect((await callback(back, cookie)).status).toBe(400);
  });
});

describe('with a Google client configured', () => {
  // This test's app plays Google; a second app is configured with its issuer, client id and secret.
  let google: { issuer: string; clientId: string; clientSecret: string };
  let other: { app: FastifyInstance; database: Database; base: string };

  beforeAll(async () => {
    const kept = JSON.parse(readFileSync(join(ctx.config.dataDir, KEY_FILE), 'utf8'));
    google = { issuer: `${base}/oidc`, clientId: kept.clientId, clientSecret: kept.clientSecret };
    const otherPort = await freePort();
    const database = await openTestDatabase();
    const config = testConfig({ google, publicUrl: `http://127.0.0.1:${otherPort}` });
    const app = await buildApp({ config, database });
    await app.listen({ port: otherPort, host: '127.0.0.1' });
    other = { app, database, base: `http://127.0.0.1:${otherPort}` };
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
  });

  it('discovers the issuer, signs in through it, and verifies the ID token against its JWKS', async () => {
    const { cookie, authorize: url } = await start(other.base);
    expect(url.href.startsWith(`${google.issuer}/authorize?`)).toBe(true);
    const page = await callback(await authorize(url, { name: 'Tanvir Hasan', email: 'tanvir@example.com' }), cookie);
    expect(page.status).toBe(200);
    const res = await postGoogleUser(other.base, page.message.idToken!);
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ email: 'tanvir@example.com', role: 'Buyer' });
  });

  it('serves no local provider of its own', async () => {
    expect((await get(`${other.base}/oidc/.well-known/openid-configuration`)).status).toBe(404);
  });
});
