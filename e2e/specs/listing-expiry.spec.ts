import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutboxMail, Product } from '@market/contract';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteDirIn } from '../../apps/api/src/db/client.ts';
import { startApi, type ServerProcess } from '../../apps/api/test/server-process.ts';
import {
  apiCreateProduct,
  apiGet,
  apiLogin,
  apiSignUp,
  expect,
  expectAccessible,
  pageIn,
  screenshot,
  screenshots,
  test,
  toast,
  type Session,
} from '../fixtures.ts';

// Issue 36, item 4 (decision 063): a listing is on sale 60 days. Five days before its end its seller is told, by mail
// with a one-tap "Still available" that works signed out; at its end it expires: its page says so with phones like it,
// and its seller renews it from My Products. This file starts a server of its own (the same built app, PGlite, the
// demo, a fresh DATA_DIR), because time has to pass: the server is stopped, two listings' ends are moved in its
// database (one 3 days away, one a minute ago) and the hourly housekeeping's 'listing-expiry' job is queued, as the
// hour would, then it starts again on the same data and its job worker does the rest. No hook in the product for it.

let server: ServerProcess;
let dataDir: string;
let baseURL: string;
let api: APIRequestContext;
let admin: Session;
let seller: Session;
/** Ends in 3 days: its seller is reminded, with the link. */
let ending: Product;
/** Ends in 2 days too: renewed from My Products' "Still available". */
let soon: Product;
/** Ended a minute ago: the job expires it. */
let gone: Product;

const main = (page: Page) => page.getByRole('main');
const env = () => ({
  DATA_DIR: dataDir,
  DEMO: 'true',
  LIMIT_UPLOADS_PER_IP: '1000/10m',
  // The risk signals are the listing checks' spec's: here every listing goes live at once.
  RISK_CONFIRMED_NUMBER: 'false',
  RISK_NEW_SELLER_LISTINGS: '1000',
});

/** Moves listings' ends as time passing would, and queues the job the hourly housekeeping queues when one is due. */
async function letTimePass(ends: [Product, string][]) {
  await server.stop();
  const database = await openDatabase({ pgliteDir: pgliteDirIn(dataDir) });
  try {
    for (const [product, end] of ends)
      await database.db.execute(sql`update products set expires_at = date_trunc('second', now()) + ${end}::interval where id = ${product._id}`);
    await database.db.execute(sql`insert into jobs (kind, payload) values ('listing-expiry', '{}'::jsonb)`);
  } finally {
    await database.close();
  }
  server = await startApi({ env: env(), port: server.port, timeoutMs: 60_000 });
}

/** The expiry reminders mailed to the seller (the outbox, read as the Admin: no SMTP server here). */
const reminders = async () =>
  (await apiGet<OutboxMail[]>(api, '/api/outbox?limit=100', admin)).filter((m) => m.to === seller.user.email && m.kind === 'notification-listing_expiring');

/** The seller's listing as they read it (with its end). */
const own = (product: Product) => apiGet<Product>(api, `/api/own-product/${product._id}`, seller);
const daysLeft = (p: Product) => (Date.parse(p.expiresAt!) - Date.now()) / 86_400_000;

/** A page of a browser of its own, signed out, in a language and at a width. */
async function visitor(browser: Browser, lang: 'en' | 'bn', width: 375 | 1280) {
  const context = await browser.newContext({ baseURL, locale: lang === 'bn' ? 'bn-BD' : 'en-GB', viewport: { width, height: width === 375 ? 812 : 900 } });
  return context.newPage();
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'market-e2e-expiry-'));
  server = await startApi({ env: env(), timeoutMs: 60_000 });
  // The address the suite's own server is opened at (see global-setup.ts); the port stays across the restart.
  baseURL = `http://localhost:${server.port}`;
  api = await playwright.request.newContext({ baseURL });
  admin = await apiLogin(api, 'Admin');
  seller = await apiSignUp(api, admin, 'Seller', { name: 'Rafiq Mobile' });
  const stamp = Date.now().toString(36).slice(-4);
  ending = await apiCreateProduct(api, seller, { productName: `Pixel 7 Pro ${stamp}` });
  soon = await apiCreateProduct(api, seller, { productName: `Pixel 6a ${stamp}` });
  gone = await apiCreateProduct(api, seller, { productName: `Pixel 7 ${stamp}`, resalePrice: 42000 });
  expect(daysLeft(await own(ending))).toBeGreaterThan(59.9);

  await letTimePass([
    [ending, '3 days'],
    [soon, '2 days'],
    [gone, '-1 minute'],
  ]);
  // The job ran: the ended listing expired, and its seller was reminded of the two ending soon.
  await expect.poll(async () => (await own(gone)).status, { timeout: 20_000 }).toBe('expired');
  const remindedOf = async () => {
    const texts = (await reminders()).map((m) => m.text ?? '');
    return [ending, soon].filter((p) => texts.some((text) => text.includes(p.productName))).map((p) => p.productName);
  };
  await expect.poll(remindedOf, { timeout: 20_000 }).toEqual([ending.productName, soon.productName]);
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the reminder’s "Still available" renews the listing with one tap, signed out; the link then says it was renewed', async ({ browser }) => {
  // The seller was reminded of each listing ending within 5 days: this one's mail names it, with its link.
  const mail = (await reminders()).find((m) => m.text?.includes(ending.productName));
  expect(mail, 'the reminder of the listing ending in 3 days').toBeTruthy();
  expect(mail!.text).toContain('leaves search in 3 days');
  const link = new RegExp(`https?://[^\\s/]+(/still-available/${ending._id}\\.\\d+\\.[\\w-]{43})`).exec(mail!.text ?? '');
  expect(link, `a "Still available" link in: ${mail!.text}`).toBeTruthy();
  const path = link![1]!;

  // Opened from the mail in a browser that never signed in: the phone, its end, and the one button. Opening renews nothing.
  const page = await visitor(browser, 'en', 1280);
  await page.goto(path);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Still available?' })).toBeVisible();
  await expect(main(page)).toContainText(ending.productName);
  await expect(main(page).getByText(/^On sale until .+\. Still have the phone\?/)).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Still available' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'still-available-due');
  expect(daysLeft(await own(ending))).toBeLessThan(3.1);

  // In Bangla on a phone: the tap.
  const bn = await visitor(browser, 'bn', 375);
  await bn.goto(path);
  await bn.getByRole('button', { name: 'এখনও বিক্রি হয়নি' }).click();
  await expect(main(bn).getByText(/^নবায়ন হয়েছে: .+ পর্যন্ত বিক্রির জন্য থাকবে$/)).toBeVisible();
  await expect(bn.getByRole('button', { name: 'এখনও বিক্রি হয়নি' })).toHaveCount(0);
  await expectAccessible(bn);
  await screenshot(bn, { path: 'e2e/screenshots/still-available-renewed-bn-375.png', fullPage: true });
  expect(daysLeft(await own(ending))).toBeGreaterThan(59.9);
  await bn.context().close();

  // The same link again: renewed already, nothing to press.
  await page.reload();
  await expect(main(page).getByText(/^Already renewed: on sale until /)).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Still available' })).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: 'See its page' })).toHaveAttribute('href', `/detail-product/${ending._id}`);
  await screenshots(page, 'still-available-renewed');

  // A link the server did not sign: said in words, with the way to My Products.
  await page.goto(path.replace(/.{6}$/, 'AAAAAA'));
  await expect(main(page).getByRole('alert')).toHaveText('This link is not valid: renew the listing from My Products');
  await expect(main(page).getByRole('link', { name: 'My Products' })).toBeVisible();
  await page.context().close();
});

