import { NavLink } from 'react-router';
import { useCategoriesQuery } from '../lib/shared-api.ts';
import { useT } from '../lib/i18n.ts';

/** Every category as a link to its page, under the header; its height is fixed, so the page below never shifts (CLS). */
export function CategoryStrip() {
  const { data: categories = [], isLoading } = useCategoriesQuery();
  const t = useT();
  return (
    <nav aria-label={t('nav.categories')} aria-busy={isLoading} className="border-b border-base-200 bg-base-200/60">
      <ul className="mx-auto flex h-12 max-w-7xl items-center gap-2 overflow-x-auto px-4 [mask-image:linear-gradient(to_right,black_85%,transparent)] md:[mask-image:none]">
        {categories.map((c) => (
          <li key={c._id}>
            <NavLink to={`/category/${c._id}`} className={({ isActive }) => `btn btn-sm whitespace-nowrap ${isActive ? 'btn-primary' : 'btn-ghost'}`}>
              {c.category}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
