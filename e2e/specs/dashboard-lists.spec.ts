import type { AuditEntry, Order, Product } from '@market/contract';
import { addDays, dhakaToday } from '@market/contract/rules';
import type { Page } from '@playwright/test';
import {
  apiBook,
  apiCompletedDeal,
  apiCreateProduct,
  apiGet,
  apiLoginAttempt,
  apiSellerWithProducts,
  apiSignUp,
  confirmDeletion,
  expect,
  expectAccessible,
  pageIn,
  png,
  screenshots,
  signInWith,
  taka,
  test,
  toast,
} from '../fixtures.ts';

const main = (page: Page) => page.getByRole('main');
const rows = (page: Page) =>
  main(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test.describe('add product', () => {
  test("empty fields show section 5's messages; category, condition and description are asked for at submit", async ({ page, request, adminSession }) => {
    const seller = await apiSignUp(request, adminSession, 'Seller');
    await signInWith(page, seller);
    await page.goto('/dashboard/addProduct');
    const post = main(page).getByRole('button', { name: 'Post' });
    await post.click();
    const messages = [
      'Enter your location',
      'Enter your number',
      'Enter your original price',
      'Enter your resale price',
      'Enter your product name',
      'Enter your product picture',
      'Enter your product purchase date',
    ];
    for (const message of messages) await expect(main(page).getByText(message, { exact: true })).toBeVisible();
    await expectAccessible(page);

    const form = main(page);
    await form.getByLabel('Location').fill('Khulna');
    await form.getByLabel('Phone number').fill('01611-000777');
    await form.getByLabel('Original price (tk)').fill('30000');
    await form.getByLabel('Resale price (tk)').fill('18000');
    await form.getByLabel('Product name').fill('Oppo A78');
    await form.getByLabel('Product picture').setInputFiles(png());
    await form.getByLabel('Purchase date').fill('2024-02-10');
    for (const message of messages) await expect(main(page).getByText(message, { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('Condition').getByRole('option')).toHaveText(['Select a condition', 'Excellent', 'Good', 'Fair']);

    const posts: string[] = [];
    page.on('request', (req) => req.method() === 'POST' && posts.push(new URL(req.url()).pathname));
    await post.click();
    await expect(toast(page, 'Select a category')).toBeVisible();
    await form.getByLabel('Category').selectOption({ label: 'Oppo' });
    await post.click();
    await expect(toast(page, 'Select a condition')).toBeVisible();
    await form.getByLabel('Condition').selectOption('Good');
    await post.click();
    await expect(toast(page, 'Enter a description')).toBeVisible();
    await form.getByLabel('Description').fill('   ');
    await post.click();
    await expect(toast(page, 'Enter a description').first()).toBeVisible();
    // No product was posted (the picture went up as it was chosen, so it is ready when the form is).
    expect(posts.filter((path) => path !== '/api/images')).toEqual([]);
    expect(await apiGet(request, `seller-products/${seller.user._id}`, seller)).toEqual([]);
  });
});

test('a buyer deletes an order: the question, Cancel keeps it, "Yes, delete it!" removes it and the list refreshes', async ({
  page,
  request,
  adminSession,
}) => {
  const { products } = await apiSellerWithProducts(request, adminSession, 2);
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  await apiBook(request, buyer, products[0]!, 'Banani 11, Dhaka');
  await apiBook(request, buyer, products[1]!, 'Motijheel, Dhaka');
  await signInWith(page, buyer);
  await page.goto('/dashboard/myOrders');
  await expect(main(page).getByRole('columnheader')).toHaveText(['Image', 'Name', 'Price', 'Location', "Seller's number", 'Status', 'Review', 'Delete']);
  await expect(rows(page)).toHaveCount(2);
  const first = rows(page).filter({ hasText: products[0]!.productName });
  await expect(first.getByRole('cell').nth(2)).toHaveText(`${taka(products[0]!.resalePrice)} tk`);
  await expect(first.getByRole('img', { name: products[0]!.productName })).toHaveAttribute('src', products[0]!.img);

  await first.getByRole('button', { name: `Delete order of ${products[0]!.productName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(2);

  await first.getByRole('button', { name: `Delete order of ${products[0]!.productName}` }).click();
  await confirmDeletion(page);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(products[1]!.productName);
  expect((await apiGet<Order[]>(request, `orders/${buyer.user._id}`, buyer)).map((o) => o.productName)).toEqual([products[1]!.productName]);

  await rows(page)
    .getByRole('button', { name: /^Delete order of/ })
    .click();
  await confirmDeletion(page);
  await expect(main(page).getByText('no orders found', { exact: true })).toBeVisible();
});

test("a completed order asks for a review, a paid one shows 'Paid' and its handover code instead of the Pay link, a refunded one its refund", async ({
  page,
  request,
  adminSession,
}) => {
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  const order: Order = {
    _id: '00000000-0000-4000-8000-000000000001',
    productId: '00000000-0000-4000-8000-000000000002',
    productName: 'Galaxy S21',
    productPrice: 45000,
    productImg: '/uploads/seed/products/pixel-7.webp',
    buyerName: buyer.user.name,
    buyerEmail: buyer.user.email,
    meetingLocation: 'Zindabazar',
    meetingDistrict: { _id: 'sylhet', en: 'Sylhet', bn: 'সিলেট', division: { _id: 'sylhet', en: 'Sylhet', bn: 'সিলেট' } },
    mobileNumber: '01711-000111',
    // Issue 31: a review comes from a completed deal.
    state: 'completed',
    paid: true,
    payWith: 'protected',
    fee: 135000,
    meetingDate: '2026-11-24',
    windowEndsAt: null,
    dispute: null,
    sellerPhone: '01811-000555',
    createdAt: '2026-11-23T05:00:00.000Z',
    payment: { transactionId: 'pi_sbx_0123456789abcdef01234567', amount: 45000, paidAt: '2026-11-23T06:00:00.000Z' },
    review: null,
    refund: null,
    conversation: null,
  };
  // A buyer charged for a phone sold meanwhile: refunded (issue 17).
  const refunded: Order = {
    ...order,
    _id: '00000000-0000-4000-8000-000000000004',
    productName: 'Pixel 8',
    state: 'closed',
    paid: false,
    payment: null,
    refund: {
      status: 'refunded',
      id: 're_sbx_0123456789abcdef',
      amount: 45000,
      refundedAt: '2026-11-23T07:00:00.000Z',
      reason: 'This phone has already been sold to another buyer',
      ofPayment: false,
    },
  };
  await page.route('**/api/orders/**', (route) =>
    route.fulfill({
      json: {
        success: true,
        data: [
          order,
          { ...order, _id: '00000000-0000-4000-8000-000000000003', productName: 'Pixel 6', state: 'requested', paid: false, payment: null },
          refunded,
          // Paid, its meeting ahead: the handover code, no review yet, nothing to call off.
          { ...order, _id: '00000000-0000-4000-8000-000000000005', productName: 'Galaxy S22', state: 'paid', meetingDate: addDays(dhakaToday(), 2) },
        ],
        meta: { nextCursor: null },
      },
    }),
  );
  await signInWith(page, buyer);
  await page.goto('/dashboard/myOrders');
  await expect(rows(page).nth(0).getByRole('cell')).toHaveText([
    '',
    'Galaxy S21',
    '45,000 tk',
    'Zindabazar, Sylhet district, Sylhet divisionMeeting day 24 Nov 2026',
    '01811-000555',
    // Each deal's way to its conversation (issue 33).
    'CompletedReceiptProtected paymentMessages',
    'Rate the seller',
    'Hide',
  ]);
  await expect(rows(page).nth(1).getByRole('cell').nth(6)).toHaveText('—');
  await expect(rows(page).nth(2).getByRole('cell').nth(5)).toHaveText(
    'Refunded45,000 tk refunded 23 Nov 2026 · re_sbx_0123456789abcdefProtected paymentMessages',
  );
  await expect(rows(page).nth(2).getByRole('link', { name: 'Pay' })).toHaveCount(0);
  await expect(rows(page).nth(2).getByRole('cell').last()).toHaveText('Hide');
  await expect(rows(page).nth(0).getByRole('link', { name: 'Pay' })).toHaveCount(0);
  await expect(rows(page).nth(1).getByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/dashboard/payment/00000000-0000-4000-8000-000000000003');
  const paid = rows(page).nth(3);
  await expect(paid.getByRole('cell').nth(5)).toHaveText('PaidHandover codeReceiptProtected paymentMessages');
  // The receipt of money paid here, one tap away (issue 31).
  await expect(paid.getByRole('link', { name: 'Receipt of Galaxy S22' })).toHaveAttribute('href', '/dashboard/payment/00000000-0000-4000-8000-000000000005');
  await expect(paid.getByRole('link', { name: 'Handover code for Galaxy S22' })).toHaveAttribute(
    'href',
    '/dashboard/handover/00000000-0000-4000-8000-000000000005',
  );
  await expect(paid.getByRole('cell').nth(6)).toHaveText('—');
  await expect(paid.getByRole('link', { name: 'Pay' })).toHaveCount(0);
});

test('a seller deletes a product: "Deleted!", the row goes and the rest renumber', async ({ page, request, adminSession }) => {
  const { seller, products } = await apiSellerWithProducts(request, adminSession, 3);
  await signInWith(page, seller);
  await page.goto('/dashboard/myProduct');
  // Newest first.
  await expect(
    rows(page)
      .getByRole('cell')
      .filter({ hasText: /E2E Pixel/ }),
  ).toHaveText(products.map((p) => p.productName).reverse());
  const middle = products[1]!;
  await rows(page)
    .filter({ hasText: middle.productName })
    .getByRole('button', { name: `Delete ${middle.productName}` })
    .click();
  await confirmDeletion(page);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).getByRole('rowheader')).toHaveText(['1', '2']);
  await expect(main(page).getByText(middle.productName)).toHaveCount(0);
  expect((await request.get(`/api/detail-product/${middle._id}`)).status()).toBe(404);
});

test('a seller stops advertising one phone and marks another sold outside the site, asked first; its booking can no longer be paid', async ({
  browser,
  page,
  request,
  adminSession,
}) => {
  const { seller, products } = await apiSellerWithProducts(request, adminSession, 2);
  const [shown, sold] = products as [Product, Product];
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  await apiBook(request, buyer, sold);
  await signInWith(page, seller);
  await page.goto('/dashboard/myProduct');

  const shownRow = rows(page).filter({ hasText: shown.productName });
  await shownRow.getByRole('button', { name: 'Advertise', exact: true }).click();
  await expect(toast(page, 'advertise successful')).toBeVisible();
  await shownRow.getByRole('button', { name: `Stop advertising ${shown.productName}` }).click();
  await expect(toast(page, 'Advertising stopped')).toBeVisible();
  await expect(shownRow.getByRole('button', { name: 'Advertise', exact: true })).toBeVisible();
  expect((await (await request.get('/api/advertise-products')).json()).data.map((p: Product) => p._id)).not.toContain(shown._id);

  const soldRow = rows(page).filter({ hasText: sold.productName });
  const markSold = soldRow.getByRole('button', { name: `Mark sold: ${sold.productName}` });
  await markSold.click();
  const dialog = page.getByRole('dialog', { name: 'Mark as sold?' });
  await expect(dialog).toContainText(`${sold.productName} leaves the shop, and its open bookings can no longer be paid. This cannot be undone.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(soldRow).toContainText('available');
  await markSold.click();
  await dialog.getByRole('button', { name: 'Yes, it is sold!' }).click();
  await expect(toast(page, 'Marked as sold')).toBeVisible();
  await expect(soldRow.getByText('sold', { exact: true })).toBeVisible();
  await expect(markSold).toHaveCount(0);
  await expect(soldRow.getByRole('button', { name: 'Advertise', exact: true })).toHaveCount(0);
  await expectAccessible(page);

  const buyerPage = await browser.newPage();
  await signInWith(buyerPage, buyer);
  await buyerPage.goto('/dashboard/myOrders');
  const order = rows(buyerPage).filter({ hasText: sold.productName });
  await expect(order).toContainText('Sold to another buyer');
  await expect(order.getByRole('link', { name: 'Pay' })).toHaveCount(0);
  await buyerPage.close();
});

test.describe('empty states', () => {
  test("a new seller's My Product: 'no product found'; a new buyer's My Orders: 'no orders found'", async ({ browser, page, request, adminSession }) => {
    await signInWith(page, await apiSignUp(request, adminSession, 'Seller'));
    await page.goto('/dashboard/myProduct');
    await expect(main(page).getByText('no product found', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('table')).toHaveCount(0);

    const buyerPage = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    await signInWith(buyerPage, await apiSignUp(request, adminSession, 'Buyer'));
    await buyerPage.goto('/dashboard/myOrders');
    await expect(main(buyerPage).getByText('no orders found', { exact: true })).toBeVisible();
    await expect(main(buyerPage).getByRole('table')).toHaveCount(0);
    await buyerPage.close();
  });

  const adminLists = [
    { path: '/dashboard/allSellers', api: '**/api/all-seller**', loading: 'Loading all sellers', empty: 'no sellers found' },
    { path: '/dashboard/allBuyers', api: '**/api/all-buyer**', loading: 'Loading all buyers', empty: 'no buyers found' },
    { path: '/dashboard/report', api: '**/api/report-queue**', loading: 'Loading reported products', empty: 'no reported product found' },
  ];
  for (const { path, api, loading, empty } of adminLists) {
    test(`${path}: a spinner while loading, then '${empty}' for an empty list`, async ({ page, adminSession }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(api, async (route) => {
        await held;
        await route.fulfill({ json: { success: true, data: [], meta: { nextCursor: null } } });
      });
      await signInWith(page, adminSession);
      await page.goto(path);
      const spinner = page.getByRole('status').filter({ hasText: loading });
      await expect(spinner).toBeVisible();
      await expect(main(page).getByText(empty, { exact: true })).toHaveCount(0);
      release();
      await expect(main(page).getByText(empty, { exact: true })).toBeVisible();
      await expect(spinner).toHaveCount(0);
      await expect(main(page).getByRole('table')).toHaveCount(0);
    });
  }
});

test.describe("the Admin's user lists (issue 35, items 15 and 17)", () => {
  test('at 1280 px an Admin finds a seller by the search, judges them by their row and verifies them with a reason', async ({
    browser,
    request,
    adminSession,
  }) => {
    const tag = `Judge${Date.now().toString(36)}`;
    const seller = await apiSignUp(request, adminSession, 'Seller', { name: `${tag} Mobiles` });
    const [sold, reported] = [await apiCreateProduct(request, seller), await apiCreateProduct(request, seller)];
    const buyer = await apiSignUp(request, adminSession, 'Buyer');
    await apiCompletedDeal(request, buyer, seller, sold);
    const report = await request.post('/api/report', { data: { productId: reported._id, reason: 'fake' }, headers: { authorization: buyer.token } });
    expect(report.status(), await report.text()).toBe(201);

    const page = await pageIn(browser, adminSession, { lang: 'en', width: 1280 });
    await page.goto('/dashboard/allSellers');
    await main(page).getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(tag.toLowerCase());
    await main(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/allSellers\\?q=${tag.toLowerCase()}$`));
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByRole('cell')).toHaveText(['', `${tag} Mobiles`, seller.user.email, /^Joined/, 'Verify', 'Suspend', 'Delete']);
    // What the seller is judged by: since when, listings, completed sales, reports, the bKash number.
    await expect(row.getByRole('term')).toHaveText(['Joined', 'Listings', 'Completed sales', 'Reports', 'bKash number']);
    await expect(row.getByRole('definition')).toHaveText([
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date()),
      '1 on sale of 2',
      '1',
      '1',
      'Not confirmed',
    ]);

    await row.getByRole('button', { name: `Verify ${tag} Mobiles` }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify this seller?' });
    await expect(dialog).toContainText(`${tag} Mobiles gets the Verified badge on their phones and their seller page, and is told by e-mail.`);
    await expectAccessible(page);
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(reason).toHaveAccessibleDescription('The reason is required');
    await reason.fill('Checked the trade licence and the NID');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(page, 'Seller verified successfully')).toBeVisible();
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();
    const [entry] = await apiGet<AuditEntry[]>(request, 'audit-log?action=verify-seller&limit=1', adminSession);
    expect(entry).toMatchObject({ target: { _id: seller.user._id }, reason: 'Checked the trade licence and the NID' });

    // The search is in the address: a reload keeps it.
    await page.reload();
    await expect(main(page).getByRole('searchbox', { name: 'Search by name or e-mail' })).toHaveValue(tag.toLowerCase());
    await expect(rows(page)).toHaveCount(1);
    await page.context().close();
  });

  test('an Admin suspends a buyer found by e-mail, who then cannot sign in, and reinstates them', async ({ browser, request, adminSession }) => {
    const buyer = await apiSignUp(request, adminSession, 'Buyer');
    const page = await pageIn(browser, adminSession, { lang: 'en', width: 1280 });
    await page.goto(`/dashboard/allBuyers?q=${encodeURIComponent(buyer.user.email.toUpperCase())}`);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText(buyer.user.email);

    await row.getByRole('button', { name: `Suspend ${buyer.user.name}` }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend this buyer?' });
    await expect(suspend).toContainText(`${buyer.user.name} is signed out and cannot sign in or book until you reinstate them.`);
    await suspend.getByRole('textbox', { name: 'Reason' }).fill('Booked phones and never came');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(toast(page, 'Buyer suspended')).toBeVisible();
    await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
    expect((await apiLoginAttempt(request, { email: buyer.user.email, password: buyer.password })).status()).toBe(403);
    expect((await request.get('/api/me', { headers: { authorization: buyer.token } })).status()).toBe(401);

    await row.getByRole('button', { name: `Reinstate ${buyer.user.name}` }).click();
    const reinstate = page.getByRole('dialog', { name: 'Reinstate this buyer?' });
    await reinstate.getByRole('textbox', { name: 'Reason' }).fill('The complaint was false');
    await reinstate.getByRole('button', { name: 'Reinstate' }).click();
    await expect(toast(page, 'Buyer reinstated')).toBeVisible();
    await expect(row.getByText('Suspended', { exact: true })).toHaveCount(0);
    expect((await apiLoginAttempt(request, { email: buyer.user.email, password: buyer.password })).status()).toBe(200);
    await page.context().close();
  });

  for (const lang of ['en', 'bn'] as const) {
    test(`both lists in ${lang === 'en' ? 'English' : 'Bangla'}, searched, fit 375 and 1280 px`, async ({ browser, request, adminSession }) => {
      const tag = `Look${Date.now().toString(36)}`;
      const seller = await apiSignUp(request, adminSession, 'Seller', { name: `${tag} রফিক টেলিকম` });
      await apiCreateProduct(request, seller);
      await apiSignUp(request, adminSession, 'Buyer', { name: `${tag} নুসরাত জাহান` });
      const page = await pageIn(browser, adminSession, { lang, width: 1280 });
      for (const [path, name] of [
        ['/dashboard/allSellers', 'all-sellers'],
        ['/dashboard/allBuyers', 'all-buyers'],
      ] as const) {
        await page.goto(`${path}?q=${tag.toLowerCase()}`);
        await expect(rows(page)).toHaveCount(1);
        await screenshots(page, `${name}-searched-${lang}`, () => expectAccessible(page));
      }
      await page.context().close();
    });
  }
});
