import type { AdminOverview } from '@market/contract';
import type { Page } from '@playwright/test';
import { appStarted, expect, expectAccessible, screenshot, screenshots, signInWith, test, resultCards, resultPrices } from '../fixtures.ts';

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const cards = resultCards;
const prices = resultPrices;
const total = async (page: Page) => Number((await results(page).getByRole('status').textContent())!.replace(/\D/g, ''));

test('suggestions while typing in the header: a model name searches for it, a brand opens its page, all by keyboard too', async ({ page }) => {
  await page.goto('/');
  await appStarted(page);
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search phones' });
  const list = page.getByRole('banner').getByRole('listbox', { name: 'Suggestions' });
  await box.pressSequentially('iphone 13', { delay: 30 });
  await expect(list.getByRole('option', { name: /^iPhone 13 Pro/ })).toBeVisible();
  // The exact model first, as in the search.
  await expect(list.getByRole('option').first()).toHaveText(/^iPhone 13Apple$/);
  await screenshot(page, { path: 'e2e/screenshots/search-suggestions-1280.png' });
  await list.getByRole('option', { name: /^iPhone 13 Pro/ }).click();
  await expect(page).toHaveURL(/\/search\?q=iPhone\+13\+Pro$/);
  await expect(cards(page).first().getByRole('heading')).toHaveText('iPhone 13 Pro');
  await expect(list).toBeHidden();

  await box.fill('');
  await box.pressSequentially('sams', { delay: 30 });
  await expect(list.getByRole('option', { name: 'All Samsung phones' })).toBeVisible();
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await list.getByRole('option').first().getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/category\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Samsung phones');

  // Escape closes the list and keeps the text.
  await box.pressSequentially('gal', { delay: 30 });
  await expect(list).toBeVisible();
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('gal');
});

test('the price slider: a handle moved by keyboard or dragged applies its price, and the boxes follow', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/search?q=galaxy');
  await expect(cards(page).first()).toBeVisible();
  const low = page.getByRole('slider', { name: 'Lowest price, slider' });
  const high = page.getByRole('slider', { name: 'Highest price, slider' });
  await expect(low).toBeVisible();
  const cheapest = Math.min(...(await prices(page)));
  const dearest = Math.max(...(await prices(page)));
  expect(Number(await low.getAttribute('min'))).toBe(cheapest);
  expect(Number(await high.getAttribute('max'))).toBe(dearest);

  // The handles wait for the app (issue 35: before it runs the filters are a plain form, which they could not send).
  await expect(low).toBeEnabled();
  await low.focus();
  await low.press('PageUp');
  await expect(page).toHaveURL(/minPrice=\d+/);
  const min = Number(new URL(page.url()).searchParams.get('minPrice'));
  expect(min).toBeGreaterThan(cheapest);
  await expect(page.getByRole('textbox', { name: 'Lowest price' })).toHaveValue(new Intl.NumberFormat('en-IN').format(min));
  await expect.poll(async () => (await prices(page)).every((p) => p >= min)).toBe(true);

  // Drag the top handle to the middle of the track.
  await high.scrollIntoViewIfNeeded();
  const track = (await high.boundingBox())!;
  await page.mouse.move(track.x + track.width - 10, track.y + track.height / 2);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width * 0.6, track.y + track.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page).toHaveURL(/maxPrice=\d+/);
  const max = Number(new URL(page.url()).searchParams.get('maxPrice'));
  expect(max).toBeLessThan(dearest);
  expect(max).toBeGreaterThanOrEqual(min);
  await expect.poll(async () => (await prices(page)).every((p) => p >= min && p <= max)).toBe(true);
  await expect(page).toHaveURL(/minPrice=/);
  await screenshots(page, 'search-price-slider');
  await expectAccessible(page);
});

test("'Load more' brings the next phones of a search with more than 24, none twice", async ({ page }) => {
  await page.goto('/search?sort=price_asc');
  await expect(cards(page).first()).toBeVisible();
  expect(await total(page)).toBeGreaterThan(24);
  await expect(cards(page)).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(async () => cards(page).count()).toBeGreaterThan(24);
  const links = await cards(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(links).size).toBe(links.length);
  const all = await prices(page);
  expect(all.every((p, i) => i === 0 || all[i - 1]! <= p)).toBe(true);
});

test('the category page has the filters and sorts, in its URL; reload and back keep them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await appStarted(page);
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Apple' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apple phones');
  await expect(cards(page).first()).toBeVisible();
  const filters = page.getByRole('complementary', { name: 'Filters' });
  // Counts beside the conditions, and no brand list (the brand is the page's).
  await expect(filters.getByRole('checkbox', { name: /^Excellent/ })).toBeVisible();
  await expect(filters.getByRole('group', { name: 'Brand' })).toHaveCount(0);
  const all = await total(page);
  expect(all).toBeGreaterThan(1);

  await page.getByRole('combobox', { name: 'Sort' }).selectOption('price_desc');
  await expect(page).toHaveURL(/\/category\/[0-9a-f-]{36}\?sort=price_desc$/);
  await expect
    .poll(async () => {
      const p = await prices(page);
      return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1]! >= v);
    })
    .toBe(true);
  const sorted = await prices(page);
  await page.reload();
  await appStarted(page);
  await expect.poll(() => prices(page)).toEqual(sorted);
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('price_desc');

  await filters.getByRole('checkbox', { name: /^Excellent/ }).click();
  await expect(page).toHaveURL(/condition=Excellent/);
  await expect.poll(() => total(page)).toBeLessThan(all);
  await expect(cards(page).first()).toBeVisible();
  await screenshots(page, 'category-filtered');
  await expectAccessible(page);
  await page.goBack();
  await expect(page).not.toHaveURL(/condition=/);
  await expect(filters.getByRole('checkbox', { name: /^Excellent/ })).not.toBeChecked();
});

