import type { Product } from '@market/contract';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { SimilarPhones } from './similar-phones.tsx';

/**
 * A sold phone's page (issue 35): what the server writes for it before the app runs (apps/api/src/first-screen/shell.ts),
 * kept once the app has started and when the page is opened from inside the app: the notice and the way on (the
 * brand's phones, phones like it), not the listing with a Book Now or a Report that can no longer do anything.
 */
export function SoldPhone({ product }: { product: Product }) {
  const t = useT('catalog');
  const brand = product.categoryId;
  return (
    <main className="pb-16">
      <div className="flex flex-col items-center gap-6 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{t('detail.soldHeading')}</h1>
        <p className="max-w-md text-base-content/75 wrap-anywhere">{t('detail.soldText', { name: product.productName, brand: brand.category })}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={`/category/${brand._id}`} className="btn btn-primary">
            {t('detail.moreOfBrand', { brand: brand.category })}
          </Link>
          <Link to="/" className="btn btn-ghost">
            {t('notFound.back')}
          </Link>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4">
        <SimilarPhones id={product._id} />
      </div>
    </main>
  );
}
