import { Outlet } from 'react-router';
import { useFreshUser } from '../features/auth/use-fresh-user.ts';
import { VerifyEmailBanner } from '../features/auth/verify-email-banner.tsx';
import { CategoryStrip } from './category-strip.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

/** Every page's frame, the dashboard's included (it renders inside the outlet). */
export function PublicLayout() {
  useFreshUser();
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      <VerifyEmailBanner />
      <CategoryStrip />
      {/* At least a screen tall: the footer starts below the fold, so pages filling in do not shift it (CLS). */}
      <div className="min-h-screen flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
