import { msisdnOf, type OutboxSms, type PageQuery } from '@market/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsMessages } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { after, newestFirst, paged } from '../../pagination.ts';
import type { SmsGateway } from './gateway.ts';

/**
 * Puts a text message in the SMS outbox with the job that sends it (in the caller's transaction, so it exists
 * exactly when its cause does). `to` is a local number (01XXXXXXXXX).
 */
export async function enqueueSms(db: Db, sms: { kind: string; to: string; body: string }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(smsMessages)
      .values({ kind: sms.kind, toNumber: msisdnOf(sms.to), body: sms.body })
      .returning({ id: smsMessages.id });
    await enqueueJob(tx as unknown as Db, 'sms', { smsId: row!.id });
  });
}

/** How many times the gateway is asked before a message is failed for good (the queue's back-off: about 2 hours). */
export const SMS_ATTEMPTS = 10;

/**
 * The job of a text message: the gateway takes it (once, under the message's id: asked again after a crash, the
 * gateway says it has it), and its words go; without a gateway it stays in the outbox for the Admin. A refusal is
 * tried again later, and after SMS_ATTEMPTS the message fails for good (its words go too: a code nobody will get).
 */
export const smsJob =
  (db: Db, gateway: SmsGateway | undefined) =>
  async ({ smsId }: { smsId: string }, run?: { attempt: number }) => {
    const pending = and(eq(smsMessages.id, smsId), eq(smsMessages.status, 'pending'));
    const [sms] = await db.select().from(smsMessages).where(pending);
    if (!sms || !gateway || sms.body === null) return;
    const attempts = run?.attempt ?? sms.attempts + 1;
    try {
      const { reference } = await gateway.send({ id: sms.id, to: sms.toNumber, body: sms.body });
      await db
        .update(smsMessages)
        .set({ status: 'sent', body: null, reference, attempts, lastError: null, sentAt: sql`now()` })
        .where(pending);
    } catch (err) {
      const last = attempts >= SMS_ATTEMPTS;
      const message = (err as Error).message.slice(0, 500);
      await db
        .update(smsMessages)
        .set({ status: last ? 'failed' : 'pending', attempts, lastError: message, ...(last ? { body: null } : {}) })
        .where(pending);
      if (!last) throw err;
    }
  };

const keys = { table: smsMessages, id: smsMessages.id, createdAt: smsMessages.createdAt };

/** The SMS outbox, newest first; the words only when `withBodies` (no gateway: the demo reads its codes here). */
export async function listSmsOutbox(db: Db, query: PageQuery, withBodies: boolean) {
  const rows = await db
    .select()
    .from(smsMessages)
    .where(after(keys, query.cursor))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
  const page = paged(rows, query, (r) => r.id);
  const items: OutboxSms[] = page.items.map((r) => ({
    _id: r.id,
    kind: r.kind,
    to: r.toNumber,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    text: withBodies ? r.body : null,
  }));
  return { items, nextCursor: page.nextCursor };
}
