import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from '../components/not-found.tsx';
import { Spinner } from '../components/spinner.tsx';
import { CategoryPage } from '../features/catalog/category-page.tsx';
import { DetailPage } from '../features/catalog/detail-page.tsx';
import { HomePage } from '../features/catalog/home-page.tsx';
import { SearchPage } from '../features/catalog/search-page.tsx';
import { SellerPage } from '../features/catalog/seller-page.tsx';
import { RequireAuth } from '../components/guards.tsx';
import { ScrollRestoration } from '../components/scroll-restoration.tsx';
import { PublicLayout } from './public-layout.tsx';

// The dashboard and the form pages are not part of the home page's bundle.
const DashboardApp = lazy(() => import('./dashboard-app.tsx'));
const LoginPage = lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const SignUpPage = lazy(() => import('../features/auth/signup-page.tsx').then((m) => ({ default: m.SignUpPage })));
const BlogPage = lazy(() => import('../features/blog/blog-page.tsx').then((m) => ({ default: m.BlogPage })));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const VerifyEmailPage = lazy(() => import('../features/auth/verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })));

const later = (page: React.ReactNode) => <Suspense fallback={<Spinner />}>{page}</Suspense>;

/** Declarative routes: the data router's loaders and actions would add ~10 KiB gz that no page uses. */
export function AppRoutes() {
  return (
    <>
      <ScrollRestoration />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/category/:id" element={<CategoryPage />} />
          <Route path="/detail-product/:id" element={<DetailPage />} />
          <Route path="/search" element={<SearchPage />} />
          <Route path="/seller/:id" element={<SellerPage />} />
          <Route path="/login" element={later(<LoginPage />)} />
          <Route path="/signup" element={later(<SignUpPage />)} />
          <Route path="/blog" element={later(<BlogPage />)} />
          {/* The pages that e-mailed links open, and the way to ask for a reset link. */}
          <Route path="/forgot-password" element={later(<ForgotPasswordPage />)} />
          <Route path="/reset-password" element={later(<ResetPasswordPage />)} />
          <Route path="/verify-email" element={later(<VerifyEmailPage />)} />
          <Route path="/dashboard/*" element={<RequireAuth>{later(<DashboardApp />)}</RequireAuth>} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </>
  );
}
