import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { accessTable, type RouteKey, type Rule } from '../../src/access-table.ts';
import type { Db } from '../../src/db/client.ts';
import { expectErrorBody } from '../error-body.ts';
import { BODY_LIMIT, bytes, isJson, mayBeJson, type Body } from './bodies.ts';
import type { JsonSpec, Spec } from './specs.ts';
import { identityRefused, type Token, type World } from './world.ts';

/**
 * What the server must do with a fuzzed request: which defects make it one that changes nothing
 * (`finish`), what its answer must look like (`judge`), and that nothing changed after all
 * (`snapshot`, `expectNoPollution`).
 */

export interface Case {
  key: RouteKey;
  url: string;
  token: Token;
  body: Body | undefined;
  cookie: string | undefined;
  ip: string;
  /** Why the server must change nothing (for the tally); empty for a GET that may succeed. */
  defects: string[];
}

export const methodOf = (key: RouteKey) => key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Whether a route may change something: every method but GET, and a GET that writes (`audited`). */
const writes = (key: RouteKey, spec: Spec) => methodOf(key) !== 'GET' || spec.audited === true;
const pathOf = (key: RouteKey) => key.split(' ')[1]!;

/**
 * The route a request reaches: its own, unless its id is a dot segment that takes it to another, as the injected
 * request's URL parsing resolves it (and a browser, and nginx): GET /api/order/../events is GET /api/events.
 */
