import type { Order } from '@market/contract';
import type { Page } from '@playwright/test';
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
  pageIn,
  png,
  screenshots,
  test,
  toast,
} from '../fixtures.ts';

// Issue 31, item 3 (decision 051): a protected deal handed over may be disputed by its buyer within the complaint
// window (a reason, their words, photos); the seller sees the reason, and an Admin decides it: here a refund in full.
// Three browsers of their own: the buyer at 375 px in English, the seller, the Admin at 1280 px in Bangla.

const main = (page: Page) => page.getByRole('main');
const rowOf = (page: Page, text: string) => main(page).getByRole('row').filter({ hasText: text });

test('a protected deal handed over: the buyer opens a dispute with a photo (375 px), the seller sees its reason, the Admin refunds the buyer (Bangla, 1280 px)', async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(60_000);
  const seller = await apiSignUp(request, adminSession, 'Seller', { name: 'Rahim Mobile House' });
  const buyer = await apiSignUp(request, adminSession, 'Buyer', { name: 'Nusrat Jahan' });
  const product = await apiCreateProduct(request, seller, { productName: `Redmi Note 12 ${Date.now()}`, resalePrice: 18500 });

  // Booked protected, paid by card and handed over with the buyer's code: the complaint window (24 h) is open.
  const order = await apiBook(request, buyer, product, 'Mirpur 10, Dhaka', { payWith: 'protected' });
  await apiPay(request, buyer, order);
  const handedOver = await apiHandOver(request, seller, order, (await apiHandoverCode(request, buyer, order)).code);
  expect(handedOver).toMatchObject({ state: 'handed_over', paid: true });

  // The buyer, at 375 px: the phone does not work; they say so, with a photo.
  const buyerPage = await pageIn(browser, buyer, { lang: 'en', width: 375 });
  await buyerPage.goto('/dashboard/myOrders');
  const orderRow = rowOf(buyerPage, product.productName);
  await expect(orderRow.getByText('Handed over', { exact: true })).toBeVisible();
  await orderRow.getByRole('button', { name: `Report a problem with ${product.productName}` }).click();
  const dialog = buyerPage.getByRole('dialog', { name: `A problem with ${product.productName}?` });
  await dialog.getByRole('radio', { name: 'Does not work properly' }).check();
  // Words are required: the dialog says so before anything is sent.
  await dialog.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(dialog.getByText('Say what happened')).toBeVisible();
  const words = 'The screen goes black after ten minutes, and the speaker crackles on every call.';
  await dialog.getByLabel('What happened').fill(words);
  const uploaded = buyerPage.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/images');
  await dialog.getByLabel('Add photos').setInputFiles(png('black-screen.png'));
  expect((await uploaded).status()).toBe(201);
  await expect(dialog.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();
  await expectAccessible(buyerPage);
  await dialog.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(toast(buyerPage, 'Dispute opened: an administrator will decide, and you will be told')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(orderRow.getByText('Disputed: an administrator decides', { exact: true })).toBeVisible();
  await expect(orderRow.getByText('Dispute: Does not work properly', { exact: true })).toBeVisible();
  // One dispute per deal: the button is gone, and no review while it is undecided.
  await expect(orderRow.getByRole('button', { name: /^Report a problem/ })).toHaveCount(0);
  await expect(orderRow.getByRole('button', { name: /^Rate the seller/ })).toHaveCount(0);
  await expectAccessible(buyerPage);
  const [disputed] = await apiGet<Order[]>(request, `orders/${buyer.user._id}`, buyer);
  expect(disputed).toMatchObject({ _id: order._id, state: 'disputed', dispute: { reason: 'not_working', text: words } });
  expect(disputed!.dispute!.photos).toHaveLength(1);

  // The seller sees the deal disputed, and why.
  const sellerPage = await pageIn(browser, seller, { lang: 'en', width: 1280 });
  await sellerPage.goto('/dashboard/bookings');
  const bookingRow = rowOf(sellerPage, 'Nusrat Jahan');
  await expect(bookingRow.getByText('Disputed: an administrator decides', { exact: true })).toBeVisible();
  await expect(bookingRow.getByText('Dispute: Does not work properly', { exact: true })).toBeVisible();
  // The buyer's words are for the Admin: the seller sees the reason only.
  await expect(bookingRow).not.toContainText(words);
  await expectAccessible(sellerPage);
  await sellerPage.context().close();

  // The Admin, in Bangla at 1280 px: Disputes (অভিযোগ) has the reason, the words and the photo.
  const adminPage = await pageIn(browser, adminSession, { lang: 'bn', width: 1280 });
  await adminPage.goto('/dashboard');
  await adminPage.getByRole('navigation', { name: 'ড্যাশবোর্ড' }).getByRole('link', { name: 'অভিযোগ', exact: true }).click();
  await expect(adminPage).toHaveURL('/dashboard/disputes');
  await expect(main(adminPage).getByRole('heading', { level: 1 })).toHaveText('অভিযোগ');
  const disputeRow = rowOf(adminPage, product.productName);
  await expect(disputeRow).toContainText('Nusrat Jahan');
  await expect(disputeRow.getByText('ঠিকমতো কাজ করে না', { exact: true })).toBeVisible();
  await expect(disputeRow.getByText(words, { exact: true })).toBeVisible();
  const photo = disputeRow.getByRole('img', { name: `${product.productName} নিয়ে অভিযোগের ছবি 1` });
  await expect(photo).toBeVisible();
  // The picture itself loads (the buyer's upload, served to the Admin).
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(disputeRow.getByRole('button', { name: `বিক্রেতাকে টাকা দিন: ${product.productName}-এর টাকা` })).toBeVisible();
  await screenshots(adminPage, 'disputes-bn', () => expectAccessible(adminPage));
  await adminPage.setViewportSize({ width: 1280, height: 900 });

  // Refunded, with a reason: asked for first, then kept.
  await disputeRow.getByRole('button', { name: `ক্রেতাকে টাকা ফেরত দিন: Nusrat Jahan, ${product.productName}-এর জন্য` }).click();
  const decide = adminPage.getByRole('dialog', { name: 'ক্রেতাকে টাকা ফেরত দিন' });
  // Taka in Bangla digits.
  await expect(decide).toContainText('৳১৮,৫০০ পুরোটা Nusrat Jahan-কে ফেরত যাবে');
  await decide.getByRole('button', { name: 'ক্রেতাকে টাকা ফেরত দিন' }).click();
  await expect(decide.getByRole('textbox', { name: 'কারণ' })).toHaveAttribute('aria-invalid', 'true');
  await decide.getByRole('textbox', { name: 'কারণ' }).fill('ক্রেতার ছবিতে স্ক্রিন কালো; বিক্রেতা ত্রুটি অস্বীকার করেননি');
  await expectAccessible(adminPage);
  await decide.getByRole('button', { name: 'ক্রেতাকে টাকা ফেরত দিন' }).click();
  await expect(toast(adminPage, 'সিদ্ধান্ত হয়েছে: দুই পক্ষকেই জানানো হয়েছে')).toBeVisible();
  await expect(decide).toBeHidden();
  // Decided, it leaves the open disputes.
  await expect(disputeRow).toHaveCount(0);
  await adminPage.context().close();

  // The buyer: refunded in full once the provider confirms (the refund's job runs in the background); no review follows.
  await expect(async () => {
    await buyerPage.reload();
    await expect(orderRow.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(orderRow).toContainText(/18,500 tk refunded \d{1,2} [A-Z][a-z]{2} \d{4} · re_sbx_\w+/);
  await expect(orderRow.getByRole('button', { name: /^Rate the seller/ })).toHaveCount(0);
  await expect(orderRow.getByRole('button', { name: /^Report a problem/ })).toHaveCount(0);
  await expectAccessible(buyerPage);
  await buyerPage.context().close();
});
