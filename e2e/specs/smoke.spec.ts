import { expect, expectAccessible, loginAs, test } from '../fixtures.ts';

test('home shows the advertised phones, brands and marketing blocks', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Special product' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Brands', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Partnered Services' })).toBeVisible();
  await expectAccessible(page);
});

test('a demo buyer logs in and sees Dashboard and Logout', async ({ page }) => {
  await loginAs(page, 'Buyer');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached();
});
