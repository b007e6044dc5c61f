import type { Page as ListPage, Product, User } from '@market/contract';
import type { APIResponse, Page } from '@playwright/test';
import { apiCategories, apiSignUp, apiUpload, phoneSpecs, expect, screenshots, signInWith, test, type Session } from '../fixtures.ts';

/*
 * The five dashboard lists page like the category page: the API answers 50 rows a page (newest
 * first, `meta.nextCursor`), and 'Load more' under the table brings the next page while more follow.
 * Each list here holds over 120 rows, so every one of them takes three pages or more.
 */

/** Rows a page of every dashboard list (DASHBOARD_PAGE in the web app). */
const PAGE = 50;
/** Rows the test makes in each list: the oldest of them is only on the third page. */
const COUNT = 125;
/** API calls at once while arranging. */
const BATCH = 10;

const main = (page: Page) => page.getByRole('main');
const rows = (page: Page) => main(page).locator('tbody').getByRole('row');
const loadMore = (page: Page) => main(page).getByRole('button', { name: 'Load more', exact: true });

/**
 * For the API calls of this file: the server closes a connection idle for 5 s (KEEP_ALIVE_TIMEOUT), and
 * a request sent on it just then meets ECONNRESET before the server reads it; Playwright retries only that.
 */
const retry = { maxRetries: 2 } as const;

/** make(0) … make(count - 1), `BATCH` at a time, in index order between batches. */
async function inBatches<T>(count: number, make: (i: number) => Promise<T>, from = 0): Promise<T[]> {
  const out: T[] = [];
  for (let start = from; start < count; start += BATCH) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => make(start + k)))));
  }
  return out;
}

async function ok(response: Promise<APIResponse>, status: number) {
  const res = await response;
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return res;
}

/** The text of the `column`-th body cell (td, 0-based) of every row shown. */
const columnOf = (page: Page, column: number) =>
  rows(page).evaluateAll((trs, k) => trs.map((tr) => (tr.querySelectorAll('td')[k]?.textContent ?? '').trim()), column);

/** The key of every row shown, in order. */
type Keys = (page: Page) => Promise<string[]>;

const repeated = (keys: string[]) => keys.filter((k, i) => keys.indexOf(k) !== i);

/**
 * The list as first shown (exactly one page), then 'Load more' until it goes: every press but the
 * last adds exactly one page, the last one page or less, and no row is shown twice at any point.
 * Returns the keys of every row at the end and how many pages were shown.
 */
async function loadEverything(page: Page, keysOf: Keys): Promise<{ keys: string[]; pages: number }> {
  await expect(rows(page)).toHaveCount(PAGE);
  await expect(loadMore(page)).toBeVisible();
  let pages = 1;
  while ((await loadMore(page).count()) > 0) {
    const shown = await rows(page).count();
    await loadMore(page).click();
    await expect(rows(page)).not.toHaveCount(shown);
    const keys = await keysOf(page);
    const added = keys.length - shown;
    pages++;
    expect(repeated(keys), `rows shown twice after page ${pages}`).toEqual([]);
    if ((await loadMore(page).count()) > 0) expect(added, `page ${pages} is a whole page`).toBe(PAGE);
    else expect(added, `the last page, ${pages}`).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(PAGE);
  }
  await expect(loadMore(page)).toHaveCount(0);
  return { keys: await keysOf(page), pages };
}

/** Every key shown once, the test's own all among them, at least `COUNT` rows, on as many pages as that takes. */
function expectEveryRow({ keys, pages }: { keys: string[]; pages: number }, ours: string[]) {
  expect(repeated(keys), 'no row appears twice').toEqual([]);
  expect(
    ours.filter((k) => !keys.includes(k)),
    "the test's rows missing from the list",
  ).toEqual([]);
  expect(keys.length).toBeGreaterThanOrEqual(COUNT);
  expect(pages).toBe(Math.ceil(keys.length / PAGE));
}

interface Arranged {
  tag: string;
  seller: Session;
  buyer: Session;
  /** Oldest first: products[0] was posted, booked and reported before the rest. */
  products: Product[];
  sellerEmails: string[];
  buyerEmails: string[];
}

let data: Arranged;

