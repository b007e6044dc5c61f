import { apiCategories, apiCreateProduct, apiSignUp, expect, signInWith, test, toast } from '../fixtures.ts';

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
