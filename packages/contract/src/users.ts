import type { ErrorCode } from './errors.ts';
import { z } from 'zod';
import { PageQuery, Role, UploadedImageUrl, text } from './common.ts';
import { languages } from './lang.ts';
import { emailPattern, maxLength, messages, minPasswordLength, noControlPattern } from './rules.ts';

/** One of the site's two languages (decision 029). */
export const Language = z.enum(languages, { error: 'must be en or bn' });

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
  /**
   * The mobile number (01XXXXXXXXX) its owner confirmed by an SMS code (issue 36, decision 062), present once they did:
   * a seller's new listings wait for it, and their pages say "Number verified" (never the number).
   */
  confirmedNumber: z.string().optional(),
  /** The language the owner chose (decision 029): their e-mails are written in it; signing in switches the site to it. */
  language: Language,
});
export type User = z.infer<typeof User>;

/**
 * GET /api/all-seller and /api/all-buyer (issue 35, item 17): a page of the role's accounts, newest first; with `q`,
 * only those whose name or e-mail contains it (any case; `%` and `_` are letters here, not wildcards).
 */
export const UserListQuery = PageQuery.extend({
  q: z
    .string()
    .trim()
    .max(maxLength.email, { error: messages.tooLong(maxLength.email) })
    .regex(noControlPattern, { error: messages.control })
    .optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/**
 * A seller in the Admin's All Sellers (issue 35, item 15): the account and what a verification is judged by — since
 * when, their listings (on sale now, and all they still have), deals completed, reports of their listings, and
 * whether the bKash number they are paid to is confirmed by its SMS code.
 */
export const SellerRow = User.extend({
  /** When the account was made, ISO 8601. */
  memberSince: z.string(),
  liveListings: z.number().int(),
  listings: z.number().int(),
  completedSales: z.number().int(),
  reports: z.number().int(),
  numberConfirmed: z.boolean(),
});
export type SellerRow = z.infer<typeof SellerRow>;

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
  /** The language of the page the account was made on: the new account's, and its confirmation mail's (default English). */
  language: Language.optional(),
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

/** PUT /api/language: the signed-in user's language, kept on the account. */
export const LanguageBody = z.object({ language: Language });
export type LanguageBody = z.infer<typeof LanguageBody>;

export const DemoAccount = z.object({ role: Role, email: z.string(), password: z.string() });
export type DemoAccount = z.infer<typeof DemoAccount>;

/** POST /api/google-user: an OpenID Connect ID token (a signed JWT), never bare profile fields. */
export const GoogleUserBody = z.strictObject({
  idToken: z
    .string()
    .min(1, { error: 'is required' })
    .max(8192)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, { error: 'must be an ID token (a signed JWT)' }),
  /** The page's language: a new account starts in it (an existing one keeps its own). */
  language: Language.optional(),
});
export type GoogleUserBody = z.infer<typeof GoogleUserBody>;

/** What the Google sign-in popup posts to the page that opened it: the ID token, or why there is none. */
/**
 * What the Google sign-in popup hands to the page that opened it: the ID token, or why not — its error
 * code and values (the page says them in its language) beside the English words.
 */
export type GoogleSignInMessage =
  { type: 'google-sign-in'; idToken: string } | { type: 'google-sign-in'; error: string; code: ErrorCode; params?: Record<string, string> };
