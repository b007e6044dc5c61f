import {
  apiBook,
  apiCreateProduct,
  apiGet,
  apiHandOver,
  apiHandoverCode,
  apiPay,
  apiSignUp,
  expect,
  expectAccessible,
  screenshots,
  signInWith,
  taka,
  test,
  toast,
} from '../fixtures.ts';

interface Order {
  _id: string;
  paid: boolean;
}

test.describe('paying for an order', () => {
  test('a declined card records nothing; 4242 pays, shows the transaction id, and the phone leaves its category, reserved for the buyer', async ({
    page,
    request,
    sellerSession,
    adminSession,
  }) => {
    const buyer = await apiSignUp(request, adminSession, 'Buyer');
    const product = await apiCreateProduct(request, sellerSession, { resalePrice: 41500 });
    const order = await apiBook(request, buyer, product);
    await signInWith(page, buyer);

    await page.goto('/dashboard/myOrders');
    await page
      .getByRole('row', { name: new RegExp(product.productName) })
      .getByRole('link', { name: 'Pay' })
      .click();
    await expect(page).toHaveURL(`/dashboard/payment/${order._id}`);
    await expect(page.getByRole('heading', { name: `Payment for ${product.productName}` })).toBeVisible();
    await expect(page.getByText(`Please pay ${taka(41500)} tk for ${product.productName}`)).toBeVisible();
    const payButton = page.getByRole('button', { name: 'Pay' });
    await expect(payButton).toBeEnabled();
    await expectAccessible(page);
    await screenshots(page, 'payment');

    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    // Typed as people type it: the slash comes by itself.
    await page.getByLabel('Expiry date').pressSequentially('1234');
    await expect(page.getByLabel('Expiry date')).toHaveValue('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await payButton.click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(payButton).toBeEnabled();
    expect((await apiGet<Order>(request, `/api/order/${order._id}`, buyer)).paid).toBe(false);

    await page.getByLabel('Card number').fill('4000 0000 0000 9995');
    await payButton.click();
    await expect(page.getByRole('alert')).toHaveText('Your card has insufficient funds.');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payButton.click();
    await expect(toast(page, 'Your payment completed !')).toBeVisible();
    await expect(page.getByText(/Your transaction id : pi_sbx_\w+/)).toBeVisible();
    await expect(payButton).toHaveCount(0);
    // The focus is on the result, not lost to the page body (issue 35).
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Your payment completed !' })).toBeFocused();
    const paidOrder = await apiGet<Order & { payment: { transactionId: string } }>(request, `/api/order/${order._id}`, buyer);
    expect(paidOrder.paid).toBe(true);
    // Coming back later: the receipt (phone, amount, date, transaction id), not 'Please pay'.
    await page.reload();
    const receipt = page.getByRole('region', { name: /Receipt/ });
    await expect(receipt).toContainText(product.productName);
    await expect(receipt).toContainText(`${taka(41500)} tk`);
    await expect(receipt.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m$/);
    await expect(receipt).toContainText(paidOrder.payment.transactionId);
    await expect(page.getByText(/Please pay/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, 'payment-receipt');

    await page.goto('/dashboard/myOrders');
    const paidRow = page.getByRole('row', { name: new RegExp(product.productName) });
    await expect(paidRow.getByText('Paid')).toBeVisible();
    // A paid order cannot be deleted, only hidden from the list (issue 17): it stays in the totals and its receipt stays.
    await expect(paidRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await paidRow.getByRole('button', { name: `Hide order of ${product.productName}` }).click();
    const hide = page.getByRole('dialog', { name: 'Hide this paid order?' });
    await expect(hide).toContainText('an order money was paid for is never deleted');
    await hide.getByRole('button', { name: 'Yes, hide it' }).click();
    await expect(toast(page, 'Hidden from your list')).toBeVisible();
    await expect(paidRow).toHaveCount(0);
    expect((await apiGet<{ totalPaidOrders: number }>(request, `buyer-overview/${buyer.user._id}`, buyer)).totalPaidOrders).toBe(1);
    expect((await apiGet<Order>(request, `/api/order/${order._id}`, buyer)).paid).toBe(true);
    await page.goto(`/category/${product.categoryId._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(product.productName)).toHaveCount(0);
    // Paying reserves the phone for the buyer until the handover (issue 31): it is not sold yet.
    await page.goto(`/detail-product/${product._id}`);
    await expect(page.getByText('Reserved', { exact: true })).toBeVisible();
    await expect(page.getByText('Sold', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  });

  test('at 375 px the card number shows whole, the expiry gets its slash, and the transaction id stays inside its box', async ({
    page,
    request,
    sellerSession,
    adminSession,
  }) => {
    const buyer = await apiSignUp(request, adminSession, 'Buyer');
    const order = await apiBook(request, buyer, await apiCreateProduct(request, sellerSession));
    await signInWith(page, buyer);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/dashboard/payment/${order._id}`);
    const number = page.getByLabel('Card number');
    await number.pressSequentially('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    expect(await number.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
    await page.getByLabel('Expiry date').pressSequentially('1229');
    await expect(page.getByLabel('Expiry date')).toHaveValue('12 / 29');
    await page.getByLabel('CVC').pressSequentially('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    const id = page.getByText(/Your transaction id : pi_sbx_\w+/);
    await expect(id).toBeVisible();
    for (const text of [
      id,
      page
        .getByRole('region', { name: /Receipt/ })
        .locator('dd')
        .last(),
    ]) {
      expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    }
    await screenshots(page, 'payment-paid');
  });

  test("another buyer's open order for a sold phone says so in My Orders, cannot be paid, and says why", async ({
    page,
    request,
    sellerSession,
    adminSession,
  }) => {
    const [first, second] = [await apiSignUp(request, adminSession, 'Buyer'), await apiSignUp(request, adminSession, 'Buyer')];
    const product = await apiCreateProduct(request, sellerSession);
    const firstOrder = await apiBook(request, first, product);
    const secondOrder = await apiBook(request, second, product);
    await apiPay(request, first, firstOrder);
    // Paying reserves the phone (issue 31); the seller's handover to the first buyer sells it and closes the other bookings.
    await apiHandOver(request, sellerSession, firstOrder, (await apiHandoverCode(request, first, firstOrder)).code);

    await signInWith(page, second);
    await page.goto('/dashboard/myOrders');
    const row = page.getByRole('row', { name: new RegExp(product.productName) });
    await expect(row.getByText('Sold to another buyer')).toBeVisible();
    await expect(row.getByRole('link', { name: 'Pay' })).toHaveCount(0);
    await page.goto(`/dashboard/payment/${secondOrder._id}`);
    await expect(page.getByRole('alert')).toHaveText('This phone has already been sold to another buyer');
    await expect(page.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });
});
