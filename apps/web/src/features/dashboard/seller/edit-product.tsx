import { Link, useNavigate, useParams } from 'react-router';
import { CheckNotice } from '../../../components/check-notice.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useCategoriesQuery } from '../../../lib/shared-api.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useEditProductMutation, useListingQuery } from './api.ts';
import { ProductForm } from './product-form.tsx';

/** Where a seller's listings are (the spec's My Product page). */
const myProducts = '/dashboard/myProduct';

/**
 * /dashboard/edit-product/:id: the seller's own listing in the product form, while it is for sale or held for a check
 * (issue 36: its check above the form; the edit is checked again) (GET /api/own-product/:id: with the phone number and
 * the whole IMEI).
 */
export default function EditProduct() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { data: listing, isLoading, isError } = useListingQuery(id);
  // The category list first, so the form's select has the listing's option when it is filled.
  const categories = useCategoriesQuery();
  const [editProduct] = useEditProductMutation();
  const t = useT('dashboard');

  if (isLoading || categories.isLoading) return <Spinner label={t('editProduct.loading')} />;
  if (isError || !listing || listing.sellerId._id !== user?._id) return <NotFound landmark={false} />;

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold wrap-anywhere">{t('editProduct.title', { name: listing.productName })}</h1>
      {listing.check && (
        <div className="mb-6">
          <CheckNotice check={listing.check} />
        </div>
      )}
      {listing.status !== 'available' && listing.status !== 'pending' ? (
        <Notice tone="info">
          <p>{t('editProduct.sold')}</p>
          <Link to={myProducts} className="link">
            {t('editProduct.back')}
          </Link>
        </Notice>
      ) : (
        <ProductForm
          key={listing._id}
          listing={listing}
          submitLabel={t('editProduct.save')}
          onSave={async (body) => {
            await editProduct({ id, body }).unwrap();
            notify.success(t('editProduct.saved'));
            navigate(myProducts);
          }}
        />
      )}
    </section>
  );
}
