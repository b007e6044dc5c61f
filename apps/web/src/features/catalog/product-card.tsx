import type { Product } from '@market/contract';
import { cardSizes } from '@market/contract/rules';
import { Link } from 'react-router';
import { storageLabel } from '../../components/listing-words.ts';
import { SaveButton } from '../../components/save-button.tsx';
import { number, priceTk } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const t = useT('catalog');
  // Storage and battery health when the listing gives them ('128 GB · Battery 88%'), as the contract's cardSpecs writes them in English.
  const specs = [
    product.storageGb === null ? null : storageLabel(product.storageGb),
    product.batteryHealth === null ? null : t('card.battery', { percent: number(product.batteryHealth) }),
  ]
    .filter((part) => part !== null)
    .join(' · ');
  // The heart beside the link, not in it (a button inside a link is no button), over the picture's corner.
  return (
    <div className="relative flex flex-col">
      <Link
        to={`/detail-product/${product._id}`}
        className="card grow bg-base-100 shadow-sm ring-1 ring-base-200 transition hover:-translate-y-0.5 hover:shadow-md"
      >
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
          <p className="font-medium text-primary">{t('card.resalePrice', { price: priceTk(product.resalePrice) })}</p>
        </div>
      </Link>
      <SaveButton product={product} className="absolute top-2 right-2" />
    </div>
  );
}
