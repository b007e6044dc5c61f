import type { Role } from '@market/contract';
import type { Page } from '@playwright/test';
import {
  apiBook,
  apiSellerWithProducts,
  apiSignUp,
  dashboardMenu,
  expect,
  expectAccessible,
  screenshot,
  screenshots,
  signInWith,
  test,
  type Session,
} from '../fixtures.ts';

const menus: Record<Role, [label: string, path: string][]> = {
  Seller: [
    ['Overview', '/dashboard'],
    ['Add Product', '/dashboard/addProduct'],
    ['My Product', '/dashboard/myProduct'],
    ['Booking Requests', '/dashboard/bookings'],
    ['Earnings', '/dashboard/earnings'],
    ['My Reviews', '/dashboard/reviews'],
    ['Saved', '/dashboard/saved'],
    ['Saved searches', '/dashboard/saved-searches'],
    ['Messages', '/dashboard/messages'],
    ['Notifications', '/dashboard/notifications'],
    ['Account', '/dashboard/account'],
  ],
  Buyer: [
    ['Overview', '/dashboard'],
    ['My Orders', '/dashboard/myOrders'],
    ['Saved', '/dashboard/saved'],
    ['Saved searches', '/dashboard/saved-searches'],
    ['Messages', '/dashboard/messages'],
    ['Notifications', '/dashboard/notifications'],
    ['Account', '/dashboard/account'],
  ],
  Admin: [
    ['Overview', '/dashboard'],
    ['All Sellers', '/dashboard/allSellers'],
    ['All Buyers', '/dashboard/allBuyers'],
    ['Reported Items', '/dashboard/report'],
    ['Listing checks', '/dashboard/listing-checks'],
    ['Reported messages', '/dashboard/messageReports'],
    ['Model catalogue', '/dashboard/phone-models'],
    ['Payments', '/dashboard/payments'],
    ['Disputes', '/dashboard/disputes'],
    ['Money', '/dashboard/money'],
    ['Outbox', '/dashboard/outbox'],
    ['SMS outbox', '/dashboard/sms-outbox'],
    ['Audit Log', '/dashboard/audit'],
    ['Account', '/dashboard/account'],
  ],
};

/** The demo account of the role: these tests only look (and each new account would cost a login). */
const sessionOf = (role: Role, sessions: Record<'adminSession' | 'sellerSession' | 'buyerSession', Session>) =>
  ({ Admin: sessions.adminSession, Seller: sessions.sellerSession, Buyer: sessions.buyerSession })[role];

const pageHeading: Record<string, string> = {
  '/dashboard': 'Overview',
  '/dashboard/addProduct': 'To add a new Product fill all information',
  '/dashboard/myProduct': 'My Products',
  '/dashboard/myOrders': 'My Orders',
  '/dashboard/bookings': 'Booking Requests',
  '/dashboard/earnings': 'Earnings',
  '/dashboard/reviews': 'My Reviews',
  '/dashboard/allSellers': 'All Sellers',
  '/dashboard/allBuyers': 'All Buyers',
  '/dashboard/report': 'Reported Items',
  '/dashboard/payments': 'Payments',
  '/dashboard/disputes': 'Disputes',
  '/dashboard/money': 'Money',
  '/dashboard/outbox': 'Outbox',
  '/dashboard/sms-outbox': 'SMS outbox',
  '/dashboard/audit': 'Audit Log',
  '/dashboard/account': 'Account',
  '/dashboard/notifications': 'Notifications',
  '/dashboard/saved': 'Saved phones',
  '/dashboard/saved-searches': 'Saved searches',
  '/dashboard/messages': 'Messages',
  '/dashboard/messageReports': 'Reported messages',
  '/dashboard/phone-models': 'Model catalogue',
  '/dashboard/listing-checks': 'Listing checks',
};

