import type { Order, Product } from '@market/contract';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import {
  apiCategories,
  apiSignUp,
  apiUpload,
  reportWith,
  phoneSpecs,
  demo,
  expect,
  expectAccessible,
  loadUntilVisible,
  signInWith,
  test,
  toast,
  type Session,
  submitLogin,
  networkQuiet,
} from '../fixtures.ts';

// Its context changes for good (a CSP binding and init script on the context): one of its own per test.
test.use({ freshContext: true });

/**
 * Stored XSS: a product, a seller, a buyer and a booking whose every free-text field is HTML
 * and script. On every page they appear on, the text shows literally and nothing in it runs or
 * becomes an element. And the whole app runs under helmet's Content-Security-Policy without
 * a single violation, on every page this spec visits.
 */
const tag = Math.random().toString(36).slice(2, 7);
const payload = {
  productName: `XSS ${tag} <img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`,
  description: `"><svg onload=window.__xss=3></svg> <iframe src="javascript:window.__xss=4"></iframe> <a href="javascript:alert(5)">tap</a> javascript:window.__xss=6`,
  location: `'"><img src=x onerror=alert(7)> <b onmouseover=window.__xss=8>Dhaka</b>`,
  meetingLocation: `<img src=x onerror=window.__xss=9> Gulshan <script>alert(10)</script>`,
  sellerName: `<svg/onload=window.__xss=11>Seller ${tag}`,
  buyerName: `<img src=x onerror=alert(12)>Buyer ${tag}`,
};
const password = 'secret1';

/** What the payloads would leave behind if any of them became markup. */
const injected = 'img[src="x"], svg[onload], iframe[src^="javascript:"], a[href^="javascript:"], [onerror], [onload], [onmouseover]';

declare global {
  interface Window {
    __xss?: unknown;
    __csp?: string[];
    __reportCsp?: (violation: string) => void;
  }
}

interface Watch {
  /** CSP violations (securitypolicyviolation events, and the console's "Content Security Policy" messages), dialogs, page errors. */
  violations: string[];
  dialogs: string[];
  errors: string[];
}

/** Watches a browser context from its first document on: every page of it reports here. */
async function watch(context: BrowserContext): Promise<Watch> {
  const seen: Watch = { violations: [], dialogs: [], errors: [] };
  await context.exposeBinding('__reportCsp', (_source, violation: string) => void seen.violations.push(violation));
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      const violation = `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`;
      window.__csp!.push(violation);
      void window.__reportCsp?.(violation);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.violations.push(`console: ${message.text()}`);
  });
  context.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  context.on('weberror', (error) => void seen.errors.push(error.error().message));
  return seen;
}

/** Opens a page of the app: it is served under the CSP, and nothing of the payloads runs or becomes markup there. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()['content-security-policy'], `${path} is served under a CSP`).toBeTruthy();
  await networkQuiet(page);
}

async function expectInert(page: Page) {
  // An <img src=x onerror> would have failed to load and run by now (networkidle).
  await expect(page.locator(injected)).toHaveCount(0);
  // Scripts that run (a data block such as the phone's JSON-LD holds the seller's words as data: it never runs).
  const running = await page.evaluate(
    () =>
      [...document.scripts].filter(
        (s) => ['', 'module', 'text/javascript'].includes(s.type) && (s.textContent?.includes('__xss') || /alert\(/.test(s.textContent ?? '')),
      ).length,
  );
  expect(running).toBe(0);
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  // The page's own record too (the binding above also carries it across navigations).
  expect(await page.evaluate(() => window.__csp)).toEqual([]);
}

/** The text, literally, inside the page's main content (the navbar's closed user menu holds the user's name too). */
const visible = (scope: Page | Locator, text: string) =>
  expect(('goto' in scope ? scope.getByRole('main') : scope).getByText(text, { exact: true }).first()).toBeVisible();

async function signUp(request: APIRequestContext, admin: Session, role: 'Seller' | 'Buyer', name: string): Promise<Session & { email: string }> {
  const email = `xss-${role.toLowerCase()}-${tag}-${Math.random().toString(36).slice(2, 6)}@e2e.test`;
  return { ...(await apiSignUp(request, admin, role, { name, email })), email };
}

