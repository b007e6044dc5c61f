import type { Condition, EditProductBody, Product } from '@market/contract';
import { conditions, maxLength, messages } from '@market/contract/rules';
import { districtIn } from '@market/contract/places';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { notify } from '../../../lib/notify.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { number } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { conditionMeaning, conditionName } from '../../../components/listing-words.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useCategoriesQuery } from '../../../lib/shared-api.ts';
import { Field } from '../../../components/field.tsx';
import { DistrictSelect } from '../../../components/places.tsx';
import { GuideRange, useGuide } from '../../../components/price-guide.tsx';
import { localToday, pastDateRule, phoneRule, takaRule, textRule, useFieldRules } from '../../../lib/field-rules.ts';
import { FeeNote } from './fee-note.tsx';
import { bodyOf, emptyFields, fieldsOf, yearsSince, type ProductFields } from './product-fields.ts';
import { ModelPicker } from './model-picker.tsx';
import { PhoneDetails } from './phone-details.tsx';
import { PhotoPicker, usePhotos } from './photo-picker.tsx';

/** The spec's toasts for the choices made last, at submit, besides the messages at their fields. */
const toasted = ['categoryId', 'condition', 'description'] as const;

/** The select's value is the contract's condition (what the API takes); its name and meaning are in the page's language. */
const isCondition = (value: string): value is Condition => (conditions as readonly string[]).includes(value);

