import type { Page } from '@playwright/test';
import {
  apiBook,
  apiMail,
  apiSellerWithProducts,
  apiSignUp,
  dashboardMenu,
  expect,
  expectAccessible,
  expectToastAccessible,
  pageAs,
  screenshots,
  taka,
  test,
  toast,
} from '../fixtures.ts';

// Issue 15, bookings received: a new seller's phone booked by two new buyers; the seller sees who booked, how
// to reach them and where to meet, accepts one booking (that buyer gets the seller's number: issue 29) and declines
// the other; that buyer's order says so. One test for both
// widths: each new account costs an upload, a sign-up, a mail and a login.

const main = (page: Page) => page.getByRole('main');
const rowOf = (page: Page, text: string) => main(page).getByRole('row').filter({ hasText: text });

test("a seller sees each booking of a phone with the buyer's mobile number at 375 and 1280 px, accepts one and declines one; the accepted buyer gets the seller's number, the declined one 'Declined by seller'", async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(90_000);
  const { seller, products } = await apiSellerWithProducts(request, adminSession, 1);
  const phone = products[0]!;
  const kept = await apiSignUp(request, adminSession, 'Buyer', { name: 'Nusrat Jahan' });
  const turnedDown = await apiSignUp(request, adminSession, 'Buyer', { name: 'Rafiq Islam' });
  await apiBook(request, kept, phone, 'Jamuna Future Park');
  await apiBook(request, turnedDown, phone, 'Dhanmondi 27, Dhaka');

  const page = await pageAs(browser, seller);
  const keptRow = rowOf(page, 'Nusrat Jahan');
  // The seller was told of both bookings (issue 31): the bell counts them, and each came by e-mail too.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  expect((await apiMail(request, adminSession, seller.user.email, 'notification-book')).subject).toBe(`New booking of your ${phone.productName}`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard');
    if (width >= 1024) await dashboardMenu(page).getByRole('link', { name: 'Booking Requests' }).click();
    else await page.goto('/dashboard/bookings');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Booking Requests');
    await expect(keptRow).toContainText(kept.user.email);
    await expect(keptRow).toContainText('Jamuna Future Park');
    await expect(keptRow).toContainText(`${taka(phone.resalePrice)} tk`);
    await expect(keptRow).toContainText('Not paid yet');
    await expect(keptRow.getByRole('link', { name: '01711-000444' })).toHaveAttribute('href', 'tel:01711000444');
    await expect(main(page).getByRole('row').filter({ hasText: phone.productName })).toHaveCount(2);
    await expectAccessible(page);
  }

  // Declining asks first; Cancel changes nothing.
  const declineButton = rowOf(page, 'Rafiq Islam').getByRole('button', { name: /^Decline the booking/ });
  await declineButton.click();
  const dialog = page.getByRole('dialog', { name: 'Decline this booking?' });
  await expect(dialog).toContainText(`Rafiq Islam will see 'Declined by seller' and cannot book ${phone.productName} again.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, 'Rafiq Islam')).toContainText('Not paid yet');
  await declineButton.click();
  await dialog.getByRole('button', { name: 'Yes, decline it!' }).click();
  await expect(toast(page, 'Booking declined')).toBeVisible();
  await expectToastAccessible(page, 'Booking declined');
  await expect(rowOf(page, 'Rafiq Islam')).toContainText('Declined');
  await expect(rowOf(page, 'Rafiq Islam').getByRole('button', { name: /^(Accept|Decline)/ })).toHaveCount(0);
  // Its history says what happened, in order (issue 31, item 7).
  await rowOf(page, 'Rafiq Islam')
    .getByRole('button', { name: `History of ${phone.productName}` })
    .click();
  const history = page.getByRole('dialog', { name: `History of ${phone.productName}` });
  await expect(history.getByRole('listitem')).toHaveText([/Booked by the buyer$/, /Declined by the seller$/]);
  await expectAccessible(page);
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
  await expect(keptRow.getByRole('button', { name: /^Decline the booking/ })).toBeVisible();

  // Before the seller accepts, the buyer waits for it and has no number (issue 29).
  const keptPage = await pageAs(browser, kept);
  await keptPage.goto('/dashboard/myOrders');
  const keptOrder = rowOf(keptPage, phone.productName);
  await expect(keptOrder).toContainText('Waiting for the seller to accept');
  await expect(keptOrder.getByRole('link', { name: '01700-000999' })).toHaveCount(0);
  // Accepting asks first (it cannot be undone); then the row says Accepted and only Decline is left.
  await keptRow.getByRole('button', { name: /^Accept the booking/ }).click();
  const accepting = page.getByRole('dialog', { name: 'Accept this booking?' });
  await expect(accepting).toContainText(
    `Nusrat Jahan will see your phone number to arrange meeting for ${phone.productName}, and the phone is reserved for them: it leaves the shop until the handover or until the deal is called off. This cannot be undone.`,
  );
  await accepting.getByRole('button', { name: 'Yes, accept it' }).click();
  await expect(toast(page, 'Booking accepted')).toBeVisible();
  await expect(keptRow).toContainText('Accepted');
  await expect(keptRow.getByRole('button', { name: /^Accept the booking/ })).toHaveCount(0);
  await screenshots(page, 'booking-requests');
  await keptPage.reload();
  // The accepted buyer has the seller's number on the order (it is in no public answer).
  await expect(keptOrder.getByRole('link', { name: '01700-000999' })).toHaveAttribute('href', 'tel:01700000999');
  // …and was told: the bell, the list, and the item back to My Orders, read.
  await keptPage.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  const told = main(keptPage).getByRole('link', { name: `New: The seller accepted your booking of ${phone.productName}: their number is in My Orders` });
  await told.click();
  await expect(keptPage).toHaveURL(/\/dashboard\/myOrders$/);
  await expect(keptPage.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();
  await keptPage.context().close();

  const buyerPage = await pageAs(browser, turnedDown);
  for (const width of [375, 1280]) {
    await buyerPage.setViewportSize({ width, height: 800 });
    await buyerPage.goto('/dashboard/myOrders');
    const order = rowOf(buyerPage, phone.productName);
    await expect(order).toContainText('Declined by seller');
    await expect(order.getByRole('link', { name: 'Pay' })).toHaveCount(0);
    // A declined booking was never accepted: no seller's number.
    await expect(order.getByRole('link', { name: '01700-000999' })).toHaveCount(0);
    await expectAccessible(buyerPage);
  }
  await screenshots(buyerPage, 'my-orders-declined');
  await buyerPage.goto('/dashboard/notifications');
  await expect(main(buyerPage).getByRole('listitem')).toHaveText([new RegExp(`^New: The seller declined your booking of ${phone.productName}`)]);
  await expectAccessible(buyerPage);
  await screenshots(buyerPage, 'notifications-declined');
  await buyerPage.context().close();
  await page.context().close();
});
