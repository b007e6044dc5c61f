import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { makeStore } from './app/store.ts';
import './index.css';

const store = makeStore();
// The toasts' renderer (and its CSS-in-JS) arrives after first paint; toast() calls made before it queue up.
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Suspense>
        <Toaster position="bottom-right" toastOptions={{ success: { duration: 2000 }, error: { duration: 4000 }, loading: { duration: Infinity } }} />
      </Suspense>
    </Provider>
  </StrictMode>,
);
