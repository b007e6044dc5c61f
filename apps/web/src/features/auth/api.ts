import type { ForgotPasswordBody, GoogleUserBody, LanguageBody, LoginBody, ResetPasswordBody, SignUpBody, VerifyEmailBody } from '@market/contract';
import { api } from '../../lib/api.ts';
import { call } from '../../lib/endpoint.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation({ ...call('logIn', (body: LoginBody) => ({ body })), invalidatesTags: ['auth'] }),
    /** 202 whether or not the e-mail was free, and no session: the caller logs in next. */
    signUp: build.mutation(call('signUp', (body: SignUpBody) => ({ body }))),
    /** Signs in with the ID token the Google popup handed over; the server verifies it. */
    googleUser: build.mutation({ ...call('googleUser', (body: GoogleUserBody) => ({ body })), invalidatesTags: ['auth'] }),
    demoAccounts: build.query(call('demoAccounts')),
    /** The signed-in user as stored now. The argument is the session's token: one cache entry per session. */
    me: build.query({ ...call('me', (_token: string) => ({})), providesTags: ['auth'] }),
    resendVerification: build.mutation(call('verificationEmail')),
    // The signed-in user may be the one just confirmed: GET /api/me again.
    verifyEmail: build.mutation({ ...call('verifyEmail', (body: VerifyEmailBody) => ({ body })), invalidatesTags: ['auth'] }),
    forgotPassword: build.mutation(call('forgotPassword', (body: ForgotPasswordBody) => ({ body }))),
    /** A fresh session; every other session of the account has ended. */
    resetPassword: build.mutation({ ...call('resetPassword', (body: ResetPasswordBody) => ({ body })), invalidatesTags: ['auth'] }),
    /** Keeps the signed-in user's language on the account (their mails follow it). */
    setLanguage: build.mutation(call('setLanguage', (body: LanguageBody) => ({ body }))),
  }),
});

export const {
  useLoginMutation,
  useSignUpMutation,
  useGoogleUserMutation,
  useDemoAccountsQuery,
  useMeQuery,
  useResendVerificationMutation,
  useVerifyEmailMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useSetLanguageMutation,
} = authApi;
