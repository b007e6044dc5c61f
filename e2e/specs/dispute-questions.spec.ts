import type { Notification, Order } from '@market/contract';
import type { Page } from '@playwright/test';
import {
  apiBook,
  apiCreateProduct,
  apiGet,
  apiHandOver,
  apiHandoverCode,
  apiPay,
  apiSignUp,
  expect,
  expectAccessible,
  pageIn,
  screenshot,
  test,
  toast,
} from '../fixtures.ts';

// Issue 32: before deciding a dispute an Admin asks one side a question; the side asked is told, reads it
// highlighted on their page and answers; the Admin reads the answer in the dispute's thread. Here the seller is
// asked, at 375 px, in a browser of their own; the Admin works at 1280 px.

const main = (page: Page) => page.getByRole('main');
const rowOf = (page: Page, text: string) => main(page).getByRole('row').filter({ hasText: text });
const shot = (page: Page, name: string) => screenshot(page, { path: `/tmp/shots/dispute-q-${name}.png`, fullPage: true, animations: 'disabled' });

test('an Admin asks the seller of a disputed deal a question; the seller answers on Booking Requests (375 px); the Admin reads the answer', async ({
  browser,
  request,
  adminSession,
}) => {
  test.setTimeout(60_000);
  const seller = await apiSignUp(request, adminSession, 'Seller', { name: 'Rahim Mobile House' });
  const buyer = await apiSignUp(request, adminSession, 'Buyer', { name: 'Nusrat Jahan' });
  const product = await apiCreateProduct(request, seller, { productName: `Galaxy A54 ${Date.now()}`, resalePrice: 32000 });

  // A protected deal paid and handed over, then disputed by its buyer (dispute.spec.ts does it through the screens).
  const order = await apiBook(request, buyer, product, 'Mirpur 10, Dhaka', { payWith: 'protected' });
  await apiPay(request, buyer, order);
  await apiHandOver(request, seller, order, (await apiHandoverCode(request, buyer, order)).code);
  const opened = await request.post(`/api/order/${order._id}/dispute`, {
    data: { reason: 'not_working', text: 'It will not charge past 40%.', photos: [] },
    headers: { authorization: buyer.token },
  });
  expect(opened.status(), await opened.text()).toBe(200);

  // The Admin, at 1280 px: the dispute, its history, and a question to the seller.
  const adminPage = await pageIn(browser, adminSession, { lang: 'en', width: 1280 });
  await adminPage.emulateMedia({ reducedMotion: 'reduce' });
  await adminPage.goto('/dashboard/disputes');
  const disputeRow = rowOf(adminPage, product.productName);
  await expect(disputeRow.getByText('It will not charge past 40%.', { exact: true })).toBeVisible();
  // The deal's history (GET /api/order/:id/events, which Admins may call).
  await disputeRow.getByRole('button', { name: `History of ${product.productName}` }).click();
  const history = adminPage.getByRole('dialog', { name: `History of ${product.productName}` });
  await expect(history.getByRole('listitem')).toHaveText([/Booked by the buyer$/, /Paid by the buyer/, /Handed over/, /Disputed by the buyer$/]);
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  await disputeRow.getByRole('button', { name: `Ask the seller of ${product.productName}` }).click();
  const ask = adminPage.getByRole('dialog', { name: `A question about ${product.productName}` });
  await expect(ask.getByRole('radio', { name: 'The seller' })).toBeChecked();
  // Nothing written: said before anything is sent.
  await ask.getByRole('button', { name: 'Send the question' }).click();
  await expect(ask.getByText('Your question is required', { exact: true })).toBeVisible();
  const question = 'Did the phone charge to 100% when you met? Which charger did you use?';
  await ask.getByRole('textbox', { name: 'Your question' }).fill(question);
  await expectAccessible(adminPage);
  await shot(adminPage, 'admin-asking');
  await ask.getByRole('button', { name: 'Send the question' }).click();
  await expect(toast(adminPage, 'Question sent: the seller is told')).toBeVisible();
  await expect(ask).toBeHidden();
  const thread = disputeRow.getByRole('list', { name: 'Questions and answers about the dispute' });
  await expect(thread.getByRole('listitem')).toHaveText([new RegExp(`^An administrator asks the seller: ${literal(question)}`)]);
  await expectAccessible(adminPage);
  await shot(adminPage, 'admin-asked');

  // The seller is told (the bell, and a mail to a confirmed address).
  const told = await apiGet<Notification[]>(request, 'notifications', seller);
  expect(told.filter((n) => n.kind === 'dispute_question' && n.orderId === order._id)).toHaveLength(1);
  expect((await apiGet<Notification[]>(request, 'notifications', buyer)).filter((n) => n.kind === 'dispute_question')).toEqual([]);

  // The seller, at 375 px in a browser of their own: the question highlighted, and an answer.
  const sellerPage = await pageIn(browser, seller, { lang: 'en', width: 375 });
  await sellerPage.emulateMedia({ reducedMotion: 'reduce' });
  await sellerPage.goto('/dashboard/bookings');
  const bookingRow = rowOf(sellerPage, product.productName);
  await expect(bookingRow.getByText('An administrator is deciding; you can tell them your side', { exact: true })).toBeVisible();
  const asked = bookingRow.getByRole('listitem').filter({ hasText: question });
  await expect(asked).toContainText(`An administrator asks you: ${question}`);
  await expect(asked).toBeVisible();
  await expectAccessible(sellerPage);
  const overflow = () => sellerPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await shot(sellerPage, 'seller-375-question');

  await bookingRow.getByRole('button', { name: `Answer the administrator about ${product.productName}` }).click();
  const answerBox = sellerPage.getByRole('dialog', { name: `The dispute over ${product.productName}` });
  await expect(answerBox).toContainText(`An administrator asks you: ${question}`);
  const answer = 'Yes: it charged to 100% with the original charger at the shop, and the buyer watched.';
  await answerBox.getByRole('textbox', { name: 'Your answer' }).fill(answer);
  await expectAccessible(sellerPage);
  await shot(sellerPage, 'seller-375-answering');
  await answerBox.getByRole('button', { name: 'Send' }).click();
  await expect(toast(sellerPage, 'Sent: an administrator reads it before deciding')).toBeVisible();
  await expect(answerBox).toBeHidden();
  await expect(bookingRow.getByRole('listitem').filter({ hasText: answer })).toContainText(`You wrote: ${answer}`);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(sellerPage);
  await shot(sellerPage, 'seller-375-answered');
  await sellerPage.context().close();

  // The API has it, in order.
  const [kept] = (await apiGet<Order[]>(request, `orders/${buyer.user._id}`, buyer)).filter((o) => o._id === order._id);
  expect(kept!.dispute!.messages).toEqual([
    { from: 'admin', to: 'seller', text: question, at: expect.any(String) },
    { from: 'seller', to: null, text: answer, at: expect.any(String) },
  ]);

  // The Admin reads the answer under the question.
  await adminPage.reload();
  await expect(thread.getByRole('listitem')).toHaveText([
    new RegExp(`^An administrator asks the seller: ${literal(question)}`),
    new RegExp(`^The seller wrote: ${literal(answer)}`),
  ]);
  await expectAccessible(adminPage);
  await shot(adminPage, 'admin-answer');
  await adminPage.context().close();
});

/** `text` as a regular expression matching itself. */
function literal(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
