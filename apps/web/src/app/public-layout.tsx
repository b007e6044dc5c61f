import { Outlet } from 'react-router';
import { CategoryStrip } from './category-strip.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      <CategoryStrip />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
