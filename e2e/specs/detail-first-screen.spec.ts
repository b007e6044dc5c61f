import type { NewProductInput, PhoneModel, PriceGuide } from '@market/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiCreateProduct,
  apiDemoProduct,
  apiSignUp,
  apiUpload,
  expect,
  screenshot,
  screenshots,
  signInWith,
  taka,
  test,
  toast,
  type Session,
} from '../fixtures.ts';

/*
 * A phone's page as a phone shows it (issue 35): the first screen has the photo, name, price, condition and place
 * and the main action, which stays in reach in a bar at the bottom all the way down; a sold phone's page keeps its
 * notice and the way on once the app runs; the gallery's Full screen works before the app's scripts do.
 * With several photos the gallery stays compact on a phone (no thumbnail row), and before the scripts run it shows
 * nothing that does nothing. A listing as most are (a name of two lines, a price guide, five photos) still fits: the
 * heart stays beside the name and the price guide comes after the condition and the place.
 */

const phoneSize = { width: 375, height: 812 };
/** Whether the element is wholly on the screen and not under the bar at its bottom. */
async function onFirstScreen(page: Page, name: string, box: { y: number; height: number } | null) {
  const bar = await page.locator('[data-bottom-bar]').boundingBox();
  expect(box, name).not.toBeNull();
  expect(box!.y, name).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${name} is above the bar`).toBeLessThanOrEqual(bar!.y);
}

test('at 375 px the first screen has the price, condition, place and Book Now, which stays in a bar at the bottom and books', async ({
  page,
  request,
  sellerSession,
  adminSession,
}) => {
  const product = await apiCreateProduct(request, sellerSession);
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  await signInWith(page, buyer);
  await page.setViewportSize(phoneSize);
  await page.goto(`/detail-product/${product._id}`);
  const main = page.getByRole('main');
  const bar = page.locator('[data-bottom-bar]');
  const book = page.getByRole('button', { name: 'Book Now' });
  await expect(book).toBeEnabled();
  await expect(bar).toContainText(`${taka(product.resalePrice)} BDT`);
  await expect(bar.getByRole('button', { name: 'Book Now' })).toBeInViewport({ ratio: 1 });
  await screenshot(page, { path: 'e2e/screenshots/detail-phone-first-screen-375.png' });
  for (const [name, target] of [
    ['the name', main.getByRole('heading', { level: 1 })],
    ['the price', main.locator('strong', { hasText: `${taka(product.resalePrice)} BDT` })],
    ['the condition', main.locator('dt', { hasText: 'Condition' }).locator('xpath=following-sibling::dd[1]')],
    ['the place', main.locator('dt', { hasText: 'Location' }).locator('xpath=following-sibling::dd[1]')],
  ] as const)
    await onFirstScreen(page, name, await target.boundingBox());

  // Down the specs to the page's end: Book Now is still on the screen, and the footer's last line is not under it.
  await main.locator('dt', { hasText: 'IMEI' }).scrollIntoViewIfNeeded();
  await expect(main.getByRole('heading', { level: 1 })).not.toBeInViewport();
  await expect(book).toBeInViewport({ ratio: 1 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(book).toBeInViewport({ ratio: 1 });
  const copyright = page.getByRole('contentinfo').getByText(/©/);
  await expect(copyright).toBeInViewport();
  const [last, barBox] = [await copyright.boundingBox(), await bar.boundingBox()];
  expect(last!.y + last!.height).toBeLessThanOrEqual(barBox!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // The bar's Book Now is the page's one: it opens the booking form, and once booked the bar says so.
  await book.click();
  const dialog = page.getByRole('dialog', { name: 'Booking information' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Meeting location').fill('Gulshan 1, Dhaka');
  await dialog.getByLabel('Mobile number').fill('01711-000222');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  const booked = bar.getByRole('link', { name: 'Booked — see your order' });
  await expect(booked).toBeFocused();
  await expect(booked).toBeInViewport({ ratio: 1 });
  // The toast comes above the bar, not over it.
  const done = toast(page, `${product.productName} booked successfully`);
  await expect(done).toBeVisible();
  // Where it settles: it slides in from below (measured at once, it may be on its way).
  const barTop = (await bar.boundingBox())!.y;
  const doneBottom = async () => {
    const box = await done.boundingBox();
    return box ? box.y + box.height : Infinity;
  };
  await expect.poll(doneBottom).toBeLessThanOrEqual(barTop);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'detail-phone-bar');
});

test('a phone page in Bangla at 375 px: the bar with the price in Bangla digits and the way to log in', async ({ page, request }) => {
  const product = await apiDemoProduct(request);
  await page.setViewportSize(phoneSize);
  await page.goto(`/detail-product/${product._id}?lang=bn`);
  const bar = page.locator('[data-bottom-bar]');
  await expect(bar.getByRole('link', { name: 'অর্ডার করতে লগইন করুন' })).toBeInViewport({ ratio: 1 });
  await expect(bar).toContainText(`৳${taka(product.resalePrice).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!)}`);
  await screenshot(page, { path: 'e2e/screenshots/detail-phone-first-screen-bn-375.png' });
  await screenshots(page, 'detail-phone-bar-bn');
});

test("a sold phone's page keeps its notice and the way on once the app runs, and when opened again inside the app", async ({
  page,
  request,
  sellerSession,
  adminSession,
}) => {
  const product = await apiCreateProduct(request, sellerSession);
  const sold = await request.put(`/api/mark-sold/${product._id}`, { headers: { authorization: sellerSession.token } });
  expect(sold.status(), await sold.text()).toBe(200);
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  await signInWith(page, buyer);
  const brand = product.categoryId;

  const response = await page.goto(`/detail-product/${product._id}`);
  expect(response?.status()).toBe(410);
  // goto waits for the app to have started (html[data-started]): what shows now is the app's page.
  await expect(page.locator('html[data-started]')).toBeAttached();
  const main = page.getByRole('main');
  const expectSoldPage = async () => {
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('This phone has been sold');
    await expect(main.getByText(`This ${product.productName} has been sold. See the other ${brand.category} phones for sale on Resale Phones.`)).toBeVisible();
    await expect(main.getByRole('link', { name: `More ${brand.category} phones` })).toHaveAttribute('href', `/category/${brand._id}`);
    await expect(page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Report', exact: true })).toHaveCount(0);
    await expect(page.locator('[data-bottom-bar]')).toHaveCount(0);
  };
  await expectSoldPage();
  await screenshots(page, 'detail-sold');

  // The way on, and back: the page drawn again by the app alone.
  await main.getByRole('link', { name: `More ${brand.category} phones` }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${brand._id}$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/detail-product/${product._id}$`));
  await expectSoldPage();
});

