import type { LoginBody } from '@market/contract';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { notify } from '../../lib/notify.ts';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors.ts';
import { useLoginMutation } from './api.ts';
import { DemoAccountsDialog } from './demo-accounts-dialog.tsx';
import { GoogleButton } from './google-button.tsx';
import { useCompleteSignIn } from './use-sign-in.ts';
import { Field } from '../../components/field.tsx';
import { translate, useT } from '../../lib/i18n.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * The spec's login. The server draws it (issue 35): the form is there before the app runs, but a session is the
 * app's (a token it keeps), so signing in waits for it — the buttons are disabled and say why until then, and the
 * form would post, never put a password in an address. What was typed meanwhile stays when the app takes over.
 */
export function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const completeSignIn = useCompleteSignIn();
  const t = useT('auth');
  usePageTitle(t('login.title'));
  const [demoOpen, setDemoOpen] = useState(false);
  const ready = useHydrated();
  const { register, handleSubmit, reset, formState } = useForm<LoginBody>({ defaultValues: { email: '', password: '' } });

  const signIn = async (body: LoginBody) => {
    try {
      const result = await login(body).unwrap();
      completeSignIn(result);
      reset();
      notify.success(translate('login.success'));
    } catch (err) {
      notify.error(errorMessage(err, translate('auth.invalidLogin')));
    }
  };
  // The first field error (email first) also shows as a toast.
  const invalid = (errors: FieldErrors<LoginBody>) => {
    const first = errors.email?.message ?? errors.password?.message;
    if (first) notify.error(first);
  };

  const { errors } = formState;
  return (
    <main className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 lg:grid-cols-2">
      <img src="/login-hero.svg" alt={t('login.heroAlt')} width="560" height="460" className="mx-auto hidden w-full max-w-md lg:block" />
      <div className="card mx-auto w-full max-w-md bg-base-100 shadow-xl ring-1 ring-base-200">
        <div className="card-body">
          <h1 className="text-center text-3xl font-bold">{t('login.title')}</h1>
          <form method="post" className="space-y-3" onSubmit={handleSubmit(signIn, invalid)} noValidate>
            <Field label={t('auth.email')} error={errors.email?.message}>
              <input type="email" autoComplete="email" className="input input-bordered w-full" {...register('email', { required: t('auth.emailRequired') })} />
            </Field>
            <Field label={t('auth.password')} error={errors.password?.message}>
              <input
                type="password"
                autoComplete="current-password"
                className="input input-bordered w-full"
                {...register('password', { required: t('auth.passwordRequired') })}
              />
            </Field>
            <p className="text-right text-sm">
              <Link to="/forgot-password" className="link link-primary">
                {t('auth.forgotPassword')}
              </Link>
            </p>
            <button type="submit" className="btn btn-primary w-full" disabled={isLoading || !ready}>
              {t('login.submit')}
            </button>
            {/* Kept in place (invisible) once the app runs: the links below it must not move under a finger or a click. */}
            <p className={`text-center text-sm text-base-content/75 ${ready ? 'invisible' : ''}`} aria-hidden={ready}>
              {t('login.waitForApp')}
            </p>
          </form>
          <button type="button" className="btn btn-outline btn-primary w-full" disabled={!ready} onClick={() => setDemoOpen(true)}>
            {t('login.useDemo')}
          </button>
          <p className="text-center text-sm">
            {t('login.newHere')}{' '}
            <Link to="/signup" className="link link-primary">
              {t('login.createAccount')}
            </Link>
          </p>
          <div className="divider">{t('auth.or')}</div>
          <GoogleButton />
        </div>
      </div>
      <DemoAccountsDialog
        open={demoOpen}
        onClose={() => setDemoOpen(false)}
        onLogin={(account) => {
          setDemoOpen(false);
          void signIn({ email: account.email, password: account.password });
        }}
      />
    </main>
  );
}
