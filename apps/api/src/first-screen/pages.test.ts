import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageLang } from './page-lang.ts';
import { matchPage, pagePatterns } from './pages.ts';

const router = join(import.meta.dirname, '../../../web/src/app/router.tsx');

describe('the pages the server knows', () => {
  it("are the web app's routes: a page added to the router and not here would be answered 404", () => {
    const source = readFileSync(router, 'utf8');
    // `<Route path="/…"` and `['/…', Page]` entries; the catch-all "*" is the app's own 404.
    const declared = [...source.matchAll(/(?:path=|\[)\s*["'](\/[^"']*)["']/g)].map((m) => m[1]);
    expect(new Set(declared)).toEqual(new Set(pagePatterns));
  });

  it('are matched as React Router matches them', () => {
    const id = '0b7c1f0e-8a3e-4f5b-9c6d-0123456789ab';
    expect(matchPage('/')).toEqual({ pattern: '/', id: null, params: {} });
    expect(matchPage(`/detail-product/${id}`)).toEqual({ pattern: '/detail-product/:id', id, params: { id } });
    expect(matchPage(`/Detail-Product/${id}/`)).toEqual({ pattern: '/detail-product/:id', id, params: { id } });
    expect(matchPage('/category/a%20b')).toEqual({ pattern: '/category/:id', id: 'a b', params: { id: 'a b' } });
    expect(matchPage('/LOGIN')).toEqual({ pattern: '/login', id: null, params: {} });
    expect(matchPage('/dashboard')).toEqual({ pattern: '/dashboard/*', id: null, params: {} });
    expect(matchPage('/dashboard/payment/x/y')).toEqual({ pattern: '/dashboard/*', id: null, params: {} });
    expect(matchPage('/prices/samsung/galaxy-s23/')).toEqual({ pattern: '/prices/:brand/:model', id: null, params: { brand: 'samsung', model: 'galaxy-s23' } });
    for (const path of [
      '/detail-product',
      `/detail-product/${id}/more`,
      '/login/x',
      '/dashboards',
      '/favicon.ico',
      '/assets/index-old.js',
      '/category/%E0%A4%A',
      '/prices/samsung',
      '/prices/samsung/galaxy-s23/256',
    ]) {
      const kept = { pattern: '/category/:id', id: '%E0%A4%A', params: { id: '%E0%A4%A' } };
      expect(matchPage(path), path).toEqual(path === '/category/%E0%A4%A' ? kept : null);
    }
  });
});

describe("a page's language", () => {
  const lang = (url: string, headers: Record<string, string> = {}) => pageLang({ url, headers });

  it('is ?lang=, else the lang cookie, else Accept-Language, else English', () => {
    expect(lang('/')).toBe('en');
    expect(lang('/?lang=bn')).toBe('bn');
    expect(lang('/x?q=1&lang=bn', { cookie: 'lang=en' })).toBe('bn');
    expect(lang('/', { cookie: 'a=1; lang=bn; b=2' })).toBe('bn');
    expect(lang('/', { cookie: 'lang=en', 'accept-language': 'bn' })).toBe('en');
    expect(lang('/', { 'accept-language': 'en-GB;q=0.5, bn-BD' })).toBe('bn');
  });

  it('ignores what names no language of ours', () => {
    expect(lang('/?lang=BN', { cookie: 'lang=bn' })).toBe('bn');
    expect(lang('/?lang=', { cookie: 'xlang=bn; lang=de' })).toBe('en');
    expect(lang('/?lang=fr', { 'accept-language': 'fr, bn;q=0.1' })).toBe('bn');
  });
});