test('before the scripts run, Full screen is a link that shows the full-size picture', async ({ browser, request }) => {
  const product = await apiDemoProduct(request);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: false, viewport: phoneSize });
  const page = await context.newPage();
  await page.goto(`/detail-product/${product._id}`);
  const full = page.getByRole('link', { name: 'Full screen' });
  await expect(full).toHaveAttribute('href', product.images[0]!.url);
  await full.click();
  // The browser's own page for a picture: the picture, full size.
  await expect(page).toHaveURL(new RegExp(`${product.images[0]!.url}$`));
  await expect(page.locator('body > img')).toBeVisible();
  await context.close();
});

/** A phone of the seller's with `count` photos, each a picture of its own. */
async function apiPhoneWithPhotos(request: APIRequestContext, seller: Session, count: number, overrides: Partial<NewProductInput> = {}) {
  const images: string[] = [];
  for (let i = 1; i <= count; i++) images.push(await apiUpload(request, `photo-${i}.png`, seller));
  return apiCreateProduct(request, seller, { img: images[0], images, ...overrides });
}

/**
 * A listing as a phone's page usually has it: of a catalogue model whose price guide the demo data gives (seven sales
 * of a Pixel 7, 128 GB, Good: seed-sales.ts), a little under its usual price, with a name as long as a phone's usually
 * is (two lines on a phone's screen).
 */
