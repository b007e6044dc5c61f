import type { Page } from '@playwright/test';
import {
  apiBook,
  apiCharge,
  apiCreateProduct,
  apiPay,
  apiRecordPayment,
  apiSignUp,
  expect,
  expectAccessible,
  pageAs,
  screenshots,
  test,
  toast,
} from '../fixtures.ts';

// Issue 17: money taken that cannot settle an order is given back, and an Admin can refund a paid order;
// the buyer's order then says Refunded, with the refund's id and date.

const main = (page: Page) => page.getByRole('main');

/** The row of the phone in a dashboard table, once its status says `status` (the refund's job runs in the background). */
async function rowOnceItSays(page: Page, url: string, name: string, status: string) {
  await expect(async () => {
    await page.goto(url);
    await expect(main(page).getByRole('row').filter({ hasText: name }).getByRole('cell').filter({ hasText: status })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return main(page).getByRole('row').filter({ hasText: name });
}

test('a buyer charged for a phone another buyer paid for meanwhile is told it is reserved and refunded; My Orders says Refunded (375 px)', async ({
  browser,
  request,
  sellerSession,
  adminSession,
}) => {
  const product = await apiCreateProduct(request, sellerSession, { resalePrice: 38500 });
  const [first, second] = [await apiSignUp(request, adminSession, 'Buyer'), await apiSignUp(request, adminSession, 'Buyer')];
  const [firstOrder, secondOrder] = [await apiBook(request, first, product), await apiBook(request, second, product)];
  // Both cards are charged; the first payment reserves the phone for its buyer until the handover (issue 31).
  const [firstCharge, secondCharge] = [await apiCharge(request, first, firstOrder), await apiCharge(request, second, secondOrder)];
  expect((await apiRecordPayment(request, first, firstOrder, firstCharge)).status()).toBe(201);
  const lost = await apiRecordPayment(request, second, secondOrder, secondCharge);
  expect(lost.status()).toBe(409);
  expect((await lost.json()).message).toBe(
    'This phone is reserved for a buyer who is meeting the seller: it cannot be booked, accepted or paid for now. Your payment is being refunded.',
  );

  const page = await pageAs(browser, second);
  await page.setViewportSize({ width: 375, height: 812 });
  const row = await rowOnceItSays(page, '/dashboard/myOrders', product.productName, 'Refunded');
  await expect(row).toContainText(/38,500 tk refunded \d{1,2} [A-Z][a-z]{2} \d{4} · re_sbx_\w+/);
  await expect(row.getByRole('link', { name: 'Pay' })).toHaveCount(0);
  // Money moved for it: it can be hidden, not deleted.
  await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Hide order of ${product.productName}` })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'my-orders-refunded');
  await page.context().close();
});

test("an Admin refunds a paid order with a reason from Payments; the buyer's order says Refunded and the audit log keeps it", async ({
  browser,
  request,
  sellerSession,
  adminSession,
}) => {
  const product = await apiCreateProduct(request, sellerSession, { resalePrice: 27000 });
  const buyer = await apiSignUp(request, adminSession, 'Buyer', { name: 'Mahmud Karim' });
  await apiPay(request, buyer, await apiBook(request, buyer, product));

  const admin = await pageAs(browser, adminSession);
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.goto('/dashboard/payments');
  const row = main(admin).getByRole('row').filter({ hasText: product.productName });
  await expect(row).toContainText('Mahmud Karim');
  await expect(row).toContainText('27,000 tk');
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Refund ${product.productName} to Mahmud Karim` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refund this payment?' });
  await expect(dialog).toContainText('27,000 tk go back to Mahmud Karim');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByText('The reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The seller could not hand the phone over');
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(toast(admin, 'Refund started: the order says Refunded once the provider confirms')).toBeVisible();
  const refunded = await rowOnceItSays(admin, '/dashboard/payments', product.productName, 'Refunded');
  await expect(refunded.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  await screenshots(admin, 'payments-refunded');

  await admin.goto('/dashboard/audit');
  const entry = main(admin).getByRole('row').filter({ hasText: 'Refunded an order' }).filter({ hasText: product.productName });
  await expect(entry).toContainText('The seller could not hand the phone over');
  await admin.context().close();

  const buyerPage = await pageAs(browser, buyer);
  const mine = await rowOnceItSays(buyerPage, '/dashboard/myOrders', product.productName, 'Refunded');
  await expect(mine).toContainText(/27,000 tk refunded .* · re_sbx_\w+/);
  await buyerPage.context().close();
});
