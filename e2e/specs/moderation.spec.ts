import type { Page } from '@playwright/test';
import {
  apiCreateProduct,
  apiLoginAttempt,
  apiSignUp,
  expect,
  expectAccessible,
  loadUntilVisible,
  pageAs,
  reportWith,
  screenshots,
  test,
  toast,
} from '../fixtures.ts';

// Issue 16, reports with reasons and accountable moderation: a buyer reports a phone with a reason; the Admin
// reads it in the queue (Reported Items), dismisses it with a reason, and finds the act in the Audit Log.

const main = (page: Page) => page.getByRole('main');

test('a buyer reports a phone with a reason; the admin dismisses it with a reason; the phone stays and the audit log shows who, what and why', async ({
  browser,
  request,
  adminSession,
  sellerSession,
}) => {
  test.setTimeout(90_000);
  const product = await apiCreateProduct(request, sellerSession);
  const buyer = await apiSignUp(request, adminSession, 'Buyer', { name: 'Shirin Akter' });
  const buyerPage = await pageAs(browser, buyer);
  await buyerPage.goto(`/detail-product/${product._id}`);
  await reportWith(buyerPage, 'Wrong category');
  await expect(toast(buyerPage, `${product.productName} reported successfully`)).toBeVisible();
  await buyerPage.context().close();

  const admin = await pageAs(browser, adminSession);
  for (const width of [375, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.goto('/dashboard/report');
    const row = main(admin).getByRole('row').filter({ hasText: product.productName });
    await expect(row).toContainText('1 report: Wrong category');
    await row.getByText('1 report: Wrong category').click();
    await expect(row).toContainText('Shirin Akter');
    await expectAccessible(admin);
  }
  await screenshots(admin, 'reported-items-queue');
  const row = main(admin).getByRole('row').filter({ hasText: product.productName });
  await row.getByRole('button', { name: `Dismiss the reports of ${product.productName}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Dismiss these reports?' });
  await expect(dialog).toContainText(`${product.productName} stays listed and its reports are closed.`);
  // A reason is required.
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog.getByLabel('Reason')).toHaveAccessibleDescription('The reason is required');
  await dialog.getByLabel('Reason').fill('Pixel phones are Google phones: the category is right.');
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast(admin, 'Reports dismissed')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get(`/api/detail-product/${product._id}`)).status()).toBe(200);

  await admin.goto('/dashboard/audit');
  await expect(main(admin).getByRole('heading', { level: 1 })).toHaveText('Audit Log');
  const entry = main(admin).getByRole('row').filter({ hasText: product.productName }).first();
  await expect(entry).toContainText('Dismissed reports');
  await expect(entry).toContainText(adminSession.user.email);
  await expect(entry).toContainText('Pixel phones are Google phones: the category is right.');
  await admin.getByLabel('Show').selectOption({ label: 'Deleted a user' });
  await expect(main(admin).getByRole('row').filter({ hasText: product.productName })).toHaveCount(0);
  await admin.getByLabel('Show').selectOption({ label: 'Dismissed reports' });
  await expect(main(admin).getByRole('row').filter({ hasText: product.productName })).toHaveCount(1);
  await expectAccessible(admin);
  await screenshots(admin, 'audit-log');
  await admin.context().close();
});

test('the admin suspends a seller with a reason: the phone leaves the site and the seller cannot sign in; reinstated, both come back', async ({
  browser,
  request,
  adminSession,
}) => {
  const seller = await apiSignUp(request, adminSession, 'Seller', { name: 'Suspect Seller' });
  const product = await apiCreateProduct(request, seller);
  const admin = await pageAs(browser, adminSession);
  await admin.goto('/dashboard/allSellers');
  const row = main(admin).getByRole('row').filter({ hasText: seller.user.email });
  await loadUntilVisible(admin, row);
  await row.getByRole('button', { name: 'Suspend Suspect Seller' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Suspend this seller?' });
  await dialog.getByLabel('Reason').fill('Three stolen handsets in a week.');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(toast(admin, 'Seller suspended')).toBeVisible();
  await expect(row).toContainText('Suspended');
  expect((await request.get(`/api/detail-product/${product._id}`)).status()).toBe(404);
  expect((await apiLoginAttempt(request, { email: seller.user.email, password: seller.password })).status()).toBe(403);
  await expectAccessible(admin);

  await row.getByRole('button', { name: 'Reinstate Suspect Seller' }).click();
  const back = admin.getByRole('dialog', { name: 'Reinstate this seller?' });
  await back.getByLabel('Reason').fill('The handsets were his own: receipts shown.');
  await back.getByRole('button', { name: 'Reinstate' }).click();
  await expect(toast(admin, 'Seller reinstated')).toBeVisible();
  await expect(row).not.toContainText('Suspended');
  expect((await request.get(`/api/detail-product/${product._id}`)).status()).toBe(200);

  await admin.goto('/dashboard/audit');
  const entries = main(admin).getByRole('row').filter({ hasText: seller.user.email });
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Reinstated a seller');
  await expect(entries.nth(1)).toContainText('Three stolen handsets in a week.');
  await admin.context().close();
});
