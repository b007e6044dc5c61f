import { useParams } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paged } from '../../lib/pages.ts';
import { useCategoriesQuery } from '../../lib/shared-api.ts';
import { useCategoryProductsInfiniteQuery } from './api.ts';
import { ProductCard } from './product-card.tsx';

export function CategoryPage() {
  const { id = '' } = useParams();
  const result = useCategoryProductsInfiniteQuery(id);
  const { rows, more } = paged(result);
  const { data: categories = [] } = useCategoriesQuery();
  const name = categories.find((c) => c._id === id)?.category;
  if (result.isLoading) return <Spinner label="Loading products" />;
  const list = rows ?? [];
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold">{name ? `${name} phones` : 'Phones'}</h1>
      {list.length === 0 ? (
        <p className="py-16 text-center text-2xl font-semibold text-base-content/70">No Product Found</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {list.map((p, i) => (
            <ProductCard key={p._id} product={p} eager={i < 3} />
          ))}
        </div>
      )}
      <LoadMore more={more} />
    </main>
  );
}
