import type { Page } from '@playwright/test';
import { apiCategories, expect, openHome, taka, test } from '../fixtures.ts';

// Some tests here install a fake clock, which stays with the context: one of its own per test.
test.use({ freshContext: true });

const carousel = (page: Page) => page.getByRole('region', { name: 'Advertised phones' });
const dots = (page: Page) => carousel(page).getByRole('button', { name: /^Go to slide \d+$/ });
const currentSlide = (page: Page) => carousel(page).locator('button[aria-current="true"]');

/** Home reached inside the app (from the blog): its data is asked for then, not carried by the HTML as on a first visit. */
async function homeFromBlog(page: Page) {
  await page.goto('/blog');
  // The app has taken over from the HTML's first screen (its links are the app's own, the current one marked).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Blogs', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
}

test('a loading indicator shows until the advertised phones arrive, then the carousel', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/advertise-products', async (route) => {
    await held;
    await route.continue();
  });
  await homeFromBlog(page);
  await expect(page.getByRole('status').filter({ hasText: 'Loading products' })).toBeAttached();
  await expect(carousel(page)).toHaveCount(0);
  release();
  await expect(carousel(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading products' })).toHaveCount(0);
});

test('the carousel shows every advertised phone, each slide a link to it named by the phone (decision 007); a tap opens it', async ({ page }) => {
  const advertised = await openHome(page);
  expect(advertised.length).toBeGreaterThan(1);
  const images = carousel(page).locator('img');
  await expect(images).toHaveCount(advertised.length);
  for (const [i, product] of advertised.entries()) {
    await expect(images.nth(i)).toHaveAttribute('src', product.img);
    await expect(images.nth(i)).toHaveAttribute('alt', product.productName);
  }
  // Only the slide in view can be reached: one link, the first phone's.
  await expect(carousel(page).getByRole('link')).toHaveCount(1);
  await expect(carousel(page).getByRole('img', { name: advertised[0]!.productName })).toBeInViewport();
  await expect(dots(page)).toHaveCount(advertised.length);
  // Banner maximum width 1200px.
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect.poll(async () => (await carousel(page).boundingBox())?.width).toBe(1200);

  // On a phone, a tap on the slide opens its phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await carousel(page).getByRole('button', { name: 'Next slide' }).click();
  await carousel(page).getByRole('link', { name: advertised[1]!.productName }).click();
  await expect(page).toHaveURL(new RegExp(`/detail-product/${advertised[1]!._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: advertised[1]!.productName })).toBeVisible();
});

test('before the app runs (without JavaScript) the carousel offers no arrow or dot that would do nothing; its slide is a link that works', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto('/');
  const slide = carousel(page).getByRole('link');
  await expect(slide).toHaveCount(1);
  await expect(carousel(page).getByRole('button')).toHaveCount(0);
  // The dots keep their place unseen: nothing below moves when they appear.
  await expect(carousel(page).locator('[aria-label="Go to slide 1"]')).toBeHidden();
  const name = (await slide.getByRole('img').getAttribute('alt'))!;
  await slide.click();
  await expect(page).toHaveURL(/\/detail-product\//);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await context.close();
});

test('previous and next wrap around at both ends; dots jump to a slide', async ({ page }) => {
  const advertised = await openHome(page);
  const count = advertised.length;
  await expect(currentSlide(page)).toHaveAccessibleName('Go to slide 1');

  await carousel(page).getByRole('button', { name: 'Previous slide' }).click();
  await expect(currentSlide(page)).toHaveAccessibleName(`Go to slide ${count}`);
  // Only the shown slide is exposed to assistive technology, and it slides into view.
  await expect(carousel(page).getByRole('img')).toHaveAccessibleName(advertised[count - 1]!.productName);
  await expect(carousel(page).getByRole('img')).toBeInViewport({ ratio: 0.9 });
  await carousel(page).getByRole('button', { name: 'Next slide' }).click();
  await expect(currentSlide(page)).toHaveAccessibleName('Go to slide 1');
  await carousel(page).getByRole('button', { name: 'Next slide' }).click();
  await expect(currentSlide(page)).toHaveAccessibleName('Go to slide 2');

  await dots(page)
    .nth(count - 1)
    .click();
  await expect(currentSlide(page)).toHaveAccessibleName(`Go to slide ${count}`);
  await carousel(page).getByRole('button', { name: 'Next slide' }).click();
  await expect(currentSlide(page)).toHaveAccessibleName('Go to slide 1');
});

test('the carousel advances by itself every 5 seconds and pauses while hovered', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await expect(currentSlide(page)).toHaveAccessibleName(/Go to slide/);
  // Stop time, then hover in and out: the 5-second timer restarts from this frozen moment.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await carousel(page).hover();
  await page.mouse.move(0, 0);
  const count = await dots(page).count();
  const at = async () => Number((await currentSlide(page).getAttribute('aria-label'))!.replace('Go to slide ', ''));
  const start = await at();
  const after = (steps: number) => `Go to slide ${((start - 1 + steps) % count) + 1}`;

  await page.clock.runFor(4900);
  await expect(currentSlide(page)).toHaveAccessibleName(after(0));
  await page.clock.runFor(100);
  await expect(currentSlide(page)).toHaveAccessibleName(after(1));
  await page.clock.runFor(5000);
  await expect(currentSlide(page)).toHaveAccessibleName(after(2));

  await carousel(page).hover();
  await page.clock.runFor(15_000);
  await expect(currentSlide(page)).toHaveAccessibleName(after(2));
  await page.mouse.move(0, 0);
  await page.clock.runFor(5000);
  await expect(currentSlide(page)).toHaveAccessibleName(after(3));
});

test("'Special product' lists the advertised phones, up to four in a row", async ({ page }) => {
  const advertised = await openHome(page);
  const section = page.getByRole('region', { name: 'Special product' });
  await expect(section.getByRole('heading', { name: 'Special product' })).toBeVisible();
  const cards = section.getByRole('link');
  await expect(cards).toHaveCount(advertised.length);
  for (const [i, product] of advertised.entries()) {
    await expect(cards.nth(i)).toHaveAttribute('href', `/detail-product/${product._id}`);
    await expect(cards.nth(i).getByRole('heading')).toHaveText(product.productName);
    await expect(cards.nth(i)).toContainText(`Resale price : ${taka(product.resalePrice)} tk`);
  }
  // Four columns on a wide screen: the first four cards share a row, the fifth starts the next.
  const tops = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await cards.nth(i).boundingBox())!.y));
  expect(new Set(tops.slice(0, 4)).size).toBe(1);
  expect(tops[4]).toBeGreaterThan(tops[0]!);

  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/detail-product/${advertised[0]!._id}$`));
});

