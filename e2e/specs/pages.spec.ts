import type { APIRequestContext } from '@playwright/test';
import { apiCategories, apiDemoProduct, expect, expectAccessible, screenshots, test } from '../fixtures.ts';

test("/blog has four question-and-answer cards on the spec's topics", async ({ page }) => {
  await page.goto('/blog');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText([/manage state/i, /prototypal inheritance/i, /unit test/i, /React vs\. Angular vs\. Vue/]);
  await expect(cards.nth(0)).toContainText('useState');
  await expect(cards.nth(1)).toContainText('[[Prototype]]');
  await expect(cards.nth(2)).toContainText('in isolation');
  for (const framework of ['React', 'Angular', 'Vue']) await expect(cards.nth(3)).toContainText(framework);
});

test('an unknown path shows the 404 picture', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('img', { name: /404/ })).toBeVisible();
  await expect(page.locator('svg title')).toContainText('404');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/dashboard and below redirect to /login when signed out', async ({ page }) => {
  for (const path of ['/dashboard', '/dashboard/myOrders']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  }
});

const publicPages: { name: string; path: (request: APIRequestContext) => Promise<string>; ready: string | RegExp }[] = [
  { name: 'home', path: async () => '/', ready: 'Partnered Services' },
  { name: 'category', path: async (r) => `/category/${(await apiCategories(r)).find((c) => c.category === 'Apple')!._id}`, ready: 'Apple phones' },
  { name: 'detail', path: async (r) => `/detail-product/${(await apiDemoProduct(r))._id}`, ready: /./ },
  { name: 'login', path: async () => '/login', ready: 'Login' },
  { name: 'signup', path: async () => '/signup', ready: 'Sign Up' },
  { name: 'blog', path: async () => '/blog', ready: 'Questions and Answers' },
  { name: 'not-found', path: async () => '/no-such-page', ready: /./ },
];

for (const { name, path, ready } of publicPages) {
  test(`${name}: accessible, and screenshots at 375 and 1280 px without horizontal overflow`, async ({ page, request }) => {
    await page.goto(await path(request));
    if (name === 'not-found') await expect(page.getByRole('img', { name: /404/ })).toBeVisible();
    else await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, name);
    // Nothing is cut off at the phone width either: the page passes axe there too.
    await page.setViewportSize({ width: 375, height: 812 });
    await expectAccessible(page);
  });
}
