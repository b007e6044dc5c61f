import type { Earnings, OutboxSms } from '@market/contract';
import type { APIRequestContext } from '@playwright/test';
import {
  apiBook,
  apiCreateProduct,
  apiGet,
  apiHandOver,
  apiHandoverCode,
  apiLogin,
  apiPay,
  apiSignUp,
  expect,
  pageIn,
  test,
  type Session,
} from '../fixtures.ts';
import { figure, main, shot } from '../money.ts';

// Issue 32: a seller is paid out. A server of its own (as earnings.spec.ts starts one) whose complaint window lasts 2 s,
// so a protected deal completes within seconds and its money is the seller's; the demo is on, so bKash is its local
// stand-in (which pays the success wallet 01770618575), and no SMS gateway is set, so the wallet's code waits in the
// Admin's SMS outbox. With SCREENSHOTS=1 the pages are saved as /tmp/shots/payouts-*.png.

const wallet = '01770618575';

test.describe('a seller paid out to a bKash wallet', () => {
  let baseURL: string;
  let api: APIRequestContext;
  let admin: Session;
  let seller: Session;
  /** 20,000 less the site's fee (600): the seller's once the deal completes. */
  const available = 1940000;

  test.beforeAll(async ({ playwright, shortWindowServer }) => {
    test.setTimeout(90_000);
    baseURL = shortWindowServer.baseURL;
    api = await playwright.request.newContext({ baseURL });
    admin = await apiLogin(api, 'Admin');
    seller = await apiSignUp(api, admin, 'Seller', { name: 'Nadia Telecom' });
    const buyer = await apiSignUp(api, admin, 'Buyer', { name: 'Rafiq Islam' });
    const product = await apiCreateProduct(api, seller, { productName: `Galaxy S22 ${Date.now()}`, resalePrice: 20000 });
    const order = await apiBook(api, buyer, product, 'Mirpur 10, Dhaka', { payWith: 'protected' });
    await apiPay(api, buyer, order);
    await apiHandOver(api, seller, order, (await apiHandoverCode(api, buyer, order)).code);
    // The window's timer completes the deal: its price less the fee becomes the seller's.
    await expect.poll(async () => (await apiGet<Earnings>(api, 'earnings', seller)).available, { timeout: 30_000, intervals: [500, 1_000] }).toBe(available);
  });

  test.afterAll(async () => {
    await api?.dispose();
  });

  test('sets the wallet, confirms it with the code from the SMS outbox, is paid out, and the Admin sees bKash agree (375 px, English and Bangla)', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await pageIn(browser, seller, { lang: 'en', width: 375, baseURL });
    await page.goto('/dashboard/earnings');
    const where = main(page).getByRole('region', { name: 'Where we pay you' });
    await expect(where.getByText(/^No payout method yet/)).toBeVisible();
    const payNow = main(page).getByRole('button', { name: 'Pay me out now' });
    await expect(payNow).toBeDisabled();
    await expect(payNow).toHaveAccessibleDescription('Add where we pay you first.');

    // A number bKash would not know is said at once; the wallet as people write it is taken.
    const number = where.getByLabel('bKash number');
    await number.fill('01234');
    await where.getByRole('button', { name: 'Save' }).click();
    await expect(number).toHaveAccessibleDescription('bKash number must be a Bangladeshi mobile number: 01 and 9 more digits (+880 in front is fine)');
    await number.fill(`+880 ${wallet.slice(1, 5)}-${wallet.slice(5)}`);
    await where.getByRole('button', { name: 'Save' }).click();
    await expect(where.getByText(`We sent a 6-digit code by SMS to ${wallet}; it lasts 10 minutes.`)).toBeVisible();
    await expect(where.getByText('Not confirmed yet')).toBeVisible();
    await expect(payNow).toHaveAccessibleDescription('Confirm your bKash wallet first, with the code we sent to it.');
    await shot(page, 'payouts-code-en-375');

    // The Admin reads the code on the SMS outbox page (no SMS gateway here).
    const adminPage = await pageIn(browser, admin, { lang: 'en', width: 375, baseURL });
    await adminPage.goto('/dashboard/sms-outbox');
    const sms = main(adminPage)
      .getByRole('row')
      .filter({ hasText: `88${wallet}` })
      .first();
    await expect(sms).toContainText('bKash wallet code');
    await expect(sms).toContainText('kept here');
    const words = (await sms.getByText(/is your code/).textContent()) ?? '';
    const code = /(\d{6}) is your code/.exec(words)?.[1];
    expect(code, words).toBeTruthy();
    // The page says what the API says.
    const outbox = await apiGet<OutboxSms[]>(api, 'sms-outbox', admin);
    expect(outbox.find((m) => m.to === `88${wallet}`)?.text).toContain(code);
    await shot(adminPage, 'payouts-sms-outbox-en-375');

    // A wrong code first: the tries left are said.
    const codeField = where.getByLabel('Code from the SMS');
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await where.getByRole('button', { name: 'Confirm' }).click();
    await expect(where.getByRole('alert')).toHaveText('That is not the code we sent: 4 tries left');
    await codeField.fill(code!);
    await where.getByRole('button', { name: 'Confirm' }).click();
    await expect(where.getByText('Ready for payouts')).toBeVisible();
    await expect(codeField).toBeHidden();

    await expect(payNow).toBeEnabled();
    await payNow.click();
    const dialog = page.getByRole('dialog', { name: 'Pay out now?' });
    await expect(dialog).toContainText(`৳19,400 to bKash ${wallet}: it reaches the wallet within minutes.`);
    await shot(page, 'payouts-ask-en-375');
    await dialog.getByRole('button', { name: 'Pay me out' }).click();
    await expect(dialog).toBeHidden();

    // The job pays it in the server: the page watches the payout until bKash has it.
    const payout = main(page).getByRole('table', { name: 'My payouts, newest first' }).getByRole('row').nth(1);
    await expect(payout).toContainText(`৳19,400bKash ${wallet}Asked by you`);
    await expect(payout.getByRole('cell').last()).toHaveText(/^Paidon /, { timeout: 30_000 });
    await expect(figure(page, 'Paid out')).toHaveText('৳19,400');
    await expect(figure(page, 'Available')).toHaveText('৳0');
    await expect(payNow).toHaveAccessibleDescription('Nothing to pay out yet: the money of a deal is yours to be paid once the deal completes.');
    await shot(page, 'payouts-paid-en-375');
    await page.context().close();

    const bn = await pageIn(browser, seller, { lang: 'bn', width: 375, baseURL });
    await bn.goto('/dashboard/earnings');
    const bnWhere = main(bn).getByRole('region', { name: 'আপনাকে কোথায় টাকা পাঠাব' });
    await expect(bnWhere.getByText(`বিকাশ ওয়ালেট ${wallet}`)).toBeVisible();
    await expect(bnWhere.getByText('পেআউটের জন্য প্রস্তুত')).toBeVisible();
    const bnPayout = main(bn).getByRole('table', { name: 'আমার পেআউট, নতুনগুলো আগে' }).getByRole('row').nth(1);
    await expect(bnPayout).toContainText('৳১৯,৪০০');
    await expect(bnPayout).toContainText('পরিশোধ হয়েছে');
    await expect(figure(bn, 'পরিশোধ করা হয়েছে')).toHaveText('৳১৯,৪০০');
    await shot(bn, 'payouts-paid-bn-375');
    await bn.context().close();

    // The Admin's Money: bKash's payouts by the books and by bKash's own records agree.
    await adminPage.goto('/dashboard/money');
    await expect(main(adminPage).getByRole('heading', { level: 1 })).toHaveText('Money');
    const reconciliation = main(adminPage).getByRole('table', { name: 'Each provider: what the books say against what the provider says' });
    const bkashPayouts = reconciliation.getByRole('row').filter({ hasText: 'bKash payouts' });
    await expect(bkashPayouts.getByRole('cell').nth(2)).toHaveText('Books: ৳19,400Provider: ৳19,400');
    await expect(bkashPayouts.getByRole('cell').last()).toHaveText('Matches');
    const listed = main(adminPage)
      .getByRole('table', { name: "Sellers' payouts, newest first" })
      .getByRole('row')
      .filter({ hasText: `bKash ${wallet}` });
    await expect(listed).toContainText('Paid');
    await expect(listed).toContainText(seller.user._id);
    await shot(adminPage, 'payouts-admin-money-en-375');
    await adminPage.context().close();

    const adminBn = await pageIn(browser, admin, { lang: 'bn', width: 375, baseURL });
    await adminBn.goto('/dashboard/money');
    const bnRow = main(adminBn).getByRole('row').filter({ hasText: 'বিকাশ পেআউট' });
    await expect(bnRow.getByRole('cell').last()).toHaveText('মিলেছে');
    await shot(adminBn, 'payouts-admin-money-bn-375');
    await adminBn.context().close();
  });
});
