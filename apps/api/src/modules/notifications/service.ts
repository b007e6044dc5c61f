import { notificationKinds, type MailPreferences, type NoticeName, type Notification, type NotificationParams, type PageQuery } from '@market/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs, notifications, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { after, newestFirst, paged } from '../../pagination.ts';

const toNotification = (n: typeof notifications.$inferSelect): Notification => ({
  _id: n.id,
  kind: n.kind,
  orderId: n.orderId,
  productName: n.productName,
  params: n.params ?? null,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt?.toISOString() ?? null,
});

/**
 * Tells people of a notice (contract's `notices`: a review of them, what came of their report, the removal of their
 * listing), in the caller's transaction: a notification each, with the job that mails it (as a deal's move does).
 */
export async function notify(
  db: Db,
  kind: NoticeName,
  told: { userId: string; productName: string; orderId?: string | null; params?: NotificationParams | null }[],
) {
  if (told.length === 0) return;
  const rows = await db
    .insert(notifications)
    .values(told.map((t) => ({ userId: t.userId, kind, productName: t.productName, orderId: t.orderId ?? null, params: t.params ?? null })))
    .returning({ id: notifications.id });
  await db.insert(jobs).values(rows.map((r) => ({ kind: 'notification-mail', payload: { notificationId: r.id } })));
}

const keys = { table: notifications, id: notifications.id, createdAt: notifications.createdAt };

/** A person's notifications, newest first, a page at a time. */
export async function listNotifications(db: Db, userId: string, query: PageQuery) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const { items, nextCursor } = paged(rows, query, (n) => n.id);
  return { items: items.map(toNotification), nextCursor };
}

/** How many of a person's notifications are unread. */
export async function unreadCount(db: Db, userId: string) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unread: row?.unread ?? 0 };
}

/** Marks one of a person's notifications read (when first read; again changes nothing). Another person's is not found. */
export async function markRead(db: Db, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Notification');
  return toNotification(row);
}

/** Marks every unread notification of a person read. */
export async function markAllRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return unreadCount(db, userId);
}

/** The kinds of notification a person does not want by e-mail (kept in the deal table's order, each once). */
export async function mailPreferences(db: Db, userId: string): Promise<MailPreferences> {
  const [row] = await db.select({ mailOff: users.mailOff }).from(users).where(eq(users.id, userId));
  return { mailOff: row?.mailOff ?? [] };
}

/** Keeps which kinds do not come by e-mail, in the deal table's order, each once; the ones already queued still go. */
export async function setMailPreferences(db: Db, userId: string, { mailOff }: MailPreferences): Promise<MailPreferences> {
  const [row] = await db
    .update(users)
    .set({ mailOff: notificationKinds.filter((k) => mailOff.includes(k)) })
    .where(eq(users.id, userId))
    .returning({ mailOff: users.mailOff });
  return { mailOff: row?.mailOff ?? [] };
}
