import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from '@market/contract';
import { apiCreateProduct, apiSignUp, expect, expectAccessible, pageIn, taka, test, type Session } from '../fixtures.ts';

// Issue 34, item 4: a buyer saves a phone, finds it on Saved, and hears through the bell when its price drops or it
// is sold. Each test makes its own seller, phone and buyer (other specs run beside it).

const main = (page: Page) => page.getByRole('main');
/** The page's live stream is open (live-updates.tsx): what happens from now on reaches its bell. */
const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live', 'connected');

/** The seller's new version of the listing, as the edit form sends it: the same, at `resalePrice`. */
async function apiReprice(request: APIRequestContext, seller: Session, phone: Product, resalePrice: number) {
  const { img, location, purchase, originalPrice, productName, useYears, condition, description, storageGb, batteryHealth } = phone;
  const body = {
    img,
    phoneNumber: '01700-000999',
    location,
    purchase,
    originalPrice,
    resalePrice,
    productName,
    useYears,
    condition,
    description,
    storageGb,
    batteryHealth,
  };
  const res = await request.put(`/api/product/${phone._id}`, { data: { ...body, categoryId: phone.categoryId._id }, headers: { authorization: seller.token } });
  expect(res.status(), await res.text()).toBe(200);
}

test('at 375 px a buyer saves a phone from its card, finds it on Saved, and the bell tells of its lower price', async ({ browser, request, adminSession }) => {
  const seller = await apiSignUp(request, adminSession, 'Seller');
  const phone = await apiCreateProduct(request, seller, { resalePrice: 36500 });
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  const page = await pageIn(browser, buyer, { lang: 'en', width: 375 });

  // The seller's page lists their one phone as a card: its heart saves it.
  await page.goto(`/seller/${seller.user._id}`);
  await expect(main(page).getByRole('link', { name: new RegExp(phone.productName) })).toBeVisible();
  await main(page).getByRole('button', { name: 'Save', exact: true, pressed: false }).click();
  const heart = main(page).getByRole('button', { name: 'Saved', exact: true, pressed: true });
  await expect(heart).toBeVisible();
  const box = await heart.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);

  await page.goto('/dashboard/saved');
  const saved = main(page).getByRole('listitem').filter({ hasText: phone.productName });
  await expect(saved.getByRole('link', { name: phone.productName })).toHaveAttribute('href', `/detail-product/${phone._id}`);
  await expect(saved).toContainText(`${taka(36500)} tk`);
  await expectAccessible(page);

  // The seller lowers the price: the open page's bell hears it (the live stream), and the list says both prices.
  await live(page);
  await apiReprice(request, seller, phone, 31000);
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(
    main(page).getByRole('link', { name: `New: A phone you saved is cheaper: ${phone.productName} is now ${taka(31000)} tk (was ${taka(36500)} tk)` }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});

test('at 1280 px in Bangla a buyer saves a phone on its page and hears of its sale; Saved marks it sold', async ({ browser, request, adminSession }) => {
  const seller = await apiSignUp(request, adminSession, 'Seller');
  const phone = await apiCreateProduct(request, seller);
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  const page = await pageIn(browser, buyer, { lang: 'bn', width: 1280 });

  await page.goto(`/detail-product/${phone._id}`);
  // The phone's own heart, in its article (the similar phones below have theirs).
  const article = main(page).getByRole('article');
  await article.getByRole('button', { name: 'সেভ করুন', pressed: false }).click();
  await expect(article.getByRole('button', { name: 'সেভ করা হয়েছে', pressed: true })).toBeVisible();

  await live(page);
  const sold = await request.put(`/api/mark-sold/${phone._id}`, { headers: { authorization: seller.token } });
  expect(sold.status(), await sold.text()).toBe(200);
  await page.getByRole('link', { name: 'নোটিফিকেশন, ১ টি নতুন' }).click();
  await expect(main(page).getByRole('link', { name: `নতুন: আপনার সেভ করা ফোন বিক্রি হয়ে গেছে: ${phone.productName}` })).toBeVisible();
  await expectAccessible(page);

  await main(page)
    .getByRole('link', { name: /আপনার সেভ করা ফোন বিক্রি হয়ে গেছে/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/saved$/);
  const saved = main(page).getByRole('listitem').filter({ hasText: phone.productName });
  await expect(saved).toContainText('বিক্রি হয়ে গেছে');
  await expect(saved.getByRole('button', { name: 'সেভ করা হয়েছে', pressed: true })).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});
