import type { Order } from '@market/contract';
import { addDays, dhakaToday } from '@market/contract/rules';
import type { Page } from '@playwright/test';
import { apiCreateProduct, apiGet, apiHandoverCode, apiProduct, apiSignUp, expect, expectAccessible, pageIn, screenshots, test, toast } from '../fixtures.ts';

// Issue 31, items 2 and 3: a deal from booking to its handover, buyer and seller each in a browser of their own. A cash
// deal completes when the seller enters the buyer's code (and may then be rated); a protected one is paid first, is
// handed over with the code from its QR address after a wrong one, and waits out its complaint window.

const main = (page: Page) => page.getByRole('main');
const rowOf = (page: Page, text: string) => main(page).getByRole('row').filter({ hasText: text });

/** A date as the app shows it in English: 25 Nov 2026. */
const shown = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The six digits the buyer's handover screen shows (spaced 3 and 3), once its three checks are ticked. */
async function showCode(page: Page, checks: string, show: string): Promise<string> {
  const list = main(page).getByRole('group', { name: checks });
  const boxes = list.getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  await expect(main(page).getByRole('button', { name: show })).toBeDisabled();
  for (const box of await boxes.all()) await box.check();
  await main(page).getByRole('button', { name: show }).click();
  const digits = main(page).getByText(/^\d{3} \d{3}$/);
  await expect(digits).toBeVisible();
  return (await digits.textContent())!.replace(' ', '');
}

test('a cash deal at 375 px: booked for cash, accepted, the buyer checks the phone and shows the code, the seller enters it; completed, then rated', async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(60_000);
  const seller = await apiSignUp(request, adminSession, 'Seller', { name: 'Tanvir Telecom' });
  const buyer = await apiSignUp(request, adminSession, 'Buyer', { name: 'Mitu Akter' });
  const product = await apiCreateProduct(request, seller, { productName: `Galaxy A54 ${Date.now()}` });
  const meetingDate = addDays(dhakaToday(), 2);

  // The buyer books it for cash at the meeting, two days from now.
  const buyerPage = await pageIn(browser, buyer, { lang: 'en', width: 375 });
  await buyerPage.goto(`/detail-product/${product._id}`);
  await buyerPage.getByRole('button', { name: 'Book Now' }).click();
  const booking = buyerPage.getByRole('dialog', { name: 'Booking information' });
  await booking.getByLabel('Meeting location').fill('Bashundhara City, Dhaka');
  await booking.getByLabel('Mobile number').fill('01711-000222');
  await booking.getByLabel('Meeting day').fill(meetingDate);
  await booking.getByRole('radio', { name: /^Cash at the meeting/ }).check();
  await booking.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(buyerPage, `${product.productName} booked successfully`)).toBeVisible();
  const [order] = await apiGet<Order[]>(request, `orders/${buyer.user._id}`, buyer);
  expect(order).toMatchObject({ productId: product._id, payWith: 'cash', meetingDate, state: 'requested', paid: false });

  // The seller accepts it: the phone is reserved for this buyer, and the seller can take the buyer's code.
  const sellerPage = await pageIn(browser, seller, { lang: 'en', width: 375 });
  await sellerPage.goto('/dashboard/bookings');
  const bookingRow = rowOf(sellerPage, 'Mitu Akter');
  await expect(bookingRow).toContainText('Cash at the meeting');
  await bookingRow.getByRole('button', { name: /^Accept the booking/ }).click();
  await sellerPage.getByRole('dialog', { name: 'Accept this booking?' }).getByRole('button', { name: 'Yes, accept it' }).click();
  await expect(toast(sellerPage, 'Booking accepted')).toBeVisible();
  const enterCode = bookingRow.getByRole('button', { name: `Enter code of Mitu Akter for ${product.productName}` });
  await expect(enterCode).toBeVisible();
  expect((await apiProduct(request, product._id)).status).toBe('reserved');

  // The buyer, at the meeting: My Orders leads to the handover screen (a cash deal has nothing to pay here).
  await buyerPage.goto('/dashboard/myOrders');
  const orderRow = rowOf(buyerPage, product.productName);
  await expect(orderRow).toContainText(`Meeting day ${shown(meetingDate)}`);
  await expect(orderRow).toContainText('Cash at the meeting');
  await expect(orderRow.getByRole('link', { name: 'Pay' })).toHaveCount(0);
  // The list may be drawn again as the deal's live events arrive (the seller's accept): a click on a row being
  // replaced is lost, so the link is followed until the handover screen is open.
  await expect(async () => {
    await orderRow.getByRole('link', { name: `Handover code for ${product.productName}` }).click();
    await expect(buyerPage).toHaveURL(`/dashboard/handover/${order!._id}`, { timeout: 2_000 });
  }).toPass();
  await expect(main(buyerPage).getByRole('heading', { level: 1 })).toHaveText(`Handover of ${product.productName}`);
  // The IMEI the phone shows (*#06#) is checked against the listing's last digits.
  await expect(main(buyerPage).getByText(`the IMEI it shows ends in ${product.imei!.slice(-4)}`)).toBeVisible();
  const code = await showCode(buyerPage, 'Before you show your code', 'Show my code');
  await expect(main(buyerPage).getByRole('img', { name: 'QR code of your handover code, for the seller to scan' })).toBeVisible();
  await expect(main(buyerPage).getByText('Pay the seller in cash once the handover is confirmed.')).toBeVisible();
  await screenshots(buyerPage, 'handover-code-cash', () => expectAccessible(buyerPage));
  await buyerPage.setViewportSize({ width: 375, height: 812 });

  // The seller types it in: handed over, and a cash deal is completed at once.
  await enterCode.click();
  const entry = sellerPage.getByRole('dialog', { name: `Handover of ${product.productName}` });
  await entry.getByLabel('Handover code').fill(code);
  await expectAccessible(sellerPage);
  await entry.getByRole('button', { name: 'Hand over' }).click();
  await expect(toast(sellerPage, 'Handed over: the phone is sold to Mitu Akter')).toBeVisible();
  await expect(entry).toBeHidden();
  await expect(bookingRow.getByText('Completed', { exact: true })).toBeVisible();
  await expect(enterCode).toHaveCount(0);
  expect((await apiProduct(request, product._id)).status).toBe('sold');
  await sellerPage.context().close();

  // The buyer sees it completed, and rates the seller.
  await buyerPage.goto('/dashboard/myOrders');
  await expect(orderRow.getByText('Completed', { exact: true })).toBeVisible();
  await expect(orderRow.getByRole('link', { name: /^Handover code/ })).toHaveCount(0);
  await orderRow.getByRole('button', { name: `Rate the seller of ${product.productName}` }).click();
  const rate = buyerPage.getByRole('dialog', { name: 'Rate the seller' });
  await rate.locator('label[title="Good"]').click();
  await rate.getByRole('button', { name: 'Publish review' }).click();
  await expect(toast(buyerPage, 'Thank you: your review is published')).toBeVisible();
  await expect(orderRow.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await buyerPage.context().close();
});

