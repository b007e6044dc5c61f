import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order, Product } from '@market/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { startApi, type ServerProcess } from '../../apps/api/test/server-process.ts';
import {
  apiBook,
  apiCreateProduct,
  apiGet,
  apiHandOver,
  apiHandoverCode,
  apiLogin,
  apiProduct,
  apiPay,
  apiSignUp,
  expect,
  expectAccessible,
  pageIn,
  type Session,
  test,
} from '../fixtures.ts';

// Issue 31, item 4: the deal's timers fire for real. The suite's server waits 3 days for a seller's answer and 24 hours
// for a complaint; this file starts a server of its own (the same built app, PGlite, the demo, a fresh DATA_DIR) whose
// booking expires after 4 s unanswered and whose complaint window lasts 6 s. Its job queue looks for due jobs every 5 s,
// so each timer has fired within about 11 s: the pages are reloaded until they say so.

const answerAfter = '4s';
const complaintWindow = '6s';

let server: ServerProcess;
let dataDir: string;
let baseURL: string;
let api: APIRequestContext;
let buyer: Session;
let seller: Session;
/** Booked, and never answered by its seller: the answer timer expires it. */
let unanswered: { product: Product; order: Order };
/** Booked protected, paid and handed over: the window timer completes it. */
let handedOver: { product: Product; order: Order };

const main = (page: Page) => page.getByRole('main');
const rowOf = (page: Page, text: string) => main(page).getByRole('row').filter({ hasText: text });

/** Reloads `page` until `text` shows in the row of `product`: a timer fires in the background, nothing pushes it to the page. */
async function reloadUntil(page: Page, product: Product, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(rowOf(page, product.productName).getByText(text, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [500, 1_000] });
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(60_000);
  dataDir = mkdtempSync(join(tmpdir(), 'market-e2e-timers-'));
  server = await startApi({
    env: {
      DATA_DIR: dataDir,
      DEMO: 'true',
      BOOKING_EXPIRES_AFTER: answerAfter,
      COMPLAINT_WINDOW: complaintWindow,
      LIMIT_UPLOADS_PER_IP: '1000/10m',
    },
    timeoutMs: 60_000,
  });
  // The address the suite's own server is opened at (see global-setup.ts).
  baseURL = `http://localhost:${server.port}`;
  api = await playwright.request.newContext({ baseURL });
  const admin = await apiLogin(api, 'Admin');
  [seller, buyer] = [await apiSignUp(api, admin, 'Seller', { name: 'Kamal Phones' }), await apiSignUp(api, admin, 'Buyer', { name: 'Shirin Akter' })];

  // Both deals are made at once, so that their timers run out together.
  const quiet = await apiCreateProduct(api, seller, { productName: `Galaxy M14 ${Date.now()}` });
  unanswered = { product: quiet, order: await apiBook(api, buyer, quiet, 'Uttara Sector 7, Dhaka', { payWith: 'cash' }) };
  expect(unanswered.order.state).toBe('requested');

  const sold = await apiCreateProduct(api, seller, { productName: `Realme C55 ${Date.now()}` });
  const order = await apiBook(api, buyer, sold, 'Gulshan 1, Dhaka', { payWith: 'protected' });
  // Paid at once: a paid deal no longer waits for the seller's answer, so its own answer timer leaves it.
  await apiPay(api, buyer, order);
  const moved = await apiHandOver(api, seller, order, (await apiHandoverCode(api, buyer, order)).code);
  expect(moved.state).toBe('handed_over');
  // The window ends about 6 s from now, not the default day.
  expect(Date.parse(moved.windowEndsAt!) - Date.now()).toBeLessThan(7_000);
  handedOver = { product: sold, order: moved };
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a booking nobody answers expires by its timer: the buyer reads that the seller did not answer, the seller that it was not answered in time', async ({
  browser,
}) => {
  const { product } = unanswered;
  const buyerPage = await pageIn(browser, buyer, { lang: 'en', width: 375, baseURL });
  await buyerPage.goto('/dashboard/myOrders');
  await reloadUntil(buyerPage, product, 'Expired: the seller did not answer');
  // Nothing left to do on it: no payment, no handover, and no seller's number.
  const orderRow = rowOf(buyerPage, product.productName);
  await expect(orderRow.getByRole('link', { name: /^Handover code/ })).toHaveCount(0);
  await expect(orderRow).not.toContainText('Waiting for the seller to accept');
  await expectAccessible(buyerPage);
  await buyerPage.context().close();

  // The seller, in Bangla at 1280 px: the booking is no longer theirs to accept.
  const sellerPage = await pageIn(browser, seller, { lang: 'bn', width: 1280, baseURL });
  await sellerPage.goto('/dashboard/bookings');
  const bookingRow = rowOf(sellerPage, product.productName);
  await expect(bookingRow.getByText('মেয়াদ শেষ: সময়মতো উত্তর দেওয়া হয়নি', { exact: true })).toBeVisible();
  await expect(bookingRow.getByRole('button', { name: /বুকিং গ্রহণ করুন$/ })).toHaveCount(0);
  await expectAccessible(sellerPage);
  await sellerPage.context().close();

  // Expired, the phone stays for sale.
  const [order] = (await apiGet<Order[]>(api, `orders/${buyer.user._id}`, buyer)).filter((o) => o._id === unanswered.order._id);
  expect(order!.state).toBe('expired');
  expect((await apiProduct(api, product._id)).status).toBe('available');
});

test('a protected deal handed over completes by itself when its complaint window ends: the buyer may then rate the seller', async ({ browser }) => {
  const { product } = handedOver;
  const buyerPage = await pageIn(browser, buyer, { lang: 'en', width: 375, baseURL });
  await buyerPage.goto('/dashboard/myOrders');
  await reloadUntil(buyerPage, product, 'Completed');
  const orderRow = rowOf(buyerPage, product.productName);
  await expect(orderRow.getByRole('button', { name: `Rate the seller of ${product.productName}` })).toBeVisible();
  // The window is over: no dispute any more.
  await expect(orderRow.getByRole('button', { name: /^Report a problem/ })).toHaveCount(0);
  await expectAccessible(buyerPage);
  await buyerPage.context().close();

  const [order] = (await apiGet<Order[]>(api, `orders/${buyer.user._id}`, buyer)).filter((o) => o._id === handedOver.order._id);
  expect(order).toMatchObject({ state: 'completed', paid: true });
});
