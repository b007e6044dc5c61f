import type { Product } from '@market/contract';
import { maxLength } from '@market/contract/rules';
import { useModal } from '../../components/use-modal.ts';
import { useForm, useWatch } from 'react-hook-form';
import { notify } from '../../lib/notify.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useCreateOrderMutation } from './booking-api.ts';
import { Field } from '../../components/field.tsx';
import { phoneRule, textRule } from '../../lib/field-rules.ts';

interface Fields {
  meetingLocation: string;
  mobileNumber: string;
}

export function BookingModal({ product, open, onClose }: { product: Product; open: boolean; onClose(): void }) {
  const { user, role } = useAuth();
  const ref = useModal(open);
  const [createOrder, { isLoading }] = useCreateOrderMutation();
  const { register, handleSubmit, reset, formState, control } = useForm<Fields>({
    defaultValues: { meetingLocation: '', mobileNumber: '' },
    mode: 'onTouched',
  });
  const meetingLocation = useWatch({ control, name: 'meetingLocation' });

  const submit = async (fields: Fields) => {
    try {
      await createOrder({ productId: product._id, ...fields }).unwrap();
      reset();
      onClose();
      notify.success(`${product.productName} booked successfully`);
    } catch (err) {
      notify.error(errorMessage(err, 'Booking failed, please try again'));
    }
  };

  const { errors } = formState;
  return (
    <dialog ref={ref} className="modal" onClose={onClose} aria-labelledby="booking-title">
      <div className="modal-box">
        <button type="button" className="btn btn-circle btn-ghost btn-sm absolute right-2 top-2" onClick={onClose} aria-label="Close">
          ✕
        </button>
        <h2 id="booking-title" className="mb-4 text-xl font-bold">
          Booking information
        </h2>
        <form className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
          <ReadOnly label="Product name" value={product.productName} />
          <ReadOnly label="Price" value={`${product.resalePrice}`} />
          <ReadOnly label="Name" value={user?.name ?? ''} />
          <ReadOnly label="Email" value={user?.email ?? ''} />
          <Field label="Meeting location" error={errors.meetingLocation?.message} count={{ value: meetingLocation, max: maxLength.meetingLocation }}>
            <input
              className="input input-bordered w-full"
              {...register('meetingLocation', textRule('Meeting location', 'Enter your meeting location', maxLength.meetingLocation))}
            />
          </Field>
          <Field label="Mobile number" error={errors.mobileNumber?.message}>
            <input
              type="tel"
              autoComplete="tel"
              className="input input-bordered w-full"
              {...register('mobileNumber', phoneRule('Mobile number', 'Enter your mobile number'))}
            />
          </Field>
          {role === 'Buyer' ? (
            <button type="submit" className="btn btn-primary w-full" disabled={isLoading}>
              Submit
            </button>
          ) : (
            <p className="badge badge-warning badge-lg mx-auto flex h-auto py-2">A buyer can only buy product</p>
          )}
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close booking">
          close
        </button>
      </form>
    </dialog>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <Field label={label}>
      <input className="input input-bordered w-full bg-base-200" value={value} readOnly />
    </Field>
  );
}
