import { partyOfRole, type NotificationKind } from '@market/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { notificationMail } from '../mail/templates.ts';

/** Whether a person gets kind `kind` by e-mail: a confirmed address (ours to write to) that did not switch it off. */
const wanted = (u: { emailVerifiedAt: Date | null; mailOff: NotificationKind[] }, kind: NotificationKind) =>
  u.emailVerifiedAt !== null && !u.mailOff.includes(kind);

/**
 * The job of a notification (kind 'notification-mail', queued in the statement that made it): puts its mail in
 * the outbox, in the person's language, or skips it (switched off, an unconfirmed address, an Admin). The
 * notification leaves 'due' in the same transaction as its mail enters the outbox, so a job run twice (its
 * worker died after committing) mails once; one whose account is gone has nothing to do.
 */
export function notificationMailJob(db: Db, origin: () => string) {
  return async ({ notificationId }: { notificationId: string }) => {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          kind: notifications.kind,
          productName: notifications.productName,
          params: notifications.params,
          user: {
            email: users.email,
            name: users.name,
            emailVerifiedAt: users.emailVerifiedAt,
            language: users.language,
            role: users.role,
            mailOff: users.mailOff,
          },
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(and(eq(notifications.id, notificationId), eq(notifications.mail, 'due')))
        .for('update', { of: notifications });
      if (!row) return;
      const party = partyOfRole(row.user.role);
      // An Admin is told only of their reports, in the bell: no mail.
      const send = party !== null && wanted(row.user, row.kind);
      if (send) await enqueueMail(tx as unknown as Db, notificationMail(row.user, row.kind, row.productName, party, origin(), row.params));
      await tx
        .update(notifications)
        .set({ mail: send ? 'queued' : 'skipped' })
        .where(eq(notifications.id, notificationId));
    });
  };
}
