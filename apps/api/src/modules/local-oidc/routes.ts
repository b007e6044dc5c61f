import { createHash, randomBytes } from 'node:crypto';
import { sendStandInPage } from '../../stand-in-page.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { consumeCode, issueCode } from './codes.ts';
import { authorizePage, avatarSvg, demoGoogleUser, errorPage } from './pages.ts';
import type { LocalProvider } from './provider.ts';
import { fromThisComputer, isLoopbackHost } from '../../this-computer.ts';

/**
 * A small but real OpenID Connect provider under /oidc (outside /api, so outside the
 * access table: every route here is open to anyone, and the authorize screen only to
 * this computer). Authorization code flow with PKCE S256 required; codes are single-use,
 * live a minute and are kept in the database; ID tokens are RS256.
 */
export interface LocalOidcOptions {
  provider: LocalProvider;
  publicUrl: string | undefined;
}

export const CALLBACK_PATH = '/api/auth/google/callback';

/** Our own callback only: on PUBLIC_URL, or on a loopback host. */
export function redirectAllowed(uri: string, publicUrl: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.pathname !== CALLBACK_PATH || url.search || url.hash || url.username || url.password) return false;
  if (publicUrl && uri === `${publicUrl}${CALLBACK_PATH}`) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
}

const text = (max: number) => z.string().max(max);
const AuthorizeParams = z.object({
  response_type: text(50),
  client_id: text(200),
  redirect_uri: text(2048),
  scope: text(500).default(''),
  state: text(1024).optional(),
  nonce: text(1024).optional(),
  code_challenge: text(200).optional(),
  code_challenge_method: text(20).optional(),
});
type AuthorizeParams = z.infer<typeof AuthorizeParams>;

const Person = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Type a name' })
    .max(80, { error: 'The name is too long' })
    .regex(/^[^\p{Cc}]*$/u, { error: 'The name holds odd characters' }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Type a valid e-mail address' }).max(254)),
});

const TokenBody = z.object({
  grant_type: z.string(),
  code: z.string().max(200).optional(),
  redirect_uri: z.string().max(2048).optional(),
  code_verifier: z.string().optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
});

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** `Basic base64(urlencoded id ":" urlencoded secret)` (RFC 6749 2.3.1), or the same two in the body. */
function clientCredentials(header: string | undefined, body: z.infer<typeof TokenBody>) {
  const basic = /^basic\s+([\w+/=-]+)$/i.exec(header ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    const unform = (s: string) => {
      try {
        return decodeURIComponent(s.replaceAll('+', ' '));
      } catch {
        return undefined;
      }
    };
    const id = unform(decoded.slice(0, colon));
    const secret = unform(decoded.slice(colon + 1));
    return id !== undefined && secret !== undefined ? { id, secret } : undefined;
  }
  return body.client_id && body.client_secret ? { id: body.client_id, secret: body.client_secret } : undefined;
}

/** The provider's pages: pages of the sign-in popup, with their own images. */
const html = (reply: FastifyReply, status: number, body: string, formTarget?: string) =>
  sendStandInPage(reply, status, body, { formTarget, images: true, popup: true });

