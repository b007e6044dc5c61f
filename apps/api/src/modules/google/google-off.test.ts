import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { call, testConfig, useTestApp } from '../../../test/helper.ts';
import { callRoute } from '../../../test/call-route.ts';

/** DEMO off and no Google client: the local stand-in is not served at all, and the button says why. */
const ctx = useTestApp({ demo: false, localOidc: false });

describe('without a Google client and without the stand-in', () => {
  it('serves nothing under /oidc', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks', '/oidc/authorize?client_id=market-web']) {
      expect((await call(ctx.app, { method: 'GET', url })).status, url).toBe(404);
    }
  });

  it("answers the popup's pages and POST /api/google-user with a 503 that says Google sign-in is not set up", async () => {
    const start = await callRoute(ctx.app, 'googleStart');
    expect(start.status).toBe(503);
    expect(start.body).toContain('Google sign-in is not set up on this server');
    const post = await callRoute(ctx.app, 'googleUser', { body: { idToken: 'a.b.c' } });
    expect(post.status).toBe(503);
    expect(post.body.message).toBe('Google sign-in is not set up on this server');
  });
});

describe('LOCAL_OIDC', () => {
  const dir = () => testConfig().dataDir;
  it('follows DEMO unless set, and is never on beside a Google client', () => {
    expect(loadConfig({ DATA_DIR: dir() }).localOidc).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), DEMO: 'false' }).localOidc).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), DEMO: 'false', LOCAL_OIDC: 'true' }).localOidc).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), LOCAL_OIDC: 'off' }).localOidc).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).localOidc).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir(), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', LOCAL_OIDC: 'on' })).toThrow(
      /LOCAL_OIDC cannot be on while GOOGLE_CLIENT_ID is set/,
    );
  });
});
