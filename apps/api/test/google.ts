import type { FastifyInstance, InjectOptions } from 'fastify';
import { routeRequest } from './call-route.ts';

/**
 * The Google sign-in popup against the app's local OpenID Connect provider, step by
 * step through `app.inject`. The callback's code exchange is openid-client over real
 * HTTP, so the app listens (on a free loopback port) before the flow starts.
 */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  // The address the README tells people to open: the issuer and our callback are on it (issue 29).
  return `http://localhost:${port}`;
}

export interface Person {
  name: string;
  email: string;
}

/** GET /api/auth/google/start: the flow cookie and the provider's authorize URL. */
export async function startFlow(app: FastifyInstance) {
  await listening(app);
  const res = await app.inject(routeRequest('googleStart'));
  if (res.statusCode !== 302) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
  const setCookie = String(res.headers['set-cookie']);
  return { cookie: setCookie.split(';')[0]!, authorize: new URL(String(res.headers.location)) };
}

/** The authorize screen's form, submitted with `person` (or cancelled): where the provider sends the popup back. */
export async function submitAuthorize(app: FastifyInstance, authorize: URL, person: Person | 'cancel', overrides: Record<string, string> = {}) {
  const form = new URLSearchParams(authorize.searchParams);
  if (person === 'cancel') form.set('action', 'cancel');
  else {
    form.set('name', person.name);
    form.set('email', person.email);
    form.set('action', 'continue');
  }
  for (const [key, value] of Object.entries(overrides)) form.set(key, value);
  const res = await app.inject({
    method: 'POST',
    url: authorize.pathname,
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.statusCode !== 303) throw new Error(`authorize answered ${res.statusCode}: ${res.body}`);
  return new URL(String(res.headers.location));
}

/** A ready callback request (cookie and provider's answer) for `person`. */
export async function callbackRequest(app: FastifyInstance, person: Person): Promise<InjectOptions> {
  const { cookie, authorize } = await startFlow(app);
  const back = await submitAuthorize(app, authorize, person);
  return { method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } };
}

/** What the callback page posts to the opener. */
export function pageMessage(html: string): { type: string; idToken?: string; error?: string; code?: string; params?: Record<string, string> } {
  const match = /var message = (\{.*?\});/s.exec(html);
  if (!match) throw new Error(`no message in the page: ${html.slice(0, 300)}`);
  return JSON.parse(match[1]!);
}

/** A real ID token for `person`, from the whole flow. */
export async function googleIdToken(app: FastifyInstance, person: Person): Promise<string> {
  const res = await app.inject(await callbackRequest(app, person));
  const message = pageMessage(res.body);
  if (res.statusCode !== 200 || !message.idToken) throw new Error(`callback answered ${res.statusCode}: ${JSON.stringify(message)}`);
  return message.idToken;
}
