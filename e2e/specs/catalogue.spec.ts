import type { Product } from '@market/contract';
import type { Page } from '@playwright/test';
import { apiCategories, apiCreateProduct, apiGet, apiSignUp, e2eImei, expect, expectAccessible, pageIn, png, screenshots, test, toast } from '../fixtures.ts';

// Issue 34, items 1 and 3: the model catalogue and the price guide (the listing form's range, the phone's badge, the
// model's public prices page). A seller picks the model while listing (typed in Bangla, chosen with the
// keyboard: its brand and name follow, its variant fills the storage and RAM), and a buyer finds the phone by a name
// people type for the model; a model the list lacks is typed, flagged, and added by an Admin in Bangla, after which
// the phone's page names it.

const main = (page: Page) => page.getByRole('main');
const resultCards = (page: Page) => page.getByRole('region', { name: /^(Results|ফলাফল)$/ }).getByRole('heading', { level: 3 });

test('a seller picks the model by typing it in Bangla at 375 px; a buyer finds the phone by the name people type for it (1280 px)', async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(120_000);
  const seller = await apiSignUp(request, adminSession, 'Seller');
  const tag = Math.random().toString(36).slice(2, 7);
  const page = await pageIn(browser, seller, { lang: 'en', width: 375 });
  await page.goto('/dashboard/addProduct');
  const form = main(page);
  await form.getByLabel('Location').fill('Mirpur 10, Dhaka');
  await form.getByLabel('Phone number').fill('01700-000654');
  await form.getByLabel('Original price (tk)').fill('1,45,000');
  await form.getByLabel('Resale price (tk)').fill('98,000');
  await form.getByLabel('Purchase date').fill('2025-03-02');
  await form.getByLabel('Product picture').setInputFiles(png());

  // Typed as people write it in Bangla, chosen with the keyboard: the brand and the name follow.
  const model = form.getByRole('combobox', { name: 'Model' });
  await model.fill('এস২৩ আল্ট্রা');
  const list = form.getByRole('listbox', { name: 'Model' });
  await expect(list.getByRole('option').first()).toContainText('Galaxy S23 Ultra');
  await expect(list.getByRole('option').last()).toHaveText('My model is not in the list: post it as “এস২৩ আল্ট্রা”');
  await screenshots(page, 'listing-model-picker');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(list).toBeVisible();
  await model.press('ArrowDown');
  await model.press('Enter');
  await expect(model).toHaveValue('Galaxy S23 Ultra');
  await expect(list).toBeHidden();
  await expect(form.getByLabel('Category')).toHaveValue((await apiCategories(request)).find((c) => c.category === 'Samsung')!._id);
  await expect(form.getByLabel('Product name')).toHaveValue('Samsung Galaxy S23 Ultra');
  await form.getByLabel('Product name').fill(`Samsung Galaxy S23 Ultra ${tag}`);
  await form.getByLabel('Variant').selectOption({ label: '12 GB RAM, 512 GB' });
  const details = form.getByRole('group', { name: 'Phone details' });
  await expect(details.getByLabel('Storage')).toHaveValue('512');
  await expect(details.getByLabel('RAM (GB)')).toHaveValue('12');
  await details.getByLabel('Battery health (%)').fill('92');
  await details.getByLabel('IMEI').fill(e2eImei());
  await form.getByLabel('Condition').selectOption('Excellent');
  await form.getByLabel('Description').fill('Titanium grey, always in a case, with its box.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(toast(page, 'Product added successful')).toBeVisible();
  const [listed] = await apiGet<Product[]>(request, `seller-products/${seller.user._id}`, seller);
  expect(listed).toMatchObject({
    productName: `Samsung Galaxy S23 Ultra ${tag}`,
    storageGb: 512,
    ramGb: 12,
    phoneModel: { name: 'Galaxy S23 Ultra' },
    unlistedModel: null,
  });

  // A buyer types the short name people use ("S23U"): the phone's own name does not hold it, its model's names do.
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  const search = await pageIn(browser, buyer, { lang: 'en', width: 1280 });
  await search.goto(`/search?q=${encodeURIComponent(`s23u ${tag}`)}`);
  await expect(resultCards(search)).toHaveText([`Samsung Galaxy S23 Ultra ${tag}`]);
  await resultCards(search).first().click();
  const row = main(search)
    .locator('dt', { hasText: /^Model$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(row).toHaveText('Galaxy S23 Ultra');
});

test('a model not in the list is flagged, and an Admin adds it in Bangla (1280 px): the phone’s page then names it (375 px)', async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(90_000);
  const seller = await apiSignUp(request, adminSession, 'Seller');
  const tag = Math.random().toString(36).slice(2, 7);
  const typed = `Pixel ${tag} Fold`;
  const phone = await apiCreateProduct(request, seller, { productName: `Google ${typed}`, unlistedModel: typed });
  expect(phone).toMatchObject({ phoneModel: null, unlistedModel: typed });

  const admin = await pageIn(browser, adminSession, { lang: 'bn', width: 1280 });
  await admin.goto('/dashboard/phone-models');
  await expect(main(admin).getByRole('heading', { level: 1, name: 'মডেলের তালিকা' })).toBeVisible();
  const row = main(admin).getByRole('table', { name: 'তালিকায় নেই' }).getByRole('row').filter({ hasText: typed });
  await expect(row.getByRole('cell').nth(0)).toHaveText('Google');
  await row.getByRole('button', { name: 'মডেল হিসেবে যোগ করুন' }).click();
  const dialog = admin.getByRole('dialog', { name: 'মডেল যোগ করুন' });
  await expect(dialog.getByLabel('নাম (ব্র্যান্ড ছাড়া)')).toHaveValue(typed);
  await dialog.getByLabel('বাংলায় নাম').fill(`পিক্সেল ${tag} ফোল্ড`);
  await dialog.getByLabel('মানুষ যে অন্য নামে লেখে').fill(`Fold ${tag}`);
  await dialog.getByLabel('ভ্যারিয়েন্ট (র‍্যাম/স্টোরেজ, জিবিতে)').fill('12/256, 16/512');
  await expectAccessible(admin);
  await screenshots(admin, 'admin-add-model-bn');
  await admin.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'মডেলটি যোগ করুন' }).click();
  await expect(toast(admin, `${typed} তালিকায় যোগ হয়েছে`)).toBeVisible();
  await expect(row).toHaveCount(0);

  const reader = await pageIn(browser, seller, { lang: 'bn', width: 375 });
  await reader.goto(`/detail-product/${phone._id}`);
  const model = main(reader)
    .locator('dt', { hasText: /^মডেল$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(model).toHaveText(`পিক্সেল ${tag} ফোল্ড`);
  await screenshots(reader, 'detail-model-bn');
});

test('the price guide: a seller sees what the model sold for while listing (Bangla, 1280 px); a buyer sees a demo phone against it (375 px)', async ({
  browser,
  request,
  adminSession,
  buyerSession,
}) => {
  test.setTimeout(90_000);
  const seller = await apiSignUp(request, adminSession, 'Seller');
  const page = await pageIn(browser, seller, { lang: 'bn', width: 1280 });
  await page.goto('/dashboard/addProduct');
  const form = main(page);
  const model = form.getByRole('combobox', { name: 'মডেল' });
  await model.fill('আইফোন ১৩');
  await form
    .getByRole('listbox', { name: 'মডেল' })
    .getByRole('option', { name: /^iPhone 13 Apple/ })
    .click();
  await form.getByLabel('ভ্যারিয়েন্ট').selectOption({ index: 1 });
  await form.getByLabel('কন্ডিশন').selectOption('Good');
  // The demo's seven sales of an iPhone 13, 128 GB, in good condition (seed-sales.ts).
  const range = form.getByText(/^এখানে বিক্রি হয়েছে ৳[০-৯,]+–৳[০-৯,]+ দামে \(গত ৯০ দিনে ৭টি বিক্রি\)$/);
  await expect(range).toBeVisible();
  await expect(form.getByLabel(/^বিক্রির দাম/)).toHaveAccessibleDescription(/এখানে বিক্রি হয়েছে/);
  await screenshots(page, 'listing-price-guide-bn');

  const results = await apiGet<Product[]>(request, `/api/products?q=${encodeURIComponent('iphone 13')}&limit=50`, buyerSession);
  const demo = results.find((p) => p.productName === 'iPhone 13')!;
  const reader = await pageIn(browser, buyerSession, { lang: 'en', width: 375 });
  await reader.goto(`/detail-product/${demo._id}`);
  // The demo's sales sit a little over its asking price (seed-sales.ts).
  await expect(main(reader).getByText(/^[\d,]+ BDT below the usual price of 7 sales$/)).toBeVisible();
  await screenshots(reader, 'detail-price-guide');

  // The model's public prices page, from the badge's link: the guide by storage and condition, the sales over time.
  await main(reader).getByRole('link', { name: 'What Apple iPhone 13 phones sell for' }).click();
  await expect(reader).toHaveURL(/\/prices\/apple\/iphone-13$/);
  await expect(main(reader).getByRole('heading', { level: 1, name: 'Used Apple iPhone 13 prices' })).toBeVisible();
  await expect(main(reader).getByRole('row', { name: /^128 GB, Good [\d,]+ BDT The middle half: [\d,]+ BDT–[\d,]+ BDT 7 sales$/ })).toBeVisible();
  await expect(main(reader).getByRole('img', { name: /^Each dot a sale: its day across, its price up\. \d+ sales\.$/ })).toBeVisible();
  await expectAccessible(reader);
  await screenshots(reader, 'prices-page');

  // Shared in Bangla and opened at 1280 px: the server's page, in Bangla; the sales' table opens from the keyboard.
  const wide = await pageIn(browser, buyerSession, { lang: 'bn', width: 1280 });
  await wide.goto('/prices/apple/iphone-13?lang=bn');
  await expect(wide).toHaveTitle('বাংলাদেশে পুরোনো Apple iPhone 13-এর দাম | Resale Phones');
  await expect(main(wide).getByText('আইফোন ১৩', { exact: true })).toBeVisible();
  const summary = main(wide).getByText('বিক্রিগুলো টেবিলে');
  await summary.focus();
  await wide.keyboard.press('Enter');
  await expect(
    main(wide)
      .getByRole('row', { name: /^[০-৯]+ [^ ]+ [০-৯]{4} ১২৮ জিবি ভালো ৳[০-৯,]+$/ })
      .first(),
  ).toBeVisible();
  await screenshots(wide, 'prices-page-bn');
});
