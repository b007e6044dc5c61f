import { Link } from 'react-router';
import { CheckNotice } from '../../components/check-notice.tsx';
import { Gallery } from '../../components/gallery.tsx';
import { conditionName } from '../../components/listing-words.ts';
import { NotFound } from '../../components/not-found.tsx';
import { PlaceText } from '../../components/places.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { priceBdt } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useOwnProductQuery } from './api.ts';

/**
 * A listing held for a check (issue 36), opened by its seller (or an Admin): not public, so the phone's page has
 * nothing for it; read as its owner, it shows the listing with its check instead of Book Now, and for its seller the
 * way to edit it (which sends it again). Anyone else, or a listing that is not held: not found.
 */
export function HeldPhone({ id }: { id: string }) {
  const t = useT('catalog');
  const tDash = useT('dashboard');
  const { user } = useAuth();
  const { data: product, isLoading, isError } = useOwnProductQuery(id);
  usePageTitle(product?.check ? product.productName : null);

  if (isLoading) return <Spinner label={t('detail.loading')} />;
  if (isError || !product?.check) return <NotFound />;
  const mine = user?._id === product.sellerId._id;

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <article className="grid gap-8 md:grid-cols-2">
        <Gallery pictures={product.images.length > 0 ? product.images : [{ url: product.img, srcset: '' }]} name={product.productName} />
        <div className="min-w-0 space-y-4 wrap-anywhere">
          <h1 className="text-3xl font-bold">{product.productName}</h1>
          <p className="text-2xl font-bold text-primary">{priceBdt(product.resalePrice)}</p>
          <CheckNotice check={product.check} forSeller={mine}>
            {mine && (
              <>
                <Link to={`/dashboard/edit-product/${product._id}`} className="btn btn-primary btn-sm">
                  {t('detail.editMine')}
                </Link>
                <Link to="/dashboard/myProduct" className="btn btn-outline btn-sm">
                  {tDash('addProduct.myProducts')}
                </Link>
              </>
            )}
          </CheckNotice>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t('listing.condition')}</dt>
            <dd>{conditionName(product.condition)}</dd>
            <dt className="font-semibold">{t('detail.location')}</dt>
            <dd>
              <PlaceText area={product.location} district={product.district} />
            </dd>
          </dl>
          <p className="leading-relaxed">{product.description}</p>
        </div>
      </article>
    </main>
  );
}
