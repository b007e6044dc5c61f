import type { Page } from '@playwright/test';
import { expect, expectAccessible, networkQuiet, screenshot } from './fixtures.ts';

/** What the money's specs (earnings, payouts) share: the Earnings figures, and a checked screenshot of a page. */

export const main = (page: Page) => page.getByRole('main');

/** One of the Earnings figures, by its exact label ('Paid out' is not 'Being paid out'). */
export const figure = (page: Page, label: string) =>
  main(page)
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first();

/** The page as it is now, saved as /tmp/shots/<name>.png with SCREENSHOTS=1; it must not overflow sideways, and axe finds nothing serious. */
export async function shot(page: Page, name: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await networkQuiet(page);
  await screenshot(page, { path: `/tmp/shots/${name}.png`, fullPage: true, animations: 'disabled' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
  await expectAccessible(page);
}