// One arrangement for the five lists (over 250 sign-ups of the suite's 1000 per 10 minutes): after a
// failure the rest are skipped rather than arranged again in a new worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright, adminSession }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const google = (await apiCategories(request)).find((c) => c.category === 'Google')!;
  // Two logins in all: the seller's and the buyer's (the sign-up helper logs in).
  const [seller, buyer] = await Promise.all([
    apiSignUp(request, adminSession, 'Seller', { name: `Paging ${tag} seller` }),
    apiSignUp(request, adminSession, 'Buyer', { name: `Paging ${tag} buyer` }),
  ]);
  // One picture, the seller's own upload, for every product: a seller may use an upload of theirs again (decision 040).
  const img = await apiUpload(request, 'paging.png', seller);

  const post = async (i: number) => {
    const body = {
      img,
      phoneNumber: '01700-000125',
      location: 'Uttara, Dhaka',
      purchase: '2023-03-01',
      originalPrice: 60000,
      resalePrice: 30000 + i,
      productName: `Paging ${tag} P${String(i).padStart(3, '0')}`,
      useYears: 1,
      categoryId: google._id,
      condition: 'Good',
      description: 'One of 125 phones of the dashboard paging test.',
      ...phoneSpecs(),
    };
    const res = await ok(request.post('/api/product', { ...retry, data: body, headers: { authorization: seller.token } }), 201);
    return (await res.json()).data as Product;
  };
  const book = (p: Product) =>
    ok(
      request.post('/api/order', {
        ...retry,
        data: { productId: p._id, meetingLocation: 'Mirpur 10, Dhaka', mobileNumber: '01711-000125' },
        headers: { authorization: buyer.token },
      }),
      201,
    );
  const report = (p: Product) => ok(request.put(`/api/report-product/${p._id}`, { ...retry, headers: { authorization: buyer.token } }), 200);
  const signUp = (role: 'Seller' | 'Buyer') => async (i: number) => {
    const email = `paging-${tag}-${role.toLowerCase()}-${String(i).padStart(3, '0')}@e2e.test`;
    // Each new account its own avatar, uploaded signed out: an avatar is the account's own (decision 040).
    const userImg = await apiUpload(request, 'paging.png');
    const body = { name: `Paging ${tag} ${role} ${String(i).padStart(3, '0')}`, email, password: 'secret1', role, userImg };
    await ok(request.post('/api/user', { ...retry, data: body }), 202);
    return email;
  };

  const [products, sellerEmails, buyerEmails] = await Promise.all([
    (async () => {
      // The first alone, so it is the oldest product, order and report: only on the last page.
      const first = await post(0);
      await book(first);
      await report(first);
      const rest = await inBatches(COUNT, post, 1);
      await inBatches(rest.length, (i) => book(rest[i]!));
      await inBatches(rest.length, (i) => report(rest[i]!));
      return [first, ...rest];
    })(),
    // Plain sign-ups (unconfirmed accounts, listed too) after the seller and the buyer: theirs are the oldest rows of ours.
    inBatches(COUNT, signUp('Seller')),
    inBatches(COUNT, signUp('Buyer')),
  ]);
  await request.dispose();
  data = { tag, seller, buyer, products, sellerEmails: [seller.user.email, ...sellerEmails], buyerEmails: [buyer.user.email, ...buyerEmails] };
});

/**
 * Other specs look for their newest rows on the first page of these lists: the accounts of this
 * test go again (a seller's products, orders and reports go with the seller).
 */
