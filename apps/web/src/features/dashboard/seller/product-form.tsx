import type { EditProductBody, Product } from '@market/contract';
import { conditionMeaning, conditions, maxLength, messages } from '@market/contract/rules';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { notify } from '../../../lib/notify.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useCategoriesQuery } from '../../../lib/shared-api.ts';
import { Field } from '../../../components/field.tsx';
import { localToday, pastDateRule, phoneRule, takaRule, textRule, useYearsRule } from '../../../lib/field-rules.ts';
import { bodyOf, emptyFields, fieldsOf, type ProductFields } from './product-fields.ts';
import { PhoneDetails } from './phone-details.tsx';
import { PhotoPicker, usePhotos } from './photo-picker.tsx';

/** The spec's toasts for the choices made last, at submit, besides the messages at their fields. */
const toasted = ['categoryId', 'condition', 'description'] as const;

interface Props {
  /** The listing being edited: it fills the form (its photos too), and keeps its IMEI unless another is given. None: a new listing. */
  listing?: Product | undefined;
  submitLabel: string;
  /** Sends the listing; it says how that went (a failure is toasted here). */
  onSave(body: EditProductBody): Promise<unknown>;
}

/** A seller's listing, new or edited: every rule is checked before anything is uploaded. */
export function ProductForm({ listing, submitLabel, onSave }: Props) {
  const { user } = useAuth();
  const { data: categories = [] } = useCategoriesQuery();
  const photos = usePhotos(listing ? listing.images.map((p) => p.url) : []);
  // The problem found at submit, shown until a photo is added or removed.
  const [photoCheck, setPhotoCheck] = useState<{ problem: string | null; count: number }>({ problem: null, count: 0 });
  const photoCount = photos.photos.length;
  const photoProblem = photoCheck.count === photoCount ? photoCheck.problem : null;
  const setPhotoProblem = (problem: string | null) => setPhotoCheck({ problem, count: photoCount });
  // Checked when a field is left, then as it is corrected: every rule before anything is uploaded.
  const { register, handleSubmit, reset, setError, formState, control } = useForm<ProductFields>({
    defaultValues: listing ? fieldsOf(listing) : emptyFields,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;
  const today = localToday();
  const [location, productName, description, condition] = useWatch({ control, name: ['location', 'productName', 'description', 'condition'] });
  const meaning = (conditions as readonly string[]).includes(condition) ? conditionMeaning[condition as Product['condition']] : undefined;

  const invalid = (e: FieldErrors<ProductFields>) => {
    if (photos.photos.length === 0) setPhotoProblem('Enter your product picture');
    const first = toasted.find((name) => e[name]);
    if (first) notify.error(e[first]!.message!);
  };

  const submit = async (f: ProductFields) => {
    // The photos still uploading are waited for: the seller may press the button while they go.
    const pictures = await photos.ready();
    setPhotoProblem('problem' in pictures ? pictures.problem : null);
    if ('problem' in pictures) return;
    try {
      await onSave(bodyOf(f, pictures.urls));
      if (!listing) {
        reset(emptyFields);
        photos.reset();
      }
    } catch (err) {
      const message = errorMessage(err, 'Something went wrong');
      if (message === messages.imeiTaken) setError('imei', { message }, { shouldFocus: true });
      notify.error(message);
    }
  };

  return (
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
          <Field label="Purchase date" error={errors.purchase?.message}>
            <input
              type="date"
              max={today}
              className="input input-bordered w-full"
              {...register('purchase', pastDateRule('Purchase date', 'Enter your product purchase date', today))}
            />
          </Field>
          <PhotoPicker photos={photos} error={photoProblem} />
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
          <Field label="Condition" error={errors.condition?.message} hint={meaning}>
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
      <PhoneDetails register={register} control={control} errors={errors} editing={listing !== undefined} />
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {isSubmitting && photos.uploading ? 'Uploading photos…' : submitLabel}
      </button>
    </form>
  );
}
