import type { Condition } from '@market/contract';
import { maxLength, parseAmount } from '@market/contract/rules';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { notify } from '../../../lib/notify.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useCategoriesQuery, useUploadImageMutation } from '../../../lib/shared-api.ts';
import { useAddProductMutation } from '../api.ts';
import { Field } from '../../../components/field.tsx';
import { imageRule, localToday, pastDateRule, phoneRule, takaRule, textRule, useYearsRule } from '../../../lib/field-rules.ts';

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

/** The spec's toasts for the choices made last, at submit, besides the messages at their fields. */
const toasted = ['categoryId', 'condition', 'description'] as const;

export default function AddProduct() {
  const { user } = useAuth();
  const { data: categories = [] } = useCategoriesQuery();
  const [upload, { isLoading: uploading }] = useUploadImageMutation();
  const [addProduct, { isLoading: saving }] = useAddProductMutation();
  // Checked when a field is left, then as it is corrected: every rule before anything is uploaded.
  const { register, handleSubmit, reset, formState, control } = useForm<ProductFields>({ defaultValues: empty, mode: 'onTouched' });
  const { errors } = formState;
  const today = localToday();
  const [location, productName, description] = useWatch({ control, name: ['location', 'productName', 'description'] });

  const invalid = (e: FieldErrors<ProductFields>) => {
    const first = toasted.find((name) => e[name]);
    if (first) notify.error(e[first]!.message!);
  };

  const submit = async (f: ProductFields) => {
    const file = f.img?.[0];
    if (!file) return;
    try {
      const { url } = await upload(file).unwrap();
      await addProduct({
        img: url,
        phoneNumber: f.phoneNumber,
        location: f.location,
        purchase: f.purchase,
        originalPrice: parseAmount(f.originalPrice)!,
        resalePrice: parseAmount(f.resalePrice)!,
        productName: f.productName,
        useYears: parseAmount(f.useYears)!,
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
      <form onSubmit={handleSubmit(submit, invalid)} noValidate className="space-y-6">
        <fieldset className="rounded-xl bg-base-100 p-4 ring-1 ring-base-200">
          <legend className="px-2 text-lg font-semibold">Seller Info</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Seller name">
              <input className="input input-bordered w-full bg-base-200" value={user?.name ?? ''} readOnly />
            </Field>
            <Field label="Email">
              <input className="input input-bordered w-full bg-base-200" value={user?.email ?? ''} readOnly />
            </Field>
            <Field label="Location" error={errors.location?.message} count={{ value: location, max: maxLength.location }}>
              <input className="input input-bordered w-full" {...register('location', textRule('Location', 'Enter your location', maxLength.location))} />
            </Field>
            <Field label="Phone number" error={errors.phoneNumber?.message}>
              <input
                type="tel"
                autoComplete="tel"
                className="input input-bordered w-full"
                {...register('phoneNumber', phoneRule('Phone number', 'Enter your number'))}
              />
            </Field>
          </div>
        </fieldset>
        <fieldset className="rounded-xl bg-base-100 p-4 ring-1 ring-base-200">
          <legend className="px-2 text-lg font-semibold">Product Info</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Original price (tk)" error={errors.originalPrice?.message} hint="e.g. 1,25,000">
              <input
                inputMode="numeric"
                className="input input-bordered w-full"
                {...register('originalPrice', takaRule('Original price', 'Enter your original price'))}
              />
            </Field>
            <Field label="Resale price (tk)" error={errors.resalePrice?.message} hint="e.g. 95,000">
              <input
                inputMode="numeric"
                className="input input-bordered w-full"
                {...register('resalePrice', takaRule('Resale price', 'Enter your resale price'))}
              />
            </Field>
            <Field label="Product name" error={errors.productName?.message} count={{ value: productName, max: maxLength.productName }}>
              <input
                className="input input-bordered w-full"
                {...register('productName', textRule('Product name', 'Enter your product name', maxLength.productName))}
              />
            </Field>
            <Field label="Years of use" error={errors.useYears?.message}>
              <input
                inputMode="decimal"
                className="input input-bordered w-full"
                {...register('useYears', useYearsRule('Years of use', 'Enter your year of using'))}
              />
            </Field>
            <Field label="Product picture" error={errors.img?.message} hint="JPEG, PNG, WebP, GIF or AVIF, at most 5 MB">
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                className="file-input file-input-bordered w-full"
                {...register('img', imageRule('Product picture', 'Enter your product picture'))}
              />
            </Field>
            <Field label="Purchase date" error={errors.purchase?.message}>
              <input
                type="date"
                max={today}
                className="input input-bordered w-full"
                {...register('purchase', pastDateRule('Purchase date', 'Enter your product purchase date', today))}
              />
            </Field>
            <Field label="Category" error={errors.categoryId?.message}>
              <select className="select select-bordered w-full" {...register('categoryId', { required: 'Select a category' })}>
                <option value="">Select a category</option>
                {categories.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.category}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Condition" error={errors.condition?.message}>
              <select className="select select-bordered w-full" {...register('condition', { required: 'Select a condition' })}>
                <option value="">Select a condition</option>
                <option value="Excellent">Excellent</option>
                <option value="Good">Good</option>
                <option value="Fair">Fair</option>
              </select>
            </Field>
          </div>
          <div className="mt-3">
            <Field label="Description" error={errors.description?.message} count={{ value: description, max: maxLength.description }}>
              <textarea
                rows={4}
                className="textarea textarea-bordered w-full"
                {...register('description', textRule('Description', 'Enter a description', maxLength.description))}
              />
            </Field>
          </div>
        </fieldset>
        <button type="submit" className="btn btn-primary w-full" disabled={uploading || saving}>
          {(uploading || saving) && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Post
        </button>
      </form>
    </section>
  );
}
