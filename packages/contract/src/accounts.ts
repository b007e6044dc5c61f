import { z } from 'zod';
import { Email, Password } from './users.ts';

/** The secret of a one-time link we e-mailed (verification or password reset). */
const LinkToken = z
  .string()
  .trim()
  .regex(/^[\w-]{43}$/, { error: 'must be the code from the link we e-mailed you' });

/** POST /api/verify-email: the code from the verification link. */
export const VerifyEmailBody = z.object({ token: LinkToken });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const EmailVerified = z.object({ email: z.string(), emailVerified: z.literal(true) });
export type EmailVerified = z.infer<typeof EmailVerified>;

/** POST /api/forgot-password. */
export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** POST /api/reset-password: the code from the reset link and the new password. */
export const ResetPasswordBody = z.object({ token: LinkToken, password: Password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** POST /api/change-password: accounts that have a password give the current one. */
export const ChangePasswordBody = z.object({ currentPassword: z.string().min(1, { error: 'is required' }).max(200), password: Password });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** A request whose outcome arrives by e-mail: the answer says only that, whoever asked. */
export const MailAccepted = z.object({ message: z.string() });
export type MailAccepted = z.infer<typeof MailAccepted>;

export const LoggedOutEverywhere = z.object({ loggedOut: z.literal(true) });

export const MailStatus = z.enum(['pending', 'sent', 'failed']);
export type MailStatus = z.infer<typeof MailStatus>;

/** A mail of the outbox, as an Admin sees it; `text` only while no SMTP server is configured (a demo). */
export const OutboxMail = z.object({
  _id: z.uuid(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: MailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;
