import { describe, expect, it } from 'vitest';
import { appWithLimits, useTestApp } from './helper.ts';
import { routePath, routeRequest } from './call-route.ts';
import { securityHeadersFor } from '../src/plugins/security-headers.ts';

/** The headers a header scanner grades, from the app itself (issue 29; behind nginx with TLS: test/tls-edge.test.ts). */
const ctx = useTestApp();

describe('security headers', () => {
  it('Strict-Transport-Security when PUBLIC_URL is https: a year, this host only', async () => {
    const app = await appWithLimits(ctx, {}, { publicUrl: 'https://phones.example.com' });
    for (const url of ['/', routePath('categories')]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('none without it (PUBLIC_URL unset or http): a browser on http://localhost must not be told to insist on TLS', async () => {
    expect((await ctx.app.inject(routeRequest('categories'))).headers['strict-transport-security']).toBeUndefined();
    const plain = await appWithLimits(ctx, {}, { publicUrl: 'http://phones.example.com' });
    expect((await plain.inject(routeRequest('categories'))).headers['strict-transport-security']).toBeUndefined();
  });

  it('the rest a scanner grades, on every answer: CSP with frame-ancestors, nosniff, a referrer policy, CORP', async () => {
    const res = await ctx.app.inject(routeRequest('categories'));
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('the same on a 404 and on a refusal as on a page: worked out once at start, set before any route runs', async () => {
    const page = await ctx.app.inject(routeRequest('categories'));
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const refused = await ctx.app.inject(routeRequest('me'));
    expect(missing.statusCode).toBe(404);
    expect(refused.statusCode).toBe(401);
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-frame-options']) {
      expect(page.headers[name], name).toBeTruthy();
      expect(missing.headers[name], name).toBe(page.headers[name]);
      expect(refused.headers[name], name).toBe(page.headers[name]);
    }
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it("the card provider's origins are in the policy only while Stripe takes the payments", () => {
    const base = ctx.config;
    const withStripe = securityHeadersFor({ ...base, payments: { ...base.payments, provider: 'stripe' } } as typeof base);
    const without = securityHeadersFor({ ...base, payments: { ...base.payments, provider: 'sandbox' } } as typeof base);
    expect(withStripe['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(without['content-security-policy']).not.toContain('stripe.com');
  });
});