export function reached(c: Pick<Case, 'key' | 'url'>): RouteKey {
  const path = new URL(c.url, 'http://localhost').pathname;
  if (path === c.url.split('?')[0]) return c.key;
  const key = `${methodOf(c.key)} ${path}`;
  return key in accessTable ? (key as RouteKey) : c.key;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Whether a path segment may name a row of the world (then it is not, by itself, a defect). */
function mentionsKnown(world: World, segment: string): boolean {
  const forms = [segment.toLowerCase(), safeDecode(segment).toLowerCase(), safeDecode(safeDecode(segment)).toLowerCase()];
  const hex = forms.map((f) => f.replace(/[^0-9a-f]/g, ''));
  return world.known.some((k) => forms.some((f) => f.includes(k)) || (/^[0-9a-f-]{36}$/.test(k) && hex.some((h) => h.includes(k.replaceAll('-', '')))));
}

/** Whether Fastify's JSON parser would hand this text to validation: JSON, without forbidden prototype keys. */
function parseLikeServer(payload: string | Buffer): { ok: true; value: unknown } | { ok: false } {
  let text = (typeof payload === 'string' ? Buffer.from(payload) : payload).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    const value: unknown = JSON.parse(text);
    return poisoned(value) ? { ok: false } : { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** secure-json-parse's refusal: an own `__proto__` key, or `constructor` holding an object with `prototype`. */
function poisoned(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.hasOwn(node, '__proto__')) return true;
    const ctor = (node as Record<string, unknown>).constructor;
    if (Object.hasOwn(node, 'constructor') && ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
    stack.push(...Object.values(node));
  }
  return false;
}

/** The request's defects; a request that could change something without one is sent without its token (or its body wrapped in an array). */
export function finish(
  world: World,
  key: RouteKey,
  spec: Spec,
  rule: Rule,
  draft: { token: Token; id: string | undefined; query: string; body: Body | undefined; cookie: string | undefined; ip: string },
): Case {
  const { token, id, query, cookie, ip } = draft;
  let body = draft.body;
  const defects: string[] = [];
  if (identityRefused(world, rule, token)) defects.push(token.kind === 'actor' ? 'caller refused' : `token ${token.kind}`);
  else if (token.kind === 'actor' && spec.harmlessCaller?.when(token.actor)) defects.push(spec.harmlessCaller.why);
  if (id !== undefined && !mentionsKnown(world, id)) defects.push('unknown id');
  if (spec.body?.kind === 'json' && body) {
    const verdict = jsonVerdict(spec.body, body);
    if (verdict === 'refused') defects.push('body refused');
    else if (verdict === 'harmless') defects.push('harmless body');
  }
  if (spec.body && spec.body.kind !== 'json') defects.push(spec.body.kind === 'multipart' ? 'never a picture' : 'Stripe is off');
  let sent = token;
  if (writes(key, spec) && defects.length === 0) {
    if (rule.who !== 'anyone') {
      sent = { kind: 'none' };
      defects.push('token none');
    } else if (spec.body?.kind === 'json' && body) {
      body = { ...body, payload: `[${body.payload.toString()}]`, what: `${body.what}, in an array` };
      if (jsonVerdict(spec.body, body) !== 'refused') throw new Error(`${key}: could not spoil ${body.payload.toString().slice(0, 200)}`);
      defects.push('body refused');
    } else {
      throw new Error(`${key}: no defect for this request`);
    }
  }
  // A brand's and a model's slugs fill both segments ('brand/model'; junk may fill them with fewer or more).
  const url = pathOf(key).replace(/:id|:brand\/:model/, id ?? '') + query;
  return { key, url, token: sent, body, cookie, ip, defects };
}

function jsonVerdict(spec: JsonSpec, body: Body): 'refused' | 'harmless' | 'accepted' {
  if (!mayBeJson(body.type) || bytes(body.payload) > BODY_LIMIT) return 'refused';
  const parsed = parseLikeServer(body.payload);
  if (!parsed.ok) return 'refused';
  const result = spec.schema.safeParse(parsed.value);
  if (!result.success) return 'refused';
  return spec.harmless?.(result.data as Record<string, unknown>) ? 'harmless' : 'accepted';
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

const isOverLimit = (c: Case) => methodOf(c.key) !== 'GET' && c.body !== undefined && isJson(c.body.type) && bytes(c.body.payload) > BODY_LIMIT;

/** A JSON body over the limit that reached the body parser: its refusal must be a 413 (or a 429). */
export function refusedOverLimit(c: Case, res: Answer): boolean {
  if (res.status < 400 || !isOverLimit(c)) return false;
  // The router answers first when the URL itself is refused (no such route, a bad or over-long id).
  const code = typeof res.body === 'object' && res.body !== null ? (res.body as { code?: unknown }).code : undefined;
  return !['param_too_long', 'route_not_found', 'bad_url'].includes(String(code));
}

/** What every answer to a fuzzed request must be. */
export function judge(world: World, spec: Spec, rule: Rule, c: Case, res: Answer) {
  const type = String(res.headers['content-type'] ?? '');
  const body = res.body as Record<string, unknown> | string;
  expect(res.status, 'never a server error').toBeLessThan(500);
  expect(res.status).toBeGreaterThanOrEqual(200);
  if (res.status < 300 && writes(c.key, spec)) {
    // A route that answers alike whether or not it did anything (so it tells nobody who has an account, or has
    // nothing to tell), for a request that passed every check but the data and so did nothing.
    const alike = spec.answersAlike;
    expect(alike?.status, 'only a GET may succeed').toBe(res.status);
    expect(c.defects, 'only a request that can change nothing').toEqual([alike!.defect]);
    expect(type).toMatch(/^application\/json/);
    expect(body).toMatchObject({ success: true, data: alike!.data });
    return;
  }
  if (res.status < 300) {
    expect(identityRefused(world, rule, c.token), 'a refused caller got through').toBe(false);
    // A live stream: its first lines (the reconnection delay), after which the test hung up.
    if (spec.stream) {
      expect(type).toMatch(/^text\/event-stream/);
      return void expect(body).toMatch(/^retry: \d+\n\n/);
    }
    // A download (a seller's sales) is a CSV file; every other answer JSON.
    if (c.key.endsWith('.csv')) return void expect(type).toMatch(/^text\/csv/);
    expect(type).toMatch(/^application\/json/);
    if (c.key === 'GET /api/health') expect(body).toEqual({ ok: true });
    else expect(body).toMatchObject({ success: true });
    return;
  }
  if (res.status < 400 && c.key === 'GET /api/bkash/callback') {
    // bKash's return sends the buyer back to the shop, saying it did not go through (nothing is paid here).
    expect(res.status).toBe(302);
    expect(String(res.headers.location)).toMatch(/^\/dashboard\/(payment\/[0-9a-f-]{36}|myOrders)\?bkash=(failure|cancel)(&|$)/);
    return;
  }
  if (res.status < 400) {
    // The sign-in popup's first step sends the browser to the provider.
    expect(c.key).toBe('GET /api/auth/google/start');
    expect(res.status).toBe(302);
    expect(String(res.headers.location)).toMatch(/^https?:\/\/[^/]+\/oidc\//);
    return;
  }
  if (refusedOverLimit(c, res)) expect([413, 429], 'a body over the limit').toContain(res.status);
  if (c.key === 'GET /api/auth/google/callback' && type.startsWith('text/html')) {
    // The popup's last page: it posts the error to the window that opened it.
    expect(res.status).toBe(400);
    expect(body).toMatch(/"type":"google-sign-in","error":"[^"]+"/);
    return;
  }
  expect(type).toMatch(/^application\/json/);
  if (c.key === 'POST /api/sandbox/payment_intents/:id/confirm' && typeof body === 'object' && 'error' in body) {
    // The sandbox processor answers as Stripe does, for the Stripe.js-like client.
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatchObject({ type: expect.stringMatching(/^(invalid_request_error|card_error)$/), message: expect.stringMatching(/./) });
    return;
  }
  // The one error shape, with a code of the contract's list and its English message.
  expectErrorBody(body);
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort().join();

/** No request added anything to Object.prototype. */
export function expectNoPollution() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort().join()).toBe(prototypeNames);
  const probe = {} as Record<string, unknown>;
  for (const k of ['polluted', 'role', 'admin', 'isAdmin', 'sellerVerified']) expect(probe[k], `Object.prototype.${k}`).toBeUndefined();
}

export interface Snapshot {
  name: string;
  rows: number;
  md5: string;
}

/** Row count and md5 of every table's rows in a stable order (the same SQL on PGlite and PostgreSQL). */
export async function snapshot(db: Db, tableNames: string[]): Promise<Snapshot[]> {
  const parts = tableNames.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::int as rows, coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as md5 from ${sql.identifier(name)} t`,
  );
  const res = (await db.execute(sql`${sql.join(parts, sql` union all `)} order by name`)) as unknown as { rows: Snapshot[] };
  return res.rows.map((r) => ({ name: r.name, rows: Number(r.rows), md5: r.md5 }));
}
