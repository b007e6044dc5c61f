import { Link, useNavigate, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import { useCategoriesQuery } from '../../../lib/shared-api.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useEditProductMutation, useListingQuery } from '../api.ts';
import { ProductForm } from './product-form.tsx';

/** Where a seller's listings are (the spec's My Product page). */
const myProducts = '/dashboard/myProduct';

/**
 * /dashboard/edit-product/:id: the seller's own listing in the product form, while it is for sale (GET
 * /api/own-product/:id: with the phone number and the whole IMEI).
 */
export default function EditProduct() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { data: listing, isLoading, isError } = useListingQuery(id);
  // The category list first, so the form's select has the listing's option when it is filled.
  const categories = useCategoriesQuery();
  const [editProduct] = useEditProductMutation();

  if (isLoading || categories.isLoading) return <Spinner label="Loading product" />;
  if (isError || !listing || listing.sellerId._id !== user?._id) return <NotFound landmark={false} />;

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold wrap-anywhere">Edit {listing.productName}</h1>
      {listing.status !== 'available' ? (
        <Notice tone="info">
          <p>This phone is sold: a sold listing cannot be edited.</p>
          <Link to={myProducts} className="link">
            Back to My Products
          </Link>
        </Notice>
      ) : (
        <ProductForm
          key={listing._id}
          listing={listing}
          submitLabel="Save changes"
          onSave={async (body) => {
            await editProduct({ id, body }).unwrap();
            notify.success('Changes saved');
            navigate(myProducts);
          }}
        />
      )}
    </section>
  );
}
