import { useState } from 'react';
import { maxLength, minPasswordLength } from '@market/contract/rules';
import { useForm, useWatch } from 'react-hook-form';
import { notify } from '../../lib/notify.ts';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors.ts';
import { useUploadImageMutation } from '../../lib/shared-api.ts';
import { useLoginMutation, useSignUpMutation } from './api.ts';
import { GoogleButton } from './google-button.tsx';
import { useCompleteSignIn } from './use-sign-in.ts';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { emailRule, imageRule, passwordRule, textRule, useFieldRules } from '../../lib/field-rules.ts';
import { number } from '../../lib/format.ts';
import { currentLang, translate, useT } from '../../lib/i18n.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

interface Fields {
  name: string;
  email: string;
  password: string;
  role: string;
  userImg: FileList | null;
}

const emptyForm: Fields = { name: '', email: '', password: '', role: 'Select one', userImg: null };

export function SignUpPage() {
  const [upload, { isLoading: uploading }] = useUploadImageMutation();
  const [signUp, { isLoading: signingUp }] = useSignUpMutation();
  const [login, { isLoading: loggingIn }] = useLoginMutation();
  const completeSignIn = useCompleteSignIn();
  const t = useT('auth');
  usePageTitle(t('signup.title'));
  useFieldRules();
  // Checked when a field is left, then as it is corrected: the server's rules, before the picture is uploaded.
  const { register, handleSubmit, reset, formState, control } = useForm<Fields>({ defaultValues: emptyForm, mode: 'onTouched' });
  const name = useWatch({ control, name: 'name' });
  /** Sign-up's own answer, shown when no session follows it (the e-mail already had an account). */
  const [checkMail, setCheckMail] = useState<string | null>(null);

  const submit = async (fields: Fields) => {
    if (fields.role !== 'Buyer' && fields.role !== 'Seller') return void notify.error(translate('signup.selectOption'));
    const file = fields.userImg?.[0];
    if (!file) return;
    let userImg: string;
    try {
      userImg = (await upload(file).unwrap()).url;
    } catch (err) {
      return void notify.error(errorMessage(err, translate('signup.uploadFailed')));
    }
    setCheckMail(null);
    try {
      // The new account starts in the page's language (its confirmation mail too).
      const language = currentLang();
      await signUp({ name: fields.name, email: fields.email, password: fields.password, role: fields.role, userImg, language }).unwrap();
    } catch (err) {
      return void notify.error(errorMessage(err, translate('auth.invalidLogin')));
    }
    // Sign-up answers the same whether or not the e-mail was free, and gives no session: a new
    // account logs in with the password just chosen. If that fails, the e-mail had an account
    // already, and its owner was told so by mail: say no more than sign-up did.
    try {
      const result = await login({ email: fields.email, password: fields.password }).unwrap();
      completeSignIn(result, '/');
      reset(emptyForm);
      notify.success(translate('auth.signUpSuccess'));
    } catch {
      reset(emptyForm);
      setCheckMail(t('signUp.checkMail', { email: fields.email }));
    }
  };

  const { errors } = formState;
  const busy = uploading || signingUp || loggingIn;
  const [thenBefore, thenAfter] = t('signup.then', { link: '\0' }).split('\0');
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="card bg-base-100 shadow-xl ring-1 ring-base-200">
        <div className="card-body">
          <h1 className="text-center text-3xl font-bold">{t('signup.title')}</h1>
          <div role="status">
            {checkMail && (
              <Notice tone="info">
                <p>{checkMail}</p>
                <p>
                  {thenBefore}
                  <Link to="/login" className="link">
                    {t('signup.thenLogIn')}
                  </Link>
                  {thenAfter}
                </p>
              </Notice>
            )}
          </div>
          <form className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
            <Field label={t('signup.name')} error={errors.name?.message} count={{ value: name, max: maxLength.userName }}>
              <input
                autoComplete="name"
                className="input input-bordered w-full"
                {...register('name', textRule(t('signup.name'), t('signup.nameRequired'), maxLength.userName))}
              />
            </Field>
            <Field label={t('signup.emailLabel')} error={errors.email?.message}>
              <input
                type="email"
                autoComplete="email"
                className="input input-bordered w-full"
                {...register('email', emailRule(t('auth.email'), t('signup.emailRequired')))}
              />
            </Field>
            <Field label={t('auth.password')} error={errors.password?.message} hint={t('auth.atLeast', { min: number(minPasswordLength) })}>
              <input
                type="password"
                autoComplete="new-password"
                className="input input-bordered w-full"
                {...register('password', passwordRule(t('auth.password'), t('auth.passwordRequired')))}
              />
            </Field>
            <Field label={t('auth.role')} error={errors.role?.message}>
              <select className="select select-bordered w-full" {...register('role', { required: t('signup.roleRequired') })}>
                <option disabled value="Select one">
                  {t('signup.selectOne')}
                </option>
                <option value="Buyer">{t('auth.roleBuyer')}</option>
                <option value="Seller">{t('auth.roleSeller')}</option>
              </select>
            </Field>
            <Field label={t('signup.image')} error={errors.userImg?.message}>
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                className="file-input file-input-bordered w-full"
                {...register('userImg', imageRule(t('signup.image'), t('signup.imageRequired')))}
              />
            </Field>
            <button type="submit" className="btn btn-primary w-full" disabled={busy}>
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t('signup.submit')}
            </button>
          </form>
          <p className="text-center text-sm">
            {t('signup.haveAccount')}{' '}
            <Link to="/login" className="link link-primary">
              {t('signup.login')}
            </Link>
          </p>
          <div className="divider">{t('auth.or')}</div>
          <GoogleButton to="/" />
        </div>
      </div>
    </main>
  );
}
