import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { followFirstScreenSearch, loadFirstScreen } from './app/first-screen.ts';
import { makeStore } from './app/store.ts';
import './index.css';

const store = makeStore();
loadFirstScreen(store);
followFirstScreenSearch();
// The toasts' renderer (and its CSS-in-JS) arrives after first paint; toast() calls made before it queue up.
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

// Replaces the first screen the server's HTML painted (apps/api/src/first-screen) with the same markup.
// As a transition: React renders it in slices and lets the browser answer taps and scrolls in between,
// since the page can already be read and its links followed.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
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
  ),
);
