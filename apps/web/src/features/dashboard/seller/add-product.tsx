import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useAddProductMutation } from './api.ts';
import { ProductForm } from './product-form.tsx';

export default function AddProduct() {
  const [addProduct] = useAddProductMutation();
  const t = useT('dashboard');
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">{t('addProduct.title')}</h1>
      <ProductForm
        submitLabel={t('addProduct.post')}
        onSave={async ({ imei = '', ...body }) => {
          // The form asks a new listing for its IMEI.
          await addProduct({ ...body, imei }).unwrap();
          notify.success(t('addProduct.added'));
        }}
      />
    </section>
  );
}
