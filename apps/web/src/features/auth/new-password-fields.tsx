import { minPasswordLength } from '@market/contract/rules';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/field.tsx';
import { number } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/** 'New password' and 'Confirm new password', registered by the form (with the rules of password-rules.ts). */
export function NewPasswordFields(props: {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirm?: string | undefined };
}) {
  const { errors } = props;
  const t = useT('auth');
  return (
    <>
      <Field label={t('newPassword.label')} error={errors.password} hint={t('auth.atLeast', { min: number(minPasswordLength) })}>
        <input type="password" autoComplete="new-password" className="input input-bordered w-full" {...props.password} />
      </Field>
      <Field label={t('newPassword.confirm')} error={errors.confirm}>
        <input type="password" autoComplete="new-password" className="input input-bordered w-full" {...props.confirm} />
      </Field>
    </>
  );
}
