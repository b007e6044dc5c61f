import AxeBuilder from '@axe-core/playwright';
import type { AuthResult, Category, NewProductBody, Product } from '@market/contract';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const demo = {
  Admin: { email: 'admin@resale.demo', password: 'admin1' },
  Seller: { email: 'seller@resale.demo', password: 'seller' },
  Buyer: { email: 'buyer@resale.demo', password: 'buyer1' },
} as const;
export type Role = keyof typeof demo;
export type Session = AuthResult;

/** Logs in through the real login form. POST /api/login allows 20 calls a minute: prefer signInWith outside auth specs. */
export async function loginAs(page: Page, role: Role | { email: string; password: string }) {
  const account = typeof role === 'string' ? demo[role] : role;
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(page, 'Login successfully')).toBeVisible();
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

/** A react-hot-toast message (toasts are role=status). */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** Taka as the app renders it: South Asian digit grouping, 1,18,000. */
export const taka = (amount: number) => new Intl.NumberFormat('en-IN').format(amount);

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A full-page screenshot at phone and desktop widths into e2e/screenshots, for people to look at. */
export async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} overflows horizontally at ${width}px`).toBeLessThanOrEqual(0);
  }
}

/** The API of the server under test, for arranging data quickly. */
export async function apiLogin(request: APIRequestContext, role: Role): Promise<Session> {
  const res = await request.post('/api/login', { data: demo[role] });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as Session;
}

/** An e-mail no other test uses. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;

/** A fresh account of its own for a test that changes data (POST /api/user is not rate-limited, unlike login). */
export async function apiSignUp(request: APIRequestContext, role: 'Buyer' | 'Seller' = 'Buyer'): Promise<Session & { password: string }> {
  const password = 'secret1';
  const body = { name: `E2E ${role} ${Math.random().toString(36).slice(2, 6)}`, email: uniqueEmail(role.toLowerCase()), password, role, userImg: '/uploads/seed/avatars/buyer.svg' };
  const res = await request.post('/api/user', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()).data as Session), password };
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

/** A product of the test's own, posted by the given seller in the Google category (the category spec checks Apple). */
export async function apiCreateProduct(request: APIRequestContext, seller: Session, overrides: Partial<NewProductBody> = {}): Promise<Product> {
  const google = (await apiCategories(request)).find((c) => c.category === 'Google');
  const body: NewProductBody = {
    img: '/uploads/seed/products/pixel-7.webp',
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
    ...overrides,
  };
  const res = await request.post('/api/product', { data: body, headers: { authorization: seller.token } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as Product;
}

/** The demo seller's session, logged in once per worker to stay far below the login rate limit. */
export const test = base.extend<object, { sellerSession: Session }>({
  sellerSession: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      await use(await apiLogin(request, 'Seller'));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});
export { expect };