test("without advertised phones there is no carousel and no 'Special product'", async ({ page }) => {
  await page.route('**/api/advertise-products', (route) => route.fulfill({ json: { success: true, data: [] } }));
  await homeFromBlog(page);
  await expect(page.getByRole('heading', { name: 'Brands', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Special product' })).toHaveCount(0);
  await expect(carousel(page)).toHaveCount(0);
});

test("'Brands' shows each brand's logo linking to its category", async ({ page, request }) => {
  const categories = await apiCategories(request);
  await page.goto('/');
  const brands = page.getByRole('region', { name: 'Brands' });
  const links = brands.getByRole('link');
  await expect(links).toHaveCount(categories.length);
  for (const [i, c] of categories.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', `/category/${c._id}`);
    await expect(links.nth(i).getByRole('img', { name: c.category })).toHaveAttribute('src', c.categoryLogo);
  }
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`/category/${categories[0]!._id}$`));
});

test('the promo banner offers 20% off Apple products up to 16 December', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '20% off Apple products' })).toBeVisible();
  await expect(page.getByText(/Up to 16 December/)).toBeVisible();
});

test("'Why Choose Us' and 'Partnered Services' list six items each", async ({ page }) => {
  await page.goto('/');
  const why = page.getByRole('region', { name: 'Why Choose Us' });
  await expect(why.getByRole('listitem')).toHaveCount(6);
  await expect(why.getByRole('heading', { level: 3 })).toHaveText([
    'Competitive Pricing',
    'Quality Checks',
    'Easy Return & Exchange',
    'Secure Payment Options',
    '24/7 Support',
    'Wide Range of Brands',
  ]);
  await expect(why).toContainText('match the price');
  await expect(why).toContainText('warranty of up to 1 year');
  await expect(why).toContainText(/card.*wallet.*installments/);

  const partners = page.getByRole('region', { name: 'Partnered Services' });
  await expect(partners.getByRole('listitem')).toHaveCount(6);
  await expect(partners.getByRole('heading', { level: 3 })).toHaveText([
    'Repair Services',
    'Device Insurance',
    'Accessory Deals',
    'Buyback Program',
    'Extended Warranties',
    'Financing & Installments',
  ]);
  await expect(partners).toContainText('cash or store credit');
  await expect(partners).toContainText('two extra years');
});
