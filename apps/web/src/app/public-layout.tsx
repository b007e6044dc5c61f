import { Outlet } from 'react-router';
import { CategoryStrip } from './category-strip.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      <CategoryStrip />
      {/* At least a screen tall: the footer starts below the fold, so pages filling in do not shift it (CLS). */}
      <div className="min-h-screen flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
