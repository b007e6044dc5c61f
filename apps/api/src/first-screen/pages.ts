/**
 * The web app's pages, as its router declares them (apps/web/src/app/router.tsx; everything under
 * /dashboard is the dashboard's, which shows its own 'not found'). A path none of them matches is no
 * page: the server answers it 404, and the app, should it start, shows its 404 picture. `pages.test.ts`
 * fails when the router and this list disagree.
 */
export const pagePatterns = [
  '/',
  '/category/:id',
  '/detail-product/:id',
  '/search',
  '/seller/:id',
  '/prices/:brand/:model',
  '/login',
  '/signup',
  '/blog',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/still-available/:token',
  '/dashboard/*',
] as const;
export type PagePattern = (typeof pagePatterns)[number];

export interface PageMatch {
  pattern: PagePattern;
  /** The `:id` segment, decoded. */
  id: string | null;
  /** Every `:name` segment, decoded (`:id` too). */
  params: Record<string, string>;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The page a path shows, matched as React Router matches it: static segments in any case, a trailing
 * slash ignored, `:name` one segment, `*` the rest; empty segments are dropped, so a doubtful path counts
 * as a page (the old answer, 200) rather than as none.
 */
export function matchPage(pathname: string): PageMatch | null {
  const segments = pathname.split('/').filter(Boolean).map(decode);
  for (const pattern of pagePatterns) {
    const parts = pattern.split('/').filter(Boolean);
    const rest = parts.at(-1) === '*';
    const fixed = rest ? parts.slice(0, -1) : parts;
    if (rest ? segments.length < fixed.length : segments.length !== fixed.length) continue;
    const params: Record<string, string> = {};
    const fits = fixed.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
      params[part.slice(1)] = segment;
      return true;
    });
    if (fits) return { pattern, id: params.id ?? null, params };
  }
  return null;
}