export default async function localOidcRoutes(app: FastifyInstance, opts: LocalOidcOptions) {
  const { provider, publicUrl } = opts;
  const hide = { schema: { hide: true } };

  // The token endpoint and the authorize form speak application/x-www-form-urlencoded (here only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    const out: Record<string, string> = Object.create(null);
    for (const [key, value] of new URLSearchParams(body as string)) {
      if (key in out) return done(Object.assign(new Error(`The parameter ${key} is repeated`), { statusCode: 400 }), undefined);
      out[key] = value;
    }
    done(null, out);
  });

  app.get('/oidc/.well-known/openid-configuration', hide, async (_request, reply) => reply.header('cache-control', 'no-cache').send(provider.metadata()));
  app.get('/oidc/jwks', hide, async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(provider.jwks));
  app.get('/oidc/avatar.svg', hide, async (request, reply) => {
    const name = String((request.query as { name?: unknown }).name ?? '').slice(0, 80);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(avatarSvg(name));
  });

  /** Checks the request; answers a page (bad client or redirect: never redirected to) or an error redirect, or the parameters. */
  function checkAuthorize(request: FastifyRequest, reply: FastifyReply, source: unknown): AuthorizeParams | FastifyReply {
    if (!fromThisComputer(request)) {
      return html(
        reply,
        403,
        errorPage(
          'The local test provider only answers on this computer (a loopback address). Configure GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to sign in with Google.',
        ),
      );
    }
    const parsed = AuthorizeParams.safeParse(source);
    if (!parsed.success) return html(reply, 400, errorPage('The sign-in request is incomplete or malformed.'));
    const p = parsed.data;
    if (p.client_id !== provider.clientId) return html(reply, 400, errorPage('Unknown client.'));
    if (!redirectAllowed(p.redirect_uri, publicUrl)) return html(reply, 400, errorPage('This redirect address is not registered for the client.'));
    const problem =
      p.response_type !== 'code'
        ? ['unsupported_response_type', 'Only the authorization code flow is supported']
        : !p.scope.split(' ').includes('openid')
          ? ['invalid_scope', 'The openid scope is required']
          : p.code_challenge_method !== 'S256' || !/^[\w-]{43}$/.test(p.code_challenge ?? '')
            ? ['invalid_request', 'PKCE with code_challenge_method S256 is required']
            : undefined;
    if (problem) return redirectBack(reply, p, { error: problem[0]!, error_description: problem[1]! });
    return p;
  }

  function redirectBack(reply: FastifyReply, p: AuthorizeParams, answer: Record<string, string>) {
    const back = new URL(p.redirect_uri);
    for (const [key, value] of Object.entries(answer)) back.searchParams.set(key, value);
    if (p.state !== undefined) back.searchParams.set('state', p.state);
    back.searchParams.set('iss', provider.issuer());
    return reply.header('cache-control', 'no-store').header('cross-origin-opener-policy', 'unsafe-none').redirect(back.toString(), 303);
  }

  const paramsOf = (p: AuthorizeParams) => Object.fromEntries(Object.entries(p).filter((e): e is [string, string] => e[1] !== undefined));

  app.get('/oidc/authorize', hide, async (request, reply) => {
    const p = checkAuthorize(request, reply, request.query);
    if (!('redirect_uri' in p)) return p;
    return html(reply, 200, authorizePage(paramsOf(p), demoGoogleUser), new URL(p.redirect_uri).origin);
  });

  app.post('/oidc/authorize', hide, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { name, email, action, ...rest } = body;
    const p = checkAuthorize(request, reply, rest);
    if (!('redirect_uri' in p)) return p;
    if (action === 'cancel') return redirectBack(reply, p, { error: 'access_denied', error_description: 'The person cancelled the sign-in' });
    const person = Person.safeParse({ name, email });
    if (!person.success) {
      const fields = { name: typeof name === 'string' ? name : '', email: typeof email === 'string' ? email : '' };
      return html(reply, 400, authorizePage(paramsOf(p), fields, person.error.issues[0]?.message), new URL(p.redirect_uri).origin);
    }
    const code = await issueCode(app.db, {
      clientId: p.client_id,
      redirectUri: p.redirect_uri,
      codeChallenge: p.code_challenge!,
      nonce: p.nonce ?? null,
      subject: provider.subjectFor(person.data.email),
      email: person.data.email,
      name: person.data.name,
    });
    return redirectBack(reply, p, { code });
  });

  app.post('/oidc/token', hide, async (request, reply) => {
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const fail = (status: number, error: string, description: string) => reply.status(status).send({ error, error_description: description });
    const body = TokenBody.safeParse(request.body ?? {});
    if (!body.success) return fail(400, 'invalid_request', 'The token request is malformed');
    const client = clientCredentials(request.headers.authorization, body.data);
    if (!client || client.id !== provider.clientId || !provider.clientSecretMatches(client.secret)) {
      return reply
        .header('www-authenticate', 'Basic realm="oidc"')
        .status(401)
        .send({ error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    if (body.data.grant_type !== 'authorization_code') return fail(400, 'unsupported_grant_type', 'Only authorization_code is supported');
    if (!body.data.code) return fail(400, 'invalid_request', 'The code is missing');
    const grant = await consumeCode(app.db, body.data.code);
    if (!grant || grant.clientId !== client.id) return fail(400, 'invalid_grant', 'The code is invalid, expired or already used');
    if (body.data.redirect_uri !== grant.redirectUri) return fail(400, 'invalid_grant', 'The redirect_uri does not match the authorization request');
    const verifier = body.data.code_verifier ?? '';
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || s256(verifier) !== grant.codeChallenge) {
      return fail(400, 'invalid_grant', 'PKCE verification failed');
    }
    const picture = `${provider.issuer()}/avatar.svg?name=${encodeURIComponent(grant.name)}`;
    const idToken = await provider.signIdToken({ sub: grant.subject, email: grant.email, name: grant.name, picture, nonce: grant.nonce ?? undefined });
    return { access_token: randomBytes(32).toString('base64url'), token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile', id_token: idToken };
  });
}
