import { maxLength, maxRamGb, maxWarrantyMonths, messages, storageSizes } from '@market/contract/rules';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/field.tsx';
import { imeiRule, optionalTextRule, wholeRule } from '../../../lib/field-rules.ts';
import { storageSize } from '../../../lib/format.ts';
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
  return (
    <fieldset className="rounded-xl bg-base-100 p-4 ring-1 ring-base-200">
      <legend className="px-2 text-lg font-semibold">Phone details</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Storage" error={errors.storageGb?.message}>
          <select className="select select-bordered w-full" {...register('storageGb', { required: 'Select the storage' })}>
            <option value="">Select the storage</option>
            {storageSizes.map((gb) => (
              <option key={gb} value={gb}>
                {storageSize(gb)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="RAM (GB)" error={errors.ramGb?.message} hint="Optional, e.g. 8">
          <input inputMode="numeric" className="input input-bordered w-full" {...register('ramGb', wholeRule('RAM', null, 1, maxRamGb, messages.ram))} />
        </Field>
        <Field label="Battery health (%)" error={errors.batteryHealth?.message} hint="e.g. 88">
          <input
            inputMode="numeric"
            className="input input-bordered w-full"
            {...register('batteryHealth', wholeRule('Battery health', 'Enter the battery health', 1, 100, messages.battery))}
          />
        </Field>
        <Field label="IMEI" error={errors.imei?.message} hint="Dial *#06# on the phone to see it">
          <input
            inputMode="numeric"
            autoComplete="off"
            className="input input-bordered w-full"
            {...register('imei', imeiRule('IMEI', editing ? null : 'Enter the IMEI'))}
          />
        </Field>
        <Field label="Model" error={errors.model?.message} hint="Optional, e.g. A2633" count={{ value: model, max: maxLength.model }}>
          <input className="input input-bordered w-full" {...register('model', optionalTextRule('Model', maxLength.model))} />
        </Field>
        <Field label="Colour" error={errors.colour?.message} hint="Optional" count={{ value: colour, max: maxLength.colour }}>
          <input className="input input-bordered w-full" {...register('colour', optionalTextRule('Colour', maxLength.colour))} />
        </Field>
      </div>
      <fieldset className="mt-4">
        <legend className="mb-1 font-semibold">What you declare</legend>
        <div className="grid gap-x-3 sm:grid-cols-2">
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="checkbox" className="checkbox checkbox-sm" {...register('notLocked')} />
            Not locked to an account (iCloud / Google FRP)
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="checkbox" className="checkbox checkbox-sm" {...register('boxAndCharger')} />
            Box and charger included
          </label>
          <Field label="Warranty left (months)" error={errors.warrantyMonths?.message} hint="0 for none">
            <input
              inputMode="numeric"
              className="input input-bordered w-full"
              {...register('warrantyMonths', wholeRule('Warranty left', null, 0, maxWarrantyMonths, messages.warranty))}
            />
          </Field>
        </div>
      </fieldset>
    </fieldset>
  );
}
