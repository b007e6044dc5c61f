import type { Page } from '@playwright/test';
import { appStarted, demo, expect, expectAccessible, expectToastAccessible, test, toast, uniqueEmail, type Role, submitLogin } from '../fixtures.ts';

// Some tests here install a fake clock, which stays with the context: one of its own per test.
test.use({ freshContext: true });

// The login form itself: these tests log in through it (global-setup.ts raises the limit per address, which the API suite tests).

/** A tiny valid 8×8 PNG, so sign-up uploads a real picture. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPgL8vDihiGlgQApWE8wfekj3cAAAAASUVORK5CYII=', 'base64');

const form = (page: Page) => page.getByRole('main').locator('form');

/** Picks the role in 'Use Demo Account'. */
async function loginFromDemoDialog(page: Page, role: Role) {
  await page.getByRole('button', { name: 'Use Demo Account' }).click();
  await page
    .getByRole('dialog', { name: 'Demo accounts' })
    .getByRole('button', { name: `Login as ${role}` })
    .click();
}

test.describe('login', () => {
  test("empty fields: 'Enter your email' below the field and as a toast, then 'Enter your password'", async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('img', { name: 'A phone changing hands' })).toBeVisible();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(form(page).getByText('Enter your email')).toBeVisible();
    await expect(form(page).getByText('Enter your password')).toBeVisible();
    await expect(toast(page, 'Enter your email')).toBeVisible();
    await expect(toast(page, 'Enter your password')).toHaveCount(0);

    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(form(page).getByText('Enter your email')).toHaveCount(0);
    await expect(form(page).getByText('Enter your password')).toBeVisible();
    await expect(toast(page, 'Enter your password')).toBeVisible();
    // Readable: an error toast, held by the pointer, has the contrast its words need.
    await expectToastAccessible(page, 'Enter your password');
  });

  test("a wrong password shows 'Invalid Email or Password'", async ({ page }) => {
    // The page's clock is Playwright's: it runs as a real one while the page loads, then stands still from the
    // login on, so the toast's life is judged by moving it on rather than by waiting it out.
    await page.clock.install();
    await page.goto('/login');
    await page.getByLabel('Email').fill(demo.Buyer.email);
    await page.getByLabel('Password').fill('wrong-password');
    // The toaster mounts lazily, and React reveals a resolved lazy part on a timer: with the clock stopped before
    // it is there, no toast could ever show (seen once in CI on a busy machine).
    await expect(page.locator('[data-rht-toaster]')).toBeAttached();
    // A moment ahead of the page's time: the real clock goes on while this reaches the page, and pausing in the
    // past is refused (seen in CI).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await submitLogin(page);
    const error = toast(page, 'Invalid Email or Password');
    await expect(error).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();

    // Toasts sit bottom right; an error stays 4 s.
    const viewport = page.viewportSize()!;
    // Polled: the toast slides in.
    await expect.poll(async () => ((b) => b && b.x + b.width)(await error.boundingBox())).toBeGreaterThan(viewport.width - 40);
    await expect.poll(async () => ((b) => b && b.y + b.height)(await error.boundingBox())).toBeGreaterThan(viewport.height - 40);
    // After 3.2 s still the toaster's live toast (a 2-second one would have been dismissed): react-hot-toast keeps
    // a live toast on top (z-index 9999), not a dismissed one fading out…
    await page.clock.runFor(3200);
    await expect(error).toBeVisible();
    await expect(page.locator('[data-rht-toaster] > div').filter({ hasText: 'Invalid Email or Password' })).toHaveCSS('z-index', '9999');
    // …and gone after 4 s (with the second it takes to leave).
    await page.clock.runFor(1000);
    await page.clock.resume();
    await expect(error).toBeHidden();
  });

  test("'Use Demo Account' lists Admin, Seller and Buyer with their credentials", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use Demo Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demo accounts' });
    await expect(dialog.getByRole('listitem')).toHaveCount(3);
    for (const [i, role] of (['Admin', 'Seller', 'Buyer'] as const).entries()) {
      const item = dialog.getByRole('listitem').nth(i);
      await expect(item).toContainText(role);
      await expect(item).toContainText(demo[role].email);
      await expect(item).toContainText(demo[role].password);
      await expect(item.getByRole('button', { name: `Login as ${role}` })).toHaveText('Login');
    }
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  for (const role of ['Admin', 'Seller', 'Buyer'] as const satisfies Role[]) {
    test(`the demo ${role} logs in from the dialog: 'Login successfully', home, Dashboard and Logout`, async ({ page }) => {
      await page.goto('/login');
      await loginFromDemoDialog(page, role);
      await expect(toast(page, 'Login successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
      await expect(nav.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('auth')))!) as { user: { email: string; role: string }; token: string };
      expect(stored.user).toMatchObject({ email: demo[role].email, role });
      expect(stored.token).toBeTruthy();
    });
  }

  test('signed out, /dashboard leads to /login and, after login, back to /dashboard in place of the login page', async ({ page }) => {
    await page.goto('/blog');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(demo.Buyer.email);
    await page.getByLabel('Password').fill(demo.Buyer.password);
    await submitLogin(page);
    await expect(toast(page, 'Login successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard(\/[\w-]+)?$/);
    // A success toast lasts 2 s (then 1 s to leave), not the 4 s of an error.
    await expect(toast(page, 'Login successfully')).toBeHidden({ timeout: 4500 });
    // The login page was replaced in the history: Back returns to the page before.
    await page.goBack();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('on a slow connection the form is there before the app: Login waits for it and says so; what was typed stays and signs in (issue 35)', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The app's entry script waits until the visitor has typed: the server's first screen is all there is meanwhile.
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email').fill(demo.Buyer.email);
    await page.getByLabel('Password').fill(demo.Buyer.password);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
    await expect(page.getByText('Login works once the page has finished loading (it needs JavaScript).')).toBeVisible();
    await expect(page.locator('html[data-started]')).toHaveCount(0);
    const createAccount = page.getByRole('link', { name: 'Create an account' });
    const before = await createAccount.boundingBox();
    release();
    await appStarted(page);
    await expect(page.getByText('Login works once the page has finished loading')).toBeHidden();
    // Nothing moved as the app took over: a click aimed at a link lands on it.
    expect(await createAccount.boundingBox()).toEqual(before);
    await expect(page.getByLabel('Email')).toHaveValue(demo.Buyer.email);
    await expect(page.getByLabel('Password')).toHaveValue(demo.Buyer.password);
    await submitLogin(page);
    await expect(toast(page, 'Login successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("'Create an account' goes to /signup", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  });

  test("'CONTINUE WITH GOOGLE' asks first: a sign-up by Google makes a buyer", async ({ page }) => {
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click();
      const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('if you sign up by google you will consider as a buyer')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Yes, Proceed!' })).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  });
});

test.describe('sign up', () => {
  test("empty fields show the spec's messages", async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'SignUp' }).click();
    for (const message of ['Enter your name', 'Enter Your email', 'Enter your password', 'Upload your image']) {
      await expect(form(page).getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Role')).toHaveValue('Select one');
    await expect(page.getByRole('option', { name: 'Select one' })).toBeDisabled();
    await expect(page.getByLabel('Role').getByRole('option')).toHaveText(['Select one', 'Buyer', 'Seller']);
  });

  test("without a role: 'Please select an option' and no account", async ({ page }) => {
    const email = uniqueEmail('norole');
    const calls: string[] = [];
    page.on('request', (req) => req.method() === 'POST' && calls.push(new URL(req.url()).pathname));
    await page.goto('/signup');
    await page.getByLabel('Name').fill('No Role');
    await page.getByLabel('email').fill(email);
    await page.getByLabel('Password').fill('secret1');
    await page.getByLabel('Profile image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'SignUp' }).click();
    await expect(toast(page, 'Please select an option')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    expect(calls).toEqual([]);
  });

  test("a full sign-up uploads the avatar, shows 'SignUp successfully' and lands on / signed in", async ({ page }) => {
    const name = 'Mitu Akter';
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('email').fill(email);
    await page.getByLabel('Password').fill('secret1');
    await page.getByLabel('Role').selectOption('Seller');
    await page.getByLabel('Profile image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'SignUp' }).click();

    await expect(toast(page, 'SignUp successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // Signed in at once, but the address waits for its confirmation link.
    await expect(page.getByRole('region', { name: 'E-mail confirmation' })).toContainText(`Confirm your e-mail address: we sent a link to ${email}.`);
    const avatar = page.getByRole('button', { name: `Account menu of ${name}` }).getByRole('img', { name });
    await expect(avatar).toHaveAttribute('src', /^\/uploads\/[\w-]+\.webp$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the avatar loads' }).toBe(true);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('auth')))!) as { user: { name: string; role: string } };
    expect(stored.user).toMatchObject({ name, email, role: 'Seller', emailVerified: false });
  });

  test("'Already have account / Login' goes to /login", async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByText('Already have account /')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
