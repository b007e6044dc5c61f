import bnCommon from '../../packages/contract/src/locales/bn/common.ts';
import enAuth from '../../packages/contract/src/locales/en/auth.ts';
import enCommon from '../../packages/contract/src/locales/en/common.ts';
import enDashboard from '../../packages/contract/src/locales/en/dashboard.ts';
import { apiCategories, apiDemoProduct, apiLogin, apiSignUp, expect, signInWith, taka, test } from '../fixtures.ts';

/*
 * The tab's title names the page: the server writes the first page's <title> (head.ts) and the app keeps
 * it true as a visitor moves between pages in the browser and switches language (use-page-title.ts),
 * from the same catalog texts.
 */

const named = (name: string) => `${name} | Resale Phones`;

test('the title follows in-app navigation: home, a brand, a phone, search, back, and the language switch', async ({ page, request }) => {
  const [brand] = await apiCategories(request);
  const phone = await apiDemoProduct(request);
  await page.goto('/');
  await expect(page).toHaveTitle(enCommon['pageTitle.home']);

  await page.getByRole('navigation', { name: enCommon['nav.categories'] }).getByRole('link', { name: brand!.category, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${brand!._id}$`));
  await expect(page).toHaveTitle(named(`${brand!.category} phones`));

  await page.goto(`/detail-product/${phone._id}`);
  const phoneTitle = named(`${phone.productName} — ${taka(phone.resalePrice)} BDT`);
  await expect(page).toHaveTitle(phoneTitle);
  await page.getByRole('link', { name: phone.sellerId.name }).first().click();
  await expect(page).toHaveURL(/\/seller\//);
  await expect(page).toHaveTitle(named(`${phone.sellerId.name} — phones for sale and reviews`));
  await page.goBack();
  await expect(page).toHaveTitle(phoneTitle);

  await page.goto('/search?q=galaxy');
  await expect(page).toHaveTitle(named('Search results for “galaxy”'));
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle(named(enCommon['pageTitle.notFound']));

  // Switching language retitles the page at once, in Bangla words and digits.
  await page.goto(`/detail-product/${phone._id}`);
  await expect(page).toHaveTitle(phoneTitle);
  await page.getByRole('navigation', { name: enCommon['nav.main'] }).getByRole('link', { name: enCommon['lang.switchTo'], exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const bnPrice = `৳${new Intl.NumberFormat('bn-BD').format(phone.resalePrice)}`;
  await expect(page).toHaveTitle(named(`${phone.productName} — ${bnPrice}`));
  await page.goto('/');
  await expect(page).toHaveTitle(bnCommon['pageTitle.home']);
});

test('a signed-in page says where it is: sign in, then the dashboard part by part', async ({ page, request }) => {
  // An account of its own: the demo Buyer's language is another test's to change.
  const buyer = await apiSignUp(request, await apiLogin(request, 'Admin'));
  await page.goto('/login');
  await expect(page).toHaveTitle(named(enAuth['login.title']));
  await signInWith(page, buyer);
  await page.goto('/dashboard/myOrders');
  await expect(page).toHaveTitle(named(enDashboard['dashMenu.myOrders']));
  await page.goto('/dashboard');
  await expect(page).toHaveTitle(named(enDashboard['dashMenu.overview']));
});
