import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { startApi } from '../apps/api/test/server-process.ts';
import { luhnDigit } from '@market/contract/rules';
import type {
  AuthResult,
  Category,
  HandoverCode,
  NewProductInput,
  NotificationKind,
  Order,
  OutboxMail,
  OutboxSms,
  Page as ListPage,
  PayWay,
  Product,
} from '@market/contract';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  type Request as PageRequest,
  type Response as PageResponse,
  type TestInfo,
  type WorkerFixture,
} from '@playwright/test';

export const demo = {
  Admin: { email: 'admin@resale.demo', password: 'admin1' },
  Seller: { email: 'seller@resale.demo', password: 'seller' },
  Buyer: { email: 'buyer@resale.demo', password: 'buyer1' },
} as const;
export type Role = keyof typeof demo;
export type Session = AuthResult;

/** The login form's submit, as a person does it; answers the login's response (global-setup.ts raises the limit per address). */
export async function submitLogin(page: Page) {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  return answered;
}

/** Signs the page in without the login form: the app reads the persisted auth slice (key `auth`) on its first load. */
export async function signInWith(page: Page, session: Session) {
  await page.addInitScript((auth) => {
    // Only once per tab, so a later logout is not undone by the next navigation.
    try {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      localStorage.setItem('auth', JSON.stringify(auth));
      sessionStorage.setItem('e2e-signed-in', '1');
    } catch {
      // about:blank has no storage; the next document will do it
    }
  }, session);
}

/** A react-hot-toast message (toasts are role=status inside the toaster), not a page's own status region with the same words. */
export const toast = (page: Page, text: string | RegExp) => page.locator('[data-rht-toaster]').getByRole('status').filter({ hasText: text });

/** The phones listed on a search or category page, and their resale prices in the order shown. */
export const resultCards = (page: Page) => page.getByRole('region', { name: 'Results' }).getByRole('link').filter({ hasText: 'Resale price :' });
export const resultPrices = async (page: Page) =>
  (
    await resultCards(page)
      .getByText(/^Resale price :/)
      .allTextContents()
  ).map((t) => Number(t.replace(/\D/g, '')));

/** Taka as the app renders it: South Asian digit grouping, 1,18,000. */
export const taka = (amount: number) => new Intl.NumberFormat('en-IN').format(amount);

/** Waits until every animation in time has ended: spinners loop forever, and daisyUI's scroll-driven ones follow the scroll, not the clock. */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || !(a.timeline instanceof DocumentTimeline) || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * axe over the page, in the page itself (legacy mode). By default AxeBuilder checks each frame apart and joins the
 * parts in a blank page it opens for every check: a new renderer, 0.6 to 0.8 s of CPU each time, over a hundred
 * times a run (decision 043). The app has no frame from another origin, which only the default would reach.
 */
const axeOf = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

