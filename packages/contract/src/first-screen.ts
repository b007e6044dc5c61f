/**
 * One public API answer a page's HTML carries (apps/api/src/first-screen), by the web app's endpoint
 * name and argument; the app puts it in its cache before the first render (apps/web/src/app/first-screen.ts).
 */
export interface FirstScreenEntry {
  name: 'categories' | 'advertisedProducts' | 'categoryProducts' | 'product' | 'sellerProfile';
  /** The endpoint's argument in the web app (the id in the path), or null. */
  arg: string | null;
  /** A paged list (the web app keeps it as the first page of an infinite query). */
  paged: boolean;
  /** The answer's body, exactly as the API sends it. */
  body: unknown;
}
