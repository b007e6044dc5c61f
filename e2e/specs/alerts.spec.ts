import type { Page } from '@playwright/test';
import { apiCreateProduct, apiSignUp, expect, expectAccessible, pageIn, screenshots, test } from '../fixtures.ts';

// Issue 34, item 5: a buyer saves a search ("Alert me"), a seller lists a phone that matches it, and the buyer's bell
// tells of it at once; the saved search's page counts the match and lets the buyer change or delete it.

const main = (page: Page) => page.getByRole('main');
/** The page's live stream is open (live-updates.tsx): what happens from now on reaches its bell. */
const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'connected');

test('at 375 px a buyer saves a search, hears at once of a phone listed that matches it; at 1280 px in Bangla manages it', async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(120_000);
  const word = `alertphone${Math.random().toString(36).slice(2, 7)}`;
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  const page = await pageIn(browser, buyer, { lang: 'en', width: 375 });

  await page.goto(`/search?q=${word}&district=Comilla`);
  await main(page).getByRole('button', { name: 'Alert me' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert me of new phones like these' });
  await expect(dialog.getByRole('radio', { name: /^At once/ })).toBeChecked();
  await expectAccessible(page);
  await screenshots(page, 'alert-me');
  await dialog.getByRole('button', { name: 'Save the alert' }).click();
  await expect(page.getByText('Alert saved: we will tell you of new phones that match')).toBeVisible();

  // A seller lists one in Cumilla with the word (it matches) and one elsewhere (it does not).
  await page.goto('/dashboard/saved-searches');
  await live(page);
  const seller = await apiSignUp(request, adminSession, 'Seller');
  const name = `Galaxy ${word}`;
  await apiCreateProduct(request, seller, { productName: name, location: 'Kandirpar', district: 'cumilla' });
  await apiCreateProduct(request, seller, { productName: `Galaxy ${word} Dhaka`, location: 'Banani', district: 'dhaka' });
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(main(page).getByRole('link', { name: `New: A phone matching your saved search: ${name}` })).toBeVisible();

  // Its page: the search in words, one match; how often it tells, changed.
  await page.goto('/dashboard/saved-searches');
  const saved = main(page).getByRole('listitem').filter({ hasText: word });
  await expect(saved).toContainText(`“${word}” · Cumilla`);
  await expect(saved).toContainText(/^.*1 phone matched, the last on/);
  await saved.getByRole('combobox', { name: 'Tell me' }).selectOption('daily');
  await expect(page.getByText('Saved: Once a day')).toBeVisible();
  await expect(saved.getByRole('link', { name: 'Show the phones' })).toHaveAttribute('href', `/search?q=${word}&district=cumilla`);
  await page.context().close();

  // In Bangla at 1280 px: the same list, and its deletion asked first.
  const bn = await pageIn(browser, buyer, { lang: 'bn', width: 1280 });
  await bn.goto('/dashboard/saved-searches');
  const row = main(bn).getByRole('listitem').filter({ hasText: word });
  await expect(row).toContainText('কুমিল্লা');
  await expect(row.getByRole('combobox', { name: 'আমাকে জানান' })).toHaveValue('daily');
  await expectAccessible(bn);
  await screenshots(bn, 'saved-searches-bn');
  await row.getByRole('button', { name: new RegExp(`সেভ করা খোঁজটি মুছে ফেলুন$`) }).click();
  await bn.getByRole('dialog').getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন!' }).click();
  await expect(main(bn).getByRole('listitem').filter({ hasText: word })).toHaveCount(0);
  await bn.context().close();
});