test('a protected deal at 1280 px in Bangla: booked and paid by card, a wrong code says the tries left, the QR address hands it over; its complaint window runs', async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(60_000);
  const seller = await apiSignUp(request, adminSession, 'Seller', { name: 'Sumaiya Telecom' });
  const buyer = await apiSignUp(request, adminSession, 'Buyer', { name: 'Arif Chowdhury' });
  const product = await apiCreateProduct(request, seller, { productName: `Pixel 7a ${Date.now()}` });

  // Booked as the form offers it: protected payment, meeting tomorrow; then paid with the sandbox's test card.
  const buyerPage = await pageIn(browser, buyer, { lang: 'bn', width: 1280 });
  await buyerPage.goto(`/detail-product/${product._id}`);
  await buyerPage.getByRole('button', { name: 'বুক করুন' }).click();
  const booking = buyerPage.getByRole('dialog', { name: 'বুকিংয়ের তথ্য' });
  await booking.getByLabel('দেখা করার জায়গা').fill('যমুনা ফিউচার পার্ক, ঢাকা');
  await booking.getByLabel('মোবাইল নম্বর').fill('01811-000333');
  await expect(booking.getByLabel('দেখা করার দিন')).toHaveValue(addDays(dhakaToday(), 1));
  await expect(booking.getByRole('radio', { name: /^এখনই সুরক্ষিত পেমেন্ট \(কার্ড বা বিকাশ\)/ })).toBeChecked();
  await booking.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(toast(buyerPage, `${product.productName} বুক করা হয়েছে`)).toBeVisible();
  const [order] = await apiGet<Order[]>(request, `orders/${buyer.user._id}`, buyer);
  expect(order).toMatchObject({ productId: product._id, payWith: 'protected', state: 'requested' });

  await buyerPage.goto('/dashboard/myOrders');
  const orderRow = rowOf(buyerPage, product.productName);
  await orderRow.getByRole('link', { name: 'পেমেন্ট করুন' }).click();
  await expect(buyerPage).toHaveURL(`/dashboard/payment/${order!._id}`);
  await buyerPage.getByLabel('কার্ড নম্বর').fill('4242 4242 4242 4242');
  await buyerPage.getByLabel('মেয়াদ শেষের তারিখ').pressSequentially('1234');
  await buyerPage.getByLabel('CVC').fill('123');
  await buyerPage.getByRole('button', { name: 'পেমেন্ট করুন' }).click();
  await expect(toast(buyerPage, 'আপনার পেমেন্ট সম্পন্ন হয়েছে!')).toBeVisible();
  // Paid, the phone is reserved for the buyer (the site holds the money), not sold yet.
  expect((await apiProduct(request, product._id)).status).toBe('reserved');

  // Paid, the deal takes the buyer's code: My Orders leads to it.
  await buyerPage.goto('/dashboard/myOrders');
  await expect(orderRow.getByText('পরিশোধিত', { exact: true })).toBeVisible();
  await orderRow.getByRole('link', { name: `${product.productName}-এর হ্যান্ডওভার কোড` }).click();
  await expect(main(buyerPage).getByRole('heading', { level: 1 })).toHaveText(`${product.productName}-এর হস্তান্তর`);
  const code = await showCode(buyerPage, 'কোড দেখানোর আগে', 'আমার কোড দেখান');
  await expect(main(buyerPage).getByRole('img', { name: 'আপনার হ্যান্ডওভার কোডের QR কোড, বিক্রেতা স্ক্যান করবেন' })).toBeVisible();
  await expect(main(buyerPage).getByText('হস্তান্তরের পরে অভিযোগের সময় শেষ না হওয়া পর্যন্ত আপনার টাকা সাইটের কাছে থাকবে।')).toBeVisible();
  await expectAccessible(buyerPage);
  // The QR code holds the seller's Booking Requests with this deal and its code.
  const { url } = await apiHandoverCode(request, buyer, order!);
  expect(url).toBe(`/dashboard/bookings?handover=${order!._id}&code=${code}`);

  // The seller types a wrong code first: refused, with the tries left before the deal locks.
  const sellerPage = await pageIn(browser, seller, { lang: 'bn', width: 1280 });
  await sellerPage.goto('/dashboard/bookings');
  const bookingRow = rowOf(sellerPage, 'Arif Chowdhury');
  await expect(bookingRow.getByText('পেমেন্ট হয়েছে: হস্তান্তর পর্যন্ত টাকা সাইটের কাছে থাকে')).toBeVisible();
  await bookingRow.getByRole('button', { name: `${product.productName}-এর জন্য Arif Chowdhury-এর হ্যান্ডওভার কোড দিন` }).click();
  const entry = sellerPage.getByRole('dialog', { name: `${product.productName}-এর হস্তান্তর` });
  const wrong = code === '000000' ? '111111' : '000000';
  await entry.getByLabel('হ্যান্ডওভার কোড').fill(wrong);
  await entry.getByRole('button', { name: 'হস্তান্তর করুন' }).click();
  await expect(entry.getByRole('alert')).toHaveText('এটি ক্রেতার হ্যান্ডওভার কোড নয়: ডিলটি লক হওয়ার আগে আর ৪ বার চেষ্টা করা যাবে');
  await expect(entry.getByLabel('হ্যান্ডওভার কোড')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(sellerPage);
  await entry.getByRole('button', { name: 'বাতিল' }).click();
  await expect(entry).toBeHidden();

  // Then the buyer's QR code: its address opens the entry with the code filled in, and the code leaves the address.
  await sellerPage.goto(url);
  await expect(entry.getByLabel('হ্যান্ডওভার কোড')).toHaveValue(code);
  await entry.getByRole('button', { name: 'হস্তান্তর করুন' }).click();
  await expect(toast(sellerPage, 'হস্তান্তর হয়েছে: ফোনটি Arif Chowdhury-এর কাছে বিক্রি হয়েছে')).toBeVisible();
  await expect(entry).toBeHidden();
  await expect(sellerPage).toHaveURL(/\/dashboard\/bookings$/);
  await expect(bookingRow.getByText('হস্তান্তর হয়েছে', { exact: true })).toBeVisible();
  expect((await apiProduct(request, product._id)).status).toBe('sold');
  await sellerPage.context().close();

  // The buyer: handed over, the complaint window open until a time a day from now; no review before it completes.
  await buyerPage.goto('/dashboard/myOrders');
  await expect(orderRow.getByText('হস্তান্তর হয়েছে', { exact: true })).toBeVisible();
  await expect(orderRow).toContainText(/পর্যন্ত সমস্যা জানাতে পারবেন/);
  const handedOver = (await apiGet<Order[]>(request, `orders/${buyer.user._id}`, buyer))[0]!;
  expect(handedOver).toMatchObject({ state: 'handed_over', paid: true });
  expect(Date.parse(handedOver.windowEndsAt!) - Date.now()).toBeGreaterThan(23 * 3_600_000);
  await expect(orderRow.locator(`time[datetime="${handedOver.windowEndsAt}"]`)).toBeVisible();
  await expect(orderRow.getByRole('button', { name: /রেটিং দিন$/ })).toHaveCount(0);
  await expectAccessible(buyerPage);
  await buyerPage.context().close();
});
