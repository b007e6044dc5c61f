import type { Page } from '@playwright/test';
import bnCommon from '../../packages/contract/src/locales/bn/common.ts';
import enCommon from '../../packages/contract/src/locales/en/common.ts';
import { apiCategories, apiDemoProduct, expect, screenshots, signInWith, test } from '../fixtures.ts';

/*
 * Both languages on every public page and one dashboard per role (issue 18, decision 029): the header's
 * switch turns the page to Bangla at once, the choice is kept (the next page's HTML comes in Bangla),
 * prices show Bangla digits, nothing overflows at 375 px; screenshots in e2e/screenshots/bn-*.
 */

const bangla = /[\u0980-\u09FF]/;
const banglaPrice = /৳[০-৯][০-৯,]*/;
const main = (page: Page) => page.getByRole('navigation', { name: enCommon['nav.main'] }).or(page.getByRole('navigation', { name: bnCommon['nav.main'] }));

/** The app has taken over from the HTML's first screen, in either language (only the app's category strip carries aria-busy). */
const appStarted = (page: Page) => expect(page.locator('nav[aria-busy]')).toBeAttached();

/** Follows the header's 'বাংলা' (on a phone, inside the menu) and waits for the page to be in Bangla. */
async function switchToBangla(page: Page) {
  await appStarted(page);
  const nav = main(page);
  // On a phone the links are in a menu: the visitor's, or the signed-in user's avatar menu.
  const menu = nav.getByRole('button', { name: enCommon['nav.openMenu'] }).or(nav.getByRole('button', { name: /^Account menu of / }));
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name: enCommon['lang.switchTo'], exact: true }).filter({ visible: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('navigation', { name: bnCommon['nav.main'] })).toBeVisible();
}

test.describe('public pages in Bangla', () => {
  test('the switch turns a page to Bangla at once, the choice is kept, and the switch turns it back', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await switchToBangla(page);
    const nav = page.getByRole('navigation', { name: bnCommon['nav.main'] });
    await expect(nav.getByRole('link', { name: bnCommon['nav.home'], exact: true }).first()).toBeAttached();
    await expect(page.getByRole('contentinfo')).toContainText(bnCommon['footer.copyright']);
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('bn');

    // The next page's HTML is written in Bangla before any script runs.
    const response = await page.goto('/blog');
    expect(await response!.text()).toMatch(/<html lang="bn"/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await appStarted(page);
    await page.getByRole('navigation', { name: bnCommon['nav.main'] }).getByRole('link', { name: bnCommon['lang.switchTo'] }).filter({ visible: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: enCommon['nav.main'] })).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
  });

  test('a browser that asks for Bangla gets Bangla first; ?lang=en overrides it', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'bn-BD' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('navigation', { name: bnCommon['nav.main'] })).toBeVisible();
    await page.goto('/?lang=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await appStarted(page);
    await expect(page.getByRole('navigation', { name: enCommon['nav.main'] })).toBeVisible();
    await context.close();
  });

  for (const width of [375, 1280]) {
    test(`at ${width} px: home, a brand, a phone, the search and a seller's page in Bangla, prices in Bangla digits`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const phone = await apiDemoProduct(request);
      const brand = (await apiCategories(request)).find((c) => c._id === phone.categoryId._id)!;
      await page.goto('/');
      await switchToBangla(page);
      const pages = [
        { name: 'home', path: '/' },
        { name: 'category', path: `/category/${brand._id}` },
        { name: 'detail', path: `/detail-product/${phone._id}` },
        { name: 'search', path: `/search?q=${encodeURIComponent('iphone')}` },
        { name: 'seller', path: `/seller/${phone.sellerId._id}` },
      ];
      for (const p of pages) {
        await page.goto(p.path);
        await appStarted(page);
        await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
        const content = page.locator('#content');
        await expect(content).toContainText(bangla);
        if (p.name !== 'home' && p.name !== 'seller') await expect(content).toContainText(banglaPrice);
        if (width === 375) await screenshots(page, `bn-${p.name}`);
        else {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${p.name} overflows`).toBeLessThanOrEqual(0);
        }
      }
    });
  }
});

test.describe('dashboards in Bangla', () => {
  for (const role of ['Buyer', 'Seller', 'Admin'] as const) {
    test(`the ${role}'s dashboard: menu and first screen in Bangla at 375 px`, async ({ page, buyerSession, sellerSession, adminSession }) => {
      const session = { Buyer: buyerSession, Seller: sellerSession, Admin: adminSession }[role];
      await signInWith(page, session);
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/dashboard');
      await switchToBangla(page);
      // At 375 px the side menu is folded behind its button, which names it in Bangla.
      await expect(page.getByRole('button', { name: /ড্যাশবোর্ড/ })).toBeVisible();
      await expect(page.locator('#content')).toContainText(bangla);
      await screenshots(page, `bn-dashboard-${role.toLowerCase()}`);
    });
  }
});
