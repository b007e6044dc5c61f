import type { APIRequestContext, Page } from '@playwright/test';
import type { SearchAnswer } from '@market/contract';
import { apiCategories, appStarted, expect, expectAccessible, screenshots, test, resultCards, resultPrices } from '../fixtures.ts';

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

test('at 375 px: the search link opens the page, the filters open from a button, and no match offers to drop a filter', async ({ page }) => {
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
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('textbox', { name: 'Lowest price' }).fill('9999999');
  await sheet.getByRole('button', { name: 'Apply price' }).click();
  await expect(page).toHaveURL(/minPrice=9999999/);
  await sheet.getByRole('button', { name: 'Show 0 phones' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByText('No phones match')).toBeVisible();
  await screenshots(page, 'search-no-match');
  await page.getByRole('button', { name: 'Remove price range' }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(page).not.toHaveURL(/minPrice/);
});

/** What the search finds for these parameters, as the API counts it: how many phones, and the counts by condition. */
async function search(request: APIRequestContext, query: string): Promise<SearchAnswer['meta']> {
  const res = await request.get(`/api/products?${query}&limit=1`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as SearchAnswer).meta;
}
const found = async (request: APIRequestContext, query: string) => (await search(request, query)).total;

test("at 375 px the filters open as a sheet: the focus inside, 'Show N phones' counts what is chosen and shows it, Escape, 'Clear all' (issue 35)", async ({
  page,
  request,
}) => {
  const samsung = (await apiCategories(request)).find((c) => c.category === 'Samsung')!;
  const all = await found(request, 'q=galaxy');
  const { total: samsungs, facets } = await search(request, `q=galaxy&category=${samsung._id}`);
  const condition = facets.conditions.find((c) => c.count > 0)!;
  const fair = await found(request, `q=galaxy&category=${samsung._id}&condition=${condition.condition}`);
  expect(samsungs).toBeGreaterThan(1);
  const show = (n: number) => `Show ${n} ${n === 1 ? 'phone' : 'phones'}`;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/search?q=galaxy');
  const toggle = page.getByRole('button', { name: 'Filters' });
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  // The filters no longer push the results down: the count is on the first screen.
  await expect(page.getByRole('status').filter({ hasText: `${all} phones` })).toBeInViewport();

  await toggle.click();
  await expect(sheet).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  // The page behind it stands still (daisyUI's modal stops the root's scrolling) and cannot be reached.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe('hidden');
  await expect(sheet.getByRole('button', { name: show(all) })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Clear all' })).toBeDisabled();
  await sheet.getByRole('checkbox', { name: /^Samsung/ }).click();
  await expect(page).toHaveURL(/category=/);
  await expect(sheet.getByRole('button', { name: show(samsungs) })).toBeVisible();
  await sheet.getByRole('checkbox', { name: new RegExp(`^${condition.condition}`) }).click();
  await expect(sheet.getByRole('button', { name: show(fair) })).toBeVisible();
  await expect(toggle).toHaveText(/^Filters \(2 in use\)/);
  // At 375 px the sheet; widened to 1280 px it closes, the sidebar showing the filters.
  await screenshots(page, 'search-filter-sheet');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(sheet).toBeHidden();

  // Escape closes it and gives the focus back to the button.
  await toggle.click();
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(toggle).toBeFocused();

  // 'Show N phones' closes it onto the results, their count on screen.
  await toggle.click();
  await sheet.getByRole('button', { name: show(fair) }).click();
  await expect(sheet).toBeHidden();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results).toBeFocused();
  await expect(results.getByRole('status')).toHaveText(`${fair} ${fair === 1 ? 'phone' : 'phones'}`);
  await expect(results.getByRole('status')).toBeInViewport();

  // 'Clear all' drops the filters, not the words.
  await toggle.click();
  await sheet.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/search\?q=galaxy$/);
  await expect(sheet.getByRole('button', { name: show(all) })).toBeVisible();
  await expect(sheet.getByRole('checkbox', { name: /^Samsung/ })).not.toBeChecked();
  await expectAccessible(page);
});

test('the sheet in Bangla: its count in Bangla words and digits', async ({ page, request }) => {
  const all = await found(request, 'q=galaxy');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/search?q=galaxy&lang=bn');
  await page.getByRole('button', { name: 'ফিল্টার' }).click();
  const sheet = page.getByRole('dialog', { name: 'ফিল্টার' });
  await expect(sheet.getByRole('button', { name: `${new Intl.NumberFormat('bn-BD').format(all)}টি ফোন দেখুন` })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'সব মুছুন' })).toBeDisabled();
  await screenshots(page, 'search-filter-sheet-bn');
});

test("without JavaScript at 375 px the Filters link unfolds the filters, a plain form: a choice and 'Show phones' bring what it finds", async ({
  browser,
  request,
}) => {
  const samsung = (await apiCategories(request)).find((c) => c.category === 'Samsung')!;
  const samsungs = await found(request, `q=galaxy&category=${samsung._id}`);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/search?q=galaxy');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters.getByRole('checkbox', { name: /^Samsung/ })).toBeHidden();
  await filters.getByRole('link', { name: 'Filters' }).click();
  await expect(filters.getByRole('checkbox', { name: /^Samsung/ })).toBeVisible();
  await filters.getByRole('checkbox', { name: /^Samsung/ }).check();
  await screenshots(page, 'search-filters-without-js');
  await page.setViewportSize({ width: 375, height: 812 });
  await filters.getByRole('button', { name: 'Show phones' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]category=${samsung._id}(&|$)`));
  await expect(page).toHaveURL(/[?&]q=galaxy(&|$)/);
  await expect(page.getByRole('status').filter({ hasText: `${samsungs} phones` })).toBeVisible();
  // Folded again, the count first.
  await expect(filters.getByRole('checkbox', { name: /^Samsung/ })).toBeHidden();
  await expect(filters.getByRole('link', { name: 'Filters (1 in use)' })).toBeVisible();
  await context.close();
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
