import { maxLength, maxRamGb, maxWarrantyMonths, messages, storageSizes } from '@market/contract/rules';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/field.tsx';
import { imeiRule, optionalTextRule, wholeRule } from '../../../lib/field-rules.ts';
import { storageLabel } from '../../../components/listing-words.ts';
import { number } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import type { ProductFields } from './product-fields.ts';

interface Props {
  register: UseFormRegister<ProductFields>;
  control: Control<ProductFields>;
  errors: FieldErrors<ProductFields>;
  /** Editing: the field may be left empty (the listing keeps its IMEI, or one posted before IMEIs were asked stays without). */
  editing: boolean;
}

/** The phone's specs and what the seller declares of it: what a buyer judges a used phone by. */
export function PhoneDetails({ register, control, errors, editing }: Props) {
  const [model, colour] = useWatch({ control, name: ['model', 'colour'] });
  const t = useT('dashboard');
  return (
    <fieldset className="rounded-xl bg-base-100 p-4 ring-1 ring-base-200">
      <legend className="px-2 text-lg font-semibold">{t('phoneDetails.title')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('phoneDetails.storage')} error={errors.storageGb?.message}>
          <select className="select select-bordered w-full" {...register('storageGb', { required: t('phoneDetails.selectStorage') })}>
            <option value="">{t('phoneDetails.selectStorage')}</option>
            {storageSizes.map((gb) => (
              <option key={gb} value={gb}>
                {storageLabel(gb)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('phoneDetails.ramGb')} error={errors.ramGb?.message} hint={t('productForm.optionalExample', { example: number(8) })}>
          <input
            inputMode="numeric"
            className="input input-bordered w-full"
            {...register('ramGb', wholeRule(t('phoneDetails.ram'), null, 1, maxRamGb, messages.ram))}
          />
        </Field>
        <Field label={t('phoneDetails.batteryPercent')} error={errors.batteryHealth?.message} hint={t('productForm.example', { example: number(88) })}>
          <input
            inputMode="numeric"
            className="input input-bordered w-full"
            {...register('batteryHealth', wholeRule(t('phoneDetails.battery'), t('phoneDetails.enterBattery'), 1, 100, messages.battery))}
          />
        </Field>
        <Field label={t('phoneDetails.imei')} error={errors.imei?.message} hint={t('phoneDetails.imeiHint')}>
          <input
            inputMode="numeric"
            autoComplete="off"
            className="input input-bordered w-full"
            {...register('imei', imeiRule(t('phoneDetails.imei'), editing ? null : t('phoneDetails.enterImei')))}
          />
        </Field>
        <Field
          label={t('phoneDetails.model')}
          error={errors.model?.message}
          hint={t('productForm.optionalExample', { example: 'A2633' })}
          count={{ value: model, max: maxLength.model }}
        >
          <input className="input input-bordered w-full" {...register('model', optionalTextRule(t('phoneDetails.model'), maxLength.model))} />
        </Field>
        <Field
          label={t('phoneDetails.colour')}
          error={errors.colour?.message}
          hint={t('productForm.optional')}
          count={{ value: colour, max: maxLength.colour }}
        >
          <input className="input input-bordered w-full" {...register('colour', optionalTextRule(t('phoneDetails.colour'), maxLength.colour))} />
        </Field>
      </div>
      <fieldset className="mt-4">
        <legend className="mb-1 font-semibold">{t('phoneDetails.declare')}</legend>
        <div className="grid gap-x-3 sm:grid-cols-2">
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="checkbox" className="checkbox checkbox-sm" {...register('notLocked')} />
            {t('phoneDetails.notLocked')}
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="checkbox" className="checkbox checkbox-sm" {...register('boxAndCharger')} />
            {t('phoneDetails.boxAndCharger')}
          </label>
          <Field label={t('phoneDetails.warrantyMonths')} error={errors.warrantyMonths?.message} hint={t('phoneDetails.noWarranty')}>
            <input
              inputMode="numeric"
              className="input input-bordered w-full"
              {...register('warrantyMonths', wholeRule(t('phoneDetails.warranty'), null, 0, maxWarrantyMonths, messages.warranty))}
            />
          </Field>
        </div>
      </fieldset>
    </fieldset>
  );
}
