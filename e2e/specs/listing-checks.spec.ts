import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Notification, Product } from '@market/contract';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  apiCreateProduct,
  apiGet,
  apiSignUp,
  e2eImei,
  expect,
  expectAccessible,
  loadUntilVisible,
  pageIn,
  pickModel,
  screenshot,
  test,
  toast,
  type Session,
} from '../fixtures.ts';

// Issue 36: a listing whose photo another seller's listing already shows waits for a person's check. Its seller sees
// why in My Products; the Admin sees both photos side by side in Listing checks, approves it with a reason; it goes
// live for everyone, and its seller is told. At a phone's width and a desktop's, in English and Bangla.

const main = (page: Page) => page.getByRole('main');

/**
 * A photo no other test has: random noise, as a camera's grain would be, small enough that the browser sends it as it
 * is (under half a megabyte). Written to a temporary file the add form's picker is given.
 */
async function uniquePhoto(dir: string) {
  const noise = await sharp(Buffer.from(Array.from({ length: 64 * 48 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 64, height: 48, channels: 3 },
  })
    .resize(640, 480, { kernel: 'nearest' })
    .jpeg({ quality: 85 })
    .toBuffer();
  const path = join(dir, 'phone.jpg');
  writeFileSync(path, noise);
  return { path, buffer: noise };
}

/** Uploads a picture as the seller's own (POST /api/images), for a listing posted through the API. */
async function uploadAs(request: APIRequestContext, seller: Session, buffer: Buffer) {
  const res = await request.post('/api/images', {
    multipart: { image: { name: 'phone.jpg', mimeType: 'image/jpeg', buffer } },
    headers: { authorization: seller.token },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()).data as { url: string }).url;
}

/** No sideways scroll at the page's width (the screenshots helper's check, for one width). */
async function fitsWidth(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} overflows horizontally`).toBeLessThanOrEqual(0);
}

/** A full-page screenshot (SCREENSHOTS=1) of the page as it is, once the fonts and pictures are in. */
async function picture(page: Page, name: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
  await screenshot(page, { path: `e2e/screenshots/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** The seller's listing through the add form, with the photo `file`: a Pixel 7 Pro at a usual price. */
async function postThroughTheForm(page: Page, file: string, productName: string) {
  await page.goto('/dashboard/addProduct');
  const form = main(page);
  await form.getByLabel('Location').fill('Mirpur 10, Dhaka');
  await form.getByLabel('Phone number').fill('01700-000654');
  await form.getByLabel('Original price (tk)').fill('1,10,000');
  await form.getByLabel('Resale price (tk)').fill('62,000');
  await form.getByLabel('Product name').fill(productName);
  await form.getByLabel('Purchase date').fill('2023-01-20');
  await form.getByLabel('Product picture').setInputFiles(file);
  await expect(form.getByRole('list', { name: 'Photos, the cover first' }).getByRole('listitem')).toHaveCount(1);
  await expect(form.getByRole('list', { name: 'Photos, the cover first' }).getByRole('progressbar')).toHaveCount(0);
  await form.getByLabel('Category').selectOption({ label: 'Google' });
  await pickModel(form, 'pixel 7 pro', 'Pixel 7 Pro');
  await form.getByLabel('Variant').selectOption({ label: '12 GB RAM, 256 GB' });
  await form.getByLabel('Condition').selectOption('Excellent');
  await form.getByLabel('Description').fill('Two years old, always in a case, with its charger.');
  const details = form.getByRole('group', { name: 'Phone details' });
  await details.getByLabel('Battery health (%)').fill('88');
  await details.getByLabel('IMEI').fill(e2eImei());
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(toast(page, 'Product added successful')).toBeVisible();
}

/** The Admin's queue in Bangla at `width`, for the screenshots: the row of `productName` in view. */
async function banglaQueue(browser: Browser, admin: Session, width: 375 | 1280, productName: string) {
  const page = await pageIn(browser, admin, { lang: 'bn', width });
  await page.goto('/dashboard/listing-checks');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('বিজ্ঞাপন যাচাই');
  await loadUntilVisible(page, main(page).getByRole('row').filter({ hasText: productName }));
  await expect(main(page).getByRole('row').filter({ hasText: productName })).toContainText('একটি ছবি অন্য এক বিক্রেতার বিজ্ঞাপনের ছবির মতো');
  await fitsWidth(page, `the Admin's queue in Bangla at ${width}px`);
  await picture(page, `listing-checks-admin-bn-${width}`);
  await page.context().close();
}

for (const width of [375, 1280] as const) {
  test(`a listing with another seller's photo waits for a check; the Admin sees both photos and approves it; it goes live (${width} px)`, async ({
    browser,
    request,
    adminSession,
  }) => {
    test.setTimeout(180_000);
    const dir = mkdtempSync(join(tmpdir(), 'market-e2e-photo-'));
    try {
      const photo = await uniquePhoto(dir);
      const first = await apiSignUp(request, adminSession, 'Seller', { name: 'Karim Telecom' });
      const original = await apiCreateProduct(request, first, { img: await uploadAs(request, first, photo.buffer) });
      expect(original.status).toBe('available');

      // Another seller lists a phone with the same photo: it waits, and the page after Post says why.
      const second = await apiSignUp(request, adminSession, 'Seller', { name: 'Rafiq Mobiles' });
      const productName = `Pixel 7 Pro ${Math.random().toString(36).slice(2, 7)}`;
      const seller = await pageIn(browser, second, { lang: 'en', width });
      await postThroughTheForm(seller, photo.path, productName);
      await expect(main(seller).getByRole('heading', { name: `${productName} is posted: it waits for a check` })).toBeFocused();
      await expect(main(seller)).toContainText('A photo is like one on another seller’s listing');
      await picture(seller, `listing-checks-posted-en-${width}`);
      const [held] = await apiGet<Product[]>(request, `seller-products/${second.user._id}`, second);
      expect(held).toMatchObject({ productName, status: 'pending', check: { state: 'waiting', hours: 4 } });
      expect(held!.check!.signals).toContain('photo_reused');
      expect((await request.get(`/api/detail-product/${held!._id}`)).status()).toBe(404);

      // My Products says it waits, how long that usually takes and why; it is not offered for sale or advertising.
      await seller.goto('/dashboard/myProduct');
      const row = main(seller).getByRole('row').filter({ hasText: productName });
      await expect(row).toContainText('Waiting for a check');
      await expect(row).toContainText('A person checks it before buyers see it, usually within 4 hours.');
      await expect(row).toContainText('A photo is like one on another seller’s listing');
      await expect(row.getByRole('button', { name: `Mark sold: ${productName}` })).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Advertise' })).toHaveCount(0);
      await expectAccessible(seller);
      await fitsWidth(seller, `My Products at ${width}px`);
      await picture(seller, `listing-checks-my-products-en-${width}`);
      // Its own page shows it with the check, not Book Now.
      await row.getByRole('link', { name: productName, exact: true }).click();
      await expect(main(seller).getByRole('heading', { level: 1 })).toHaveText(productName);
      await expect(main(seller).getByRole('heading', { level: 2, name: 'Waiting for a check' })).toBeVisible();
      await expect(main(seller).getByRole('button', { name: 'Book Now' })).toHaveCount(0);
      await expectAccessible(seller);
      await fitsWidth(seller, `the held phone's page at ${width}px`);
      await picture(seller, `listing-checks-held-phone-en-${width}`);
      // Opened by its address too (the server's first screen has nothing for it: the app asks as its seller).
      await seller.reload();
      await expect(main(seller).getByRole('heading', { level: 2, name: 'Waiting for a check' })).toBeVisible();
      await seller.context().close();
      // In Bangla.
      const bangla = await pageIn(browser, second, { lang: 'bn', width });
      await bangla.goto('/dashboard/myProduct');
      await expect(main(bangla).getByRole('row').filter({ hasText: productName })).toContainText('যাচাইয়ের অপেক্ষায়');
      await expect(main(bangla).getByRole('row').filter({ hasText: productName })).toContainText('সাধারণত ৪ ঘণ্টার মধ্যে');
      await fitsWidth(bangla, `My Products in Bangla at ${width}px`);
      await picture(bangla, `listing-checks-my-products-bn-${width}`);
      await bangla.context().close();

      // The Admin's queue: both photos side by side, the other listing named and linked.
      const admin = await pageIn(browser, adminSession, { lang: 'en', width });
      await admin.goto('/dashboard/listing-checks');
      await expect(main(admin).getByRole('heading', { level: 1 })).toHaveText('Listing checks');
      const queued = main(admin).getByRole('row').filter({ hasText: productName });
      await loadUntilVisible(admin, queued);
      await expect(queued).toContainText('A photo is like one on another seller’s listing');
      await expect(queued).toContainText('Member since');
      await expect(queued).toContainText('0 completed sales');
      await expect(queued.getByRole('img', { name: 'This listing’s photo' })).toHaveAttribute('src', held!.img);
      await expect(queued.getByRole('img', { name: 'The other listing’s photo' })).toHaveAttribute('src', original.img);
      await expect(queued.getByRole('link', { name: original.productName })).toHaveAttribute('href', `/detail-product/${original._id}`);
      await expect(queued.getByRole('link', { name: 'by Karim Telecom' })).toHaveAttribute('href', `/seller/${first.user._id}`);
      await expectAccessible(admin);
      await fitsWidth(admin, `the Admin's queue at ${width}px`);
      await queued.scrollIntoViewIfNeeded();
      await picture(admin, `listing-checks-admin-en-${width}`);
      await banglaQueue(browser, adminSession, width, productName);

      // Approved, with a reason, after the question.
      await queued.getByRole('button', { name: `Approve ${productName}` }).click();
      const dialog = admin.getByRole('dialog', { name: 'Approve this listing?' });
      await expect(dialog).toContainText(`${productName} goes live at once, and Rafiq Mobiles is told it was checked.`);
      await dialog.getByLabel('Reason (optional)').fill('The same seller’s photo under another account: checked by phone');
      await expectAccessible(admin);
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await expect(toast(admin, 'Listing approved: it is live')).toBeVisible();
      await expect(queued).toHaveCount(0);
      await admin.context().close();

      // Live for a visitor (signed out), and its seller was told.
      const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width, height: 900 } });
      const page = await visitor.newPage();
      await page.goto(`/detail-product/${held!._id}`);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(productName);
      await expect(main(page).getByRole('link', { name: 'Login for Order' })).toBeVisible();
      await visitor.close();
      const told = await apiGet<Notification[]>(request, 'notifications', second);
      expect(told.map((n) => [n.kind, n.productName])).toContainEqual(['listing_approved', productName]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
