import { apiCategories, appStarted, expect, expectAccessible, signInWith, test } from '../fixtures.ts';

test.describe('navbar', () => {
  test('signed out: Home, Blogs and Login, no Dashboard or Logout', async ({ page }) => {
    await page.goto('/blog');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blog');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('signed out on a phone: the menu button opens the same links', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/blog');
    // The HTML's first screen has the same button; the app replaces it (and an open menu with it) when it starts.
    await appStarted(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Open menu' }).click();
    for (const name of ['Home', 'Blogs', 'Login']) await expect(nav.getByRole('link', { name, exact: true }).last()).toBeVisible();
  });

  test("signed in: Home, Dashboard, Blogs, Logout and an avatar dropdown with the user's image", async ({ page, buyerSession: buyer }) => {
    await signInWith(page, buyer);
    await page.goto('/blog');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);

    const avatar = nav.getByRole('button', { name: `Account menu of ${buyer.user.name}` });
    await expect(avatar.getByRole('img', { name: buyer.user.name })).toHaveAttribute('src', buyer.user.userImg);
    await avatar.click();
    // The dropdown holds the account's own link under the user's name; the header's links are not repeated at this
    // width (issue 35: one set of links in the Tab order).
    const dropdown = page.locator(`[id="${await avatar.getAttribute('aria-controls')}"]`);
    await expect(dropdown.getByText(buyer.user.name)).toBeVisible();
    for (const name of ['Home', 'Dashboard', 'Blogs']) await expect(dropdown.getByRole('link', { name, exact: true })).toBeHidden();
    await expect(dropdown.getByRole('button', { name: 'Logout' })).toBeHidden();
    await expectAccessible(page);
    await dropdown.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
  });

  // Logging out forgets the session in this browser only: the shared demo session stays valid for other tests.
  test('logout clears the stored auth and shows Login again', async ({ page, buyerSession: buyer }) => {
    await signInWith(page, buyer);
    await page.goto('/blog');
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toContain(buyer.token);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Logout' }).first().click();
    await expect(nav.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();

    // Still signed out after a reload.
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  });
});

test('the category strip lists every brand, each linking to its category page', async ({ page, request }) => {
  const categories = await apiCategories(request);
  // The spec's eight, then those the model catalogue added (issue 34).
  expect(categories.map((c) => c.category)).toEqual([
    'Apple',
    'Samsung',
    'Xiaomi',
    'OnePlus',
    'Google',
    'Realme',
    'Oppo',
    'Vivo',
    'Infinix',
    'Tecno',
    'Nokia',
    'Motorola',
    'Huawei',
    'Honor',
    'Symphony',
    'Walton',
  ]);

  await page.goto('/blog');
  const strip = page.getByRole('navigation', { name: 'Categories' });
  const links = strip.getByRole('link');
  await expect(links).toHaveText(categories.map((c) => c.category));
  for (const [i, c] of categories.entries()) await expect(links.nth(i)).toHaveAttribute('href', `/category/${c._id}`);

  await strip.getByRole('link', { name: 'Samsung' }).click();
  const samsung = categories.find((c) => c.category === 'Samsung')!;
  await expect(page).toHaveURL(new RegExp(`/category/${samsung._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Samsung phones' })).toBeVisible();
});

test("the footer's Quick Links lead somewhere: Shop to the brands on the home page, Contact to the address, Blog and Home to theirs", async ({ page }) => {
  await page.goto('/blog');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(/\/#brands$/);
  await expect(page.getByRole('heading', { name: 'Brands', exact: true })).toBeInViewport();
  await footer.getByRole('link', { name: 'Contact' }).click();
  await expect(footer.locator('address')).toBeInViewport();
  await footer.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await footer.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
});

test('the footer: About Us, Quick Links, Get in Touch and the 2024 copyright', async ({ page }) => {
  for (const path of ['/', '/login', '/no-such-page']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'About Us' })).toBeVisible();
    await expect(footer).toContainText('leading mobile reseller platform');
    await expect(footer.getByRole('heading', { name: 'Quick Links' })).toBeVisible();
    await expect(footer.getByRole('listitem')).toHaveText(['Home', 'Shop', 'Blog', 'Contact']);
    const hrefs = { Home: /^\/$/, Shop: /^\/#brands$/, Blog: /^\/blog$/, Contact: /#contact$/ };
    for (const [name, href] of Object.entries(hrefs)) await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    await expect(footer.getByRole('heading', { name: 'Get in Touch' })).toBeVisible();
    await expect(footer.locator('address')).toContainText('Phone');
    await expect(footer.locator('address')).toContainText('Email');
    await expect(footer.getByRole('img')).toHaveCount(3);
    await expect(footer.getByText(/Copyright © 2024/)).toBeVisible();
  }
});
