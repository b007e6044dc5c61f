import type { Page } from '@playwright/test';
import { apiCategories, apiDemoProduct, expect, pageAs, test } from '../fixtures.ts';

/*
 * The public pages come rendered by the app's own components (decision 033), and the browser hydrates
 * that markup instead of drawing the page a second time: the page's main element is still the one the
 * HTML brought, and React reports no mismatch — in both languages, for a visitor and for a signed-in
 * buyer (whose header changes once the app has started).
 */

declare global {
  interface Window {
    __drawnMain?: Element | null;
  }
}

/** Keeps hold of the main element the HTML brought, before any script runs, and collects the page's errors. */
async function watch(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  // Awaited: a script not yet registered when the page loads would see no main, and the test would blame the app.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      window.__drawnMain = document.querySelector('#content main');
    }),
  );
  return errors;
}

for (const who of ['a visitor', 'a signed-in buyer'] as const) {
  test(`for ${who}, each public page is hydrated as the server drew it, in English and Bangla, without a mismatch`, async ({
    browser,
    request,
    buyerSession,
  }) => {
    test.setTimeout(90_000);
    const product = await apiDemoProduct(request);
    const apple = (await apiCategories(request)).find((c) => c.category === 'Apple')!;
    const page = who === 'a visitor' ? await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage() : await pageAs(browser, buyerSession);
    await page.setViewportSize({ width: 375, height: 800 });
    const errors = await watch(page);
    const paths = [
      '/',
      `/category/${apple._id}`,
      `/category/${apple._id}?sort=price_asc`,
      `/detail-product/${product._id}`,
      '/search?q=iphone',
      `/seller/${product.sellerId._id}`,
      // A model's prices page (issue 34): its chart drawn on the server is the one the app keeps.
      '/prices/apple/iphone-13',
      // The login and the blog (issue 35): drawn too, and taken over as drawn.
      '/login',
      '/blog',
    ];
    for (const lang of ['en', 'bn']) {
      for (const path of paths) {
        const url = `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        expect(await page.locator('#root').getAttribute('data-drawn'), url).toBe('server');
        expect(
          await page.evaluate(() => !!window.__drawnMain && document.querySelector('#content main') === window.__drawnMain),
          `${url}: the HTML's main is kept`,
        ).toBe(true);
        // The header's menu (folded at 375 px): the buyer's Dashboard once the app has signed in from the session.
        const menu = page.locator('header ul.menu').first();
        const [href, name] =
          who === 'a signed-in buyer' ? ['/dashboard', lang === 'en' ? 'Dashboard' : 'ড্যাশবোর্ড'] : ['/login', lang === 'en' ? 'Login' : 'লগইন'];
        await expect(menu.locator(`a[href="${href}"]`), url).toHaveText(name);
      }
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
}
