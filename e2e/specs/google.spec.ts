import type { Page } from '@playwright/test';
import { apiSignUp, expect, expectAccessible, test, toast, uniqueEmail } from '../fixtures.ts';

/**
 * 'CONTINUE WITH GOOGLE' end to end: the confirmation, the 500x600 popup, the local
 * OpenID Connect provider standing in for Google (no Google client is configured in
 * e2e), and back in the page that opened it.
 */

/** Records the features of every window.open, to check the spec's popup size. */
async function recordPopups(page: Page) {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { popupFeatures: string[] }).popupFeatures = calls;
    const open = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, features?: string) => {
      calls.push(features ?? '');
      return open(url, target, features);
    };
  });
}

/** Confirms the dialog and answers the provider's screen as `person` (or cancels it there). */
async function continueWithGoogle(page: Page, person: { name: string; email: string } | 'cancel') {
  await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog.getByText('if you sign up by google you will consider as a buyer')).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Yes, Proceed!' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Sign in with Google (local test provider)' })).toBeVisible();
  // Prefilled with a demo Google user.
  await expect(popup.getByLabel('E-mail')).toHaveValue(/@/);
  await expectAccessible(popup);
  const closed = popup.waitForEvent('close');
  if (person === 'cancel') {
    await popup.getByRole('button', { name: 'Cancel' }).click();
  } else {
    await popup.getByLabel('Name').fill(person.name);
    await popup.getByLabel('E-mail').fill(person.email);
    await popup.getByRole('button', { name: 'Continue' }).click();
  }
  await closed;
}

const stored = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('auth'))) ?? 'null') as {
    user: { _id: string; email: string; role: string; id: string };
    token: string;
  } | null;

test("from /signup: confirm, sign in on the provider's screen, 'SignUp successfully', home, signed in as a Buyer", async ({ page }) => {
  await recordPopups(page);
  const person = { name: 'Shirin Akter', email: uniqueEmail('google') };
  await page.goto('/signup');
  await continueWithGoogle(page, person);

  await expect(toast(page, 'SignUp successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { popupFeatures: string[] }).popupFeatures)).toEqual([
    expect.stringMatching(/(^|,)width=500,height=600(,|$)/),
  ]);
  const session = await stored(page);
  expect(session?.user).toMatchObject({ email: person.email, role: 'Buyer', id: expect.stringMatching(/^google:/), emailVerified: true });
  // Google vouched for the address: nothing to confirm.
  await expect(page.getByRole('region', { name: 'E-mail confirmation' })).toHaveCount(0);

  const nav = page.getByRole('navigation', { name: 'Main' });
  // The provider's picture is the avatar, served by the local provider itself.
  const avatar = nav.getByRole('button', { name: `Account menu of ${person.name}` }).getByRole('img', { name: person.name });
  await expect(avatar).toHaveAttribute('src', /^\/oidc\/avatar\.svg\?name=/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the avatar loads' }).toBe(true);
  await nav.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buyer Overview');
  await expect(page.getByText('Total Paid Orders')).toBeVisible();
});

test('cancelling the confirmation does nothing: no popup, no call, still signed out', async ({ page }) => {
  const popups: Page[] = [];
  page.on('popup', (p) => popups.push(p));
  const calls: string[] = [];
  page.on('request', (req) => req.url().includes('/api/auth/google') && calls.push(req.url()));
  await page.goto('/signup');
  await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(500);
  expect(popups).toEqual([]);
  expect(calls).toEqual([]);
  await expect(page).toHaveURL(/\/signup$/);
  expect(await stored(page)).toBeNull();
});

test('from /login, an existing Google user signs in again and goes back where they came from', async ({ page, browser }) => {
  const person = { name: 'Arif Hossain', email: uniqueEmail('google-again') };
  await page.goto('/signup');
  await continueWithGoogle(page, person);
  await expect(toast(page, 'SignUp successfully')).toBeVisible();
  const first = await stored(page);

  // Another browser, signed out: /dashboard sends them to /login, and back after.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/login$/);
  await continueWithGoogle(other, person);
  await expect(toast(other, 'SignUp successfully')).toBeVisible();
  await expect(other).toHaveURL(/\/dashboard(\/[\w-]+)?$/);
  const again = await stored(other);
  expect(again?.user._id).toBe(first?.user._id);
  expect(again?.user.role).toBe('Buyer');
  await context.close();
});

test("the stand-in refuses the e-mail of a password account: the server's message as an error toast, no session", async ({ page, request, adminSession }) => {
  // The local provider lets anyone claim any address, so it only ever enters Buyer accounts it created itself.
  const seller = await apiSignUp(request, adminSession, 'Seller');
  await page.goto('/login');
  await continueWithGoogle(page, { name: seller.user.name, email: seller.user.email });
  await expect(
    toast(page, 'This e-mail address already has an account, which the local test provider cannot sign in to: log in with its password'),
  ).toBeVisible();
  await expect(toast(page, 'SignUp successfully')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  expect(await stored(page)).toBeNull();
});

test("Cancel on the provider's screen, or closing the popup, ends with an error toast and no session", async ({ page }) => {
  await page.goto('/login');
  await continueWithGoogle(page, 'cancel');
  await expect(toast(page, 'Google sign-in was cancelled')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, Proceed!' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('button', { name: 'Continue' })).toBeVisible();
  await popup.close();
  await expect(toast(page, 'The Google sign-in window was closed')).toBeVisible();
  expect(await stored(page)).toBeNull();
});