async function expectNoSeriousViolations(axe: AxeBuilder) {
  const results = await axe.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * No serious or critical accessibility violations on the current page. Toasts are left out: one can start fading
 * (half its contrast) while axe is still reading the page, so the verdict would depend on the machine's speed.
 * `expectToastAccessible` judges them held still.
 */
export async function expectAccessible(page: Page) {
  await animationsSettled(page);
  await expectNoSeriousViolations(axeOf(page).exclude('[data-rht-toaster]'));
}

/** The toast with this text, held on screen by the pointer resting on it (react-hot-toast pauses then), fully faded in. */
export async function expectToastAccessible(page: Page, text: string | RegExp) {
  await toast(page, text).hover();
  await animationsSettled(page);
  await expectNoSeriousViolations(axeOf(page).include('[data-rht-toaster]'));
  await page.mouse.move(0, 0);
}

/** Pictures are for people to look at, and no test reads them: taken only with SCREENSHOTS=1. */
const picturesWanted = process.env.SCREENSHOTS === '1';

/** A screenshot (page.screenshot's options), with SCREENSHOTS=1. */
export async function screenshot(page: Page, options: Parameters<Page['screenshot']>[0]) {
  if (picturesWanted) await page.screenshot(options);
}

/** The requests of each page still waiting for their answer, but the live stream's; and when one last started or ended. */
const inFlight = new WeakMap<Page, { requests: Set<PageRequest>; changed: number }>();

/** The signed-in person's live stream (issue 33): open as long as the page is, so never 'finished'. */
const isLiveStream = (request: PageRequest) => new URL(request.url()).pathname === '/api/events';

function trackRequests(page: Page) {
  const state = { requests: new Set<PageRequest>(), changed: Date.now() };
  inFlight.set(page, state);
  page.on('request', (request) => {
    if (isLiveStream(request)) return;
    state.requests.add(request);
    state.changed = Date.now();
  });
  const done = (request: PageRequest) => {
    if (state.requests.delete(request)) state.changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * 'networkidle' (no request for 500 ms) but for the live stream: a signed-in page keeps its stream open (a fetch,
 * which Playwright counts as in flight, unlike an EventSource), so the load state itself would never come.
 */
export async function networkQuiet(page: Page) {
  const state = inFlight.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  await expect
    .poll(() => state.requests.size === 0 && Date.now() - state.changed >= 500, { message: 'no request but the live stream for 500 ms', intervals: [100] })
    .toBe(true);
}

/**
 * The page at phone and desktop widths: it must not overflow horizontally at either; with SCREENSHOTS=1 a
 * full-page screenshot of each into e2e/screenshots. `atEachWidth` checks more at each (axe, say).
 */
export async function screenshots(page: Page, name: string, atEachWidth?: () => Promise<void>) {
  // Still pictures: no chart growing in or drawer sliding after each resize.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await networkQuiet(page);
    await screenshot(page, { path: `e2e/screenshots/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} overflows horizontally at ${width}px`).toBeLessThanOrEqual(0);
    await atEachWidth?.();
  }
}

/** POST /api/login through the API: a session for signInWith or the API's other calls. */
export async function apiLoginAs(request: APIRequestContext, account: { email: string; password: string }): Promise<Session> {
  const res = await apiLoginAttempt(request, account);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as Session;
}

/** A login through the API, whatever it answers. */
export const apiLoginAttempt = (request: APIRequestContext, account: { email: string; password: string }) => request.post('/api/login', { data: account });

/** The API of the server under test, for arranging data quickly. */
export async function apiLogin(request: APIRequestContext, role: Role): Promise<Session> {
  return apiLoginAs(request, demo[role]);
}

/**
 * Uploads a picture (POST /api/images) and returns its URL, which sign-up and products require (used within 24 h).
 * A product's picture must be its seller's own upload (`as`, signed in), and one of its own: a listing showing a photo
 * another account's listing shows waits for a check (issue 36). A sign-up's avatar is one made signed out.
 */
export async function apiUpload(request: APIRequestContext, name = 'picture.png', as?: Session): Promise<string> {
  const image = as ? await pictureOfItsOwn(name) : png(name);
  const res = await request.post('/api/images', { multipart: { image }, ...(as ? { headers: { authorization: as.token } } : {}) });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()).data as { url: string }).url;
}

export type MailKind = 'verify-email' | 'reset-password' | 'account-exists' | 'password-changed' | 'google-linked' | `notification-${NotificationKind}`;

/**
 * The newest mail of `kind` to `to` in the outbox, read as the Admin (no SMTP server in e2e, so
 * the outbox keeps every mail's text). Other workers add mails meanwhile: it pages on until found.
 */
export async function apiMail(request: APIRequestContext, admin: Session, to: string, kind: MailKind): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        let cursor: string | null = null;
        do {
          const res = await request.get(`/api/outbox?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: admin.token } });
          expect(res.status(), await res.text()).toBe(200);
          const page = (await res.json()) as ListPage<OutboxMail>;
          found = page.data.find((m) => m.to === to && m.kind === kind);
          cursor = page.meta.nextCursor;
        } while (!found && cursor);
        return Boolean(found);
      },
      { message: `a ${kind} mail to ${to} is in the outbox` },
    )
    .toBe(true);
  return found!;
}

/** The one-time link of a verification or reset mail: the whole URL, the path to open in the app, and its token. */
export function mailLink(mail: OutboxMail): { url: string; path: string; token: string } {
  const match = /(https?:\/\/[^\s/]+)(\/(?:verify-email|reset-password)\?token=([\w-]{43}))/.exec(mail.text ?? '');
  expect(match, `a one-time link in: ${mail.text}`).toBeTruthy();
  return { url: match![1]! + match![2]!, path: match![2]!, token: match![3]! };
}

/** Confirms the address of a new account with the link of its newest verification mail. */
export async function apiConfirmEmail(request: APIRequestContext, admin: Session, email: string) {
  const { token } = mailLink(await apiMail(request, admin, email, 'verify-email'));
  const res = await request.post('/api/verify-email', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A mobile number (01XXXXXXXXX) no other test uses, as a seller confirms it (issue 36). */
export const uniqueMobile = () => `01${3 + (randomBytes(1)[0]! % 7)}${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

/**
 * The 6-digit code of the newest SMS to `number` (local form), read as the Admin from the SMS outbox (no SMS gateway
 * in e2e, so the outbox keeps each message's words). Other workers add messages meanwhile: it pages on until found.
 */
export async function apiSmsCode(request: APIRequestContext, admin: Session, number: string): Promise<string> {
  let found: OutboxSms | undefined;
  await expect
    .poll(
      async () => {
        let cursor: string | null = null;
        do {
          const res = await request.get(`/api/sms-outbox?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: admin.token } });
          expect(res.status(), await res.text()).toBe(200);
          const page = (await res.json()) as ListPage<OutboxSms>;
          found = page.data.find((m) => m.to === `88${number}`);
          cursor = page.meta.nextCursor;
        } while (!found && cursor);
        return Boolean(found);
      },
      { message: `an SMS to ${number} is in the outbox` },
    )
    .toBe(true);
  const code = /\b(\d{6})\b/.exec(found!.text ?? '')?.[1];
  expect(code, `a code in: ${found!.text}`).toBeTruthy();
  return code!;
}

/**
 * A seller confirms a mobile number through the real API (issue 36): a code to it, read from the SMS outbox as
 * `admin`, then entered. Their new listings go on sale at once from then on. Answers the number.
 */
export async function apiConfirmNumber(request: APIRequestContext, admin: Session, seller: Session, number = uniqueMobile()): Promise<string> {
  const sent = await request.post('/api/my-number', { data: { number }, headers: { authorization: seller.token } });
  expect(sent.status(), await sent.text()).toBe(202);
  const code = await apiSmsCode(request, admin, number);
  const confirmed = await request.post('/api/my-number/confirm', { data: { code }, headers: { authorization: seller.token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return number;
}

/** An e-mail no other test uses. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;

/**
 * A fresh account of its own for a test that changes data (global-setup raises the sign-up and upload
 * limits per address for the suite): uploads the avatar, signs up (202, no session), confirms the
 * address with the link from the outbox (read as `admin`) unless `confirmed` is false, then logs in.
 * A Seller with a confirmed address also confirms a mobile number (issue 36: their listings go on sale at once, as
 * before the rule), unless `number` is false.
 */
export async function apiSignUp(
  request: APIRequestContext,
  admin: Session,
  role: 'Buyer' | 'Seller' = 'Buyer',
  { confirmed = true, number = true, name, email }: { confirmed?: boolean; number?: boolean; name?: string; email?: string } = {},
): Promise<Session & { password: string }> {
  const password = 'secret1';
  const body = {
    name: name ?? `E2E ${role} ${Math.random().toString(36).slice(2, 6)}`,
    email: email ?? uniqueEmail(role.toLowerCase()),
    password,
    role,
    userImg: await apiUpload(request, 'avatar.png'),
  };
  const res = await request.post('/api/user', { data: body });
  expect(res.status(), await res.text()).toBe(202);
  if (confirmed) await apiConfirmEmail(request, admin, body.email);
  const session = await apiLoginAs(request, { email: body.email, password });
  expect(session.user.emailVerified).toBe(confirmed);
  if (role === 'Seller' && confirmed && number) {
    const confirmedNumber = await apiConfirmNumber(request, admin, session);
    return { ...session, user: { ...session.user, confirmedNumber }, password };
  }
  return { ...session, password };
}

export async function apiCategories(request: APIRequestContext): Promise<Category[]> {
  const res = await request.get('/api/category');
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as Category[];
}

export async function apiProduct(request: APIRequestContext, id: string): Promise<Product> {
  const res = await request.get(`/api/detail-product/${id}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as Product;
}

export async function apiAdvertised(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/advertise-products');
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as Product[];
}

/**
 * Opens the home page and returns the advertised list the page itself received (inlined in its HTML
 * by the server): other tests advertise and delete phones meanwhile, so a separate call could see a
 * different list.
 */
export async function openHome(page: Page): Promise<Product[]> {
  const response = await page.goto('/');
  const json = /<script type="application\/json" id="first-screen">(.*?)<\/script>/s.exec(await response!.text())?.[1];
  expect(json, 'the home page carries its first screen').toBeTruthy();
  const answers = JSON.parse(json!) as { name: string; value: { data: Product[] } }[];
  const advertised = answers.find((e) => e.name === 'advertisedProducts');
  expect(advertised, 'the home page carries the advertised phones').toBeTruthy();
  return advertised!.value.data;
}

/**
 * Waits until the app has taken over from the HTML's first screen (apps/api/src/first-screen), which
 * draws some of the same elements: the app's category strip alone carries aria-busy.
 */
export async function appStarted(page: Page) {
  await expect(page.locator('html[data-started]')).toBeAttached();
}

/**
 * The public pages come rendered (decision 033) and their scripts start after the page has loaded
 * (public/boot.js): a test that opens a page of the app waits for the app to have started (hydrated)
 * before it acts, as a page's controls do nothing until then. Other pages (the stand-ins') are left alone.
 */
function waitForTheAppAfterLoads(page: Page) {
  for (const name of ['goto', 'reload'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<PageResponse | null>;
    page[name] = (async (...args: unknown[]) => {
      const response = await original(...args);
      // A test that asked to stop at an earlier point of the load (waitUntil) means to act before the app starts.
      const options = args.find((a) => typeof a === 'object' && a !== null) as { waitUntil?: string } | undefined;
      if (!options?.waitUntil && (await page.locator('script[src="/boot.js"]').count()) > 0) await appStarted(page);
      return response;
    }) as never;
  }
}

/** A demo phone that no test changes (advertised, by the verified demo seller): for pages that need any product. */
export async function apiDemoProduct(request: APIRequestContext): Promise<Product> {
  const product = (await apiAdvertised(request)).find((p) => p.productName === 'iPhone 14 Pro Max');
  expect(product, 'the demo data has the iPhone 14 Pro Max').toBeTruthy();
  return product!;
}

/** A valid IMEI of the test's own (random: tests run in parallel against one database). */
export function e2eImei(): string {
  const first14 = '86' + String(Math.floor(Math.random() * 1e12)).padStart(12, '0');
  return first14 + luhnDigit(first14);
}

/** What a new listing must say besides the spec's fields: storage, battery health and the handset's IMEI. */
export const phoneSpecs = () => ({ storageGb: 128, batteryHealth: 90, imei: e2eImei() });

/** Reports the phone of the detail page: 'Report', a reason, 'Send report' (issue 16). Waits for the dialog to close. */
export async function reportWith(page: Page, reason = 'Fake or misleading') {
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this phone' });
  await dialog.getByLabel(reason).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
}

/** Fills the add or edit form's 'Phone details' with what a new listing must say: storage, battery health, an IMEI. */
/** The catalogue's model in the listing form (issue 34): typed into its box, then chosen from the list under it. */
export async function pickModel(form: Locator, typed: string, name: string) {
  await form.getByRole('combobox', { name: 'Model' }).fill(typed);
  const exactly = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await form
    .getByRole('listbox', { name: 'Model' })
    .getByRole('option')
    .filter({ has: form.page().locator('span', { hasText: exactly }) })
    .click();
  await expect(form.getByRole('combobox', { name: 'Model' })).toHaveValue(name);
}

export async function fillPhoneDetails(form: Locator, imei = e2eImei()) {
  const details = form.getByRole('group', { name: 'Phone details' });
  await details.getByLabel('Storage').selectOption({ label: '128 GB' });
  await details.getByLabel('Battery health (%)').fill('90');
  await details.getByLabel('IMEI').fill(imei);
}

/** A product of the test's own, posted by the given seller in the Google category (the category spec checks Apple). */
export async function apiCreateProduct(request: APIRequestContext, seller: Session, overrides: Partial<NewProductInput> = {}): Promise<Product> {
  const google = (await apiCategories(request)).find((c) => c.category === 'Google');
  const body: NewProductInput = {
    img: await apiUpload(request, 'phone.png', seller),
    phoneNumber: '01700-000999',
    location: 'Banani, Dhaka',
    purchase: '2023-01-15',
    originalPrice: 70000,
    resalePrice: 36500,
    productName: `E2E Pixel ${Math.random().toString(36).slice(2, 7)}`,
    useYears: 1.5,
    categoryId: google!._id,
    condition: 'Good',
    description: 'A phone posted by an end-to-end test.',
    ...phoneSpecs(),
    ...overrides,
  };
  const res = await request.post('/api/product', { data: body, headers: { authorization: seller.token } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as Product;
}

/** A new seller of the test's own with `count` products (newest last). */
export async function apiSellerWithProducts(request: APIRequestContext, admin: Session, count: number) {
  const seller = await apiSignUp(request, admin, 'Seller');
  const products: Product[] = [];
  for (let i = 0; i < count; i++) products.push(await apiCreateProduct(request, seller));
  return { seller, products };
}

/**
 * A buyer's booking made through the API (the buyer's name and e-mail come from the token). Without `payWith` and
 * `meetingDate` the server books as the spec's client does: protected, meeting tomorrow (issue 31).
 */
export async function apiBook(
  request: APIRequestContext,
  buyer: Session,
  product: Product,
  meetingLocation = 'Dhanmondi 27, Dhaka',
  deal: { payWith?: PayWay; meetingDate?: string } = {},
): Promise<Order> {
  const res = await request.post('/api/order', {
    data: { productId: product._id, meetingLocation, mobileNumber: '01711-000444', ...deal },
    headers: { authorization: buyer.token },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as Order;
}

/** The seller accepts a booking through the API: the phone is reserved for its buyer. */
export async function apiAccept(request: APIRequestContext, seller: Session, order: Order): Promise<Order> {
  const res = await request.put(`/api/accept-booking/${order._id}`, { headers: { authorization: seller.token } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as Order;
}

/** The buyer's handover code of a deal (a cash one once accepted, a protected one once paid), as their handover screen asks it. */
export const apiHandoverCode = (request: APIRequestContext, buyer: Session, order: Order) =>
  apiGet<HandoverCode>(request, `/api/order/${order._id}/handover`, buyer);

/** The seller enters the buyer's handover code through the API: a cash deal completes, a protected one is handed over. */
export async function apiHandOver(request: APIRequestContext, seller: Session, order: Order, code: string): Promise<Order> {
  const res = await request.post(`/api/booking/${order._id}/handover`, { data: { code }, headers: { authorization: seller.token } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as Order;
}

/**
 * A completed deal without the screens: booked for cash at the meeting, accepted, handed over with the buyer's code
 * (a cash deal completes at its handover; a protected one would wait out its complaint window). Reviews come from it.
 */
export async function apiCompletedDeal(request: APIRequestContext, buyer: Session, seller: Session, product: Product): Promise<Order> {
  const order = await apiAccept(request, seller, await apiBook(request, buyer, product, 'Dhanmondi 27, Dhaka', { payWith: 'cash' }));
  const done = await apiHandOver(request, seller, order, (await apiHandoverCode(request, buyer, order)).code);
  expect(done.state).toBe('completed');
  return done;
}

/** Charges an order's buyer as the payment page does (a payment intent, the sandbox's card confirmation): the money is taken, nothing recorded yet. */
export async function apiCharge(request: APIRequestContext, buyer: Session, order: Order): Promise<string> {
  const intent = await request.post('/api/create-payment-intent', { data: { orderId: order._id }, headers: { authorization: buyer.token } });
  expect(intent.ok(), await intent.text()).toBeTruthy();
  const { data } = await intent.json();
  const confirmed = await request.post(`/api/sandbox/payment_intents/${data.intentId}/confirm`, {
    data: { client_secret: data.clientSecret, card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } },
  });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
  return data.intentId as string;
}

/** The payment page's last step: records a charged intent as the order's payment; answers the response. */
export const apiRecordPayment = (request: APIRequestContext, buyer: Session, order: Order, transactionId: string) =>
  request.post('/api/payment', { data: { orderId: order._id, transactionId }, headers: { authorization: `bearer ${buyer.token}` } });

/** Pays an order through the API as its buyer does: charged, then recorded. */
export async function apiPay(request: APIRequestContext, buyer: Session, order: Order) {
  const paid = await apiRecordPayment(request, buyer, order, await apiCharge(request, buyer, order));
  expect(paid.status(), await paid.text()).toBe(201);
}

/** A GET of the API as the given user, returning `data`; `path` is '/api/orders/…' or just 'orders/…'. */
export async function apiGet<T>(request: APIRequestContext, path: string, session: Session): Promise<T> {
  const res = await request.get(path.startsWith('/api/') ? path : `/api/${path}`, { headers: { authorization: session.token } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as T;
}

/** A tiny valid 8×8 PNG, for the file inputs (avatar, product picture). */
export const png = (name = 'picture.png') => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPgL8vDihiGlgQApWE8wfekj3cAAAAASUVORK5CYII=', 'base64'),
});

/** An 8×8 PNG of random colours: a picture no other upload has (its perceptual hash too), as each phone's photo is. */
export async function pictureOfItsOwn(name = 'picture.png') {
  const buffer = await sharp(randomBytes(8 * 8 * 3), { raw: { width: 8, height: 8, channels: 3 } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A page of its own (a separate browser context) signed in as `session`, for journeys with several users. */
export async function pageAs(browser: Browser, session: Session): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await signInWith(page, session);
  return page;
}

/**
 * A page of its own browser signed in as `session`, in a language (as the browser asks for it: `bn-BD` or `en-GB`)
 * and at a width; `baseURL` for a server other than the suite's (a spec that starts its own).
 */
export async function pageIn(
  browser: Browser,
  session: Session,
  { lang, width, baseURL = process.env.E2E_BASE_URL }: { lang: 'en' | 'bn'; width: 375 | 1280; baseURL?: string | undefined },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: lang === 'bn' ? 'bn-BD' : 'en-GB',
    viewport: { width, height: width === 375 ? 812 : 900 },
  });
  const page = await context.newPage();
  await signInWith(page, session);
  return page;
}

/** The dashboard's side menu. */
export const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/** Answers the deletion question ('Are you sure?' …) with 'Yes, delete it!' and waits for 'Deleted!'. */
export async function confirmDeletion(page: Page) {
  // A 'Deleted!' of an earlier deletion is gone first, so the one awaited below is this deletion's.
  await expect(toast(page, 'Deleted!')).toHaveCount(0);
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("You won't be able to revert this!", { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Deleted!')).toBeVisible();
}

/**
 * The demo accounts' sessions, logged in once per worker. A test that only needs someone signed in, and changes
 * nothing of theirs, uses these instead of a new account (each new account costs an upload, a sign-up, a mail and a login).
 */
const demoSession = (role: Role): [WorkerFixture<Session, PlaywrightWorkerArgs>, { scope: 'worker' }] => [
  async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    await use(await apiLogin(request, role));
    await request.dispose();
  },
  { scope: 'worker' },
];

/**
 * One browser context per worker, shared by the tests one after another (decision 043): a new context for every
 * test cost about a second of wall time and a third of a CPU-second more per test (its first load of the app with
 * an empty cache, a new network context). Each test still gets a new page, and the context is wiped between tests:
 * pages closed, cookies, permissions and the origin's storage (localStorage, sessionStorage, IndexedDB, caches,
 * service workers) cleared. A test file that changes its context for good (a fake clock, a binding) sets
 * `test.use({ freshContext: true })` and gets a context of its own, as do the contexts a test makes itself.
 */
interface SharedContext {
  get(): Promise<BrowserContext>;
  wipe(failed: boolean, testInfo: TestInfo): Promise<void>;
}

/**
 * A server of its own whose deals complete 2 s after their handover (COMPLAINT_WINDOW), for the money's specs
 * (earnings, payouts): started once per worker, when a spec first asks for it, and stopped with the worker.
 */
export interface ShortWindowServer {
  baseURL: string;
}

export const test = base.extend<
  { freshContext: boolean },
  { sellerSession: Session; adminSession: Session; buyerSession: Session; sharedContext: SharedContext; shortWindowServer: ShortWindowServer }
>({
  shortWindowServer: [
    async ({ playwright: _playwright }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'market-e2e-short-window-'));
      const server = await startApi({ env: { DATA_DIR: dataDir, DEMO: 'true', COMPLAINT_WINDOW: '2s', LIMIT_UPLOADS_PER_IP: '1000/10m' }, timeoutMs: 60_000 });
      await use({ baseURL: `http://localhost:${server.port}` });
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  freshContext: [false, { option: true }],
  browser: [
    async ({ browser }, use) => {
      // The contexts made here: their pages wait for the app after each load, unless they run no JavaScript.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on('page', waitForTheAppAfterLoads);
        context.on('page', trackRequests);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  sharedContext: [
    async ({ browser }, use) => {
      let context: BrowserContext | undefined;
      // A blank page kept open for the worker's life: the context's renderer process (and the app's code compiled in
      // it) outlives each test's page, so a test's first page load costs half a cold renderer's CPU.
      let warm: Page | undefined;
      const origin = new URL(process.env.E2E_BASE_URL!).origin;
      await use({
        async get() {
          // A test may have closed it (its page's context): the next one gets a new one.
          if (!context) {
            const made = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
            made.on('close', () => (context = warm = undefined));
            warm = await made.newPage();
            context = made;
          }
          return context;
        },
        async wipe(failed, testInfo) {
          if (!context) return;
          const pages = context.pages().filter((p) => p !== warm);
          if (failed && pages[0])
            await testInfo.attach('screenshot', { body: await pages[0].screenshot().catch(() => Buffer.alloc(0)), contentType: 'image/png' });
          for (const p of pages) await p.close();
          const cdp = await context.newCDPSession(warm!);
          await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
          await cdp.detach();
          await context.clearCookies();
          await context.clearPermissions();
        },
      });
      await context?.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ browser, freshContext, sharedContext }, use, testInfo) => {
    if (freshContext) {
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      await use(context);
      await context.close();
      return;
    }
    await use(await sharedContext.get());
    await sharedContext.wipe(testInfo.status !== testInfo.expectedStatus, testInfo);
  },
  sellerSession: demoSession('Seller'),
  adminSession: demoSession('Admin'),
  buyerSession: demoSession('Buyer'),
});
export { expect };

/**
 * Presses 'Load more' until `target` shows: dashboard lists are paged, newest first, and other tests
 * add rows meanwhile, so a row made a moment ago may already be past the first page.
 */
export async function loadUntilVisible(page: Page, target: Locator) {
  const more = page.getByRole('main').getByRole('button', { name: 'Load more' });
  await page.getByRole('main').getByRole('table').first().waitFor();
  for (let pages = 0; pages < 50 && (await target.count()) === 0 && (await more.count()) > 0; pages++) {
    await more.click();
    // The next page has arrived when the button is usable again, or gone after the last page.
    await expect(more.or(page.getByRole('main').getByRole('table'))).toBeVisible();
    await expect.poll(async () => (await more.count()) === 0 || (await more.isEnabled())).toBe(true);
  }
  await expect(target.first()).toBeVisible();
}