test.describe.configure({ mode: 'serial' });

test.describe('stored HTML and script render as text, under a CSP the app does not violate', () => {
  let seller: Session & { email: string };
  let buyer: Session & { email: string };
  let product: Product;
  let seen: Watch;

  test.beforeAll(async ({ playwright, adminSession }) => {
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    seller = await signUp(request, adminSession, 'Seller', payload.sellerName);
    buyer = await signUp(request, adminSession, 'Buyer', payload.buyerName);
    const google = (await apiCategories(request)).find((c) => c.category === 'Google')!;
    const body = {
      img: await apiUpload(request, 'phone.png', seller),
      phoneNumber: '01700-000999',
      location: payload.location,
      purchase: '2023-01-15',
      originalPrice: 70000,
      resalePrice: 36500,
      productName: payload.productName,
      useYears: 1.5,
      categoryId: google._id,
      condition: 'Good',
      description: payload.description,
      ...phoneSpecs(),
    };
    // A javascript: URL is no picture: the API refuses it for products and avatars.
    const scripted = await request.post('/api/product', { data: { ...body, img: 'javascript:window.__xss=13' }, headers: { authorization: seller.token } });
    expect(scripted.status()).toBe(400);
    const scriptedAvatar = await request.post('/api/user', {
      data: { name: 'x', email: `xss-avatar-${tag}@e2e.test`, password, role: 'Buyer', userImg: 'javascript:alert(14)' },
    });
    expect(scriptedAvatar.status()).toBe(400);

    const created = await request.post('/api/product', { data: body, headers: { authorization: seller.token } });
    expect(created.status(), await created.text()).toBe(201);
    product = (await created.json()).data as Product;
    // Stored as sent: the API does not mangle text, the page must render it safely.
    expect([product.productName, product.description, product.location, product.sellerId.name]).toEqual([
      payload.productName,
      payload.description,
      payload.location,
      payload.sellerName,
    ]);
    const advertised = await request.put(`/api/advertise-product/${product._id}`, { headers: { authorization: seller.token } });
    expect(advertised.status()).toBe(200);
    await request.dispose();
  });

  test.beforeEach(async ({ page }) => {
    seen = await watch(page.context());
  });

  test.afterEach(async () => {
    expect(seen.violations, 'Content-Security-Policy violations').toEqual([]);
    expect(seen.dialogs, 'dialogs opened by a payload').toEqual([]);
    expect(seen.errors, 'uncaught page errors').toEqual([]);
  });

  test("helmet's CSP: script-src 'self' only, no eval, no inline script, no plugins", async ({ request }) => {
    for (const path of ['/', `/detail-product/${product._id}`, '/dashboard/myOrders']) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const header = res.headers()['content-security-policy'];
      expect(header, `${path} has a CSP`).toBeTruthy();
      const directives = new Map(
        header!
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name!, values]),
      );
      expect(directives.get('script-src'), path).toEqual(["'self'"]);
      expect(header).not.toContain("'unsafe-eval'");
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('script-src-attr')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
    }
  });

  test('signed out: home (advertised), its category, its detail page, and the public pages', async ({ page }) => {
    await visit(page, '/');
    await visible(page.getByRole('region', { name: 'Special product' }), payload.productName);
    await expectInert(page);

    await visit(page, `/category/${product.categoryId._id}`);
    await visible(page, payload.productName);
    await expectInert(page);

    await visit(page, `/detail-product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(payload.productName);
    await visible(page, payload.description);
    await visible(page, payload.location);
    await visible(page, payload.sellerName);
    await expect(page.getByRole('main').getByRole('img', { name: payload.productName })).toBeVisible();
    await expectInert(page);
    await expectAccessible(page);

    for (const path of ['/login', '/signup', '/blog', '/no-such-page']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy'], path).toBeTruthy();
      await networkQuiet(page);
      await expectInert(page);
    }
  });

  test('the seller: the detail page, My Products, Add Product and the overview', async ({ page }) => {
    await signInWith(page, seller);
    await visit(page, `/detail-product/${product._id}`);
    await visible(page, payload.sellerName);
    // Their own phone offers its edit (issue 35): the form holds the payloads as values.
    await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByLabel('Product name', { exact: true })).toHaveValue(payload.productName);
    await expectInert(page);

    await visit(page, '/dashboard/myProduct');
    await expect(page.getByRole('row', { name: new RegExp(`XSS ${tag}`) })).toBeVisible();
    await visible(page, payload.productName);
    await expectInert(page);

    for (const path of ['/dashboard', '/dashboard/addProduct']) {
      await visit(page, path);
      await expectInert(page);
    }
  });

  test('the buyer: logs in, reports the phone and books it (booking form, toasts), My Orders, and pays on the payment page', async ({ page }) => {
    // Through the login form once: the page after it greets the buyer by the payload name.
    await visit(page, '/login');
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill(password);
    await submitLogin(page);
    await expect(toast(page, 'Login successfully')).toBeVisible();
    await expectInert(page);

    await visit(page, `/detail-product/${product._id}`);
    await reportWith(page);
    await expect(toast(page, `${payload.productName} reported successfully`)).toBeVisible();
    await expectInert(page);

    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking information' });
    await expect(dialog.getByLabel('Product name', { exact: true })).toHaveValue(payload.productName);
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(payload.buyerName);
    await dialog.getByLabel('Meeting location').fill(payload.meetingLocation);
    await dialog.getByLabel('Mobile number').fill('01711-000444');
    await expectInert(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, `${payload.productName} booked successfully`)).toBeVisible();
    await expectInert(page);

    await visit(page, '/dashboard/myOrders');
    const row = page.getByRole('row', { name: new RegExp(`XSS ${tag}`) });
    await expect(row.getByText(payload.productName, { exact: true })).toBeVisible();
    await expect(row.getByText(payload.meetingLocation, { exact: true })).toBeVisible();
    await expectInert(page);

    await visit(page, '/dashboard');
    await expectInert(page);

    const orders = (await (await page.request.get(`/api/orders/${buyer.user._id}`, { headers: { authorization: buyer.token } })).json()).data as Order[];
    const order = orders.find((o) => o.productId === product._id)!;
    await visit(page, `/dashboard/payment/${order._id}`);
    await expect(page.getByRole('heading', { name: `Payment for ${payload.productName}` })).toBeVisible();
    await expectInert(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(toast(page, 'Your payment completed !')).toBeVisible();
    await expectInert(page);
  });

  test('the admin: Reported Items, All Sellers, All Buyers and the overview', async ({ page, adminSession }) => {
    expect(adminSession.user.email).toBe(demo.Admin.email);
    await signInWith(page, adminSession);
    await visit(page, '/dashboard/report');
    const reported = page.getByRole('row', { name: new RegExp(`XSS ${tag}`) });
    await loadUntilVisible(page, reported);
    await expect(reported.getByText(payload.productName, { exact: true })).toBeVisible();
    await expect(reported.getByText(payload.sellerName, { exact: true })).toBeVisible();
    await expectInert(page);

    await visit(page, '/dashboard/allSellers');
    await loadUntilVisible(page, page.getByRole('main').getByText(payload.sellerName, { exact: true }));
    await visible(page, payload.sellerName);
    await expectInert(page);

    await visit(page, '/dashboard/allBuyers');
    await loadUntilVisible(page, page.getByRole('main').getByText(payload.buyerName, { exact: true }));
    await visible(page, payload.buyerName);
    await expectInert(page);

    await visit(page, '/dashboard');
    await expectInert(page);
  });

  test('the checks bite: the payloads made into markup are caught, and the CSP blocks their scripts and reports it', async ({ page }) => {
    // The buyer's test paid for the phone, so its page is a 410 now; any page under the CSP will do.
    await visit(page, `/category/${product.categoryId._id}`);
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), `${payload.productName}${payload.description}`);
    await expect(page.locator(injected).first()).toBeAttached();
    // Blocked by script-src-attr 'none' and script-src 'self', and reported on both channels.
    await expect.poll(() => seen.violations.filter((v) => v.startsWith('console:')).length).toBeGreaterThan(0);
    await expect.poll(() => seen.violations.filter((v) => !v.startsWith('console:')).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
    // Expected here; every other test ends with none.
    seen.violations.length = 0;
  });
});
