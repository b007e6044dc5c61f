import { endpoints as e, errorMessage, type ErrorCode } from '@market/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import localOidcRoutes, { CALLBACK_PATH } from '../local-oidc/routes.ts';
import { openLocalProvider } from '../local-oidc/provider.ts';
import { publicOrigin } from '../../public-origin.ts';
import { appError } from '../../errors.ts';
import { route } from '../../route.ts';
import { sessionOf } from '../auth/session.ts';
import { flowCookies } from './flow-cookie.ts';
import { pageLang } from '../../first-screen/page-lang.ts';
import { sendResultPage } from './page.ts';
import { googleProvider, localProvider, type SignInProvider } from './provider.ts';
import { LOCAL_OIDC_PROVIDER, signInWithGoogle, verifyIdToken, type IdentitySource } from './service.ts';

/**
 * Google sign-in: OpenID Connect authorization code flow with PKCE (openid-client) in
 * the spec's popup, then POST /api/google-user with the verified ID token. With no
 * Google client configured, the local stand-in under /oidc takes Google's place while it
 * is on (DEMO, or LOCAL_OIDC); with neither, the button answers that it is not set up.
 */
export default async function googleSignIn(app: FastifyInstance, { config }: { config: Config }) {
  let provider: SignInProvider | undefined;
  let source: IdentitySource | undefined;
  if (config.google) {
    provider = googleProvider(config.google);
    source = { provider: config.google.issuer, standIn: false };
  } else if (config.localOidc) {
    const local = await openLocalProvider({ dataDir: config.dataDir, issuer: () => `${publicOrigin(app.server, config)}/oidc` });
    await app.register(localOidcRoutes, { provider: local, publicUrl: config.publicUrl });
    provider = localProvider(local);
    source = { provider: LOCAL_OIDC_PROVIDER, standIn: true };
  }
  const cookies = flowCookies(config.jwtSecret);
  /** Where the browser reaches us: PUBLIC_URL, else the request's own origin (the popup comes back to it). */
  const origin = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  /** The popup's refusal: its code and values for the page to say in its language, and the English words. */
  const failed = (code: ErrorCode, params?: Record<string, string>) => ({
    type: 'google-sign-in' as const,
    error: errorMessage(code, params),
    code,
    ...(params && { params }),
  });

  route(app, e.googleStart, async ({ request, reply }) => {
    if (!provider) return sendResultPage(reply, pageLang(request), 503, failed('google_not_set_up'));
    let configuration: oidc.Configuration;
    try {
      configuration = await provider.configuration();
    } catch (err) {
      request.log.warn({ err }, 'OpenID Connect discovery failed');
      return sendResultPage(reply, pageLang(request), 502, failed('google_unreachable'));
    }
    const redirectUri = new URL(CALLBACK_PATH, origin(request)).href;
    const flow = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), redirectUri };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
      prompt: 'select_account',
    });
    return reply
      .header('set-cookie', await cookies.seal(flow, redirectUri.startsWith('https:')))
      .header('cache-control', 'no-store')
      .header('cross-origin-opener-policy', 'unsafe-none')
      .redirect(url.href, 302);
  });

  route(app, e.googleCallback, async ({ request, reply }) => {
    if (!provider) return sendResultPage(reply, pageLang(request), 503, failed('google_not_set_up'));
    const flow = await cookies.open(request.headers.cookie);
    if (!flow) return sendResultPage(reply, pageLang(request), 400, failed('google_sign_in_lost'));
    void reply.header('set-cookie', cookies.cleared(flow.redirectUri.startsWith('https:')));
    const current = new URL(flow.redirectUri);
    current.search = new URL(request.url, 'http://query.only').search;
    const error = current.searchParams.get('error');
    if (error)
      return sendResultPage(
        reply,
        pageLang(request),
        400,
        error === 'access_denied' ? failed('google_sign_in_cancelled') : failed('google_sign_in_failed', { reason: error.slice(0, 100) }),
      );
    try {
      const tokens = await oidc.authorizationCodeGrant(await provider.configuration(), current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      if (!tokens.id_token) throw new Error('no ID token');
      return sendResultPage(reply, pageLang(request), 200, { type: 'google-sign-in', idToken: tokens.id_token });
    } catch (err) {
      request.log.warn({ err }, 'Google sign-in callback refused');
      return sendResultPage(reply, pageLang(request), 400, failed('google_sign_in_unverified'));
    }
  });

  route(app, e.googleUser, async ({ body, request, reply }) => {
    if (!provider || !source) throw appError(503, 'google_not_set_up');
    const profile = await verifyIdToken(provider, body.idToken);
    const { user, created, linked } = await signInWithGoogle(app.db, source, profile, body.language);
    if (linked) app.jobs.nudge();
    void reply.code(created ? 201 : 200);
    return sessionOf(app, user, { request, reply });
  });
}
