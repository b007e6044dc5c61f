import { NavLink } from 'react-router';
import { useCategoriesQuery } from '../features/catalog/api.ts';

/** Every category as a link to its page, under the header. */
export function CategoryStrip() {
  const { data: categories = [] } = useCategoriesQuery();
  if (categories.length === 0) return null;
  return (
    <nav aria-label="Categories" className="border-b border-base-200 bg-base-200/60">
      <ul className="mx-auto flex max-w-7xl gap-2 overflow-x-auto px-4 py-2 [mask-image:linear-gradient(to_right,black_85%,transparent)] md:[mask-image:none]">
        {categories.map((c) => (
          <li key={c._id}>
            <NavLink
              to={`/category/${c._id}`}
              className={({ isActive }) => `btn btn-sm whitespace-nowrap ${isActive ? 'btn-primary' : 'btn-ghost'}`}
            >
              {c.category}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
