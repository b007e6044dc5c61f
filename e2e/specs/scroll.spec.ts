import { apiDemoProduct, expect, openHome, test } from '../fixtures.ts';

// A new page starts at the top; Back returns to where the list was left (issue: the detail page opened scrolled halfway down).
for (const width of [375, 1280]) {
  test(`at ${width} px a phone from the third row of Special product opens at the top, and Back returns to the list where it was`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const advertised = await openHome(page);
    expect(advertised.length, 'the demo data advertises at least six phones').toBeGreaterThanOrEqual(6);
    const special = page.getByRole('region', { name: 'Special product' });
    const card = special.getByRole('link').nth(width < 640 ? 4 : Math.min(advertised.length - 1, 8));
    await card.scrollIntoViewIfNeeded();
    const name = advertised[width < 640 ? 4 : Math.min(advertised.length - 1, 8)]!.productName;
    const listY = await page.evaluate(() => window.scrollY);
    expect(listY).toBeGreaterThan(300);

    await card.click();
    await expect(page).toHaveURL(/\/detail-product\//);
    const title = page.getByRole('heading', { level: 1, name });
    await expect(title).toBeInViewport();
    await expect(page.getByRole('img', { name }).first()).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(special).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(listY - 5);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(listY + 5);
    await expect(card).toBeInViewport();

    // Forward again: the detail page where it was left (the top).
    await page.goForward();
    await expect(title).toBeInViewport();
  });
}

test('a link followed from low on a page opens the next page at the top: the footer to the blog', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Special product' })).toBeVisible();
  const blog = page.getByRole('contentinfo').getByRole('link', { name: 'Blog' });
  await blog.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await blog.click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

// Issue 35, item 1: every document's first history entry has the same key, so a page opened by its address took the
// place the last page of the tab was left at.
test('at 375 px a phone opened by its address after the home page was scrolled starts at the top; a reload keeps its place', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const phone = await apiDemoProduct(request);
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 2_500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2_000);

  await page.goto(`/detail-product/${phone._id}`);
  // The app has started (goto waits for it) and placed its first page: one frame later, nothing has moved it.
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: phone.productName })).toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, 1_200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1_100);
  // The page's scroll event comes with the next frame: a reload before it would leave as if nobody had scrolled.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1_100);
});

// Ticking a filter low in the sidebar shows other rows of the same page: the page stays where it is (a new address
// of another page starts at the top, issue 35's item 1; a filter is not another page).
test('at 1280 px a filter ticked low in the sidebar keeps the page where it was', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/search?q=galaxy');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const fair = filters.getByRole('checkbox', { name: /^Fair/ });
  await fair.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(100);
  await fair.click();
  await expect(page).toHaveURL(/condition=Fair/);
  await expect(fair).toBeChecked();
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThan(5);
});
