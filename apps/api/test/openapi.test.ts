import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpoints, errorCodes, type Endpoint, type ErrorCode } from '@market/contract';
import { routes } from '@market/contract/routes';
import { describe, expect, it } from 'vitest';
import { accessTable } from '../src/access-table.ts';
import { useTestApp } from './helper.ts';
import { callRoute, routeKey } from './call-route.ts';

const ctx = useTestApp();

interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, unknown> };
  tags?: string[];
  summary?: string;
}
type OpenApi = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, { properties?: Record<string, { enum?: unknown[] }> }> };
};

const routeKeys = Object.keys(accessTable);
/** 'GET /api/detail-product/:id' → ['get', '/api/detail-product/{id}'] */
const openApiKey = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return [method.toLowerCase(), path.replace(/:(\w+)/g, '{$1}')] as const;
};

/** The OpenAPI document (no route of the contract: its path is literal). */
async function document(): Promise<OpenApi> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
}

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3 document with a title and the token security scheme', async () => {
    const doc = await document();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.components?.securitySchemes?.token).toMatchObject({ type: 'apiKey', in: 'header', name: 'authorization' });
  });

  it('lists every route of the access table, and nothing else', async () => {
    const doc = await document();
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`));
    const expected = routeKeys.map((key) => openApiKey(key).join(' '));
    expect(routeKeys.length).toBeGreaterThanOrEqual(25);
    expect(documented.sort()).toEqual(expected.sort());
  });

  it.each(routeKeys)('documents %s with its path parameters and a success response', async (key) => {
    const doc = await document();
    const [method, path] = openApiKey(key);
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op!.summary).toEqual(expect.any(String));
    expect(op!.tags?.length).toBeGreaterThan(0);
    const pathParams = (op!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    expect(pathParams).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
    for (const p of (op!.parameters ?? []).filter((p) => p.in === 'path')) expect(p.required).toBe(true);
    // Success is a 2xx, or a redirect: the Google popup's first step, bKash's return to the shop.
    const success = [routeKey('googleStart'), routeKey('bkashCallback')].includes(key) ? /^302$/ : /^2\d\d$/;
    expect(Object.keys(op!.responses).some((status) => success.test(status))).toBe(true);
  });

  const descriptors = Object.values(endpoints) as Endpoint[];
  /** The refusals an operation must document at least: what its rule, schemas, limits and descriptor imply. */
  function implied(e: Endpoint): Record<number, ErrorCode[]> {
    const out: Record<number, ErrorCode[]> = { 500: ['server_error'] };
    const add = (status: number, ...codes: ErrorCode[]) => (out[status] = [...(out[status] ?? []), ...codes]);
    if (e.params || e.query || e.body || e.multipart) add(400, 'invalid_input');
    if (e.method !== 'GET') {
      add(400, 'malformed_json', 'empty_json_body');
      add(413, 'payload_too_large');
      add(415, 'unsupported_media_type');
    }
    if (e.access.who !== 'anyone') add(401, 'not_logged_in', 'session_expired', 'account_gone');
    if (e.access.who === 'role' || e.access.who === 'owner') add(403, 'forbidden_role');
    if ('verified' in e.access && e.access.verified) add(403, 'email_not_confirmed');
    if (e.access.who === 'self-or-admin') add(403, 'own_data_only');
    if (e.access.who === 'owner' || e.access.who === 'owner-or-admin') add(404, 'not_found');
    for (const use of e.limits ?? []) add(429, use.code);
    for (const [status, codes] of Object.entries(e.errors ?? {})) add(Number(status), ...(codes ?? []));
    return out;
  }

  it.each(descriptors.map((e) => [`${e.method} ${e.path}`, e] as const))(
    'documents the refusals of %s: each status with the ErrorBody and the codes it can give there',
    async (_key, e) => {
      const doc = await document();
      const [method, path] = openApiKey(`${e.method} ${e.path}`);
      const responses = doc.paths[path]![method]!.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>;
      for (const [status, codes] of Object.entries(implied(e))) {
        const answer = responses[status];
        expect(answer, `${status} of ${e.method} ${e.path}`).toBeDefined();
        const schema = JSON.stringify(answer!.content?.['application/json']?.schema);
        expect(schema, `${status} of ${e.method} ${e.path}`).toContain('#/components/schemas/ErrorBody');
        if (e.otherAnswers?.[Number(status)]) continue;
        const documented = (answer!.content!['application/json']!.schema as { allOf: [unknown, { properties: { code: { enum: string[] } } }] }).allOf[1]
          .properties.code.enum;
        expect(documented, `${status} of ${e.method} ${e.path}`).toEqual(expect.arrayContaining(codes));
        for (const code of documented) expect(errorCodes).toContain(code);
      }
    },
  );

  it("lists among a descriptor's own refusals no code the API's source never gives", () => {
    // The converse of the check every API test makes (documented-refusals.ts): a code listed but given nowhere.
    const src = join(import.meta.dirname, '../src');
    // The deal's table gives the refusals of its transitions (packages/contract/src/deal.ts `refused`).
    const dealTable = readFileSync(join(import.meta.dirname, '../../../packages/contract/src/deal.ts'), 'utf8');
    const source = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(join(src, file), 'utf8'))
      .concat(dealTable)
      .join('\n');
    const given = (code: string) => source.includes(`'${code}'`);
    const never = descriptors.flatMap((e) =>
      Object.values(e.errors ?? {})
        .flat()
        .filter((code) => !given(code))
        .map((code) => `${e.method} ${e.path}: ${code}`),
    );
    expect(never).toEqual([]);
  });

  it('documents error answers for every operation, not only the success (65 of 68 had none)', async () => {
    const doc = await document();
    const withoutErrors = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !Object.keys(op.responses).some((status) => /^[45]\d\d$/.test(status)))
        .map(([method]) => `${method} ${path}`),
    );
    expect(withoutErrors).toEqual([]);
  });

  it("documents every refusal's body once, with the contract's list of codes", async () => {
    const doc = await document();
    const body = doc.components?.schemas?.ErrorBody;
    expect(Object.keys(body?.properties ?? {})).toEqual(['success', 'message', 'massage', 'code', 'params', 'fields', 'requestId']);
    expect(body?.properties?.code?.enum).toEqual(errorCodes);
    expect(JSON.stringify(doc.paths[routes.googleCallback.path]!.get!.responses['400'])).toContain('#/components/schemas/ErrorBody');
  });

  it('documents the JSON bodies of the creating routes', async () => {
    const doc = await document();
    for (const path of [routes.signUp.path, routes.logIn.path, routes.addProduct.path, routes.book.path]) {
      expect(doc.paths[path]!.post!.requestBody?.content['application/json'], path).toBeDefined();
    }
  });
});

describe('GET /api/docs', () => {
  it('answers the HTML of the API explorer, whose scripts and styles load', async () => {
    // The API's documentation is no route of the contract: its paths are literal.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    const page = res.statusCode === 302 ? await ctx.app.inject({ method: 'GET', url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/<html/i);
    expect(page.body).toMatch(/swagger/i);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const url = new URL(asset, 'http://localhost/api/docs/').pathname;
      const loaded = await ctx.app.inject({ method: 'GET', url });
      expect(loaded.statusCode, url).toBe(200);
    }
  });
});

describe('GET /api/health', () => {
  it('answers { ok: true }', async () => {
    const res = await callRoute(ctx.app, 'health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('needs no token, and ignores a bad one', async () => {
    const res = await callRoute(ctx.app, 'health', { token: 'not-a-token' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});
