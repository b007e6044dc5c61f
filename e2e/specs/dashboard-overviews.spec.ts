import type { AdminOverview, BuyerOverview, SellerOverview } from '@market/contract';
import type { Page } from '@playwright/test';
import { apiBook, apiGet, apiSellerWithProducts, apiSignUp, expect, signInWith, test } from '../fixtures.ts';

// Some tests here install a fake clock, which stays with the context: one of its own per test.
test.use({ freshContext: true });

const counter = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('.stat')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.stat-value');

/**
 * Counters count up over 4 s to the API's values. As soon as they show, the page's clock (installed by
 * the test) is paused: a large value is still on its way; 4.1 s of page time later every value is there.
 */
async function expectCounters(page: Page, values: Record<string, number>) {
  const labels = Object.keys(values);
  await expect(page.getByRole('main').locator('.stat-title')).toHaveText(labels);
  await pauseSoon(page);
  for (const label of labels) {
    if (values[label]! >= 10) expect(Number(await counter(page, label).textContent()), `${label} is still counting`).toBeLessThan(values[label]!);
  }
  await page.clock.runFor(4100);
  for (const label of labels) await expect(counter(page, label)).toHaveText(String(values[label]));
  await page.clock.resume();
}

/** Pauses the page's clock a moment from now (on a busy machine "a moment" may have passed already: then again, a bit later). */
async function pauseSoon(page: Page) {
  for (const margin of [250, 500, 1000]) {
    const now = await page.evaluate(() => Date.now());
    const paused = await page.clock.pauseAt(now + margin).then(
      () => true,
      (err: Error) => (/the past/.test(err.message) ? false : Promise.reject(err)),
    );
    if (paused) return;
  }
  throw new Error('could not pause the clock');
}

