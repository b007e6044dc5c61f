import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useFreshUser } from '../features/auth/use-fresh-user.ts';
import { VerifyEmailBanner } from '../features/auth/verify-email-banner.tsx';
import { CategoryStrip } from './category-strip.tsx';
import { lazyPage } from './lazy-page.ts';
import { Navbar } from './navbar.tsx';
import { useT } from '../lib/i18n.ts';
import { useAuth } from '../lib/use-auth.ts';

/**
 * The footer's code is out of the first load: it is below the fold, and on a page the server rendered its
 * markup is already there (the server's render preloads it: entry-server.tsx); React hydrates it when its
 * chunk arrives, after the rest of the page.
 */
export const Footer = lazyPage(() => import('./footer.tsx').then((m) => m.Footer));

/** The live stream (issue 33) and its code load only for someone signed in: a visitor's first load does not carry them. */
const LiveUpdates = lazy(() => import('./live-updates.tsx'));

/** Every page's frame, the dashboard's included (it renders inside the outlet). */
export function PublicLayout() {
  useFreshUser();
  const t = useT();
  const { signedIn } = useAuth();
  return (
    <div className="flex min-h-screen flex-col">
      {/* The first Tab on every page: past the menu and the twelve brand links, straight to the page's own content. */}
      <a
        href="#content"
        className="sr-only z-50 rounded-box bg-primary px-4 py-3 font-semibold text-primary-content focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('nav.skip')}
      </a>
      <Navbar />
      <VerifyEmailBanner />
      <CategoryStrip />
      {/* At least a screen tall: the footer starts below the fold, so pages filling in do not shift it (CLS). */}
      <div id="content" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        <Outlet />
      </div>
      <Suspense>
        <Footer />
      </Suspense>
      {signedIn && (
        <Suspense>
          <LiveUpdates />
        </Suspense>
      )}
    </div>
  );
}