test('an expired listing: its page says so, with phones like it; its seller renews it from My Products, and it is for sale again', async ({ browser }) => {
  // A visitor: the page says it has expired (404 for search engines), the way on, and nothing to book.
  for (const width of [375, 1280] as const) {
    const page = await visitor(browser, 'en', width);
    const response = await page.goto(`/detail-product/${gone._id}`);
    expect(response?.status()).toBe(404);
    await expect(main(page).getByRole('heading', { level: 1, name: 'This listing has expired' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Similar phones' }).getByRole('link').first()).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'More Google phones' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Book Now/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Login for Order' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectAccessible(page);
    await screenshot(page, { path: `e2e/screenshots/listing-expired-${width}.png`, fullPage: true, animations: 'disabled' });
    await page.context().close();
  }

  // Its seller, on its page: Renew and Edit instead of the way to other phones.
  const page = await pageIn(browser, seller, { lang: 'en', width: 375, baseURL });
  await page.goto(`/detail-product/${gone._id}`);
  await expect(main(page).getByText(`Your listing of ${gone.productName} expired and left search.`, { exact: false })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Renew' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'More Google phones' })).toHaveCount(0);
  await screenshot(page, { path: 'e2e/screenshots/listing-expired-mine-375.png', fullPage: true, animations: 'disabled' });

  // In My Products: the expired one with Renew; the one ending in 2 days with its warning and "Still available".
  await page.goto('/dashboard/myProduct');
  const expiredRow = main(page).getByRole('row').filter({ hasText: gone.productName });
  const soonRow = main(page).getByRole('row').filter({ hasText: soon.productName });
  await expect(expiredRow.getByText('expired', { exact: true })).toBeVisible();
  await expect(soonRow.getByText('Expires in 2 days', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('row').filter({ hasText: ending.productName })).toContainText('On sale until');
  await expectAccessible(page);
  await screenshots(page, 'my-products-terms');

  await soonRow.getByRole('button', { name: `Still available: keep ${soon.productName} on sale` }).click();
  await expect(toast(page, /^Renewed: on sale until /)).toBeVisible();
  await expect(soonRow.getByText(/Expires in/)).toHaveCount(0);

  // Renew asks nothing: one press, and it is back on sale.
  await expiredRow.getByRole('button', { name: `Renew ${gone.productName}` }).click();
  await expect(toast(page, /^Renewed: on sale until /).last()).toBeVisible();
  await expect(expiredRow.getByText('available', { exact: true })).toBeVisible();
  await expect(expiredRow.getByRole('button', { name: `Renew ${gone.productName}` })).toHaveCount(0);
  await screenshot(page, { path: 'e2e/screenshots/my-products-renewed-1280.png', fullPage: true, animations: 'disabled' });
  await page.context().close();
  expect(daysLeft(await own(gone))).toBeGreaterThan(59.9);

  // For sale again: the visitor's page is the listing, to be booked.
  const again = await visitor(browser, 'en', 1280);
  const response = await again.goto(`/detail-product/${gone._id}`);
  expect(response?.status()).toBe(200);
  await expect(main(again).getByRole('heading', { level: 1, name: gone.productName })).toBeVisible();
  await expect(main(again).getByText('This listing has expired')).toHaveCount(0);
  await again.context().close();
});
