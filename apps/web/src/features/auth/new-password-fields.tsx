import { minPasswordLength } from '@market/contract/rules';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/field.tsx';

/** 'New password' and 'Confirm new password', registered by the form (with the rules of password-rules.ts). */
export function NewPasswordFields(props: {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirm?: string | undefined };
}) {
  const { errors } = props;
  return (
    <>
      <Field label="New password" error={errors.password} hint={`At least ${minPasswordLength} characters`}>
        <input type="password" autoComplete="new-password" className="input input-bordered w-full" {...props.password} />
      </Field>
      <Field label="Confirm new password" error={errors.confirm}>
        <input type="password" autoComplete="new-password" className="input input-bordered w-full" {...props.confirm} />
      </Field>
    </>
  );
}
