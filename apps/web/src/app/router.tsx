import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { NotFound } from '../components/not-found.tsx';
import { Spinner } from '../components/spinner.tsx';
import { CategoryPage } from '../features/catalog/category-page.tsx';
import { DetailPage } from '../features/catalog/detail-page.tsx';
import { HomePage } from '../features/catalog/home-page.tsx';
import { RequireAuth } from './guards.tsx';
import { PublicLayout } from './public-layout.tsx';

// The dashboard and the form pages are not part of the home page's bundle.
const DashboardApp = lazy(() => import('../features/dashboard/dashboard-app.tsx'));
const LoginPage = lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const SignUpPage = lazy(() => import('../features/auth/signup-page.tsx').then((m) => ({ default: m.SignUpPage })));
const BlogPage = lazy(() => import('../features/blog/blog-page.tsx').then((m) => ({ default: m.BlogPage })));

const later = (page: React.ReactNode) => <Suspense fallback={<Spinner />}>{page}</Suspense>;

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/category/:id', element: <CategoryPage /> },
      { path: '/detail-product/:id', element: <DetailPage /> },
      { path: '/login', element: later(<LoginPage />) },
      { path: '/signup', element: later(<SignUpPage />) },
      { path: '/blog', element: later(<BlogPage />) },
      {
        path: '/dashboard/*',
        element: (
          <RequireAuth>
            {later(<DashboardApp />)}
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
