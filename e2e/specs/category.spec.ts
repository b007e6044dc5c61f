import type { Product } from '@market/contract';
import type { APIRequestContext } from '@playwright/test';
import { apiCategories, apiCreateProduct, appStarted, expect, taka, test } from '../fixtures.ts';

// Apple: no other spec posts products there, so its list is stable while tests run in parallel.
async function apple(request: APIRequestContext) {
  const category = (await apiCategories(request)).find((c) => c.category === 'Apple')!;
  const res = await request.get(`/api/category-products/${category._id}`);
  expect(res.ok()).toBeTruthy();
  return { category, products: (await res.json()).data as Product[] };
}

test("a brand page lists that brand's phones with 'Resale price : N tk', each linking to its detail page", async ({ page, request }) => {
  const { category, products } = await apple(request);
  expect(products.length).toBeGreaterThan(3);
  await page.goto(`/category/${category._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Apple phones' })).toBeVisible();

  const cards = page.getByRole('main').getByRole('link');
  await expect(cards).toHaveCount(products.length);
  for (const [i, product] of products.entries()) {
    const card = cards.nth(i);
    await expect(card).toHaveAttribute('href', `/detail-product/${product._id}`);
    await expect(card.getByRole('heading')).toHaveText(product.productName);
    await expect(card.getByRole('img', { name: product.productName })).toHaveAttribute('src', product.img);
    await expect(card.getByText(/^Resale price : /)).toHaveText(`Resale price : ${taka(product.resalePrice)} tk`);
  }

  // The app's grouping is the South Asian one: lakh, then thousands.
  const proMax = products.find((p) => p.productName === 'iPhone 14 Pro Max')!;
  expect(proMax.resalePrice).toBe(118000);
  await expect(cards.filter({ hasText: 'iPhone 14 Pro Max' })).toContainText('Resale price : 1,18,000 tk');

  await cards.filter({ hasText: 'iPhone 14 Pro Max' }).click();
  await expect(page).toHaveURL(new RegExp(`/detail-product/${proMax._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'iPhone 14 Pro Max' })).toBeVisible();
});

test('the grid has 1, 2 or 3 columns by screen width', async ({ page, request }) => {
  const { category } = await apple(request);
  await page.goto(`/category/${category._id}`);
  const cards = page.getByRole('main').getByRole('link');
  await appStarted(page);
  await expect(cards.first()).toBeVisible();
  const columns = async () => {
    const found = await Promise.all([0, 1, 2, 3].map((i) => cards.nth(i).boundingBox()));
    if (found.some((b) => !b)) return -1;
    const boxes = found.map((b) => b!);
    return new Set(boxes.map((b) => Math.round(b.y))).size === 1 ? 4 : boxes.findIndex((b) => Math.round(b.y) !== Math.round(boxes[0]!.y));
  };
  for (const [width, expected] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(columns, { message: `columns at ${width}px` }).toBe(expected);
  }
});

test('a spinner shows while the products load (a brand opened inside the app; a first visit has them in its HTML)', async ({ page, request }) => {
  const { category } = await apple(request);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/category-products/*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/blog');
  // The app has taken over from the HTML's first screen (its links are the app's own, the current one marked).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Blogs', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: category.category, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading products' })).toBeAttached();
  release();
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
});

test("an unknown category shows 'No Product Found'", async ({ page }) => {
  await page.goto('/category/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('No Product Found', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(0);
});

test("a malformed category id shows 'No Product Found' too", async ({ page }) => {
  await page.goto('/category/not-a-uuid');
  await expect(page.getByText('No Product Found', { exact: true })).toBeVisible();
});

test('a long category shows 24 phones, then Load more brings the rest', async ({ page, request, sellerSession }) => {
  // Vivo: only this test posts there.
  const vivo = (await apiCategories(request)).find((c) => c.category === 'Vivo')!;
  const before = ((await (await request.get(`/api/category-products/${vivo._id}?limit=100`)).json()).data as Product[]).length;
  const needed = Math.max(0, 30 - before);
  for (let i = 0; i < needed; i++) await apiCreateProduct(request, sellerSession, { categoryId: vivo._id, productName: `Vivo Y${i} e2e` });
  await page.goto(`/category/${vivo._id}`);
  const cards = page.locator('main a[href^="/detail-product/"]');
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(before + needed);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
