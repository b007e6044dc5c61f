import { errorCodes } from '@market/contract';
import { describe, expect, it } from 'vitest';
import { accessTable } from '../src/access-table.ts';
import { call, useTestApp } from './helper.ts';

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
    const success = ['GET /api/auth/google/start', 'GET /api/bkash/callback'].includes(key) ? /^302$/ : /^2\d\d$/;
    expect(Object.keys(op!.responses).some((status) => success.test(status))).toBe(true);
  });

  it("documents every refusal's body once, with the contract's list of codes", async () => {
    const doc = await document();
    const body = doc.components?.schemas?.ErrorBody;
    expect(Object.keys(body?.properties ?? {})).toEqual(['success', 'message', 'massage', 'code', 'params', 'fields', 'requestId']);
    expect(body?.properties?.code?.enum).toEqual(errorCodes);
    expect(JSON.stringify(doc.paths['/api/auth/google/callback']!.get!.responses['400'])).toContain('#/components/schemas/ErrorBody');
  });

  it('documents the JSON bodies of the creating routes', async () => {
    const doc = await document();
    for (const path of ['/api/user', '/api/login', '/api/product', '/api/order']) {
      expect(doc.paths[path]!.post!.requestBody?.content['application/json'], path).toBeDefined();
    }
  });
});

describe('GET /api/docs', () => {
  it('answers the HTML of the API explorer, whose scripts and styles load', async () => {
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
    const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('needs no token, and ignores a bad one', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/health', token: 'not-a-token' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});
