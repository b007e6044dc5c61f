import type { Condition } from '@market/contract';
import { useForm } from 'react-hook-form';
import { notify } from '../../../lib/notify.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useCategoriesQuery, useUploadImageMutation } from '../../../lib/shared-api.ts';
import { useAddProductMutation } from '../api.ts';
import { Field } from '../../../components/field.tsx';

export interface ProductFields {
  location: string;
  phoneNumber: string;
  originalPrice: string;
  resalePrice: string;
  productName: string;
  useYears: string;
  img: FileList | null;
  purchase: string;
  categoryId: string;
  condition: string;
  description: string;
}

const empty: ProductFields = {
  location: '',
  phoneNumber: '',
  originalPrice: '',
  resalePrice: '',
  productName: '',
  useYears: '',
  img: null,
  purchase: '',
  categoryId: '',
  condition: '',
  description: '',
};

const wholeTaka = (v: string) => (/^\d+$/.test(v.trim()) && Number(v) > 0 ? true : 'Enter a positive whole number of taka');
const years = (v: string) => (Number(v) > 0 && Number(v) <= 50 ? true : 'Enter a positive number of years');

export default function AddProduct() {
  const { user } = useAuth();
  const { data: categories = [] } = useCategoriesQuery();
  const [upload, { isLoading: uploading }] = useUploadImageMutation();
  const [addProduct, { isLoading: saving }] = useAddProductMutation();
  const { register, handleSubmit, reset, formState } = useForm<ProductFields>({ defaultValues: empty });
  const { errors } = formState;

  const submit = async (f: ProductFields) => {
    if (!f.categoryId) return void notify.error('Select a category');
    if (!f.condition) return void notify.error('Select a condition');
    if (!f.description.trim()) return void notify.error('Enter a description');
    const file = f.img?.[0];
    if (!file) return;
    try {
      const { url } = await upload(file).unwrap();
      await addProduct({
        img: url,
        phoneNumber: f.phoneNumber,
        location: f.location,
        purchase: f.purchase,
        originalPrice: Number(f.originalPrice),
        resalePrice: Number(f.resalePrice),
        productName: f.productName,
        useYears: Number(f.useYears),
        categoryId: f.categoryId,
        condition: f.condition as Condition,
        description: f.description,
      }).unwrap();
      reset(empty);
      notify.success('Product added successful');
    } catch (err) {
      notify.error(errorMessage(err, 'Something went wrong'));
    }
  };

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">To add a new Product fill all information</h1>
      <form onSubmit={handleSubmit(submit)} noValidate className="space-y-6">
        <fieldset className="rounded-xl bg-base-100 p-4 ring-1 ring-base-200">
          <legend className="px-2 text-lg font-semibold">Seller Info</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Seller name">
              <input className="input input-bordered w-full bg-base-200" value={user?.name ?? ''} readOnly />
            </Field>
            <Field label="Email">
              <input className="input input-bordered w-full bg-base-200" value={user?.email ?? ''} readOnly />
            </Field>
            <Field label="Location" error={errors.location?.message}>
              <input className="input input-bordered w-full" {...register('location', { required: 'Enter your location' })} />
            </Field>
            <Field label="Phone number" error={errors.phoneNumber?.message}>
              <input type="tel" className="input input-bordered w-full" {...register('phoneNumber', { required: 'Enter your number' })} />
            </Field>
          </div>
        </fieldset>
        <fieldset className="rounded-xl bg-base-100 p-4 ring-1 ring-base-200">
          <legend className="px-2 text-lg font-semibold">Product Info</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Original price (tk)" error={errors.originalPrice?.message}>
              <input
                inputMode="numeric"
                className="input input-bordered w-full"
                {...register('originalPrice', { required: 'Enter your original price', validate: wholeTaka })}
              />
            </Field>
            <Field label="Resale price (tk)" error={errors.resalePrice?.message}>
              <input
                inputMode="numeric"
                className="input input-bordered w-full"
                {...register('resalePrice', { required: 'Enter your resale price', validate: wholeTaka })}
              />
            </Field>
            <Field label="Product name" error={errors.productName?.message}>
              <input className="input input-bordered w-full" {...register('productName', { required: 'Enter your product name' })} />
            </Field>
            <Field label="Years of use" error={errors.useYears?.message}>
              <input
                inputMode="decimal"
                className="input input-bordered w-full"
                {...register('useYears', { required: 'Enter your year of using', validate: years })}
              />
            </Field>
            <Field label="Product picture" error={errors.img?.message}>
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                className="file-input file-input-bordered w-full"
                {...register('img', { required: 'Enter your product picture' })}
              />
            </Field>
            <Field label="Purchase date" error={errors.purchase?.message}>
              <input type="date" className="input input-bordered w-full" {...register('purchase', { required: 'Enter your product purchase date' })} />
            </Field>
            <Field label="Category">
              <select className="select select-bordered w-full" {...register('categoryId')}>
                <option value="">Select a category</option>
                {categories.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.category}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Condition">
              <select className="select select-bordered w-full" {...register('condition')}>
                <option value="">Select a condition</option>
                <option value="Excellent">Excellent</option>
                <option value="Good">Good</option>
                <option value="Fair">Fair</option>
              </select>
            </Field>
          </div>
          <Field label="Description">
            <textarea rows={4} className="textarea textarea-bordered mt-3 w-full" {...register('description')} />
          </Field>
        </fieldset>
        <button type="submit" className="btn btn-primary w-full" disabled={uploading || saving}>
          {(uploading || saving) && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Post
        </button>
      </form>
    </section>
  );
}
