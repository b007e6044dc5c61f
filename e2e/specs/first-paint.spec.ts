import type { Page } from '@playwright/test';
import { apiCategories, apiDemoProduct, appStarted, expect, screenshots, test } from '../fixtures.ts';

/*
 * The HTML shows the first screen by itself (apps/api/src/first-screen): header, category links and
 * the page's first pictures and names, with the page's data inlined, so a slow connection paints it
 * before any JS arrives, and React then takes over without moving anything.
 */

test('without JavaScript: the header, the category links and the first advertised picture; a link opens that brand with its cards', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Resale Phones' })).toBeVisible();
  const strip = page.getByRole('navigation', { name: 'Categories' });
  for (const c of await apiCategories(request)) await expect(strip.getByRole('link', { name: c.category, exact: true })).toBeAttached();
  const slide = page.getByRole('main').getByRole('img').first();
  await expect(slide).toBeVisible();
  expect(await slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await screenshots(page, 'first-screen-home-without-js');
  await page.setViewportSize({ width: 375, height: 800 });

  await strip.getByRole('link', { name: 'Apple', exact: true }).click();
  await expect(page).toHaveURL(/\/category\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Apple phones' })).toBeVisible();
  const card = page.getByRole('main').getByRole('link').filter({ hasText: 'Resale price :' }).first();
  await expect(card).toBeVisible();
  await screenshots(page, 'first-screen-category-without-js');
  await page.setViewportSize({ width: 375, height: 800 });
  await card.click();
  await expect(page).toHaveURL(/\/detail-product\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});

test('without JavaScript: /login shows its form, its buttons waiting for the app and saying so; /blog its questions and answers (issue 35)', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  // Every request but the pages' own GETs and their files: a login sent without the app would show here.
  const sent: string[] = [];
  page.on('request', (r) => (r.method() !== 'GET' || r.url().includes('password')) && sent.push(`${r.method()} ${r.url()}`));
  await page.goto('/login');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(main.getByLabel('Password')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
  await expect(main.getByRole('button', { name: 'Use Demo Account' })).toBeDisabled();
  await expect(main.getByRole('button', { name: 'CONTINUE WITH GOOGLE' })).toBeDisabled();
  await expect(main.getByText('Login works once the page has finished loading (it needs JavaScript).')).toBeVisible();
  // Enter in a field sends nothing (its button is disabled): no password ever goes into an address.
  await main.getByRole('textbox', { name: 'Email' }).fill('buyer@resale.demo');
  await main.getByLabel('Password').fill('secret-password');
  await main.getByLabel('Password').press('Enter');
  await expect(main.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  await screenshots(page, 'first-screen-login-without-js');

  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Questions and Answers' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('heading', { level: 2, name: 'How does prototypal inheritance work?' })).toBeVisible();
  await screenshots(page, 'first-screen-blog-without-js');
  await page.goto('/blog?lang=bn');
  await expect(page.getByRole('heading', { level: 1, name: 'প্রশ্ন ও উত্তর' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(4);
  // The Enter on the login page, before these pages were asked for, sent nothing.
  expect(sent).toEqual([]);
  await context.close();
});

test('the first screen asks the API for nothing: categories, advertised phones, a category page and a phone came with the HTML', async ({ page, request }) => {
  const asked: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/api/')) asked.push(path);
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Special product' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Advertised phones' }).getByRole('button', { name: 'Next slide' })).toBeVisible();
  const apple = (await apiCategories(request)).find((c) => c.category === 'Apple')!;
  await page.goto(`/category/${apple._id}`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Load more' }).or(page.getByRole('main').getByRole('link').first())).toBeVisible();
  const product = await apiDemoProduct(request);
  await page.goto(`/detail-product/${product._id}`);
  await expect(page.getByRole('button', { name: 'Login for Order' }).or(page.getByRole('link', { name: 'Login for Order' }))).toBeVisible();
  expect(asked.filter((p) => ['/api/category', '/api/advertise-products'].includes(p) || /^\/api\/(category-products|detail-product)\//.test(p))).toEqual([]);
});

/** Where the first screen's parts are: header, category strip, the page's heading, first picture and first cards. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const parts = {
      header: document.querySelector('header'),
      strip: document.querySelector('nav[aria-label="Categories"]'),
      stripFirstLink: document.querySelector('nav[aria-label="Categories"] a'),
      heading: document.querySelector('main h1:not(.sr-only)'),
      picture: document.querySelector('main img'),
      ...Object.fromEntries([...document.querySelectorAll('main a[href^="/detail-product/"]')].slice(0, 3).map((a, i) => [`card${i}`, a])),
    };
    return Object.fromEntries(
      Object.entries(parts)
        .filter(([, el]) => el)
        .map(([name, el]) => {
          const r = el!.getBoundingClientRect();
          return [name, [r.x, r.y, r.width, r.height].map(Math.round)];
        }),
    );
  });

for (const width of [375, 1280]) {
  test(`at ${width} px React takes over the first screen without moving anything: /, a category and a phone are where the HTML drew them`, async ({
    browser,
    request,
  }) => {
    const apple = (await apiCategories(request)).find((c) => c.category === 'Apple')!;
    const product = await apiDemoProduct(request);
    const viewport = { width, height: 800 };
    const html = await browser.newContext({ javaScriptEnabled: false, viewport });
    const app = await browser.newContext({ viewport });
    const [before, after] = [await html.newPage(), await app.newPage()];
    for (const [path, ready] of [
      ['/', () => after.getByRole('region', { name: 'Special product' })],
      [`/category/${apple._id}`, () => after.getByRole('main').getByRole('link').filter({ hasText: 'Resale price :' }).first()],
      [`/detail-product/${product._id}`, () => after.getByText('Year of Used')],
    ] as const) {
      await before.goto(path);
      await after.goto(path);
      await appStarted(after);
      await expect(ready()).toBeVisible();
      const drawn = await boxes(before);
      expect(Object.keys(drawn), path).toEqual(expect.arrayContaining(['header', 'strip', 'stripFirstLink', 'picture']));
      expect(await boxes(after), path).toMatchObject(drawn);
    }
    await html.close();
    await app.close();
  });
}