/** The chart has its title and the spec's size at 1280, 800 and 375 px. */
async function expectChart(page: Page, title: string) {
  const figure = page.getByRole('figure', { name: title });
  await expect(figure.locator('figcaption')).toHaveText(title);
  const surface = figure.locator('.recharts-wrapper > svg.recharts-surface');
  for (const [width, size] of [
    [1280, [600, 500]],
    [800, [500, 300]],
    [375, [340, 250]],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(surface).toHaveAttribute('width', String(size[0]));
    await expect(surface).toHaveAttribute('height', String(size[1]));
    await expect.poll(async () => (await surface.boundingBox())?.width).toBe(size[0]);
    // The whole chart is on screen, the newest days (on the right) included.
    const box = (await surface.boundingBox())!;
    expect(box.x + box.width, `the chart fits ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // Days as Bangladeshi readers write them: '23 Nov', not '11-23'.
  const ticks = figure.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2}$/);
}

/** The legend writes each series' name in its colour (which axe cannot judge over the chart): at least 4.5:1 on white. */
async function expectReadableLegend(page: Page, title: string) {
  const colours = await page
    .getByRole('figure', { name: title })
    .locator('.recharts-legend-item-text')
    .evaluateAll((items) => items.map((item) => getComputedStyle(item).color));
  expect(colours.length).toBeGreaterThan(0);
  for (const colour of colours) {
    const [r, g, b] = colour
      .match(/\d+/g)!
      .map((c) => Number(c) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    const contrast = 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
    expect(contrast, `legend text ${colour} on white`).toBeGreaterThanOrEqual(4.5);
  }
}

/** Opens `path` and returns the overview the page itself received. */
async function open<T>(page: Page, path: string, endpoint: RegExp): Promise<T> {
  const response = page.waitForResponse((r) => endpoint.test(new URL(r.url()).pathname));
  await page.goto(path);
  const body = (await (await response).json()) as { data: T };
  return body.data;
}

test('admin overview at /dashboard and /dashboard/overview-admin: Total Products, Total Seller, Total Buyer and "Date VS. Product"', async ({
  page,
  adminSession,
}) => {
  await signInWith(page, adminSession);
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  // Other tests add and remove products and users meanwhile: the counters are held to what the page itself received.
  for (const path of ['/dashboard', '/dashboard/overview-admin']) {
    const data = await open<AdminOverview>(page, path, /\/api\/admin-overview$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Overview');
    expect(data.totalProduct).toBeGreaterThanOrEqual(20);
    await expectCounters(page, { 'Total Products': data.totalProduct, 'Total Seller': data.totalSeller, 'Total Buyer': data.totalBuyer });
    // The chart counts real products per day: today has the demo products at least.
    expect(data.productsPerPeriod.reduce((sum, d) => sum + d.count, 0)).toBeGreaterThan(0);
    await expect(page.getByRole('figure', { name: 'Date VS. Product' }).locator('.recharts-bar-rectangle').first()).toBeAttached();
  }
  await expectChart(page, 'Date VS. Product');
  await expectReadableLegend(page, 'Date VS. Product');
});

test('seller overview at /dashboard and /dashboard/overview-seller: Total Products, Total Orders, Total Paid Orders and "Products VS. Order Chart"', async ({
  page,
  request,
  adminSession,
}) => {
  const { seller, products } = await apiSellerWithProducts(request, adminSession, 2);
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  await apiBook(request, buyer, products[0]!);
  const api = await apiGet<SellerOverview>(request, `seller-overview/${seller.user._id}`, seller);
  expect(api).toMatchObject({ sellerProducts: 2, orderCount: [{ totalOrders: 1 }], paidOrderCount: [{ totalOrders: 0 }] });

  await signInWith(page, seller);
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/dashboard', '/dashboard/overview-seller']) {
    const data = await open<SellerOverview>(page, path, /\/api\/seller-overview\//);
    expect(data).toEqual(api);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seller Overview');
    await expectCounters(page, { 'Total Products': 2, 'Total Orders': 1, 'Total Paid Orders': 0 });
  }
  await expectChart(page, 'Products VS. Order Chart');
  await expect(page.getByRole('figure', { name: 'Products VS. Order Chart' }).locator('.recharts-legend-item-text')).toContainText(['Orders', 'Products']);
  await expectReadableLegend(page, 'Products VS. Order Chart');
});

test('buyer overview at /dashboard and /dashboard/overview-buyer: Total Orders, Total Paid Orders and "Paid Order VS. Order Chart"', async ({
  page,
  request,
  adminSession,
}) => {
  const { products } = await apiSellerWithProducts(request, adminSession, 2);
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  for (const product of products) await apiBook(request, buyer, product);
  const api = await apiGet<BuyerOverview>(request, `buyer-overview/${buyer.user._id}`, buyer);
  expect(api).toMatchObject({ totalOrders: 2, totalPaidOrders: 0 });

  await signInWith(page, buyer);
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/dashboard', '/dashboard/overview-buyer']) {
    const data = await open<BuyerOverview>(page, path, /\/api\/buyer-overview\//);
    expect(data).toEqual(api);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buyer Overview');
    await expectCounters(page, { 'Total Orders': 2, 'Total Paid Orders': 0 });
  }
  await expectChart(page, 'Paid Order VS. Order Chart');
  await expect(page.getByRole('figure', { name: 'Paid Order VS. Order Chart' }).locator('.recharts-legend-item-text')).toContainText(['Orders', 'Paid Orders']);
  await expectReadableLegend(page, 'Paid Order VS. Order Chart');
});

test('a new seller sees zeros, and the chart still draws', async ({ page, request, adminSession }) => {
  const seller = await apiSignUp(request, adminSession, 'Seller');
  await signInWith(page, seller);
  await page.clock.install();
  await page.goto('/dashboard/overview-seller');
  await expectCounters(page, { 'Total Products': 0, 'Total Orders': 0, 'Total Paid Orders': 0 });
  await expect(page.getByRole('figure', { name: 'Products VS. Order Chart' }).locator('.recharts-wrapper > svg')).toBeVisible();
});
