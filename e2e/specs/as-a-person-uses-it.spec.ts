import { apiAdvertised, apiCategories, apiCreateProduct, apiSignUp, expect, signInWith, test, toast } from '../fixtures.ts';

test('the avatar menu closes once a link in it is chosen, instead of covering the page', async ({ page, buyerSession }) => {
  await signInWith(page, buyerSession);
  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu of / }).click();
  const menu = page.locator('header .dropdown-content');
  await expect(menu.getByRole('link', { name: 'Blogs' })).toBeVisible();
  await menu.getByRole('link', { name: 'Blogs' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(menu).toBeHidden();
});

test("a success clears the form's earlier error toasts: a mistyped password, then the right one", async ({ page, request, adminSession }) => {
  const account = await apiSignUp(request, adminSession, 'Buyer');
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.user.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const failure = page.locator('[data-rht-toaster]').getByRole('status').filter({ hasNotText: 'Login successfully' });
  await expect(failure).toBeVisible();
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(page, 'Login successfully')).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a long product name takes two lines on its card at 375 px, with the whole name as its tooltip', async ({ page, request, adminSession }) => {
  const seller = await apiSignUp(request, adminSession, 'Seller');
  const productName = `Samsung Galaxy S24 Ultra 512GB Titanium Violet, dual SIM, with the original box, charger, S Pen and two cases ${Date.now()}`.slice(
    0,
    120,
  );
  await apiCreateProduct(request, seller, { productName });
  const google = (await apiCategories(request)).find((c) => c.category === 'Google')!;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/category/${google._id}`);
  const title = page.getByRole('main').getByRole('heading', { level: 3, name: productName });
  await expect(title).toHaveAttribute('title', productName);
  const lines = await title.evaluate((h) => h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight));
  expect(lines).toBeLessThanOrEqual(2.05);
  // The detail page shows the whole name.
  await title.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
});

test('the first Tab shows "Skip to content"; Enter takes the keyboard past the menu and the brands to the page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Special product' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#content')).toBeFocused();
  await page.keyboard.press('Tab');
  // The next stop is inside the page, not the navbar or the brand strip.
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#content')))).toBe(true);
});

for (const motion of ['reduce', 'no-preference'] as const) {
  test(`the home carousel ${motion === 'reduce' ? 'holds still for a user who asked for less motion' : 'moves on by itself otherwise'}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion });
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Advertised phones' });
    const current = carousel.locator('button[aria-current="true"]');
    await expect(current).toHaveAccessibleName('Go to slide 1');
    await page.clock.runFor(16_000);
    await expect(current).toHaveAccessibleName(motion === 'reduce' ? 'Go to slide 1' : /Go to slide [2-9]/);
  });
}

test('at 375 px the keyboard opens the dashboard menu with a real button, and never lands on the hidden toggle', async ({ page, buyerSession }) => {
  await signInWith(page, buyerSession);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');
  const button = page.getByRole('button', { name: 'Open dashboard menu' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  for (let i = 0; i < 30 && !(await button.evaluate((b) => b === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('dashboard-drawer');
  }
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' })).toBeInViewport();
});

test('Tab and Shift+Tab go round the booking form, never out of it', async ({ page, request, buyerSession }) => {
  await signInWith(page, buyerSession);
  const product = (await apiAdvertised(request)).find((p) => p.status === 'available')!;
  await page.goto(`/detail-product/${product._id}`);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
  for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await inside(), `after ${key}`).toBe(true);
  }
});

test('at 375 px the menu items, footer links and carousel dots are targets a thumb can hit: 44 px', async ({ page, buyerSession }) => {
  await signInWith(page, buyerSession);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu of / }).click();
  const items = page.locator('header .dropdown-content').getByRole('link').or(page.locator('header .dropdown-content').getByRole('button'));
  await expect(items.first()).toBeVisible();
  const heights = async (targets: typeof items) => Promise.all((await targets.all()).map(async (t) => (await t.boundingBox())!.height));
  for (const height of await heights(items)) expect(height).toBeGreaterThanOrEqual(44);
  await page.keyboard.press('Escape');
  for (const height of await heights(page.getByRole('contentinfo').getByRole('link'))) expect(height).toBeGreaterThanOrEqual(44);
  const dots = page.getByRole('region', { name: 'Advertised phones' }).getByRole('button', { name: /^Go to slide/ });
  for (const dot of await dots.all()) {
    const box = (await dot.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }
});