for (const role of ['Seller', 'Buyer', 'Admin'] as const) {
  test(`the ${role}'s side menu: ${menus[role].map(([label]) => label).join(', ')}`, async ({ page, adminSession, sellerSession, buyerSession }) => {
    await signInWith(page, sessionOf(role, { adminSession, sellerSession, buyerSession }));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard');
    const links = dashboardMenu(page).getByRole('link');
    await expect(links).toHaveText(menus[role].map(([label]) => label));
    for (const [i, [, path]] of menus[role].entries()) await expect(links.nth(i)).toHaveAttribute('href', path);
    // On a wide screen the menu is always there, without a toggle.
    await expect(page.getByText('Open dashboard menu')).toBeHidden();
    for (const [label, path] of [...menus[role]].reverse()) {
      // Exactly: 'Outbox' is also in 'SMS outbox'.
      await dashboardMenu(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(dashboardMenu(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText(pageHeading[path]!);
    }
  });
}

test.describe('role guards', () => {
  const cases: { role: Role; paths: string[] }[] = [
    {
      role: 'Buyer',
      paths: [
        '/dashboard/allSellers',
        '/dashboard/addProduct',
        '/dashboard/bookings',
        '/dashboard/earnings',
        '/dashboard/reviews',
        '/dashboard/overview-admin',
        '/dashboard/report',
        '/dashboard/payments',
        '/dashboard/outbox',
        '/dashboard/audit',
      ],
    },
    {
      role: 'Seller',
      paths: ['/dashboard/myOrders', '/dashboard/allBuyers', '/dashboard/overview-buyer', '/dashboard/outbox', '/dashboard/money', '/dashboard/sms-outbox'],
    },
    { role: 'Admin', paths: ['/dashboard/myProduct', '/dashboard/overview-seller'] },
  ];
  for (const { role, paths } of cases) {
    test(`${role === 'Admin' ? 'an' : 'a'} ${role} opening ${paths.join(', ')} lands on /`, async ({ page, adminSession, sellerSession, buyerSession }) => {
      await signInWith(page, sessionOf(role, { adminSession, sellerSession, buyerSession }));
      for (const path of paths) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole('heading', { name: 'Brands', exact: true })).toBeVisible();
      }
    });
  }

  test('the role comes from the token: a stored user claiming Admin is still a Buyer', async ({ page, buyerSession }) => {
    await signInWith(page, { ...buyerSession, user: { ...buyerSession.user, role: 'Admin' } });
    await page.goto('/dashboard/allSellers');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(dashboardMenu(page).getByRole('link')).toHaveText(menus.Buyer.map(([label]) => label));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Buyer Overview');
  });

  test('any other /dashboard path shows the not-found picture inside the dashboard', async ({ page, buyerSession }) => {
    await signInWith(page, buyerSession);
    await page.goto('/dashboard/anything-else');
    await expect(page.getByRole('main').getByRole('img', { name: /404/ })).toBeVisible();
    await expect(dashboardMenu(page).getByRole('link')).toHaveText(menus.Buyer.map(([label]) => label));
    await expect(page.getByRole('main')).toHaveCount(1);
    await expectAccessible(page);
    await screenshots(page, 'dashboard-not-found');
  });

  test('signed out, /dashboard/myOrders and /dashboard/allSellers lead to /login', async ({ page }) => {
    for (const path of ['/dashboard/myOrders', '/dashboard/allSellers', '/dashboard/anything-else']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    }
  });
});

test('at 375 px the drawer toggle opens the side menu, and following a link closes it', async ({ page, request, adminSession }) => {
  await signInWith(page, await apiSignUp(request, adminSession, 'Buyer'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard');
  const drawer = page.locator('#dashboard-drawer');
  const myOrders = dashboardMenu(page).getByRole('link', { name: 'My Orders' });
  await expect(drawer).not.toBeChecked();
  await expect(myOrders).not.toBeInViewport();

  await page.getByText('Open dashboard menu').click();
  await expect(drawer).toBeChecked();
  await expect(myOrders).toBeInViewport();
  await expect(dashboardMenu(page).getByRole('link', { name: 'Overview' })).toBeInViewport();
  await expectAccessible(page);
  await screenshot(page, { path: 'e2e/screenshots/dashboard-drawer-open-375.png' });

  await myOrders.click();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  await expect(drawer).not.toBeChecked();
  await expect(myOrders).not.toBeInViewport();
  await expect(page.getByText('no orders found')).toBeVisible();

  // The overlay beside the menu closes it too.
  await page.getByText('Open dashboard menu').click();
  await expect(drawer).toBeChecked();
  await expect(myOrders).toBeInViewport();
  // Beside the 256 px menu (the click waits until the overlay has faded in and receives it).
  await page.locator('label.drawer-overlay').click({ position: { x: 330, y: 300 } });
  await expect(drawer).not.toBeChecked();
  await expect(myOrders).not.toBeInViewport();
});

/** Every dashboard page of a role: axe finds nothing serious at 1280 and 375 px, and screenshots at both. */
async function checkPages(page: Page, role: Role, session: Session, pages: [name: string, path: string, ready: string][]) {
  // Two axe runs and two screenshots a page: about 20 s a role on a quiet machine; 30 s a page leaves room when the suite shares two cores.
  test.setTimeout(30_000 * pages.length);
  await signInWith(page, session);
  for (const [name, path, ready] of pages) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('main').getByText(ready, { exact: true }).first()).toBeVisible();
    // Overview counters have finished counting up, so the pictures show the real numbers.
    for (const stat of await page.locator('.stat-value').all()) await expect(stat).toHaveText((await stat.getAttribute('data-value'))!);
    // axe at 375 px, then at 1280 px (it had run twice at 1280, the width both runs happened to be at).
    await screenshots(page, `dashboard-${role.toLowerCase()}-${name}`, () => expectAccessible(page));
  }
}

test('seller pages are accessible and fit 375 and 1280 px', async ({ page, request, adminSession }) => {
  const { seller } = await apiSellerWithProducts(request, adminSession, 3);
  await checkPages(page, 'Seller', seller, [
    ['overview', '/dashboard', 'Total Paid Orders'],
    ['add-product', '/dashboard/addProduct', 'Product Info'],
    ['my-product', '/dashboard/myProduct', 'available'],
  ]);
});

test('buyer pages are accessible and fit 375 and 1280 px', async ({ page, request, adminSession }) => {
  const { products } = await apiSellerWithProducts(request, adminSession, 2);
  const buyer = await apiSignUp(request, adminSession, 'Buyer');
  for (const product of products) await apiBook(request, buyer, product);
  await checkPages(page, 'Buyer', buyer, [
    ['overview', '/dashboard', 'Total Paid Orders'],
    ['my-orders', '/dashboard/myOrders', 'Dhanmondi 27, Dhaka'],
  ]);
});

test('admin pages are accessible and fit 375 and 1280 px', async ({ page, adminSession }) => {
  await checkPages(page, 'Admin', adminSession, [
    ['overview', '/dashboard', 'Total Buyer'],
    // Other specs add many accounts, newest first: the demo ones may be on a later page, the table's header is always there.
    ['all-sellers', '/dashboard/allSellers', 'Verification'],
    ['all-buyers', '/dashboard/allBuyers', 'email'],
    ['report', '/dashboard/report', 'Reported Items'],
    ['sms-outbox', '/dashboard/sms-outbox', 'SMS outbox'],
    ['audit', '/dashboard/audit', 'Audit Log'],
  ]);
});
