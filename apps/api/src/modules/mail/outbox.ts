import type { OutboxMail, PageQuery } from '@market/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { after, newestFirst, paged } from '../../pagination.ts';

export interface Mail {
  /** What the mail is for: 'verify-email', 'reset-password', 'account-exists', … (for the Admin's list and tests). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Puts a mail in the outbox with the job that sends it; pass the transaction that causes it, so the mail
 * exists exactly when its cause does.
 */
export async function enqueueMail(db: Db, mail: Mail) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outbox)
      .values({ kind: mail.kind, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
      .returning({ id: outbox.id });
    await enqueueJob(tx as unknown as Db, 'mail', { mailId: row!.id });
  });
}

/** How many times delivery is tried before a mail is marked failed: the queue's back-off, doubling from 10 s to an hour, about a day in all. */
export const MAX_ATTEMPTS = 30;

export type OutboxRow = typeof outbox.$inferSelect;

const stillPending = (id: string) => and(eq(outbox.id, id), eq(outbox.status, 'pending'));

/** The mail still to be sent, or null when it is sent, failed for good, or gone. */
export async function pendingMail(db: Db, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(stillPending(id)).limit(1);
  return row ?? null;
}

/** Sent: the body goes (its links are secrets), the record of sending stays. */
export async function markSent(db: Db, id: string, attempts: number) {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts, lastError: null, textBody: null, htmlBody: null })
    .where(stillPending(id));
}

/**
 * Not sent: the attempt is recorded, and after MAX_ATTEMPTS the mail is failed for good and its body goes too (its
 * links are secrets nobody will receive, decision 039); answers whether it was the last.
 */
export async function markNotSent(db: Db, id: string, attempts: number, error: string): Promise<boolean> {
  const last = attempts >= MAX_ATTEMPTS;
  await db
    .update(outbox)
    .set({ status: last ? 'failed' : 'pending', attempts, lastError: error.slice(0, 500), ...(last ? { textBody: null, htmlBody: null } : {}) })
    .where(stillPending(id));
  return last;
}

const keys = { table: outbox, id: outbox.id, createdAt: outbox.createdAt };

/** The outbox, newest first; bodies only when `withBodies` (no SMTP: the demo reads its mails here). */
export async function listOutbox(db: Db, query: PageQuery, withBodies: boolean) {
  const rows = await db
    .select()
    .from(outbox)
    .where(after(keys, query.cursor))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const page = paged(rows, query, (r) => r.id);
  const items: OutboxMail[] = page.items.map((r) => ({
    _id: r.id,
    kind: r.kind,
    to: r.toAddress,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    text: withBodies ? r.textBody : null,
  }));
  return { items, nextCursor: page.nextCursor };
}

/** Sent mails are kept a month as a record, then removed. */
export async function pruneSent(db: Db) {
  await db.delete(outbox).where(and(eq(outbox.status, 'sent'), lt(outbox.sentAt, sql`now() - interval '30 days'`)));
}
