import { minPasswordLength } from '@market/contract/rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { useFieldRules } from '../../lib/field-rules.ts';
import { number } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useResetPasswordMutation } from './api.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { confirmPasswordRules, newPasswordRules } from './password-rules.ts';
import { useCompleteSignIn } from './use-sign-in.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

interface Fields {
  password: string;
  confirm: string;
}

/** Opened from the reset mail (`?token=`): a new password, then signed in with a fresh session. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const completeSignIn = useCompleteSignIn();
  const t = useT('auth');
  usePageTitle(t('resetPassword.title'));
  useFieldRules();
  // The server's refusal of the link; without a token, the link was cut short.
  const [refusal, setRefusal] = useState<string | null>(null);
  const failure = token ? refusal : t('auth.incompleteLink');
  const { register, handleSubmit, getValues, formState } = useForm<Fields>({ defaultValues: { password: '', confirm: '' } });
  const { errors } = formState;

  const submit = async ({ password }: Fields) => {
    try {
      const result = await resetPassword({ token, password }).unwrap();
      completeSignIn(result, '/');
      notify.success(translate('auth.passwordChanged'));
    } catch (err) {
      const message = errorMessage(err, translate('auth.tryAgain'));
      // A 400 is the link's fault (expired, used, or cut short): only a new one helps.
      if ((err as { status?: unknown }).status === 400) setRefusal(message);
      else notify.error(message);
    }
  };

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="card bg-base-100 shadow-xl ring-1 ring-base-200">
        <div className="card-body">
          <h1 className="text-center text-3xl font-bold">{t('resetPassword.title')}</h1>
          {failure ? (
            <>
              <Notice tone="error" role="alert">
                {failure}
              </Notice>
              <Link to="/forgot-password" className="btn btn-primary w-full">
                {t('resetPassword.askNewLink')}
              </Link>
            </>
          ) : (
            <form className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
              <p>{t('resetPassword.text', { min: number(minPasswordLength) })}</p>
              <NewPasswordFields
                password={register('password', newPasswordRules())}
                confirm={register(
                  'confirm',
                  confirmPasswordRules(() => getValues('password')),
                )}
                errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
              />
              <button type="submit" className="btn btn-primary w-full" disabled={isLoading}>
                {isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {t('resetPassword.submit')}
              </button>
            </form>
          )}
        </div>
      </div>
    </main>
  );
}
