import type { PayWay, Product } from '@market/contract';
import { addDays, dhakaToday, maxLength, meetingDateProblem, meetingDaysAhead } from '@market/contract/rules';
import { digits } from '../../components/listing-words.ts';
import { useModal } from '../../components/use-modal.ts';
import { useForm, useWatch } from 'react-hook-form';
import { notify } from '../../lib/notify.ts';
import { errorMessage } from '../../lib/errors.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useCreateOrderMutation } from './booking-api.ts';
import { Field } from '../../components/field.tsx';
import { DistrictSelect } from '../../components/places.tsx';
import { phoneRule, textRule, useFieldRules } from '../../lib/field-rules.ts';

interface Fields {
  meetingLocation: string;
  /** The meeting's district: the phone's, until the buyer chooses another. */
  meetingDistrict: string;
  mobileNumber: string;
  meetingDate: string;
  payWith: PayWay;
}

/** The two ways to pay (issue 31), protected first: the site holds the money until the buyer has the phone. */
const ways = [
  { value: 'protected', label: 'booking.payProtected', hint: 'booking.payProtectedHint' },
  { value: 'cash', label: 'booking.payCash', hint: 'booking.payCashHint' },
] as const;

export function BookingModal({ product, open, onClose, onBooked }: { product: Product; open: boolean; onClose(): void; onBooked?(): void }) {
  const { user, role } = useAuth();
  const ref = useModal(open);
  const t = useT('catalog');
  useFieldRules();
  const [createOrder, { isLoading }] = useCreateOrderMutation();
  const { register, handleSubmit, reset, formState, control } = useForm<Fields>({
    defaultValues: {
      meetingLocation: '',
      meetingDistrict: product.district?._id ?? '',
      mobileNumber: '',
      meetingDate: addDays(dhakaToday(), 1),
      payWith: 'protected',
    },
    mode: 'onTouched',
  });
  const meetingLocation = useWatch({ control, name: 'meetingLocation' });

  const submit = async (fields: Fields) => {
    try {
      const { meetingDistrict, ...rest } = fields;
      await createOrder({ productId: product._id, ...rest, ...(meetingDistrict ? { meetingDistrict } : {}) }).unwrap();
      reset();
      onBooked?.();
      onClose();
      notify.success(translate('booking.done', { name: product.productName }));
    } catch (err) {
      notify.error(errorMessage(err, translate('booking.failed')));
    }
  };

  const { errors } = formState;
  return (
    <dialog ref={ref} className="modal" onClose={onClose} aria-labelledby="booking-title">
      <div className="modal-box">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute right-2 top-2" onClick={onClose} aria-label={t('dialog.close')}>
          ✕
        </button>
        <h2 id="booking-title" className="mb-4 text-xl font-bold">
          {t('booking.title')}
        </h2>
        <form className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
          <ReadOnly label={t('booking.productName')} value={product.productName} />
          <ReadOnly label={t('booking.price')} value={digits(product.resalePrice)} />
          <ReadOnly label={t('booking.name')} value={user?.name ?? ''} />
          <ReadOnly label={t('booking.email')} value={user?.email ?? ''} />
          <Field
            label={t('booking.meetingLocation')}
            error={errors.meetingLocation?.message}
            count={{ value: meetingLocation, max: maxLength.meetingLocation }}
          >
            <input
              className="input input-bordered w-full"
              data-autofocus
              {...register('meetingLocation', textRule(t('booking.meetingLocation'), t('booking.meetingLocationRequired'), maxLength.meetingLocation))}
            />
          </Field>
          <Field label={t('place.districtLabel')}>
            <DistrictSelect className="select select-bordered w-full" placeholder={t('place.chooseDistrict')} {...register('meetingDistrict')} />
          </Field>
          <Field label={t('booking.mobile')} error={errors.mobileNumber?.message}>
            <input
              type="tel"
              autoComplete="tel"
              className="input input-bordered w-full"
              {...register('mobileNumber', phoneRule(t('booking.mobile'), t('booking.mobileRequired')))}
            />
          </Field>
          <Field label={t('booking.meetingDate')} error={errors.meetingDate?.message} hint={t('booking.meetingDateHint')}>
            <input
              type="date"
              className="input input-bordered w-full"
              min={dhakaToday()}
              max={addDays(dhakaToday(), meetingDaysAhead)}
              {...register('meetingDate', { validate: (v) => (meetingDateProblem(v) ? t('booking.meetingDateWrong') : true) })}
            />
          </Field>
          <fieldset className="space-y-2">
            {/* Said like the fields' labels above it. */}
            <legend className="label-text mb-1">{t('booking.payWith')}</legend>
            {ways.map((w) => (
              <label key={w.value} className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary">
                <input type="radio" className="radio radio-primary mt-0.5" value={w.value} {...register('payWith')} />
                <span>
                  <span className="block font-medium">{t(w.label)}</span>
                  <span className="block text-sm text-base-content/75">{t(w.hint)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {role === 'Buyer' ? (
            <button type="submit" className="btn btn-primary w-full" disabled={isLoading}>
              {t('booking.submit')}
            </button>
          ) : (
            <p className="badge badge-warning badge-lg mx-auto flex h-auto py-2">{t('booking.buyerOnly')}</p>
          )}
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={t('booking.closeBooking')}>
          {t('booking.closeText')}
        </button>
      </form>
    </dialog>
  );
}

/** What the booking is of and who books, shown as the spec's read-only fields: read, not a stop for Tab (issue 35). */
function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <Field label={label}>
      <input className="input input-bordered w-full bg-base-200" value={value} readOnly tabIndex={-1} />
    </Field>
  );
}
