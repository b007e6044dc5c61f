import type { Product } from '@market/contract';
import { cardSizes, cardSpecs } from '@market/contract/rules';
import { Link } from 'react-router';
import { taka } from '../../lib/format.ts';

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const specs = cardSpecs(product);
  return (
    <Link to={`/detail-product/${product._id}`} className="card bg-base-100 shadow-sm ring-1 ring-base-200 transition hover:-translate-y-0.5 hover:shadow-md">
      <figure className="bg-base-200">
        <img
          src={product.img}
          srcSet={product.images[0]?.srcset || undefined}
          sizes={cardSizes}
          alt={product.productName}
          width="600"
          height="600"
          loading={eager ? 'eager' : 'lazy'}
          className="aspect-square w-full object-cover"
        />
      </figure>
      <div className="card-body gap-1 p-4 wrap-anywhere">
        {/* Two lines at most, so one long name does not make its card the tallest on the page; the whole name is the tooltip and on the detail page. */}
        <h3 className="card-title line-clamp-2 text-base" title={product.productName}>
          {product.productName}
        </h3>
        {specs && <p className="text-sm text-base-content/75">{specs}</p>}
        <p className="font-medium text-primary">Resale price : {taka(product.resalePrice)} tk</p>
      </div>
    </Link>
  );
}
