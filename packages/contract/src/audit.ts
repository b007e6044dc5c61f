import { z } from 'zod';
import { PageQuery } from './common.ts';
import { auditActions } from './rules.ts';

export const AuditAction = z.enum(auditActions, { error: `must be one of ${auditActions.join(', ')}` });
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditEntry = z.object({
  _id: z.uuid(),
  /** When, ISO 8601. */
  date: z.string(),
  /** Who, as they were then (the log outlives their account). */
  admin: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }),
  action: AuditAction,
  /** What it was done to, named as it was then. */
  target: z.object({ kind: z.enum(['user', 'product', 'order', 'conversation', 'phone-model']), _id: z.uuid(), label: z.string() }),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /api/audit-log: newest first, paged, optionally one kind of act only. */
export const AuditQuery = PageQuery.extend({ action: AuditAction.optional() });
export type AuditQuery = z.infer<typeof AuditQuery>;
