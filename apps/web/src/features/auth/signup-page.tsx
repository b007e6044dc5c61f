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
import { emailRule, imageRule, passwordRule, textRule } from '../../lib/field-rules.ts';

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
  // Checked when a field is left, then as it is corrected: the server's rules, before the picture is uploaded.
  const { register, handleSubmit, reset, formState, control } = useForm<Fields>({ defaultValues: emptyForm, mode: 'onTouched' });
  const name = useWatch({ control, name: 'name' });
  /** Sign-up's own answer, shown when no session follows it (the e-mail already had an account). */
  const [checkMail, setCheckMail] = useState<string | null>(null);

  const submit = async (fields: Fields) => {
    if (fields.role !== 'Buyer' && fields.role !== 'Seller') return void notify.error('Please select an option');
    const file = fields.userImg?.[0];
    if (!file) return;
    let userImg: string;
    try {
      userImg = (await upload(file).unwrap()).url;
    } catch (err) {
      return void notify.error(errorMessage(err, 'The picture could not be uploaded'));
    }
    setCheckMail(null);
    let accepted: { message: string };
    try {
      accepted = await signUp({ name: fields.name, email: fields.email, password: fields.password, role: fields.role, userImg }).unwrap();
    } catch (err) {
      return void notify.error(errorMessage(err, 'Invalid Email or Password'));
    }
    // Sign-up answers the same whether or not the e-mail was free, and gives no session: a new
    // account logs in with the password just chosen. If that fails, the e-mail had an account
    // already, and its owner was told so by mail: say no more than sign-up did.
    try {
      const result = await login({ email: fields.email, password: fields.password }).unwrap();
      completeSignIn(result, '/');
      reset(emptyForm);
      notify.success('SignUp successfully');
    } catch {
      reset(emptyForm);
      setCheckMail(accepted.message);
    }
  };

  const { errors } = formState;
  const busy = uploading || signingUp || loggingIn;
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="card bg-base-100 shadow-xl ring-1 ring-base-200">
        <div className="card-body">
          <h1 className="text-center text-3xl font-bold">Sign Up</h1>
          <div role="status">
            {checkMail && (
              <Notice tone="info">
                <p>{checkMail}</p>
                <p>
                  Then{' '}
                  <Link to="/login" className="link">
                    log in
                  </Link>
                  .
                </p>
              </Notice>
            )}
          </div>
          <form className="space-y-3" onSubmit={handleSubmit(submit)} noValidate>
            <Field label="Name" error={errors.name?.message} count={{ value: name, max: maxLength.userName }}>
              <input
                autoComplete="name"
                className="input input-bordered w-full"
                {...register('name', textRule('Name', 'Enter your name', maxLength.userName))}
              />
            </Field>
            <Field label="email" error={errors.email?.message}>
              <input type="email" autoComplete="email" className="input input-bordered w-full" {...register('email', emailRule('Email', 'Enter Your email'))} />
            </Field>
            <Field label="Password" error={errors.password?.message} hint={`At least ${minPasswordLength} characters`}>
              <input
                type="password"
                autoComplete="new-password"
                className="input input-bordered w-full"
                {...register('password', passwordRule('Password', 'Enter your password'))}
              />
            </Field>
            <Field label="Role" error={errors.role?.message}>
              <select className="select select-bordered w-full" {...register('role', { required: 'Select your role' })}>
                <option disabled value="Select one">
                  Select one
                </option>
                <option value="Buyer">Buyer</option>
                <option value="Seller">Seller</option>
              </select>
            </Field>
            <Field label="Profile image" error={errors.userImg?.message}>
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                className="file-input file-input-bordered w-full"
                {...register('userImg', imageRule('Profile image', 'Upload your image'))}
              />
            </Field>
            <button type="submit" className="btn btn-primary w-full" disabled={busy}>
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              SignUp
            </button>
          </form>
          <p className="text-center text-sm">
            Already have account /{' '}
            <Link to="/login" className="link link-primary">
              Login
            </Link>
          </p>
          <div className="divider">OR</div>
          <GoogleButton to="/" />
        </div>
      </div>
    </main>
  );
}
