import { z } from 'zod';
import { ChangePasswordBody, EmailVerified, ForgotPasswordBody, LoggedOutEverywhere, MailAccepted, ResetPasswordBody, VerifyEmailBody } from '../accounts.ts';
import { ErrorBody } from '../errors.ts';
import { anyone, endpoint, signedIn } from '../endpoint.ts';
import { AuthResult, DemoAccount, GoogleUserBody, LanguageBody, LoginBody, SignUpAccepted, SignUpBody, User } from '../users.ts';

const tag = 'accounts';

export const signUp = endpoint('signUp', {
  tag,
  summary: 'Sign up as a Buyer or Seller: a verification link goes to the e-mail (the answer is the same if it already has an account); then log in',
  access: anyone,
  body: SignUpBody,
  data: SignUpAccepted,
  status: [202],
  cache: 'keeps',
  limits: [
    { limit: 'signUpPerIp', per: 'ip', kind: 'signup-ip', code: 'too_many_signups_from_address' },
    { limit: 'signUpPerEmail', per: 'body-email', kind: 'signup-email', code: 'too_many_signups_for_email' },
  ],
  errors: { 400: ['image_not_uploaded_here', 'image_not_yours'] },
});

export const logIn = endpoint('logIn', {
  tag,
  summary: 'Log in with e-mail and password',
  access: anyone,
  body: LoginBody,
  data: AuthResult,
  cache: 'keeps',
  limits: [
    { limit: 'loginPerIp', per: 'ip', kind: 'login-ip', code: 'too_many_logins_from_address' },
    // Counted before the password is checked (parallel guesses cannot slip past), forgotten on success: what remains are the failures.
    { limit: 'loginFailuresPerEmail', per: 'body-email', kind: 'login-email', code: 'too_many_failed_logins' },
  ],
  errors: { 401: ['wrong_credentials'], 403: ['suspended'] },
});

export const demoAccounts = endpoint('demoAccounts', {
  tag,
  summary: 'Demo logins (only while DEMO is on)',
  access: anyone,
  data: z.array(DemoAccount),
  errors: { 404: ['not_found'] },
});

export const me = endpoint('me', { tag, summary: 'The signed-in user, as stored now', access: signedIn, data: User });

export const verificationEmail = endpoint('verificationEmail', {
  tag,
  summary: 'Send the confirmation link to my address again',
  access: signedIn,
  data: MailAccepted,
  status: [202],
  cache: 'keeps',
  limits: [{ limit: 'verifyMailPerUser', per: 'user', kind: 'verify-mail-user', code: 'too_many_links' }],
  errors: { 409: ['email_already_confirmed'] },
});

export const verifyEmail = endpoint('verifyEmail', {
  tag,
  // Not limited: the code has 256 random bits and checking it is one indexed UPDATE.
  summary: 'Confirm an e-mail address with the code from the link we sent',
  access: anyone,
  body: VerifyEmailBody,
  data: EmailVerified,
  cache: 'keeps',
  errors: { 400: ['link_expired'] },
});

export const forgotPassword = endpoint('forgotPassword', {
  tag,
  summary: 'Mail a link to set a new password (the answer is the same whether or not the address has an account)',
  access: anyone,
  body: ForgotPasswordBody,
  data: MailAccepted,
  status: [202],
  cache: 'keeps',
  limits: [
    { limit: 'resetPerIp', per: 'ip', kind: 'reset-ip', code: 'too_many_resets_from_address' },
    { limit: 'resetPerEmail', per: 'body-email', kind: 'reset-email', code: 'too_many_resets_for_email' },
  ],
});

export const resetPassword = endpoint('resetPassword', {
  tag,
  summary: 'Set a new password with the code from the reset link; every other session ends',
  access: anyone,
  body: ResetPasswordBody,
  data: AuthResult,
  cache: 'keeps',
  limits: [{ limit: 'resetPerIp', per: 'ip', kind: 'reset-use-ip', code: 'too_many_resets_from_address' }],
  errors: { 400: ['link_expired'], 403: ['suspended'] },
});

export const changePassword = endpoint('changePassword', {
  tag,
  summary: 'Change my password (the current one first); every other session ends',
  access: signedIn,
  body: ChangePasswordBody,
  data: AuthResult,
  cache: 'keeps',
  // A wrong current password counts as a failed login of the account: a stolen session cannot guess it freely.
  limits: [{ limit: 'loginFailuresPerEmail', per: 'user-email', kind: 'login-email', code: 'too_many_wrong_passwords' }],
  errors: { 400: ['no_password_yet', 'wrong_current_password'] },
});

export const logoutEverywhere = endpoint('logoutEverywhere', {
  tag,
  summary: 'End every session of my account, this one included',
  access: signedIn,
  data: LoggedOutEverywhere,
  cache: 'keeps',
});

export const setLanguage = endpoint('setLanguage', {
  tag,
  summary: 'Keep my language on my account: my e-mails come in it, and signing in switches the site to it',
  access: signedIn,
  body: LanguageBody,
  data: User,
  cache: 'keeps',
});

/** The Google sign-in popup's pages: HTML that posts the result to the opening window and closes. */
const PopupPage = z.string().describe('An HTML page that posts the result to the opening window and closes');

export const googleStart = endpoint('googleStart', {
  tag,
  summary: 'Google sign-in, opened in the popup: redirects to the provider with state, nonce and PKCE',
  access: anyone,
  raw: z.null().describe("To the provider's authorization page"),
  status: [302],
  otherAnswers: { 502: PopupPage, 503: PopupPage },
});

export const googleCallback = endpoint('googleCallback', {
  tag,
  summary: "Google sign-in: the provider's redirect; exchanges the code and verifies the ID token",
  access: anyone,
  raw: PopupPage,
  otherAnswers: { 400: z.union([PopupPage, ErrorBody]), 503: PopupPage },
});

export const googleUser = endpoint('googleUser', {
  tag,
  summary: 'Sign in with a Google ID token: a new e-mail becomes a Buyer, an existing account keeps its role',
  access: anyone,
  body: GoogleUserBody,
  data: AuthResult,
  status: [200, 201],
  cache: 'keeps',
  limits: [{ limit: 'googlePerIp', per: 'ip', kind: 'google-ip', code: 'too_many_google_sign_ins' }],
  errors: {
    401: ['google_sign_in_expired', 'google_sign_in_unverified', 'google_no_email', 'google_email_unverified'],
    403: ['admin_password_only', 'test_provider_own_accounts_only', 'suspended'],
    409: ['test_provider_email_taken', 'google_email_unconfirmed', 'google_other_account'],
    502: ['google_unreachable'],
    503: ['google_not_set_up'],
  },
});
