import type { AuditAction, AuditEntry, AuditQuery } from '@market/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';

const keys = { table: auditLog, id: auditLog.id, createdAt: auditLog.createdAt };

/** Appends what `admin` did to the log: call it in the act's own transaction, so the act and its entry stand or fall together. */
export async function recordAdminAct(
  db: Db,
  admin: Pick<AuthUser, 'id' | 'name' | 'email'>,
  act: {
    action: AuditAction;
    target: { kind: 'user' | 'product' | 'order' | 'conversation' | 'phone-model'; id: string; label: string };
    reason?: string | null;
  },
) {
  await db.insert(auditLog).values({
    adminId: admin.id,
    adminName: admin.name,
    adminEmail: admin.email,
    action: act.action,
    targetKind: act.target.kind,
    targetId: act.target.id,
    targetLabel: act.target.label,
    reason: act.reason ?? null,
  });
}

const toEntry = (r: typeof auditLog.$inferSelect): AuditEntry => ({
  _id: r.id,
  date: r.createdAt.toISOString(),
  admin: { _id: r.adminId, name: r.adminName, email: r.adminEmail },
  action: r.action as AuditAction,
  target: { kind: r.targetKind as AuditEntry['target']['kind'], _id: r.targetId, label: r.targetLabel },
  reason: r.reason,
});

/** One page of the log, newest first; one kind of act only when `action` is given. */
export async function listAudit(db: Db, query: AuditQuery) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(query.action ? eq(auditLog.action, query.action) : undefined, after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const { items, nextCursor } = paged(rows, query, (r) => r.id);
  return { items: items.map(toEntry), nextCursor };
}
