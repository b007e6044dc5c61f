import type { Product } from '@market/contract';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors.ts';
import { localDate } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { useRenewProductMutation } from '../../lib/listing-term-api.ts';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { SimilarPhones } from './similar-phones.tsx';

/**
 * An expired listing's page (issue 36): its seller did not say it is still for sale, so it left search. Anyone sees
 * what the server writes for it before the app runs (apps/api/src/first-screen/shell.ts, as for a sold phone): the
 * notice and the way on, phones like it, and nothing to book, message or save. Its seller sees Renew instead (60
 * more days on sale: nothing to confirm, it undoes nothing), and Edit; renewed, the page is the listing again.
 */
export function ExpiredPhone({ product }: { product: Product }) {
  const t = useT('catalog');
  const { user } = useAuth();
  const [renew, renewing] = useRenewProductMutation();
  const brand = product.categoryId;
  const mine = user?._id === product.sellerId._id;
  const onRenew = async () => {
    try {
      // The answer is the listing as its seller reads it, with its new end; the page then shows it on sale.
      const renewed = await renew(product._id).unwrap();
      notify.success(t('detail.renewed', { date: renewed.expiresAt ? localDate(renewed.expiresAt) : '' }));
    } catch (err) {
      notify.error(errorMessage(err, translate('toast.somethingWentWrong')));
    }
  };
  return (
    <main className="pb-16">
      <div className="flex flex-col items-center gap-6 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{t('detail.expiredHeading')}</h1>
        <p className="max-w-md text-base-content/75 wrap-anywhere">
          {mine ? t('detail.expiredMine', { name: product.productName }) : t('detail.expiredText', { name: product.productName, brand: brand.category })}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {mine ? (
            <>
              <button type="button" className="btn btn-primary" onClick={() => void onRenew()} disabled={renewing.isLoading}>
                {renewing.isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {t('detail.renew')}
              </button>
              <Link to={`/dashboard/edit-product/${product._id}`} className="btn btn-outline">
                {t('detail.editMine')}
              </Link>
            </>
          ) : (
            <>
              <Link to={`/category/${brand._id}`} className="btn btn-primary">
                {t('detail.moreOfBrand', { brand: brand.category })}
              </Link>
              <Link to="/" className="btn btn-ghost">
                {t('notFound.back')}
              </Link>
            </>
          )}
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4">
        <SimilarPhones id={product._id} />
      </div>
    </main>
  );
}
