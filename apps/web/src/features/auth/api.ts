import type {
  AuthResult,
  DemoAccount,
  EmailVerified,
  ForgotPasswordBody,
  GoogleUserBody,
  ImageUploaded,
  LoginBody,
  MailAccepted,
  Ok,
  ResetPasswordBody,
  SignUpAccepted,
  SignUpBody,
  User,
  VerifyEmailBody,
} from '@market/contract';
import { api } from '../../lib/api.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResult, LoginBody>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
      transformResponse: (res: Ok<AuthResult>) => res.data,
      invalidatesTags: ['auth'],
    }),
    /** 202 whether or not the e-mail was free, and no session: the caller logs in next. */
    signUp: build.mutation<SignUpAccepted, SignUpBody>({
      query: (body) => ({ url: 'user', method: 'POST', body }),
      transformResponse: (res: Ok<SignUpAccepted>) => res.data,
    }),
    /** Signs in with the ID token the Google popup handed over; the server verifies it. */
    googleUser: build.mutation<AuthResult, GoogleUserBody>({
      query: (body) => ({ url: 'google-user', method: 'POST', body }),
      transformResponse: (res: Ok<AuthResult>) => res.data,
      invalidatesTags: ['auth'],
    }),
    demoAccounts: build.query<DemoAccount[], void>({
      query: () => 'demo-accounts',
      transformResponse: (res: Ok<DemoAccount[]>) => res.data,
    }),
    uploadImage: build.mutation<ImageUploaded, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: 'images', method: 'POST', body };
      },
      transformResponse: (res: Ok<ImageUploaded>) => res.data,
    }),
    /** The signed-in user as stored now. The argument is the session's token: one cache entry per session. */
    me: build.query<User, string>({
      query: () => 'me',
      transformResponse: (res: Ok<User>) => res.data,
      providesTags: ['auth'],
    }),
    resendVerification: build.mutation<MailAccepted, void>({
      query: () => ({ url: 'verification-email', method: 'POST' }),
      transformResponse: (res: Ok<MailAccepted>) => res.data,
    }),
    verifyEmail: build.mutation<EmailVerified, VerifyEmailBody>({
      query: (body) => ({ url: 'verify-email', method: 'POST', body }),
      transformResponse: (res: Ok<EmailVerified>) => res.data,
      // The signed-in user may be the one just confirmed: GET /api/me again.
      invalidatesTags: ['auth'],
    }),
    forgotPassword: build.mutation<MailAccepted, ForgotPasswordBody>({
      query: (body) => ({ url: 'forgot-password', method: 'POST', body }),
      transformResponse: (res: Ok<MailAccepted>) => res.data,
    }),
    /** A fresh session; every other session of the account has ended. */
    resetPassword: build.mutation<AuthResult, ResetPasswordBody>({
      query: (body) => ({ url: 'reset-password', method: 'POST', body }),
      transformResponse: (res: Ok<AuthResult>) => res.data,
      invalidatesTags: ['auth'],
    }),
  }),
});

export const {
  useLoginMutation,
  useSignUpMutation,
  useGoogleUserMutation,
  useDemoAccountsQuery,
  useUploadImageMutation,
  useMeQuery,
  useResendVerificationMutation,
  useVerifyEmailMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
