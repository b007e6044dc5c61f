import type { ForgotPasswordBody } from '@market/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { useForgotPasswordMutation } from './api.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

/** Asks for a link to set a new password. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const t = useT('auth');
  usePageTitle(t('auth.forgotPassword'));
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotPasswordBody>({ defaultValues: { email: '' } });
  const { errors } = formState;

  const submit = async (body: ForgotPasswordBody) => {
    setSent(null);
    try {
      const email = body.email.trim();
      await forgotPassword({ email }).unwrap();
      // Said in the page's language (the server's answer is in English: issue 35).
      setSent(t('forgotPassword.sent', { email }));
    } catch (err) {
      notify.error(errorMessage(err, translate('auth.tryAgain')));
    }
  };

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="card bg-base-100 shadow-xl ring-1 ring-base-200">
        <div className="card-body">
          <h1 className="text-center text-3xl font-bold">{t('auth.forgotPassword')}</h1>
          <p>{t('forgotPassword.text')}</p>
          <form className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
            <Field label={t('auth.email')} error={errors.email?.message}>
              <input type="email" autoComplete="email" className="input input-bordered w-full" {...register('email', { required: t('auth.emailRequired') })} />
            </Field>
            <button type="submit" className="btn btn-primary w-full" disabled={isLoading}>
              {isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t('forgotPassword.submit')}
            </button>
          </form>
          {/* Present before the answer, so screen readers announce it when it arrives. */}
          <div role="status">{sent && <Notice tone="success">{sent}</Notice>}</div>
          <p className="text-center text-sm">
            {t('forgotPassword.remembered')}{' '}
            <Link to="/login" className="link link-primary">
              {t('forgotPassword.backToLogin')}
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
