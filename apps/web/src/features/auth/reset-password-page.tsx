import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { useResetPasswordMutation } from './api.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { confirmPasswordRules, newPasswordRules } from './password-rules.ts';
import { useCompleteSignIn } from './use-sign-in.ts';

interface Fields {
  password: string;
  confirm: string;
}

export const INCOMPLETE_LINK = 'This link is incomplete: open the whole link from the e-mail, or ask for a new one.';

/** Opened from the reset mail (`?token=`): a new password, then signed in with a fresh session. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<string | null>(token ? null : INCOMPLETE_LINK);
  const { register, handleSubmit, getValues, formState } = useForm<Fields>({ defaultValues: { password: '', confirm: '' } });
  const { errors } = formState;

  const submit = async ({ password }: Fields) => {
    try {
      const result = await resetPassword({ token, password }).unwrap();
      completeSignIn(result, '/');
      notify.success('Your password was changed');
    } catch (err) {
      const message = errorMessage(err, 'Something went wrong, please try again');
      // A 400 is the link's fault (expired, used, or cut short): only a new one helps.
      if ((err as { status?: unknown }).status === 400) setFailure(message);
      else notify.error(message);
    }
  };

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="card bg-base-100 shadow-xl ring-1 ring-base-200">
        <div className="card-body">
          <h1 className="text-center text-3xl font-bold">Set a new password</h1>
          {failure ? (
            <>
              <Notice tone="error" role="alert">
                {failure}
              </Notice>
              <Link to="/forgot-password" className="btn btn-primary w-full">
                Ask for a new link
              </Link>
            </>
          ) : (
            <form className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
              <p>Choose a new password of at least 6 characters. Every browser signed in to your account will be logged out.</p>
              <NewPasswordFields
                password={register('password', newPasswordRules)}
                confirm={register(
                  'confirm',
                  confirmPasswordRules(() => getValues('password')),
                )}
                errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
              />
              <button type="submit" className="btn btn-primary w-full" disabled={isLoading}>
                {isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                Set new password
              </button>
            </form>
          )}
        </div>
      </div>
    </main>
  );
}
