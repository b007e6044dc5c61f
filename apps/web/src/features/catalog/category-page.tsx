import { useParams } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { useCategoriesQuery, useCategoryProductsInfiniteQuery } from './api.ts';
import { ProductCard } from './product-card.tsx';

export function CategoryPage() {
  const { id = '' } = useParams();
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useCategoryProductsInfiniteQuery(id);
  const products = data?.pages.flatMap((p) => p.data);
  const { data: categories = [] } = useCategoriesQuery();
  const name = categories.find((c) => c._id === id)?.category;
  if (isLoading) return <Spinner label="Loading products" />;
  const list = isError ? [] : (products ?? []);
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
      {hasNextPage && !isError && (
        <div className="mt-8 flex justify-center">
          <button type="button" className="btn btn-outline btn-primary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Load more
          </button>
        </div>
      )}
    </main>
  );
}
