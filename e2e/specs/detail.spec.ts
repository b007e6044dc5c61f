import type { Order } from '@market/contract';
import type { Page } from '@playwright/test';
import {
  apiAdvertised,
  apiCreateProduct,
  apiDemoProduct,
  apiProduct,
  apiSignUp,
  demo,
  expect,
  expectAccessible,
  signInWith,
  taka,
  test,
  toast,
  submitLogin,
  networkQuiet,
} from '../fixtures.ts';

const rating = (page: Page) => page.getByRole('main').locator('[aria-label^="Rating"]');
/** The demo seller's standing: the mean of his one review (the demo's), not the spec's formula. */
const demoRating = 'Rating 5 from 1 review';
const bookingDialog = (page: Page) => page.getByRole('dialog', { name: 'Booking information' });

test('every field of a demo product, with the verified seller, his rating from reviews and the newest one', async ({ page, request }) => {
  const listed = (await apiAdvertised(request)).find((p) => p.productName === 'iPhone 14 Pro Max')!;
  const product = await apiProduct(request, listed._id);
  expect(product.sellerId.sellerVerified && !product.report).toBe(true);
  await page.goto(`/detail-product/${product._id}`);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(product.productName);
  // The gallery's first photo is the cover, the spec's img (a demo phone has three, each named which one it is).
  expect(product.images.length).toBe(3);
  await expect(main.getByRole('img', { name: `${product.productName}, photo 1 of 3`, exact: true })).toHaveAttribute('src', product.img);
  const field = (term: string) => main.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  // The area, then the district and its division (issue 34).
  await expect(field('Location')).toHaveText(`${product.location}, ${product.district!.en} district, ${product.district!.division.en} division`);
  await expect(field('Category')).toHaveText(product.categoryId.category);
  await expect(field('Category')).toHaveText('Apple');
  await expect(field('Condition')).toHaveText(product.condition);
  await expect(field('Year of Used')).toHaveText(String(product.useYears));
  // The Bangladeshi way, day first: '23 Nov 2026' (the browser's time zone is the server's here).
  const posted = new Date(product.date);
  const day = `${posted.getDate()} ${posted.toLocaleString('en-GB', { month: 'short' })} ${posted.getFullYear()}`;
  await expect(main.locator(`time[datetime="${product.date}"]`)).toHaveText(day);

  await expect(main.getByRole('img', { name: product.sellerId.name })).toHaveAttribute('src', product.sellerId.userImg);
  await expect(main.getByText(product.sellerId.name, { exact: true })).toBeVisible();
  expect(product.sellerId.name).toBe('Tanvir Hasan');
  await expect(main.getByText('✔ Verified')).toBeVisible();
  // The demo seller confirmed their number (issue 36): the badge, never the number; since when, sales and reviews.
  await expect(main.getByText('Number verified', { exact: true })).toBeVisible();
  await expect(main.getByText(/^Member since .+ · \d+ phones? sold · \d+ reviews?$/)).toBeVisible();
  await expect(rating(page)).toHaveAttribute('aria-label', demoRating);
  await expect(rating(page)).toContainText('5');
  await expect(main.getByRole('link', { name: 'Tanvir Hasan' })).toHaveAttribute('href', `/seller/${product.sellerId._id}`);
  const review = main.getByRole('article', { name: 'Review by Farhan Ahmed' });
  await expect(review).toContainText('Bought iPhone 12');
  await expect(review.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(review).toContainText("Seller's answerThank you, Farhan! Enjoy the phone.");
  await expect(main.getByRole('link', { name: 'See all reviews' })).toHaveAttribute('href', `/seller/${product.sellerId._id}#reviews`);

  const original = main.locator('del');
  await expect(original).toHaveText(`${taka(product.originalPrice)} BDT`);
  await expect(original).toHaveText('1,85,000 BDT');
  await expect(original).toHaveCSS('text-decoration-line', 'line-through');
  // The resale price (its copy in the bar a phone's screen keeps at the bottom, issue 35, is hidden at this width).
  const price = main.getByRole('strong').filter({ hasText: `${taka(product.resalePrice)} BDT` });
  await expect(price).toHaveText(`${taka(product.resalePrice)} BDT`);
  await expect(price).toBeVisible();
  await expect(price).not.toHaveCSS('text-decoration-line', 'line-through');
  await expect(main.getByText(product.description)).toBeVisible();
});

test("signed out: 'Login for Order' and 'Login for Report' lead to the login, and back to this phone after it", async ({ page, request }) => {
  const product = await apiDemoProduct(request);
  for (const name of ['Login for Order', 'Login for Report']) {
    await page.goto(`/detail-product/${product._id}`);
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Report', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
  await page.getByLabel('Email').fill(demo.Buyer.email);
  await page.getByLabel('Password').fill(demo.Buyer.password);
  await submitLogin(page);
  await expect(page).toHaveURL(new RegExp(`/detail-product/${product._id}$`));
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Report', exact: true })).toBeEnabled();
});

test('an unknown product shows the 404 picture', async ({ page }) => {
  await page.goto('/detail-product/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('img', { name: /404/ })).toBeVisible();
});

test('a buyer books a phone: validation, success toast, the order exists, and a second booking is refused', async ({
  page,
  request,
  sellerSession,
  adminSession,
}) => {
  const product = await apiCreateProduct(request, sellerSession);
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  await signInWith(page, buyer);
  await page.goto(`/detail-product/${product._id}`);

  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = bookingDialog(page);
  await expect(dialog).toBeVisible();
  const readOnly: [label: string, value: string][] = [
    ['Product name', product.productName],
    ['Price', String(product.resalePrice)],
    ['Name', buyer.user.name],
    ['Email', buyer.user.email],
  ];
  for (const [label, value] of readOnly) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
    await expect(dialog.getByLabel(label, { exact: true })).not.toBeEditable();
  }
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Enter your meeting location')).toBeVisible();
  await expect(dialog.getByText('Enter your mobile number')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Meeting location').fill('Gulshan 1, Dhaka');
  await dialog.getByLabel('Mobile number').fill('01711-000222');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `${product.productName} booked successfully`)).toBeVisible();

  const res = await request.get(`/api/orders/${encodeURIComponent(buyer.user.email)}`, { headers: { authorization: buyer.token } });
  expect(res.ok()).toBeTruthy();
  const orders = (await res.json()).data as Order[];
  expect(orders).toEqual([
    expect.objectContaining({
      productId: product._id,
      productName: product.productName,
      productPrice: product.resalePrice,
      buyerName: buyer.user.name,
      buyerEmail: buyer.user.email,
      meetingLocation: 'Gulshan 1, Dhaka',
      mobileNumber: '01711-000222',
      paid: false,
    }),
  ]);

  // Booked: the page says so instead of Book Now, the focus on it (issue 35), also after a reload; the server still
  // refuses a second booking (the API's own tests: 'already_booked').
  const booked = page.getByRole('link', { name: 'Booked — see your order' });
  await expect(booked).toBeFocused();
  await expect(booked).toHaveAttribute('href', '/dashboard/myOrders');
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Booked — see your order' })).toBeVisible();
  const again = await request.post('/api/order', {
    headers: { authorization: buyer.token },
    data: { productId: product._id, meetingLocation: 'Gulshan 2, Dhaka', mobileNumber: '01711-000333' },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('You have already booked this product');
});

test("a seller sees no Submit in the booking modal of another's phone, only 'A buyer can only buy product'; on their own, Edit and Booking Requests", async ({
  page,
  request,
  sellerSession,
  adminSession,
}) => {
  const otherSeller = await apiSignUp(request, adminSession, 'Seller');
  const product = await apiCreateProduct(request, otherSeller);
  await signInWith(page, sellerSession);
  await page.goto(`/detail-product/${product._id}`);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = bookingDialog(page);
  await expect(dialog.getByText('A buyer can only buy product')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(sellerSession.user.name);

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The demo seller's own phone (issue 35): its edit and its bookings, not Book Now or Report.
  const own = await apiDemoProduct(request);
  expect(own.sellerId._id).toBe(sellerSession.user._id);
  await page.goto(`/detail-product/${own._id}`);
  await expect(page.getByRole('main').getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute('href', `/dashboard/edit-product/${own._id}`);
  await expect(page.getByRole('main').getByRole('link', { name: 'Booking Requests' })).toHaveAttribute('href', '/dashboard/bookings');
  await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);
});

test('a signed-in user reports a phone with a reason; reporting it again shows the toast without a new call; the rating stays', async ({
  page,
  request,
  sellerSession,
  adminSession,
}) => {
  const product = await apiCreateProduct(request, sellerSession);
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  await signInWith(page, buyer);
  const reportCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/report')) reportCalls.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  await page.goto(`/detail-product/${product._id}`);
  await expect(rating(page)).toHaveAttribute('aria-label', demoRating);

  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this phone' });
  // A reason first; 'Other' needs words.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose why you are reporting this phone');
  await dialog.getByLabel('Other').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say in a few words what is wrong');
  await dialog.getByLabel('Possibly stolen').check();
  await dialog.getByLabel('Anything to add (optional)').fill('The same phone is on a stolen-phones page.');
  await expectAccessible(page);
  expect(reportCalls).toEqual([]);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const reported = toast(page, `${product.productName} reported successfully`);
  await expect(reported).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(reportCalls).toEqual(['POST /api/report']);
  expect((await apiProduct(request, product._id)).report).toBe(true);
  // One report is no proof: the rating stays (issue 16), and the phone stays listed.
  await page.reload();
  await expect(rating(page)).toHaveAttribute('aria-label', demoRating);

  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(reported).toBeVisible();
  await expect(dialog).toBeHidden();
  await networkQuiet(page);
  expect(reportCalls).toHaveLength(1);
});
