import { Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import type { Lang } from '@market/contract';
import { Spinner } from '../components/spinner.tsx';
import { RequireAuth } from '../components/guards.tsx';
import { ScrollRestoration } from '../components/scroll-restoration.tsx';
import { loadCatalog } from '../lib/i18n.ts';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { PublicLayout } from './public-layout.tsx';

// Every page is a chunk of its own, with its catalogs: a shared link to a phone loads no home page code, and
// the home page's code is out of the first load too (the server's HTML shows it; decision 033).
const NotFound = lazyPage(() => import('../components/not-found.tsx').then((m) => m.NotFound));
const HomePage = lazyPage(() => import('../features/catalog/home-page.tsx').then((m) => m.HomePage), ['catalog']);
const CategoryPage = lazyPage(() => import('../features/catalog/category-page.tsx').then((m) => m.CategoryPage), ['catalog']);
const DetailPage = lazyPage(() => import('../features/catalog/detail-page.tsx').then((m) => m.DetailPage), ['catalog', 'forms']);
const SearchPage = lazyPage(() => import('../features/catalog/search-page.tsx').then((m) => m.SearchPage), ['catalog']);
const SellerPage = lazyPage(() => import('../features/catalog/seller-page.tsx').then((m) => m.SellerPage), ['catalog']);
const PricesPage = lazyPage(() => import('../features/prices/prices-page.tsx').then((m) => m.PricesPage), ['catalog']);
const DashboardApp = lazyPage(() => import('./dashboard-app.tsx').then((m) => m.default), ['dashboard', 'forms']);
const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage), ['auth', 'forms']);
const SignUpPage = lazyPage(() => import('../features/auth/signup-page.tsx').then((m) => m.SignUpPage), ['auth', 'forms']);
const BlogPage = lazyPage(() => import('../features/blog/blog-page.tsx').then((m) => m.BlogPage), ['blog']);
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage), ['auth', 'forms']);
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage), ['auth', 'forms']);
const VerifyEmailPage = lazyPage(() => import('../features/auth/verify-email-page.tsx').then((m) => m.VerifyEmailPage), ['auth']);
const StillAvailablePage = lazyPage(() => import('../features/catalog/still-available-page.tsx').then((m) => m.StillAvailablePage), ['catalog']);

const pages: [path: string, page: LazyPage][] = [
  ['/', HomePage],
  ['/category/:id', CategoryPage],
  ['/detail-product/:id', DetailPage],
  ['/search', SearchPage],
  ['/seller/:id', SellerPage],
  ['/prices/:brand/:model', PricesPage],
  ['/login', LoginPage],
  ['/signup', SignUpPage],
  ['/blog', BlogPage],
  // The pages that e-mailed links open, and the way to ask for a reset link.
  ['/forgot-password', ForgotPasswordPage],
  ['/reset-password', ResetPasswordPage],
  ['/verify-email', VerifyEmailPage],
  // The expiry reminder's one tap (issue 36): works signed out.
  ['/still-available/:token', StillAvailablePage],
];

/** Before the first render: the code and catalogs of the page at `pathname`, so it replaces the HTML's first screen without a spinner. */
export function preloadPage(pathname: string, lang: Lang): Promise<void> {
  if (pathname.startsWith('/dashboard')) {
    // The dashboard's catalogs, and those of the pages it hosts that belong to other screen groups.
    const hosted = matchPath('/dashboard/account', pathname)
      ? (['auth', 'forms'] as const)
      : matchPath('/dashboard/payment/:id', pathname)
        ? (['payment'] as const)
        : [];
    return Promise.all([DashboardApp.preload(lang), ...hosted.map((ns) => loadCatalog(lang, ns))]).then(() => undefined);
  }
  return (pages.find(([path]) => matchPath(path, pathname))?.[1] ?? NotFound).preload(lang);
}

/** Declarative routes: the data router's loaders and actions would add ~10 KiB gz that no page uses. */
export function AppRoutes() {
  return (
    <>
      <ScrollRestoration />
      <Routes>
        <Route element={<PublicLayout />}>
          {[...pages, ['*', NotFound] as const].map(([path, Page]) => (
            <Route
              key={path}
              path={path}
              element={
                <Suspense fallback={<Spinner />}>
                  <Page />
                </Suspense>
              }
            />
          ))}
          <Route
            path="/dashboard/*"
            element={
              <RequireAuth>
                <Suspense fallback={<Spinner />}>
                  <DashboardApp />
                </Suspense>
              </RequireAuth>
            }
          />
        </Route>
      </Routes>
    </>
  );
}
