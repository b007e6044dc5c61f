import type { Page } from '@playwright/test';
import { apiBook, apiCreateProduct, apiMail, apiSignUp, expect, mailLink, pageAs, signInWith, test, toast, uniqueEmail } from '../fixtures.ts';

// Issue 29: a new user opens http://localhost:<port>, as the README says. Every flow that leaves the site and
// comes back (bKash's wallet page, the Google stand-in's popup, a mailed link) must come back to that origin,
// where the browser keeps the session, and land signed in.

const wallet = { number: '01770618575', otp: '123456', pin: '12121' };
const stored = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('auth'))) ?? 'null') as { user: { email: string; emailVerified: boolean } } | null;

test.beforeEach(({ baseURL }) => {
  expect(new URL(baseURL!).hostname).toBe('localhost');
});

test('from localhost: signs in, pays with bKash through the stand-in, and lands back signed in on the order', async ({
  page,
  baseURL,
  request,
  sellerSession,
  adminSession,
}) => {
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  const order = await apiBook(request, buyer, await apiCreateProduct(request, sellerSession, { resalePrice: 30500 }));
  await signInWith(page, buyer);

  await page.goto(`/dashboard/payment/${order._id}`);
  const choice = page.getByRole('group', { name: 'Pay with' });
  await choice.getByRole('radio', { name: 'Card' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(choice.getByRole('radio', { name: 'bKash' })).toBeChecked();
  await page.getByRole('button', { name: 'Pay with bKash' }).click();
  await expect(page).toHaveURL(/\/bkash-sandbox\/checkout\?paymentID=TR0011\w+$/);
  await page.getByLabel('Your bKash account number').fill(wallet.number);
  await page.getByLabel('Verification code (OTP)').fill(wallet.otp);
  await page.getByLabel('PIN').fill(wallet.pin);
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Back on the order, on the origin the buyer opened, signed in: not the login page.
  await expect(page).toHaveURL(`${baseURL}/dashboard/payment/${order._id}?bkash=success`);
  await expect(page.getByRole('status').filter({ hasText: 'Your payment completed !' })).toContainText(/Your transaction id : B[0-9A-F]{10}/);
  expect((await stored(page))?.user.email).toBe(buyer.user.email);
});

test("from localhost: the Google stand-in's popup signs the page that opened it in", async ({ page, baseURL }) => {
  const person = { name: 'Nusrat Jahan', email: uniqueEmail('google-localhost') };
  await page.goto('/signup');
  await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, Proceed!' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Sign in with Google (local test provider)' })).toBeVisible();
  expect(new URL(popup.url()).origin).toBe(baseURL);
  const closed = popup.waitForEvent('close');
  await popup.getByLabel('Name').fill(person.name);
  await popup.getByLabel('E-mail').fill(person.email);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;

  await expect(toast(page, 'SignUp successfully')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect.poll(async () => (await stored(page))?.user.email).toBe(person.email.toLowerCase());
});

test('from localhost: a mailed link, opened whole as the Outbox shows it, works in the tab that is signed in', async ({
  browser,
  baseURL,
  request,
  adminSession,
}) => {
  const buyer = await apiSignUp(request, adminSession, 'Buyer', { confirmed: false });
  const page = await pageAs(browser, buyer);
  const { url } = mailLink(await apiMail(request, adminSession, buyer.user.email, 'verify-email'));
  expect(new URL(url).origin).toBe(baseURL);

  await page.goto(url);
  await page.getByRole('main').getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Your e-mail address is confirmed');
  await expect.poll(async () => (await stored(page))?.user.emailVerified).toBe(true);
});
