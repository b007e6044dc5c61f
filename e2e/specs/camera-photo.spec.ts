import type { Product } from '@market/contract';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiGet, apiSignUp, e2eImei, expect, pageIn, pickModel, screenshots, test, toast } from '../fixtures.ts';

// Issue 35, item 12: a phone's camera photo (4000x3000, about 6 MB, taken upright: EXIF orientation 6) is made
// smaller in the browser before it is uploaded, and the listing shows it.

const main = (page: Page) => page.getByRole('main');

/**
 * A camera's photo: soft colours with a sensor's grain (which makes it as heavy as a real one), stored sideways
 * with EXIF orientation 6 as a phone held upright writes it. Made here, never committed.
 */
async function cameraPhoto(): Promise<Buffer> {
  const [width, height, grain] = [4000, 3000, 40];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0, i = 0; y < height; y++)
    for (let x = 0; x < width; x++, i += 3) {
      pixels[i] = (x * 255) / width + Math.random() * grain - grain / 2;
      pixels[i + 1] = (y * 255) / height + Math.random() * grain - grain / 2;
      pixels[i + 2] = 128 + Math.random() * grain - grain / 2;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * Keeps each picture the page's uploads hand to XMLHttpRequest: Chromium does not give Playwright a body holding a
 * file (its postData is null).
 */
const recordSentPictures = (page: Page) =>
  page.addInitScript(() => {
    const sent: File[] = [];
    Object.assign(window, { sentPictures: sent });
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const image = body instanceof FormData ? body.get('image') : null;
      if (image instanceof File) sent.push(image);
      return send.call(this, body);
    };
  });

/** The bytes, name and type of the `n`th picture sent. */
async function sentPicture(page: Page, n: number) {
  const { base64, name, type } = await page.evaluate(async (n) => {
    const file = (window as unknown as { sentPictures: File[] }).sentPictures[n]!;
    const url = await new Promise<string>((done) => {
      const reader = new FileReader();
      reader.onload = () => done(reader.result as string);
      reader.readAsDataURL(file);
    });
    return { base64: url.slice(url.indexOf(',') + 1), name: file.name, type: file.type };
  }, n);
  return { bytes: Buffer.from(base64, 'base64'), name, type };
}

test("a seller's 6 MB camera photo is sent at most 2,000 px long and well under 1 MB, upright, and the listing shows it", async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(90_000);
  const photo = await cameraPhoto();
  expect(photo.length).toBeGreaterThan(5.5 * 1024 * 1024);
  expect(await sharp(photo).metadata()).toMatchObject({ width: 4000, height: 3000, orientation: 6 });

  const seller = await apiSignUp(request, adminSession, 'Seller');
  const productName = `Samsung Galaxy A15 ${Math.random().toString(36).slice(2, 7)}`;
  const page = await pageIn(browser, seller, { lang: 'en', width: 375 });
  await recordSentPictures(page);
  await page.goto('/dashboard/addProduct');
  const form = main(page);
  await expect(form.getByText(/at most 20 MB each/)).toBeVisible();
  const uploaded = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/images');
  await form.getByLabel('Product picture').setInputFiles({ name: 'IMG_20250301_101500.jpg', mimeType: 'image/jpeg', buffer: photo });

  // What the browser sent: a JPEG drawn upright, at most 2,000 px on its long side, well under 1 MB.
  const answer = await uploaded;
  expect(answer.status()).toBe(201);
  const sent = await sentPicture(page, 0);
  expect(sent).toMatchObject({ name: 'IMG_20250301_101500.jpg', type: 'image/jpeg' });
  expect(sent.bytes.length).toBeLessThan(800 * 1024);
  expect(await sharp(sent.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1500, height: 2000 });
  const photos = form.getByRole('list', { name: 'Photos, the cover first' });
  await expect(photos.getByRole('progressbar')).toHaveCount(0);

  await form.getByLabel('Location').fill('Mirpur 10, Dhaka');
  await form.getByLabel('Phone number').fill('01700-000987');
  await form.getByLabel('Original price (tk)').fill('28,000');
  await form.getByLabel('Resale price (tk)').fill('19,500');
  await form.getByLabel('Purchase date').fill('2024-06-10');
  await pickModel(form, 'galaxy a15', 'Galaxy A15');
  await form.getByLabel('Product name').fill(productName);
  await form.getByLabel('Variant').selectOption({ label: '6 GB RAM, 128 GB' });
  const details = form.getByRole('group', { name: 'Phone details' });
  await details.getByLabel('Battery health (%)').fill('91');
  await details.getByLabel('IMEI').fill(e2eImei());
  await form.getByLabel('Condition').selectOption('Excellent');
  await form.getByLabel('Description').fill('Bought last June, no scratches, with its box.');
  await screenshots(page, 'add-product-camera-photo');
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(toast(page, 'Product added successful')).toBeVisible();

  // The listing's photo shows, upright, as the server stores it (at most 1,600 px).
  const [listed] = await apiGet<Product[]>(request, `seller-products/${seller.user._id}`, seller);
  expect(listed).toMatchObject({ productName });
  const stored = await request.get(listed!.img);
  expect(await sharp(await stored.body()).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
  await page.goto(`/detail-product/${listed!._id}`);
  const shown = main(page)
    .getByRole('region', { name: `Photos of ${productName}` })
    .getByRole('img', { name: productName, exact: true });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > img.naturalWidth)).toBe(true);
  await page.context().close();
});
