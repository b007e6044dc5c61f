import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { NotFound } from '../components/not-found.tsx';
import { Spinner } from '../components/spinner.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { SignUpPage } from '../features/auth/signup-page.tsx';
import { BlogPage } from '../features/blog/blog-page.tsx';
import { CategoryPage } from '../features/catalog/category-page.tsx';
import { DetailPage } from '../features/catalog/detail-page.tsx';
import { HomePage } from '../features/catalog/home-page.tsx';
import { RequireAuth } from './guards.tsx';
import { PublicLayout } from './public-layout.tsx';

// The dashboard is not part of the public pages' bundle.
const DashboardApp = lazy(() => import('../features/dashboard/dashboard-app.tsx'));

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/category/:id', element: <CategoryPage /> },
      { path: '/detail-product/:id', element: <DetailPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignUpPage /> },
      { path: '/blog', element: <BlogPage /> },
      {
        path: '/dashboard/*',
        element: (
          <RequireAuth>
            <Suspense fallback={<Spinner />}>
              <DashboardApp />
            </Suspense>
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
