import type { Page } from '@playwright/test';
import { apiBook, apiCreateProduct, apiGet, apiSignUp, expect, expectAccessible, pageAs, screenshot, screenshots, test } from '../fixtures.ts';

// Issue 17: paying with bKash at 375 px, through the local stand-in's wallet page and back; the card stays the
// default and the spec's texts stay as they are.

const wallets = { pays: '01770618575', poor: '01823074817', otp: '123456', pin: '12121' };

async function toBkash(page: Page, orderId: string) {
  await page.goto(`/dashboard/payment/${orderId}`);
  const choice = page.getByRole('group', { name: 'Pay with' });
  await expect(choice.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  // By keyboard: the arrow moves to bKash.
  await choice.getByRole('radio', { name: 'Card' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(choice.getByRole('radio', { name: 'bKash' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay with bKash' }).click();
  await expect(page).toHaveURL(/\/bkash-sandbox\/checkout\?paymentID=TR0011\w+$/);
}

async function onWallet(page: Page, wallet: string) {
  await page.getByLabel('Your bKash account number').fill(wallet);
  await page.getByLabel('Verification code (OTP)').fill(wallets.otp);
  await page.getByLabel('PIN').fill(wallets.pin);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

test('a buyer pays with bKash at 375 px: wallet page, back to the shop, the trxID as the transaction id; a wallet without money is told so', async ({
  browser,
  request,
  sellerSession,
  adminSession,
}) => {
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  const product = await apiCreateProduct(request, sellerSession, { resalePrice: 33500 });
  const order = await apiBook(request, buyer, product);
  const page = await pageAs(browser, buyer);
  await page.setViewportSize({ width: 375, height: 812 });

  await toBkash(page, order._id);
  await expect(page.getByRole('heading', { name: 'bKash payment' })).toBeVisible();
  await expect(page.getByText('33500.00 BDT to Resale Phones')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, { path: 'e2e/screenshots/bkash-wallet-375.png', fullPage: true });
  // A wrong PIN is asked again.
  await page.getByLabel('Your bKash account number').fill(wallets.pays);
  await page.getByLabel('Verification code (OTP)').fill(wallets.otp);
  await page.getByLabel('PIN').fill('99999');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong PIN');
  await onWallet(page, wallets.pays);

  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${order._id}\\?bkash=success$`));
  const done = page.getByRole('status').filter({ hasText: 'Your payment completed !' });
  await expect(done).toContainText(/Your transaction id : B[0-9A-F]{10}/);
  const paid = await apiGet<{ paid: boolean; payment: { transactionId: string } }>(request, `/api/order/${order._id}`, buyer);
  expect(paid.paid).toBe(true);
  await expect(done).toContainText(paid.payment.transactionId);
  await expect(page.getByRole('region', { name: /Receipt/ })).toContainText(paid.payment.transactionId);
  await screenshots(page, 'bkash-paid');

  // Another phone, a wallet without the money: back to the payment page, unpaid, told why.
  const other = await apiCreateProduct(request, sellerSession, { resalePrice: 12000 });
  const second = await apiBook(request, buyer, other);
  await page.setViewportSize({ width: 375, height: 812 });
  await toBkash(page, second._id);
  await onWallet(page, wallets.poor);
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${second._id}\\?bkash=failure`));
  await expect(page.getByRole('alert')).toHaveText(
    'The bKash payment did not go through: the wallet’s balance was not enough. Add money to it, or pay another way',
  );
  await expect(page.getByRole('radio', { name: 'bKash' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Pay with bKash' })).toBeEnabled();
  await screenshots(page, 'bkash-not-paid');
  expect((await apiGet<{ paid: boolean }>(request, `/api/order/${second._id}`, buyer)).paid).toBe(false);
  await page.context().close();
});
