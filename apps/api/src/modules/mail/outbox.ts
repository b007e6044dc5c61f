import type { OutboxMail, PageQuery } from '@market/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { after, newestFirst, paged } from '../../pagination.ts';

export interface Mail {
  /** What the mail is for: 'verify-email', 'reset-password', 'account-exists', … (for the Admin's list and tests). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Puts a mail in the outbox; pass the transaction that causes it, so the mail exists exactly when its cause does. */
export async function enqueueMail(db: Db, mail: Mail) {
  await db.insert(outbox).values({ kind: mail.kind, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
}

/** How many times delivery is tried before a mail is marked failed: back-off doubling from 30 s to an hour, about a day in all. */
export const MAX_ATTEMPTS = 30;
/**
 * A claimed mail is another worker's again if its worker has not answered within this: longer
 * than a batch can take (CLAIM_BATCH mails, each bounded by the transport's timeouts in delivery.ts).
 */
const LEASE_MS = 5 * 60_000;
export const CLAIM_BATCH = 5;

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims up to `limit` due mails for this worker: one statement, rows locked with SKIP LOCKED,
 * so workers of several instances never deliver the same mail at once.
 */
export async function claimDue(db: Db, limit = CLAIM_BATCH): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), sql`${outbox.nextAttemptAt} <= now()`, sql`(${outbox.lockedUntil} is null or ${outbox.lockedUntil} < now())`))
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return (
    db
      .update(outbox)
      // Milliseconds, as a JavaScript Date holds them: the marks below find the row by this exact value.
      .set({ lockedUntil: new Date(Date.now() + LEASE_MS), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning()
  );
}

/** Only while this worker's lease holds: a worker that outlived its lease no longer speaks for the mail. */
const leaseHeld = (row: OutboxRow) => and(eq(outbox.id, row.id), eq(outbox.lockedUntil, row.lockedUntil!));

/** Sent: the body goes (its links are secrets), the record of sending stays. */
export async function markSent(db: Db, row: OutboxRow) {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null, textBody: null, htmlBody: null })
    .where(leaseHeld(row));
}

/** Not sent: tried again after a back-off that doubles from 30 s up to an hour, or failed for good after MAX_ATTEMPTS. */
export async function markFailed(db: Db, row: OutboxRow, error: string) {
  const last = row.attempts >= MAX_ATTEMPTS;
  const delaySeconds = Math.min(3600, 30 * 2 ** Math.max(0, row.attempts - 1));
  await db
    .update(outbox)
    .set({
      status: last ? 'failed' : 'pending',
      lockedUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
    })
    .where(leaseHeld(row));
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
