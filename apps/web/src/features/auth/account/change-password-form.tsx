import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../lib/shared-state.ts';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { signedIn } from '../../../lib/session.ts';
import { NewPasswordFields } from '../new-password-fields.tsx';
import { confirmPasswordRules, newPasswordRules } from '../password-rules.ts';
import { useChangePasswordMutation } from './account-api.ts';
import { useFieldRules } from '../../../lib/field-rules.ts';
import { translate, useT } from '../../../lib/i18n.ts';

interface Fields {
  currentPassword: string;
  password: string;
  confirm: string;
}

const empty: Fields = { currentPassword: '', password: '', confirm: '' };

/** The current password, then the new one twice. The answer is a new session: every other one has ended. */
export function ChangePasswordForm() {
  const dispatch = useAppDispatch();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const t = useT('auth');
  useFieldRules();
  // Kept on screen (not only a toast): the no-password answer tells the user what to do instead.
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, getValues, reset, formState } = useForm<Fields>({ defaultValues: empty });
  const { errors } = formState;

  const submit = async ({ currentPassword, password }: Fields) => {
    setRefusal(null);
    try {
      dispatch(signedIn(await changePassword({ currentPassword, password }).unwrap()));
      reset(empty);
      notify.success(translate('auth.passwordChanged'));
    } catch (err) {
      const message = errorMessage(err, translate('auth.tryAgain'));
      if ((err as { status?: unknown }).status === 400) setRefusal(message);
      notify.error(message);
    }
  };

  const [googleBefore, googleAfter] = t('changePassword.google', { link: '\0' }).split('\0');
  return (
    <form className="card bg-base-100 ring-1 ring-base-200" onSubmit={handleSubmit(submit)} noValidate aria-labelledby="change-password-title">
      <div className="card-body gap-3">
        <h2 id="change-password-title" className="text-xl font-semibold">
          {t('changePassword.title')}
        </h2>
        <p className="text-sm">
          {googleBefore}
          <Link to="/forgot-password" className="link link-primary">
            {t('auth.forgotPassword')}
          </Link>
          {googleAfter}
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t('changePassword.current')} error={errors.currentPassword?.message}>
            <input
              type="password"
              autoComplete="current-password"
              className="input input-bordered w-full"
              {...register('currentPassword', { required: t('changePassword.currentRequired') })}
            />
          </Field>
          <NewPasswordFields
            password={register('password', newPasswordRules())}
            confirm={register(
              'confirm',
              confirmPasswordRules(() => getValues('password')),
            )}
            errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
          />
        </div>
        {refusal && (
          <Notice tone="error" role="alert">
            {refusal}
          </Notice>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={isLoading}>
            {isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('changePassword.submit')}
          </button>
        </div>
      </div>
    </form>
  );
}
