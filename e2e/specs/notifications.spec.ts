import type { Page } from '@playwright/test';
import { apiGet, expect, expectAccessible, screenshots, signInWith, test } from '../fixtures.ts';

// Issue 31, item 6: which notifications also come by e-mail, chosen on the account page and kept on the account.
// The demo buyer's choice is put back at the end (other tests read none of its mails).

const choices = (page: Page) => page.getByRole('group', { name: /E-mails about your deals|আপনার লেনদেন নিয়ে ই-মেইল/ });

test('a buyer switches one kind of e-mail off on the account page, in English and Bangla, at 1280 and 375 px; it stays off', async ({
  page,
  request,
  buyerSession,
}) => {
  await signInWith(page, buyerSession);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/account');
  const declined = choices(page).getByRole('checkbox', { name: 'The seller declines my booking' });
  await expect(declined).toBeChecked();
  await declined.uncheck();
  await expect(choices(page).getByRole('status')).toHaveText('Your choice is saved.');
  expect(await apiGet(request, 'notifications/preferences', buyerSession)).toEqual({ mailOff: ['decline'] });
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard/account?lang=bn');
  const declinedBn = choices(page).getByRole('checkbox', { name: 'বিক্রেতা আমার বুকিং নাকচ করলে' });
  await expect(declinedBn).not.toBeChecked();
  await expect(choices(page).getByRole('checkbox', { name: 'বিক্রেতা আমার বুকিং গ্রহণ করলে' })).toBeChecked();
  await screenshots(page, 'account-mail-choices-bn', () => expectAccessible(page));
  await declinedBn.check();
  await expect(choices(page).getByRole('status')).toHaveText('আপনার পছন্দ সংরক্ষিত হয়েছে।');
  expect(await apiGet(request, 'notifications/preferences', buyerSession)).toEqual({ mailOff: [] });
});
