import { notify } from '../../../lib/notify.ts';
import { useAddProductMutation } from '../api.ts';
import { ProductForm } from './product-form.tsx';

export default function AddProduct() {
  const [addProduct] = useAddProductMutation();
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">To add a new Product fill all information</h1>
      <ProductForm
        submitLabel="Post"
        onSave={async ({ imei = '', ...body }) => {
          // The form asks a new listing for its IMEI.
          await addProduct({ ...body, imei }).unwrap();
          notify.success('Product added successful');
        }}
      />
    </section>
  );
}
