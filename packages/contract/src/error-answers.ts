import type { Endpoint } from './endpoint.ts';
import type { ErrorCode } from './errors.ts';

/** The statuses a refusal can have. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502 | 503;

/** Why a presented token, or its absence, is refused (the auth and access plugins). */
const SIGN_IN: readonly ErrorCode[] = ['not_logged_in', 'session_expired', 'session_invalid', 'session_ended', 'account_gone', 'account_suspended'];

/**
 * What the framework refuses of a request body before any route sees it: every method but GET is read for a body
 * (JSON, or a picture's multipart), whatever the route's schemas.
 */
const BODY: Partial<Record<ErrorStatus, readonly ErrorCode[]>> = {
  400: ['malformed_json', 'empty_json_body', 'content_length_mismatch'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
};

/**
 * The refusals an endpoint can answer, by status, for the API documentation: what its access rule implies (401
 * without a valid session, 403 for the wrong role, an unconfirmed address or another's data, 404 for an owned
 * thing that is not there), a 400 for input its schemas refuse, what the framework refuses of a body, a 429 for each abuse limit, the descriptor's own
 * `errors`, and the 500 every route can meet.
 */
export function errorAnswers(e: Endpoint): Partial<Record<ErrorStatus | 500, ErrorCode[]>> {
  const out: Partial<Record<ErrorStatus | 500, ErrorCode[]>> = {};
  const add = (status: ErrorStatus | 500, ...codes: readonly ErrorCode[]) => {
    const list = (out[status] ??= []);
    for (const code of codes) if (!list.includes(code)) list.push(code);
  };
  if (e.params || e.query || e.body || e.multipart) add(400, 'invalid_input');
  if (e.method !== 'GET') for (const [status, codes] of Object.entries(BODY)) add(Number(status) as ErrorStatus, ...codes);
  const rule = e.access;
  if (rule.who !== 'anyone') add(401, ...SIGN_IN);
  if (rule.who === 'role' || rule.who === 'owner') add(403, 'forbidden_role');
  if ((rule.who === 'signed-in' || rule.who === 'role' || rule.who === 'owner') && rule.verified) add(403, 'email_not_confirmed');
  if (rule.who === 'self-or-admin') add(403, 'own_data_only');
  if (rule.who === 'owner' || rule.who === 'owner-or-admin') {
    add(403, 'not_yours');
    add(404, 'not_found');
  }
  for (const use of e.limits ?? []) add(429, use.code);
  for (const [status, codes] of Object.entries(e.errors ?? {})) add(Number(status) as ErrorStatus, ...(codes ?? []));
  add(500, 'server_error');
  return out;
}
