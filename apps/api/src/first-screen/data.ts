import { isUuid, type Category, type FirstScreenEntry as Entry, type Page, type Product } from '@market/contract';
import { categoryPageSize, routes } from '@market/contract/routes';
import type { FastifyInstance } from 'fastify';

/** What the page shows under the header, when the HTML can show it before the JS runs. */
export type View =
  | { page: 'home'; products: Product[] }
  | { page: 'category'; name: string | null; products: Product[]; filtered?: boolean }
  | { page: 'detail'; product: Product }
  | { page: 'other' };

export interface FirstScreen {
  entries: Entry[];
  categories: Category[];
  /** The category whose page this is (its strip link is the current one). */
  categoryId: string | null;
  view: View;
  /** The largest picture of the first screen (LCP), preloaded by the HTML. */
  image: string | null;
}

/** The search parameters the category page reads (its filters and sort); others (utm_source, …) leave it the plain list. */
const categoryChoices = new Set(['condition', 'minPrice', 'maxPrice', 'location', 'verified', 'sort']);

/**
 * What a page shows first, read from the public API in-process (`inject`, no credentials: only what
 * anyone may see), so the HTML can carry it and the browser need not wait for the JS to ask.
 * A call that does not answer 200 is left out; the web app then asks for it as usual.
 */
export async function firstScreen(app: FastifyInstance, pathname: string, query = ''): Promise<FirstScreen> {
  const get = async (url: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return res.statusCode === 200 ? res.json() : undefined;
  };
  const path = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));
  const entries: Entry[] = [];
  const add = (entry: Entry) => entry.body !== undefined && entries.push(entry);

  const categoryBody = (await get(routes.categories.path)) as { data: Category[] } | undefined;
  add({ name: 'categories', arg: null, paged: false, body: categoryBody });
  const categories = categoryBody?.data ?? [];
  let categoryId: string | null = null;
  let view: View = { page: 'other' };

  const [, first, id, extra] = pathname.split('/');
  if (pathname === '/') {
    const body = (await get(routes.advertisedProducts.path)) as Page<Product> | undefined;
    add({ name: 'advertisedProducts', arg: null, paged: false, body });
    if (body) view = { page: 'home', products: body.data };
  } else if (first === 'category' && id && extra === undefined && isUuid(id)) {
    categoryId = id;
    // Filters or a sort in the URL: the app asks the search for the phones; the first screen draws the page around them.
    const name = categories.find((c) => c._id === id)?.category ?? null;
    const filtered = [...new URLSearchParams(query).keys()].some((k) => categoryChoices.has(k));
    if (filtered) return { entries, categories, categoryId, view: { page: 'category', name, products: [], filtered: true }, image: null };
    const body = (await get(`${path(routes.categoryProducts.path, id)}?limit=${categoryPageSize}`)) as Page<Product> | undefined;
    add({ name: 'categoryProducts', arg: id, paged: true, body });
    if (body) view = { page: 'category', name, products: body.data };
  } else if (first === 'detail-product' && id && extra === undefined && isUuid(id)) {
    const body = (await get(path(routes.product.path, id))) as { data: Product } | undefined;
    add({ name: 'product', arg: id, paged: false, body });
    if (body) {
      view = { page: 'detail', product: body.data };
      // The seller's standing, which the page shows beside the phone: no second round trip on a slow line.
      const seller = body.data.sellerId._id;
      add({ name: 'sellerProfile', arg: seller, paged: false, body: await get(path(routes.sellerProfile.path, seller)) });
    }
  }
  return { entries, categories, categoryId, view, image: largestPicture(view) };
}

function largestPicture(view: View): string | null {
  if (view.page === 'home' || view.page === 'category') return view.products[0]?.img ?? null;
  if (view.page === 'detail') return view.product.img;
  return null;
}
