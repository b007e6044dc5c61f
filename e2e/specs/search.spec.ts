import type { Page } from '@playwright/test';
import { appStarted, expect, expectAccessible, screenshots, test, resultCards, resultPrices } from '../fixtures.ts';

/** The header's box: a plain search box in the HTML's first screen, a combobox with suggestions once the app runs. */
const headerBox = (page: Page) => page.getByRole('banner').locator('input[name="q"]');
const cards = resultCards;
const prices = resultPrices;

test('at 1280 px: a typo in the header box finds the phones; brand, sort, reload and back keep to the URL', async ({ page }) => {
  await page.goto('/');
  const box = headerBox(page);
  await box.fill('iphnoe');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=iphnoe$/);
  await expect(cards(page).first()).toBeVisible();
  const names = await cards(page).getByRole('heading').allTextContents();
  expect(names.length).toBeGreaterThan(1);
  expect(names.every((n) => /iphone/i.test(n))).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: /^\d+ phones?$/ })).toBeVisible();

  const filters = page.getByRole('complementary', { name: 'Filters' });
  // The URL holds the choice: the box shows it once the app has moved to the new URL.
  await filters.getByRole('checkbox', { name: /^Apple/ }).click();
  await expect(page).toHaveURL(/category=/);
  await expect(filters.getByRole('checkbox', { name: /^Apple/ })).toBeChecked();
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect
    .poll(async () => {
      const p = await prices(page);
      return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1]! <= v);
    })
    .toBe(true);
  const sorted = await prices(page);

  await page.reload();
  await expect(filters.getByRole('checkbox', { name: /^Apple/ })).toBeChecked();
  await expect.poll(() => prices(page)).toEqual(sorted);
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=price_asc/);
  await expect(filters.getByRole('checkbox', { name: /^Apple/ })).toBeChecked();
  await page.goBack();
  await expect(filters.getByRole('checkbox', { name: /^Apple/ })).not.toBeChecked();
  await expectAccessible(page);
});

test('at 375 px: the search link opens the page, the filters fold under a button, and no match offers to drop a filter', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Search phones' }).click();
  await expect(page).toHaveURL(/\/search$/);
  const input = page.getByRole('main').getByRole('combobox', { name: 'Search phones' });
  await input.fill('galaxy');
  await input.press('Enter');
  await expect(cards(page).first()).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Filters' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('checkbox', { name: /^Samsung/ })).toBeHidden();
  await toggle.click();
  await page.getByRole('textbox', { name: 'Lowest price' }).fill('9999999');
  await page.getByRole('button', { name: 'Apply price' }).click();
  await expect(page).toHaveURL(/minPrice=9999999/);
  await expect(page.getByText('No phones match')).toBeVisible();
  await screenshots(page, 'search-no-match');
  await page.getByRole('button', { name: 'Remove price range' }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(page).not.toHaveURL(/minPrice/);
});

test('a shared link opens the same search, even before the app starts (the header box is a plain form)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await headerBox(page).fill('galaxy s23');
  await headerBox(page).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=galaxy\+s23$/);
  await context.close();
});

test('what is typed into the header box before the app starts stays there, caret and all, when the app takes over', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The app's entry script waits until the visitor has typed: the HTML's first screen is all there is meanwhile.
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const box = headerBox(page);
  await box.fill('galaxy');
  await expect(page.locator('html[data-started]')).toHaveCount(0);
  release();
  await appStarted(page);
  await expect(box).toHaveValue('galaxy');
  await expect(box).toBeFocused();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=galaxy$/);
  await expect(cards(page).first()).toBeVisible();
});
