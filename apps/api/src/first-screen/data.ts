import { isUuid, type Category, type ModelPrices, type Page, type Product, type SellerProfile } from '@market/contract';
import { categoryPageSize, fillPath, routes } from '@market/contract/routes';
import { matchPage } from './pages.ts';
import type { PublicReader } from './web-render.ts';

/**
 * What the page is, and what it shows under the header when the HTML can show it before the JS runs.
 * 'sold': a phone no longer for sale (410); 'expired': a listing whose term ended (issue 36: 404 while its seller
 * may still renew it); 'missing': no such phone, brand, seller or page (404);
 * 'unavailable': the API could not say (503); 'other': a page the server draws no content for (sign-up, dashboard).
 */
export type View =
  | { page: 'home'; products: Product[] }
  | { page: 'category'; name: string | null; products: Product[]; filtered?: boolean }
  | { page: 'detail'; product: Product }
  | { page: 'sold'; product: Product; similar: Product[] }
  | { page: 'expired'; product: Product; similar: Product[] }
  | { page: 'search'; query: string }
  | { page: 'seller'; seller: SellerProfile }
  | { page: 'prices'; prices: ModelPrices }
  | { page: 'login' }
  | { page: 'blog' }
  | { page: 'missing' }
  | { page: 'unavailable' }
  | { page: 'other' };

export interface FirstScreen {
  categories: Category[];
  /** The category whose page this is (its strip link is the current one). */
  categoryId: string | null;
  view: View;
  /** The largest picture of the first screen (LCP), preloaded by the HTML. */
  image: string | null;
}

/**
 * The page's HTTP status: a sold phone is gone for good (410); what never was or was deleted is not found (404), and
 * so is an expired listing (not there now, but its seller may renew it: not for good).
 */
export function statusOf(view: View): 200 | 404 | 410 | 503 {
  return view.page === 'sold' ? 410 : view.page === 'missing' || view.page === 'expired' ? 404 : view.page === 'unavailable' ? 503 : 200;
}

/** The search parameters the category page reads (its filters and sort); others (utm_source, …) leave it the plain list. */
const categoryChoices = new Set(['condition', 'minPrice', 'maxPrice', 'location', 'division', 'district', 'verified', 'sort']);

/**
 * What the page is (its status, head and largest picture), read from the public API by the page's
 * reader (web-render.ts: in-process, no credentials). The page's content is the web app's render (page.ts).
 */
export async function firstScreen(read: PublicReader, pathname: string, query = ''): Promise<FirstScreen> {
  const get = async <T>(url: string): Promise<{ status: number; body: T | undefined }> => {
    const { status, payload } = await read(url);
    return { status, body: status === 200 ? (JSON.parse(payload.toString('utf8')) as T) : undefined };
  };
  const path = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));
  /** A page's own answer: 404 is the page's too; any other failure leaves it unknown. */
  const missingOr = (status: number, view: View): View => (status === 404 ? { page: 'missing' } : status === 200 ? view : { page: 'unavailable' });

  const categoryAnswer = await get<{ data: Category[] }>(routes.categories.path);
  const categories = categoryAnswer.body?.data ?? [];
  const screen = (view: View, categoryId: string | null = null): FirstScreen => ({ categories, categoryId, view, image: largestPicture(view) });

  const match = matchPage(pathname);
  const id = match?.id ?? '';
  // A malformed id names nothing: the API would refuse it (400), the page is not found.
  if (!match || (match.id !== null && !isUuid(id))) return screen({ page: 'missing' });
  switch (match.pattern) {
    case '/': {
      const { body } = await get<Page<Product>>(routes.advertisedProducts.path);
      return screen({ page: 'home', products: body?.data ?? [] });
    }
    case '/category/:id': {
      const known = categories.find((c) => c._id.toLowerCase() === id.toLowerCase());
      // Without the list (the call failed) the brand cannot be told missing: the page is drawn as before.
      if (categoryAnswer.body && !known) return screen({ page: 'missing' });
      const name = known?.category ?? null;
      // Filters or a sort in the URL: the render asks the search for the phones.
      const filtered = [...new URLSearchParams(query).keys()].some((k) => categoryChoices.has(k));
      if (filtered) return screen({ page: 'category', name, products: [], filtered: true }, id);
      const { status, body } = await get<Page<Product>>(`${path(routes.categoryProducts.path, id)}?limit=${categoryPageSize}`);
      return screen(missingOr(status, { page: 'category', name, products: body?.data ?? [] }), id);
    }
    case '/detail-product/:id': {
      const { status, body } = await get<{ data: Product }>(path(routes.product.path, id));
      if (!body) return screen(missingOr(status, { page: 'other' }));
      // A reserved phone (a buyer on their way to the meeting, issue 31) is still its page, saying so.
      const gone = body.data.status === 'sold' ? 'sold' : body.data.status === 'expired' ? 'expired' : null;
      if (!gone) return screen({ page: 'detail', product: body.data });
      // A sold or expired (issue 36) phone's page is the server's own (shell.ts), with the way on: phones like it (issue 34).
      const similar = await get<{ data: Product[] }>(path(routes.similarProducts.path, id));
      return screen({ page: gone, product: body.data, similar: similar.body?.data ?? [] });
    }
    case '/seller/:id': {
      const { status, body } = await get<{ data: SellerProfile }>(path(routes.sellerProfile.path, id));
      return screen(body ? { page: 'seller', seller: body.data } : missingOr(status, { page: 'other' }));
    }
    case '/prices/:brand/:model': {
      const { brand = '', model = '' } = match.params;
      const { status, body } = await get<{ data: ModelPrices }>(fillPath(routes.modelPrices.path, { brand, model }));
      // An address that is no slug (the API refuses it: 400) names no model either.
      return screen(body ? { page: 'prices', prices: body.data } : status === 400 ? { page: 'missing' } : missingOr(status, { page: 'other' }));
    }
    case '/search':
      return screen({ page: 'search', query: new URLSearchParams(query).get('q')?.trim() ?? '' });
    // Pages of words the app draws from its catalogs (issue 35): nothing to read.
    case '/login':
      return screen({ page: 'login' });
    case '/blog':
      return screen({ page: 'blog' });
    default:
      return screen({ page: 'other' });
  }
}

function largestPicture(view: View): string | null {
  if (view.page === 'home' || view.page === 'category') return view.products[0]?.img ?? null;
  if (view.page === 'detail') return view.product.img;
  return null;
}
