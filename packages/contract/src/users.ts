import { z } from 'zod';
import { Role, UploadedImageUrl, text } from './common.ts';
import { emailPattern, maxLength, messages, minPasswordLength } from './rules.ts';

export const User = z.object({
  _id: z.uuid(),
  /** The identity provider's id of this user. */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: Role,
  userImg: z.string(),
  sellerVerified: z.boolean(),
  /** Whether the owner has proved the e-mail address; until then they cannot list, book or report. */
  emailVerified: z.boolean(),
  /** Present (true) only while an Admin has suspended the account (issue 16): it cannot sign in, its phones are off the site. */
  suspended: z.literal(true).optional(),
});
export type User = z.infer<typeof User>;

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ pattern: emailPattern, error: messages.email }).max(maxLength.email, { error: messages.email }));

/** The identity provider's default policy, which the spec keeps: at least 6 characters. */
export const Password = z.string().min(minPasswordLength, { error: messages.passwordShort }).max(maxLength.password, { error: messages.passwordLong });

export const SignUpBody = z.object({
  /** Accepted for the spec's payload shape; the server assigns the identity id itself. */
  id: z.string().max(200).optional(),
  name: text(maxLength.userName),
  email: Email,
  password: Password,
  role: z.enum(['Buyer', 'Seller'], { error: 'must be Buyer or Seller' }),
  userImg: UploadedImageUrl,
});
export type SignUpBody = z.infer<typeof SignUpBody>;

/**
 * What sign-up answers, the same whether or not the e-mail was free (so it tells nobody who
 * has an account): a new account's owner gets a verification link, an existing one's a note.
 */
export const SignUpAccepted = z.object({ email: z.string(), message: z.string() });
export type SignUpAccepted = z.infer<typeof SignUpAccepted>;

export const LoginBody = z.object({
  email: z.string().trim().toLowerCase().min(1, { error: 'is required' }).max(254),
  password: z.string().min(1, { error: 'is required' }).max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthResult = z.object({ user: User, token: z.string() });
export type AuthResult = z.infer<typeof AuthResult>;

export const DemoAccount = z.object({ role: Role, email: z.string(), password: z.string() });
export type DemoAccount = z.infer<typeof DemoAccount>;

/** POST /api/google-user: an OpenID Connect ID token (a signed JWT), never bare profile fields. */
export const GoogleUserBody = z.strictObject({
  idToken: z
    .string()
    .min(1, { error: 'is required' })
    .max(8192)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, { error: 'must be an ID token (a signed JWT)' }),
});
export type GoogleUserBody = z.infer<typeof GoogleUserBody>;

/** What the Google sign-in popup posts to the page that opened it: the ID token, or why there is none. */
export type GoogleSignInMessage = { type: 'google-sign-in'; idToken: string } | { type: 'google-sign-in'; error: string };