async function apiGuidedListing(request: APIRequestContext, seller: Session) {
  const models = (await (await request.get('/api/phone-models')).json()).data as PhoneModel[];
  const model = models.find((m) => m.brand.category === 'Google' && m.name === 'Pixel 7');
  expect(model, 'the demo catalogue has the Pixel 7').toBeTruthy();
  const key = { phoneModelId: model!._id, storageGb: 128, condition: 'Good' } as const;
  const answer = await request.get(`/api/price-guide?model=${model!._id}&storage=128&condition=Good`);
  const guide = (await answer.json()).data as PriceGuide | null;
  expect(guide, 'the demo data gives the Pixel 7, 128 GB, Good a price guide').toMatchObject({ basis: 'sales' });
  const productName = `Google Pixel 7 Obsidian ${Math.random().toString(36).slice(2, 7)}`;
  return apiPhoneWithPhotos(request, seller, 5, { ...key, productName, resalePrice: Math.round((guide!.median * 0.95) / 500) * 500 });
}

test('a phone with five photos, a name of two lines and a price guide: at 375×812 and 360×740, in English and Bangla, the first screen still has the photo, name, price, condition, place and Book Now', async ({
  page,
  request,
  sellerSession,
  adminSession,
}) => {
  const product = await apiGuidedListing(request, sellerSession);
  expect(product.images).toHaveLength(5);
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  await signInWith(page, buyer);
  const main = page.getByRole('main');
  for (const [lang, words] of [
    ['en', { condition: 'Condition', location: 'Location', book: 'Book Now', save: 'Save', price: `${taka(product.resalePrice)} BDT` }],
    [
      'bn',
      {
        condition: 'কন্ডিশন',
        location: 'লোকেশন',
        book: 'বুক করুন',
        save: 'সেভ করুন',
        price: `৳${taka(product.resalePrice).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!)}`,
      },
    ],
  ] as const)
    for (const size of [phoneSize, { width: 360, height: 740 }]) {
      await page.setViewportSize(size);
      await page.goto(`/detail-product/${product._id}?lang=${lang}`);
      const at = `${lang} at ${size.width}×${size.height}`;
      const book = page.locator('[data-bottom-bar]').getByRole('button', { name: words.book });
      await expect(book, at).toBeEnabled();
      await expect(book, at).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => window.scrollY), at).toBe(0);
      const gallery = main.getByRole('region', { name: lang === 'en' ? `Photos of ${product.productName}` : `${product.productName}-এর ছবি` });
      // What comes once the app runs (the server draws neither): the buyer's heart and the price guide, whose link
      // goes to the model's prices.
      const heading = main.getByRole('heading', { level: 1, name: product.productName });
      const place = main.locator('dt', { hasText: words.location }).locator('xpath=following-sibling::dd[1]');
      const phone = main.locator('article');
      const save = phone.getByRole('button', { name: words.save, exact: true });
      const guide = phone.locator('p', { has: page.locator('a[href="/prices/google/pixel-7"]') });
      await expect(save, at).toBeVisible();
      await expect(guide, at).toBeVisible();
      await screenshot(page, { path: `e2e/screenshots/detail-photos-first-screen-${lang}-${size.width}.png` });
      // The name takes two lines, with the heart beside it (not on a line of its own under it).
      const [title, heart] = [(await heading.boundingBox())!, (await save.boundingBox())!];
      const line = await heading.evaluate((h) => parseFloat(getComputedStyle(h).lineHeight));
      expect(Math.round(title.height / line), `the name's lines (${at})`).toBe(2);
      expect(heart.y, `the heart beside the name (${at})`).toBeLessThan(title.y + title.height);
      expect(heart.x, `the heart beside the name (${at})`).toBeGreaterThanOrEqual(title.x + title.width);
      // Only the photo's top part need show: its top 60 px.
      const photo = (await gallery.getByRole('img').first().boundingBox())!;
      await onFirstScreen(page, `the top of the first photo (${at})`, { y: photo.y, height: 60 });
      for (const [name, target] of [
        ['the name', heading],
        ['the price', main.locator('strong', { hasText: words.price })],
        ['the condition', main.locator('dt', { hasText: words.condition }).locator('xpath=following-sibling::dd[1]')],
        ['the place', place],
      ] as const)
        await onFirstScreen(page, `${name} (${at})`, await target.boundingBox());
      // How the price stands comes after the condition and the place, which it no longer pushes down.
      const placed = (await place.boundingBox())!;
      expect((await guide.boundingBox())!.y, `the guide after the place (${at})`).toBeGreaterThanOrEqual(placed.y + placed.height);
      // The photos: five, swiped on a phone, with their counter and no thumbnail row to push the rest down.
      await expect(gallery.getByRole('img'), at).toHaveCount(5);
      const thumbnails = gallery.getByRole('list', { includeHidden: true });
      await expect(thumbnails, at).toHaveCount(1);
      await expect(thumbnails, at).toBeHidden();
      await expect(gallery.getByText(lang === 'en' ? '1 / 5' : '১ / ৫'), at).toBeInViewport({ ratio: 1 });
    }
  await page.goto(`/detail-product/${product._id}?lang=en`);
  await screenshots(page, 'detail-photos');
  await page.goto(`/detail-product/${product._id}?lang=bn`);
  await screenshots(page, 'detail-photos-bn');
});

