import { lazy, startTransition, StrictMode, Suspense, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { followFirstScreenSearch, loadFirstScreen } from './app/first-screen.ts';
import { makeStore } from './app/store.ts';
import { activate, initialLang } from './lib/i18n.ts';
import './index.css';

// A public page the server rendered with the app's components (apps/api/src/first-screen/page.ts,
// entry-server.tsx) is hydrated: React takes over the markup as it is. The server drew it for a
// signed-out visitor: useAuth() says signed out until hydrated, then React renders the signed-in page.
const rootElement = document.getElementById('root')!;
const drawn = rootElement.dataset.drawn === 'server';
const store = makeStore();
followFirstScreenSearch();

/** Marks the page once the app runs it (hydrated or rendered): `html[data-started]`, which the end-to-end tests wait for. */
function Started() {
  useEffect(() => {
    document.documentElement.dataset.started = '';
  }, []);
  return null;
}

// The service worker (public/sw.js, issue 33): the offline page and Web Push. Built apps only (the dev server's
// pages change under it); a few seconds after the app started, so its install (the offline page's files) never
// competes with the page's own first requests on a slow connection. A refusal changes nothing.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  setTimeout(() => void navigator.serviceWorker.register('/sw.js').catch(() => {}), 5_000);
}

// The toasts' renderer (and its CSS-in-JS) arrives after first paint, in a root of its own (not part of
// the server's markup); toast() calls made before it queue up.
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));
const toasts = document.body.appendChild(document.createElement('div'));

// Once the page's language (the one its HTML is written in) has its common texts, and the page its code and
// catalogs: not a top-level await, which would make the build split the modules the entry shares with the lazy pages.
const lang = initialLang();
void Promise.all([activate(lang), preloadPage(location.pathname, lang)]).then(() => {
  // The answers the server drew the page from: the first render finds what the server's did.
  loadFirstScreen(store);
  const app = (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Started />
      </Provider>
    </StrictMode>
  );
  if (drawn) hydrateRoot(rootElement, app);
  else {
    // Replaces the shell the server painted. As a transition: React renders in slices and lets the
    // browser answer taps and scrolls in between, since the header can already be used.
    const root = createRoot(rootElement);
    startTransition(() => root.render(app));
  }
  createRoot(toasts).render(
    <Suspense>
      <Toaster position="bottom-right" toastOptions={{ success: { duration: 2000 }, error: { duration: 4000 }, loading: { duration: Infinity } }} />
    </Suspense>,
  );
});