/** The API refused the IMEI: another listing has it (by its code, or its English words from an API that sends no code). */
function imeiTaken(err: unknown, message: string) {
  const code = (err as { data?: { code?: unknown } } | undefined)?.data?.code;
  return code === 'imei_taken' || message === messages.imeiTaken;
}

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
  const t = useT('dashboard');
  useFieldRules();
  const { data: categories = [] } = useCategoriesQuery();
  const photos = usePhotos(listing ? listing.images.map((p) => p.url) : []);
  // The problem found at submit, shown until a photo is added or removed.
  const [photoCheck, setPhotoCheck] = useState<{ problem: string | null; count: number }>({ problem: null, count: 0 });
  const photoCount = photos.photos.length;
  const photoProblem = photoCheck.count === photoCount ? photoCheck.problem : null;
  const setPhotoProblem = (problem: string | null) => setPhotoCheck({ problem, count: photoCount });
  // Checked when a field is left, then as it is corrected: every rule before anything is uploaded.
  const { register, handleSubmit, reset, setError, setValue, getValues, formState, control } = useForm<ProductFields>({
    defaultValues: listing ? fieldsOf(listing) : emptyFields,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;
  const today = localToday();
  const [location, productName, description, condition, resalePrice, phoneModelId, storageGb, purchase] = useWatch({
    control,
    name: ['location', 'productName', 'description', 'condition', 'resalePrice', 'phoneModelId', 'storageGb', 'purchase'],
  });
  // What phones of the chosen model, storage and condition sold for here (issue 34), read with the price.
  const guide = useGuide({ model: phoneModelId, storage: Number(storageGb) || null, condition: isCondition(condition) ? condition : '' });
  const guideId = useId();
  // A location that names a district ("Agrabad, Chittagong") chooses it, while none is chosen.
  useEffect(() => {
    const named = districtIn(location);
    if (named && !getValues('district')) setValue('district', named.id, { shouldValidate: true });
  }, [location, getValues, setValue]);
  const feeNoteId = useId();
  const meaning = isCondition(condition) ? conditionMeaning(condition) : undefined;

  const invalid = (e: FieldErrors<ProductFields>) => {
    if (photos.photos.length === 0) setPhotoProblem(t('photoPicker.enterPicture'));
    const first = toasted.find((name) => e[name]);
    if (first) notify.error(e[first]!.message!);
  };

  const submit = async (f: ProductFields) => {
    // The photos still uploading are waited for: the seller may press the button while they go.
    const pictures = await photos.ready();
    setPhotoProblem('problem' in pictures ? pictures.problem : null);
    if ('problem' in pictures) return;
    try {
      await onSave(bodyOf(f, pictures.urls, today));
      if (!listing) {
        reset(emptyFields);
        photos.reset();
      }
    } catch (err) {
      const message = errorMessage(err, t('toast.somethingWentWrong'));
      if (imeiTaken(err, message)) setError('imei', { message }, { shouldFocus: true });
      notify.error(message);
    }
  };

  return (
    <form onSubmit={handleSubmit(submit, invalid)} noValidate className="space-y-6">
      <fieldset className="rounded-xl bg-base-100 p-4 ring-1 ring-base-200">
        <legend className="px-2 text-lg font-semibold">{t('productForm.sellerInfo')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('productForm.sellerName')}>
            <input className="input input-bordered w-full bg-base-200" value={user?.name ?? ''} readOnly />
          </Field>
          <Field label={t('productForm.email')}>
            <input className="input input-bordered w-full bg-base-200" value={user?.email ?? ''} readOnly />
          </Field>
          <Field label={t('productForm.location')} error={errors.location?.message} count={{ value: location, max: maxLength.location }}>
            <input
              className="input input-bordered w-full"
              {...register('location', textRule(t('productForm.location'), t('productForm.enterLocation'), maxLength.location))}
            />
          </Field>
          <Field label={t('place.districtLabel')} error={errors.district?.message}>
            <DistrictSelect
              className="select select-bordered w-full"
              placeholder={t('place.chooseDistrict')}
              {...register('district', { required: t('place.districtRequired') })}
            />
          </Field>
          <Field label={t('productForm.phone')} error={errors.phoneNumber?.message}>
            <input
              type="tel"
              autoComplete="tel"
              className="input input-bordered w-full"
              {...register('phoneNumber', phoneRule(t('productForm.phone'), t('productForm.enterPhone')))}
            />
          </Field>
        </div>
      </fieldset>
      <fieldset className="rounded-xl bg-base-100 p-4 ring-1 ring-base-200">
        <legend className="px-2 text-lg font-semibold">{t('productForm.productInfo')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('productForm.originalPriceTk')} error={errors.originalPrice?.message} hint={t('productForm.example', { example: number(125000) })}>
            <input
              inputMode="numeric"
              className="input input-bordered w-full"
              {...register('originalPrice', takaRule(t('productForm.originalPrice'), t('productForm.enterOriginalPrice')))}
            />
          </Field>
          <Field
            label={t('productForm.resalePriceTk')}
            error={errors.resalePrice?.message}
            hint={t('productForm.example', { example: number(95000) })}
            describedBy={guide ? `${feeNoteId} ${guideId}` : feeNoteId}
          >
            <input
              inputMode="numeric"
              className="input input-bordered w-full"
              {...register('resalePrice', takaRule(t('productForm.resalePrice'), t('productForm.enterResalePrice')))}
            />
          </Field>
          {/* What the site keeps of a protected sale at this price (issue 32), read with the price's field. */}
          <FeeNote id={feeNoteId} price={resalePrice} />
          <GuideRange id={guideId} guide={guide} />
          <Field label={t('productForm.productName')} error={errors.productName?.message} count={{ value: productName, max: maxLength.productName }}>
            <input
              className="input input-bordered w-full"
              {...register('productName', textRule(t('productForm.productName'), t('productForm.enterProductName'), maxLength.productName))}
            />
          </Field>
          {/* The spec's years of use are worked out from the purchase date, not asked twice (issue 35, decision 007). */}
          <Field
            label={t('productForm.purchase')}
            error={errors.purchase?.message}
            hint={purchase && !errors.purchase ? t('productForm.yearsOfUse', { years: number(yearsSince(purchase, today)) }) : undefined}
          >
            <input
              type="date"
              max={today}
              className="input input-bordered w-full"
              {...register('purchase', pastDateRule(t('productForm.purchase'), t('productForm.enterPurchase'), today))}
            />
          </Field>
          <PhotoPicker photos={photos} error={photoProblem} />
          <Field label={t('productForm.category')} error={errors.categoryId?.message}>
            <select className="select select-bordered w-full" {...register('categoryId', { required: t('productForm.selectCategory') })}>
              <option value="">{t('productForm.selectCategory')}</option>
              {categories.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.category}
                </option>
              ))}
            </select>
          </Field>
          <ModelPicker control={control} setValue={setValue} initialText={listing?.phoneModel?.name ?? listing?.unlistedModel ?? ''} />
          <Field label={t('productForm.condition')} error={errors.condition?.message} hint={meaning}>
            <select className="select select-bordered w-full" {...register('condition', { required: t('productForm.selectCondition') })}>
              <option value="">{t('productForm.selectCondition')}</option>
              {conditions.map((c) => (
                <option key={c} value={c}>
                  {conditionName(c)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="mt-3">
          <Field label={t('productForm.description')} error={errors.description?.message} count={{ value: description, max: maxLength.description }}>
            <textarea
              rows={4}
              className="textarea textarea-bordered w-full"
              {...register('description', textRule(t('productForm.description'), t('productForm.enterDescription'), maxLength.description))}
            />
          </Field>
        </div>
      </fieldset>
      <PhoneDetails register={register} control={control} errors={errors} editing={listing !== undefined} />
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {isSubmitting && photos.uploading ? t('productForm.uploading') : submitLabel}
      </button>
    </form>
  );
}
