import type { Page } from '@playwright/test';
import { apiCreateProduct, apiSignUp, expect, expectAccessible, networkQuiet, pageIn, screenshots, test } from '../fixtures.ts';

// Issue 34, item 2: a phone is found by its division and district, in Bangla and in English (and an older spelling
// typed as the area), and its page names the district and division in the reader's language.

const filters = (page: Page) => page.getByRole('complementary', { name: /^(Filters|ফিল্টার)/ });
/** The result cards' headings (the phones' names), in either language. */
const resultCards = (page: Page) => page.getByRole('region', { name: /^(Results|ফলাফল)$/ }).getByRole('heading', { level: 3 });
const cardNames = async (page: Page) => (await resultCards(page).allInnerTexts()).join('\n');

test('a buyer finds a phone by division and district in Bangla (1280 px) and by an older spelling in English (375 px), and phones like it under it', async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(120_000);
  const seller = await apiSignUp(request, adminSession, 'Seller');
  const tag = Math.random().toString(36).slice(2, 7);
  const cumilla = await apiCreateProduct(request, seller, { productName: `Cumilla Pixel ${tag}`, location: 'Kandirpar', district: 'cumilla' });
  await apiCreateProduct(request, seller, { productName: `Feni Pixel ${tag}`, location: 'Station Road', district: 'feni' });
  await apiCreateProduct(request, seller, { productName: `Gazipur Pixel ${tag}`, location: 'Tongi', district: 'gazipur' });
  const buyer = await apiSignUp(request, adminSession, 'Buyer');

  // In Bangla at 1280 px: the division, then one of its districts, chosen from the filters.
  const bn = await pageIn(browser, buyer, { lang: 'bn', width: 1280 });
  await bn.goto(`/search?q=${tag}`);
  await expect(resultCards(bn)).toHaveCount(3);
  // The page's requests settled (its filters' counts), as a person reads the results before choosing (a change made
  // while the panel was drawn again was lost once in a loaded full run).
  await networkQuiet(bn);
  await filters(bn).getByRole('combobox', { name: 'বিভাগ' }).selectOption({ label: 'চট্টগ্রাম' });
  await expect(bn).toHaveURL(/division=chattogram/);
  await expect(resultCards(bn)).toHaveCount(2);
  expect(await cardNames(bn)).not.toContain('Gazipur');
  await filters(bn).getByRole('combobox', { name: 'জেলা' }).selectOption({ label: 'কুমিল্লা' });
  await expect(bn).toHaveURL(/district=cumilla/);
  await expect(resultCards(bn)).toHaveCount(1);
  expect(await cardNames(bn)).toContain(`Cumilla Pixel ${tag}`);
  await expectAccessible(bn);
  await screenshots(bn, 'places-search-bn');
  await resultCards(bn).first().click();
  const place = bn.getByRole('main').locator('dt', { hasText: 'লোকেশন' }).locator('xpath=following-sibling::dd[1]');
  await expect(place).toHaveText('Kandirpar, কুমিল্লা জেলা, চট্টগ্রাম বিভাগ');
  await bn.context().close();

  // In English at 375 px: the older spelling typed as the area finds the district's phone.
  const en = await pageIn(browser, buyer, { lang: 'en', width: 375 });
  await en.goto(`/search?q=${tag}&location=Comilla`);
  await expect(resultCards(en)).toHaveCount(1);
  expect(await cardNames(en)).toContain(`Cumilla Pixel ${tag}`);
  await en.goto(`/detail-product/${cumilla._id}`);
  const field = en.getByRole('main').locator('dt', { hasText: 'Location' }).locator('xpath=following-sibling::dd[1]');
  await expect(field).toHaveText('Kandirpar, Cumilla district, Chattogram division');
  // Phones like it under it (issue 34, item 6): its brand near its price, the same division before others.
  const similar = en.getByRole('region', { name: 'Similar phones' }).getByRole('heading', { level: 3 });
  await expect(similar.filter({ hasText: `Feni Pixel ${tag}` })).toHaveCount(1);
  await screenshots(en, 'places-detail-en');
  await en.context().close();
});
