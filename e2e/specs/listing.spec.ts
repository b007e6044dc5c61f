import { join } from 'node:path';
import type { Product } from '@market/contract';
import type { Page } from '@playwright/test';
import { apiBook, apiGet, apiSignUp, e2eImei, expect, expectAccessible, pageAs, pickModel, screenshots, taka, test, toast } from '../fixtures.ts';

// Issue 15, the seller's journey: a new seller lists a phone with three photos and its specs (at 375 px), buyers
// see the gallery and the specs, two book it; the seller sees the bookings with the mobile numbers, edits the
// price (at 1280 px) and declines one booking. One test: each new account costs an upload, a sign-up, a mail and a login.

const main = (page: Page) => page.getByRole('main');
/** Real photos of phones (the demo data's pictures), as a seller's camera roll would have them. */
const photo = (name: string) => join(import.meta.dirname, '..', '..', 'apps', 'api', 'src', 'db', 'seed-assets', 'products', name);

test('a seller lists a phone with 3 photos and its specs, sees the bookings with the mobile numbers, edits the price and declines a booking (375 and 1280 px)', async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(120_000);
  const seller = await apiSignUp(request, adminSession, 'Seller', { name: 'Karim Telecom' });
  const productName = `Pixel 7 Pro ${Math.random().toString(36).slice(2, 7)}`;
  const imei = e2eImei();

  // The listing, on a phone.
  const page = await pageAs(browser, seller);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/addProduct');
  const form = main(page);
  await form.getByLabel('Location').fill('Uttara, Dhaka');
  await form.getByLabel('Phone number').fill('01700-000321');
  await form.getByLabel('Original price (tk)').fill('1,10,000');
  await form.getByLabel('Resale price (tk)').fill('62,000');
  await form.getByLabel('Product name').fill(productName);
  await form.getByLabel('Purchase date').fill('2023-01-20');
  await form.getByLabel('Product picture').setInputFiles([photo('pixel-7-pro.webp'), photo('pixel-7.webp'), photo('pixel-6a.webp')]);
  const photos = form.getByRole('list', { name: 'Photos, the cover first' });
  await expect(photos.getByRole('listitem')).toHaveCount(3);
  // The second becomes the cover.
  await photos.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await form.getByLabel('Category').selectOption({ label: 'Google' });
  await pickModel(form, 'pixel 7 pro', 'Pixel 7 Pro');
  // Its variant fills the storage and the RAM (issue 34).
  await form.getByLabel('Variant').selectOption({ label: '12 GB RAM, 256 GB' });
  await form.getByLabel('Condition').selectOption('Excellent');
  await expect(form.getByLabel('Condition')).toHaveAccessibleDescription(/^Like new/);
  await form.getByLabel('Description').fill('Two years old, always in a case. Comes with its original charger.');
  const details = form.getByRole('group', { name: 'Phone details' });
  await expect(details.getByLabel('Storage')).toHaveValue('256');
  await expect(details.getByLabel('RAM (GB)')).toHaveValue('12');
  await details.getByLabel('Battery health (%)').fill('87');
  await details.getByLabel('Model number').fill('GE2AE');
  await details.getByLabel('Colour').fill('Hazel');
  await details.getByLabel('IMEI').fill(imei);
  await details.getByLabel(/^Not locked to an account/).check();
  await details.getByLabel('Box and charger included').check();
  await expectAccessible(page);
  await screenshots(page, 'add-product-photos');
  await page.setViewportSize({ width: 375, height: 800 });
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(toast(page, 'Product added successful')).toBeVisible();

  const [listed] = await apiGet<Product[]>(request, `seller-products/${seller.user._id}`, seller);
  // After Post, the listing itself is one tap away (issue 35); on it, its seller edits it rather than book it.
  await expect(main(page).getByRole('heading', { name: `${productName} is listed` })).toBeFocused();
  await screenshots(page, 'add-product-posted');
  await main(page).getByRole('link', { name: 'See your listing' }).click();
  await expect(page).toHaveURL(new RegExp(`/detail-product/${listed!._id}$`));
  await expect(main(page).getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute('href', `/dashboard/edit-product/${listed!._id}`);
  await expect(main(page).getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  expect(listed).toMatchObject({ productName, resalePrice: 62000, storageGb: 256, ramGb: 12, batteryHealth: 87, model: 'GE2AE', colour: 'Hazel', imei });
  expect(listed!.phoneModel).toMatchObject({ name: 'Pixel 7 Pro', slug: 'pixel-7-pro' });
  expect(listed!.images).toHaveLength(3);
  expect(listed!.img).toBe(listed!.images[0]!.url);
  // Each photo is kept in sizes: a card downloads a small one.
  expect(listed!.images[0]!.srcset).toMatch(/\.w400\.webp 400w/);

  // Buyers judge it: the gallery and the specs, the IMEI's last four digits only.
  const nusrat = await apiSignUp(request, adminSession, 'Buyer', { name: 'Nusrat Jahan' });
  const rafiq = await apiSignUp(request, adminSession, 'Buyer', { name: 'Rafiq Islam' });
  const buyerPage = await pageAs(browser, nusrat);
  for (const width of [375, 1280]) {
    await buyerPage.setViewportSize({ width, height: 900 });
    await buyerPage.goto(`/detail-product/${listed!._id}`);
    const gallery = main(buyerPage).getByRole('region', { name: `Photos of ${productName}` });
    await expect(gallery.getByRole('img', { name: `${productName}, photo 1 of 3` })).toHaveAttribute('src', listed!.images[0]!.url);
    // Each picture carries its own counter: the one in view is the shown picture's (the others are scrolled aside).
    const counter = (n: number) => gallery.getByText(`${n} / 3`);
    await expect(counter(1)).toBeInViewport({ ratio: 1 });
    await expect(counter(2)).not.toBeInViewport();
    if (width === 375) {
      // A swipe: the strip scrolls by one picture.
      await gallery.getByLabel(/^Photos: arrow keys/).evaluate((strip) => strip.scrollTo({ left: strip.clientWidth }));
      await expect(counter(2)).toBeInViewport({ ratio: 1 });
      await expect(counter(1)).not.toBeInViewport();
    } else {
      await gallery.getByRole('button', { name: 'Next photo' }).click();
      await expect(counter(2)).toBeInViewport({ ratio: 1 });
      await expect(counter(1)).not.toBeInViewport();
      await gallery.getByLabel(/^Photos: arrow keys/).press('ArrowRight');
      await expect(counter(3)).toBeInViewport({ ratio: 1 });
      await expect(counter(2)).not.toBeInViewport();
      // A link to the full-size picture, which works before the app's code has arrived (issue 35).
      await gallery.getByRole('link', { name: 'Full screen' }).click();
      const full = buyerPage.getByRole('dialog', { name: `Photos of ${productName}, full screen` });
      await expect(full.getByRole('img')).toHaveAttribute('src', listed!.images[2]!.url);
      await buyerPage.keyboard.press('Escape');
      await expect(full).toBeHidden();
    }
    for (const [term, value] of [
      ['Storage', '256 GB'],
      ['RAM', '12 GB'],
      ['Battery health', '87%'],
      ['Colour', 'Hazel'],
      ['Not locked to an account', 'Yes'],
      ['Box and charger', 'Included'],
      ['IMEI', `•••••••••••${imei.slice(-4)}`],
    ] as const)
      await expect(
        main(buyerPage)
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${term}$`) })
          .locator('xpath=following-sibling::dd[1]'),
      ).toHaveText(value);
    await expect(main(buyerPage)).not.toContainText(imei);
    await expect(main(buyerPage)).toContainText('Like new');
    await expectAccessible(buyerPage);
  }
  await screenshots(buyerPage, 'detail-gallery');
  await buyerPage.context().close();
  await apiBook(request, nusrat, listed!, 'Uttara Sector 7');
  await apiBook(request, rafiq, listed!, 'Airport Road');

  // The seller sees who booked and how to reach them.
  await page.goto('/dashboard/bookings');
  const nusratRow = main(page).getByRole('row').filter({ hasText: 'Nusrat Jahan' });
  await expect(nusratRow).toContainText('Uttara Sector 7');
  await expect(nusratRow.getByRole('link', { name: '01711-000444' })).toHaveAttribute('href', 'tel:01711000444');

  // The price comes down, on a desktop.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/myProduct');
  await main(page)
    .getByRole('link', { name: `Edit ${productName}` })
    .click();
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(`Edit ${productName}`);
  await expect(main(page).getByLabel('IMEI')).toHaveValue(imei);
  await expect(main(page).getByRole('list', { name: 'Photos, the cover first' }).getByRole('listitem')).toHaveCount(3);
  await main(page).getByLabel('Resale price (tk)').fill('58,000');
  await expectAccessible(page);
  await screenshots(page, 'edit-product');
  await main(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Changes saved')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myProduct$/);
  await expect(main(page).getByRole('row').filter({ hasText: productName })).toContainText(`${taka(58000)} tk`);
  // At once on the public page and in search.
  const detail = await (await request.get(`/api/detail-product/${listed!._id}`)).json();
  expect(detail.data.resalePrice).toBe(58000);
  const found = await (await request.get(`/api/products?q=${encodeURIComponent(productName)}`)).json();
  expect(found.data[0]).toMatchObject({ _id: listed!._id, resalePrice: 58000 });

  // One booking declined, on the phone again.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/bookings');
  await main(page)
    .getByRole('row')
    .filter({ hasText: 'Rafiq Islam' })
    .getByRole('button', { name: /^Decline the booking/ })
    .click();
  await page.getByRole('dialog', { name: 'Decline this booking?' }).getByRole('button', { name: 'Yes, decline it!' }).click();
  await expect(toast(page, 'Booking declined')).toBeVisible();
  await expect(main(page).getByRole('row').filter({ hasText: 'Rafiq Islam' })).toContainText('Declined');
  await expect(nusratRow.getByRole('button', { name: /^Decline the booking/ })).toBeVisible();
  await page.context().close();
});