test('before the scripts run, the gallery of a phone with five photos shows no control that does nothing', async ({ browser, request, sellerSession }) => {
  const product = await apiPhoneWithPhotos(request, sellerSession, 5);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: false, viewport: phoneSize });
  const page = await context.newPage();
  await page.goto(`/detail-product/${product._id}`);
  const gallery = page.getByRole('main').getByRole('region', { name: `Photos of ${product.productName}` });
  const photo = (n: number) => gallery.getByRole('img', { name: `${product.productName}, photo ${n} of 5` });
  // No arrows (they need the app) and, on a phone, no thumbnails: the strip swipes by itself.
  await expect(gallery.getByRole('button')).toHaveCount(0);
  await expect(gallery.getByRole('list', { includeHidden: true })).toBeHidden();
  await expect(photo(1)).toBeInViewport({ ratio: 0.9 });
  // A swipe (the wheel's sideways scroll, as a finger's): the next photo, with its own counter and Full screen.
  await photo(1).hover();
  await page.mouse.wheel(200, 0);
  await expect(photo(2)).toBeInViewport({ ratio: 0.9 });
  await expect(page.locator('#photo-2').getByText('2 / 5')).toBeInViewport();
  await page.locator('#photo-2').getByText('Full screen').click();
  await expect(page).toHaveURL(new RegExp(`${product.images[1]!.url}$`));
  await page.goBack();

  // From md up: the thumbnails are links to the photos, which the browser follows without the app.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/detail-product/${product._id}`);
  await expect(gallery.getByRole('button')).toHaveCount(0);
  const thumbnails = gallery.getByRole('list', { name: 'Choose a photo' }).getByRole('link');
  await expect(thumbnails).toHaveCount(5);
  await thumbnails.nth(3).click();
  await expect(page).toHaveURL(/#photo-4$/);
  await expect(photo(4)).toBeInViewport({ ratio: 0.9 });
  // The page has not jumped: the name beside the photos is still in view.
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  await page.locator('#photo-4').getByText('Full screen').click();
  await expect(page).toHaveURL(new RegExp(`${product.images[3]!.url}$`));
  await context.close();
});
