import type { Product } from '@market/contract';
import { ProductCard } from './product-card.tsx';

/** Phones as cards, 1, 2 or 3 to a row by width; the first row's pictures load at once. */
export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {products.map((p, i) => (
        <ProductCard key={p._id} product={p} eager={i < 3} />
      ))}
    </div>
  );
}