test('at 375 px the category page opens its filters from a button, as a sheet, and still fits', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  // Before the app starts, the HTML's Filters button is a link that unfolds them in place (search.spec.ts): the sheet is the app's.
  await appStarted(page);
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Samsung' }).click();
  await expect(cards(page).first()).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Filters' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('checkbox', { name: /^Good/ })).toBeVisible();
  // The URL holds the choice: the box shows it once the app has moved to the new URL.
  await page.getByRole('checkbox', { name: 'Verified sellers only' }).click();
  await expect(page).toHaveURL(/verified=true/);
  await expect(page.getByRole('checkbox', { name: 'Verified sellers only' })).toBeChecked();
  // The area applies when its box is left, not only on Enter.
  await page.getByRole('textbox', { name: 'Area' }).fill('Dhaka');
  await page.getByRole('textbox', { name: 'Area' }).blur();
  await expect(page).toHaveURL(/location=Dhaka/);
  await expect(toggle).toHaveText(/^Filters \(2 in use\)/);
  // Closed again, the button still says how many filters are in use.
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Close' }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toHaveText(/^Filters \(2 in use\)/);
  await screenshots(page, 'category-filters-phone');
});

test("the admin chart 'Date VS. Product' counts by day, week or month (the history filter)", async ({ page, adminSession }) => {
  await signInWith(page, adminSession);
  await page.setViewportSize({ width: 1280, height: 900 });
  const answer = (period: string) =>
    page.waitForResponse((r) => r.url().includes('/api/admin-overview') && new URL(r.url()).searchParams.get('period') === period);
  const daily = answer('Daily');
  await page.goto('/dashboard/overview-admin');
  await daily;
  const figure = page.getByRole('figure', { name: 'Date VS. Product' });
  const picker = figure.getByRole('radiogroup', { name: 'Products per' });
  await expect(picker.getByRole('radio', { name: 'Daily' })).toBeChecked();
  const ticks = figure.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');

  const weekly = answer('Weekly');
  await picker.getByRole('radio', { name: 'Weekly' }).check();
  const weeks = ((await (await weekly).json()) as { data: AdminOverview }).data;
  expect(weeks.productsPerPeriod).toHaveLength(12);
  expect(weeks.productsPerPeriod.at(-1)!.count).toBeGreaterThan(0);
  await expect(ticks.last()).toHaveText(/^\d{1,2} [A-Z][a-z]{2}$/);

  const monthly = answer('Monthly');
  await picker.getByRole('radio', { name: 'Weekly' }).press('ArrowRight');
  await monthly;
  await expect(picker.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(ticks.last()).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
  await screenshots(page, 'admin-chart-monthly');

  // The choice is kept while moving around the dashboard (the spec's history slice).
  await page.getByRole('link', { name: 'All Sellers' }).first().click();
  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(page.getByRole('figure', { name: 'Date VS. Product' }).getByRole('radio', { name: 'Monthly' })).toBeChecked();
});

for (const width of [375, 1280]) {
  test(`the whole search journey at ${width} px: type, suggestion, sort, load more, filter, back, reload, shared link`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/');
    await appStarted(page);
    // Phones reach the box through the header's search link; from 768 px it is in the header.
    if (width === 375) await page.getByRole('banner').getByRole('link', { name: 'Search phones' }).click();
    const box = (width === 375 ? page.getByRole('main') : page.getByRole('banner')).getByRole('combobox', { name: 'Search phones' });
    await box.pressSequentially('galax', { delay: 30 });
    const suggestion = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /^Galaxy S23/ });
    await suggestion.click();
    await expect(page).toHaveURL(/\/search\?q=Galaxy\+S23$/);
    await expect(cards(page).first().getByRole('heading')).toHaveText('Galaxy S23');

    // Every phone, cheapest first, and the next page.
    await page.goto('/search');
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(cards(page)).toHaveCount(24);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(24);

    // A filter: on a phone behind the Filters button.
    if (width === 375) await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('checkbox', { name: /^Apple/ }).click();
    await expect(page).toHaveURL(/category=.*sort=price_asc|sort=price_asc.*category=/);
    // On a phone the sheet closes onto the phones it found.
    if (width === 375)
      await page
        .getByRole('dialog', { name: 'Filters' })
        .getByRole('button', { name: /^Show \d+ phones?$/ })
        .click();
    await expect.poll(async () => (await cards(page).getByRole('heading').allTextContents()).every((n) => /^iPhone/.test(n))).toBe(true);
    const filtered = await prices(page);
    expect(filtered.every((p, i) => i === 0 || filtered[i - 1]! <= p)).toBe(true);
    const shared = page.url();

    await page.goBack();
    await expect(page).not.toHaveURL(/category=/);
    await page.goForward();
    await page.reload();
    await appStarted(page);
    await expect.poll(() => prices(page)).toEqual(filtered);

    // The link, opened by someone else, shows the same phones.
    const other = await browser.newPage({ viewport: { width, height: 900 } });
    await other.goto(shared);
    await expect.poll(() => prices(other)).toEqual(filtered);
    await other.close();
  });
}
