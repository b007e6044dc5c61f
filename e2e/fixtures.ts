import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const demo = {
  Admin: { email: 'admin@resale.demo', password: 'admin1' },
  Seller: { email: 'seller@resale.demo', password: 'seller' },
  Buyer: { email: 'buyer@resale.demo', password: 'buyer1' },
} as const;
export type Role = keyof typeof demo;

/** Logs in through the real login form. */
export async function loginAs(page: Page, role: Role | { email: string; password: string }) {
  const account = typeof role === 'string' ? demo[role] : role;
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successfully')).toBeVisible();
}

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
export async function apiLogin(request: import('@playwright/test').APIRequestContext, role: Role) {
  const res = await request.post('/api/login', { data: demo[role] });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as { token: string; user: { _id: string; name: string; email: string } };
}

export const test = base;
export { expect };
