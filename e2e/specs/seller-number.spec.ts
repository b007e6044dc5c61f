import type { Product } from '@market/contract';
import type { Page } from '@playwright/test';
import { apiCreateProduct, apiGet, apiSignUp, apiSmsCode, expect, expectAccessible, pageIn, screenshot, test, uniqueMobile } from '../fixtures.ts';

// Issue 36, item 3 (decision 062): a new seller's phone waits until they confirm their mobile number. My Products says
// so in their words and leads to the account page; they ask for a code, read it (here: the Admin's SMS outbox, no
// gateway), enter it, and the phone is on sale for a visitor, whose page says "Number verified". At a phone's width
// and a desktop's.

const main = (page: Page) => page.getByRole('main');

/** No sideways scroll at the page's width. */
async function fitsWidth(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} overflows horizontally`).toBeLessThanOrEqual(0);
}

/** A full-page screenshot (SCREENSHOTS=1) once the pictures are in (those loaded lazily, below the screen, may not be). */
async function picture(page: Page, name: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete || img.loading === 'lazy'))).toBe(true);
  await screenshot(page, { path: `e2e/screenshots/${name}.png`, fullPage: true, animations: 'disabled' });
}

for (const width of [375, 1280] as const) {
  test(`a new seller's phone waits for their number; they confirm it by SMS code on the account page; it is on sale, "Number verified" (${width} px)`, async ({
    browser,
    request,
    adminSession,
  }) => {
    test.setTimeout(120_000);
    const seller = await apiSignUp(request, adminSession, 'Seller', { name: 'Nadia Phones', number: false });
    expect(seller.user.confirmedNumber).toBeUndefined();
    const posted = await apiCreateProduct(request, seller, { productName: `Galaxy A54 ${Math.random().toString(36).slice(2, 7)}` });
    expect(posted).toMatchObject({ status: 'pending', check: { state: 'waiting', signals: ['number_unconfirmed'] } });
    expect((await request.get(`/api/detail-product/${posted._id}`)).status()).toBe(404);

    // My Products: confirm your number to put it on sale, not a check by a person; the way there.
    const page = await pageIn(browser, seller, { lang: 'en', width });
    await page.goto('/dashboard/myProduct');
    const row = main(page).getByRole('row').filter({ hasText: posted.productName });
    await expect(row).toContainText('Confirm your number');
    await expect(row).toContainText('Confirm your mobile number to put this phone on sale.');
    await expect(row).not.toContainText('Waiting for a check');
    await expectAccessible(page);
    await fitsWidth(page, `My Products at ${width}px`);
    await picture(page, `seller-number-my-products-en-${width}`);
    await row.getByRole('link', { name: 'Confirm my number' }).click();

    // The account page's Mobile number, the keyboard there.
    await expect(page).toHaveURL(/\/dashboard\/account#mobile-number$/);
    const section = main(page).getByRole('region', { name: 'Mobile number' });
    await expect(section.getByRole('heading', { name: 'Mobile number' })).toBeFocused();
    await expect(section).toContainText('No mobile number confirmed yet.');
    const number = uniqueMobile();
    const field = section.getByRole('textbox', { name: 'Mobile number' });
    await field.fill('01234');
    await section.getByRole('button', { name: 'Send code' }).click();
    await expect(field).toHaveAccessibleDescription('Mobile number must be a Bangladeshi mobile number: 01 and 9 more digits (+880 in front is fine)');
    await field.fill(`${number.slice(0, 5)}-${number.slice(5)}`);
    await section.getByRole('button', { name: 'Send code' }).click();
    await expect(section).toContainText(`We sent a 6-digit code by SMS to ${number}. It works for 10 minutes.`);
    const code = section.getByRole('textbox', { name: 'Code from the SMS' });
    await expect(code).toBeFocused();
    await expectAccessible(page);
    await fitsWidth(page, `the account page at ${width}px`);
    await picture(page, `seller-number-code-en-${width}`);

    // The code, from the SMS outbox as the Admin reads it; a wrong one first, said where it is typed.
    const sent = await apiSmsCode(request, adminSession, number);
    await code.fill(sent === '000000' ? '111111' : '000000');
    await section.getByRole('button', { name: 'Confirm number' }).click();
    await expect(code).toHaveAccessibleDescription('That is not the code we sent: 4 tries left');
    await code.fill(sent);
    await section.getByRole('button', { name: 'Confirm number' }).click();
    await expect(section).toContainText(`Your confirmed number: ${number}`);
    await expect(section).toContainText('1 phone that waited for it is on sale now.');
    await expect(section.getByText('Number verified', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await picture(page, `seller-number-confirmed-en-${width}`);
    const [mine] = await apiGet<Product[]>(request, `seller-products/${seller.user._id}`, seller);
    expect(mine).toMatchObject({ _id: posted._id, status: 'available' });
    await page.context().close();

    // On sale for a visitor (signed out): "Number verified", since when, sales and reviews; never the number.
    const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width, height: width === 375 ? 812 : 900 } });
    const phone = await visitor.newPage();
    await phone.goto(`/detail-product/${posted._id}`);
    await expect(main(phone).getByRole('heading', { level: 1 })).toHaveText(posted.productName);
    await expect(main(phone).getByText('Number verified', { exact: true })).toBeVisible();
    await expect(main(phone).getByText(/^Member since .+ · 0 phones sold · no reviews yet$/)).toBeVisible();
    expect(await phone.content()).not.toContain(number);
    await expectAccessible(phone);
    await fitsWidth(phone, `the phone's page at ${width}px`);
    await picture(phone, `seller-number-phone-page-en-${width}`);
    await phone.goto(`/seller/${seller.user._id}`);
    await expect(main(phone).getByRole('heading', { level: 1 })).toHaveText('Nadia Phones');
    await expect(main(phone).getByText('Number verified', { exact: true })).toBeVisible();
    await visitor.close();
  });
}