test.afterAll(async ({ playwright, adminSession }) => {
  if (!data) return;
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const ids: string[] = [];
  for (const list of ['all-seller', 'all-buyer']) {
    let cursor: string | null = null;
    do {
      const res = await ok(
        request.get(`/api/${list}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { ...retry, headers: { authorization: adminSession.token } }),
        200,
      );
      const page = (await res.json()) as ListPage<User>;
      ids.push(...page.data.filter((u) => u.name.startsWith(`Paging ${data.tag} `)).map((u) => u._id));
      cursor = page.meta.nextCursor;
    } while (cursor);
  }
  await inBatches(ids.length, (i) => ok(request.delete(`/api/user/${ids[i]}`, { ...retry, headers: { authorization: adminSession.token } }), 200));
  await request.dispose();
});

test('My Products: 50 rows and Load more under the table, then every one of 125 products, numbered on', async ({ page, request }) => {
  const { seller, products } = data;
  const oldest = products[0]!.productName;
  // The API's own order, newest first (products posted in one batch are in no particular order among themselves).
  const order: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await ok(
      request.get(`/api/seller-products/${seller.user._id}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
        ...retry,
        headers: { authorization: seller.token },
      }),
      200,
    );
    const body = (await res.json()) as ListPage<Product>;
    order.push(...body.data.map((p) => p.productName));
    cursor = body.meta.nextCursor;
  } while (cursor);
  expect(order.toSorted()).toEqual(products.map((p) => p.productName).toSorted());
  expect(order.at(-1)).toBe(oldest);

  await signInWith(page, seller);
  await page.goto('/dashboard/myProduct');
  await expect(rows(page)).toHaveCount(PAGE);
  // Newest first: the first page is the 50 newest, the oldest is not among them.
  expect(await columnOf(page, 1)).toEqual(order.slice(0, PAGE));
  await expect(main(page).getByText(oldest, { exact: true })).toHaveCount(0);
  await expect(loadMore(page)).toBeVisible();
  const table = (await main(page).getByRole('table').boundingBox())!;
  const button = (await loadMore(page).boundingBox())!;
  expect(button.y, "'Load more' is under the table").toBeGreaterThanOrEqual(table.y + table.height);
  await screenshots(page, 'dashboard-paging-my-products');

  const all = await loadEverything(page, (p) => columnOf(p, 1));
  expectEveryRow(
    all,
    products.map((p) => p.productName),
  );
  // Only the seller's own: exactly the 125, in the API's order, and the row numbers go on across pages.
  expect(all.keys).toEqual(order);
  await expect(rows(page).last().getByRole('rowheader')).toHaveText(String(COUNT));
  await expect(rows(page).last().getByRole('cell').nth(1)).toHaveText(oldest);
  await expect(main(page).getByText(oldest, { exact: true })).toBeVisible();
});

test('My Orders: every one of 125 orders, the oldest at the end', async ({ page }) => {
  const { buyer, products } = data;
  const oldest = products[0]!.productName;
  await signInWith(page, buyer);
  await page.goto('/dashboard/myOrders');
  await expect(rows(page)).toHaveCount(PAGE);
  await expect(main(page).getByText(oldest, { exact: true })).toHaveCount(0);

  const all = await loadEverything(page, (p) => columnOf(p, 1));
  expectEveryRow(
    all,
    products.map((p) => p.productName),
  );
  // Only the buyer's own: exactly the 125.
  expect(all.keys).toHaveLength(COUNT);
  await expect(rows(page).last().getByRole('cell').nth(1)).toHaveText(oldest);
  await expect(main(page).getByText(oldest, { exact: true })).toBeVisible();
});

const adminLists = [
  {
    name: 'Reported Items',
    path: '/dashboard/report',
    // Product name and seller name: other tests' phones may share a name, not a name and a seller.
    keys: async (page: Page) => {
      const [names, sellers] = await Promise.all([columnOf(page, 1), columnOf(page, 2)]);
      return names.map((n, i) => `${n} / ${sellers[i]}`);
    },
    ours: () => data.products.map((p) => `${p.productName} / ${data.seller.user.name}`),
    oldest: () => data.products[0]!.productName,
  },
  {
    name: 'All Sellers',
    path: '/dashboard/allSellers',
    keys: (page: Page) => columnOf(page, 2),
    ours: () => data.sellerEmails,
    oldest: () => data.seller.user.email,
  },
  {
    name: 'All Buyers',
    path: '/dashboard/allBuyers',
    keys: (page: Page) => columnOf(page, 2),
    ours: () => data.buyerEmails,
    oldest: () => data.buyer.user.email,
  },
];

for (const list of adminLists) {
  test(`${list.name}: Load more until it goes brings every row, each once`, async ({ page, adminSession }) => {
    await signInWith(page, adminSession);
    await page.goto(list.path);
    await expect(rows(page)).toHaveCount(PAGE);
    await expect(main(page).getByText(list.oldest(), { exact: true })).toHaveCount(0);

    expectEveryRow(await loadEverything(page, list.keys), list.ours());
    await expect(main(page).getByText(list.oldest(), { exact: true })).toBeVisible();
  });
}
