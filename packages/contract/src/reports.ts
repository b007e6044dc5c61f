import { z } from 'zod';
import { Product } from './catalog.ts';
import { Id, text } from './common.ts';
import { maxLength, messages, reportReasons } from './rules.ts';

export const ReportReason = z.enum(reportReasons, { error: `must be one of ${reportReasons.join(', ')}` });
export type ReportReason = z.infer<typeof ReportReason>;

/** POST /api/report: one report per user per phone, with its reason; 'other' says what in a few words. */
export const ReportBody = z
  .object({
    productId: Id,
    reason: ReportReason,
    text: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text(maxLength.reportText).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.text) ctx.addIssue({ code: 'custom', path: ['text'], message: `${messages.required} when the reason is other` });
  });
export type ReportBody = z.infer<typeof ReportBody>;

/** One open report, as the Admin's queue shows it. */
export const OpenReport = z.object({
  _id: z.uuid(),
  reporter: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }),
  reason: ReportReason,
  text: z.string().nullable(),
  date: z.string(),
});
export type OpenReport = z.infer<typeof OpenReport>;

/** A phone in the Admin's queue: its open reports (newest first) and how many there are of each reason. */
export const ReportedPhone = z.object({
  product: Product,
  count: z.number(),
  reasons: z.array(z.object({ reason: ReportReason, count: z.number() })),
  reports: z.array(OpenReport),
});
export type ReportedPhone = z.infer<typeof ReportedPhone>;

/** An Admin's act on a report: why, in words (kept in the audit log; a warning's reason is mailed to the seller). */
export const ModerationBody = z.object({ reason: text(maxLength.reportText) });
export type ModerationBody = z.infer<typeof ModerationBody>;
