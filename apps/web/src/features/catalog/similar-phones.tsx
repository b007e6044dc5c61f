import { useId } from 'react';
import { useT } from '../../lib/i18n.ts';
import { useSimilarProductsQuery } from './api.ts';
import { ProductGrid } from './product-grid.tsx';

/**
 * Phones like this one (issue 34, item 6): the same model, or its brand near its price, the nearest districts first;
 * under a phone's page, a sold one's too (the way on). Drawn on the server with the page; nothing when there are none.
 */
export function SimilarPhones({ id }: { id: string }) {
  const t = useT('catalog');
  const heading = useId();
  const { data: phones = [] } = useSimilarProductsQuery(id);
  if (phones.length === 0) return null;
  return (
    <section aria-labelledby={heading} className="mt-10">
      <h2 id={heading} className="mb-4 text-xl font-bold">
        {t('similar.title')}
      </h2>
      <ProductGrid products={phones} />
    </section>
  );
}
