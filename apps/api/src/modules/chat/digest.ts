import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recipientForUpdate } from '../mail/recipient.ts';
import { conversations, messages, users } from '../../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { digestMail } from '../mail/templates.ts';
import { DIGEST_AFTER_MINUTES, scheduleDigest } from './service.ts';

/**
 * The digest job of a person (kind 'chat-digest', queued by a message to them, due DIGEST_AFTER_MINUTES later): the
 * messages of the other sides they have not read, not told of before, and older than that, go out as one mail —
 * unless they switched 'messages' off or their address is unconfirmed. The threads' digest positions move in the
 * same transaction as the mail enters the outbox, so a job run twice mails once. Messages too young for this round
 * get a round of their own when they are due.
 */
export function digestJob(db: Db, origin: () => string, afterMinutes = DIGEST_AFTER_MINUTES) {
  return async ({ userId }: { userId: string }) => {
    await db.transaction(async (tx) => {
      const person = await recipientForUpdate(tx as unknown as Db, userId);
      if (!person) return;
      const threads = await tx
        .select()
        .from(conversations)
        .where(
          or(
            and(eq(conversations.buyerId, userId), gt(conversations.buyerUnread, 0)),
            and(eq(conversations.sellerId, userId), gt(conversations.sellerUnread, 0)),
          ),
        )
        .for('update');
      const due: { name: string; productName: string; count: number }[] = [];
      let next: Date | null = null;
      const cutoff = Date.now() - afterMinutes * 60_000;
      for (const c of threads) {
        const buyer = c.buyerId === userId;
        const from = Math.max(buyer ? c.buyerReadSeq : c.sellerReadSeq, buyer ? c.buyerDigestedSeq : c.sellerDigestedSeq);
        const waiting = await tx
          .select({ seq: messages.seq, at: messages.createdAt })
          .from(messages)
          .where(and(eq(messages.conversationId, c.id), gt(messages.seq, from), sql`${messages.senderId} <> ${userId}`))
          .orderBy(messages.seq);
        const old = waiting.filter((m) => m.at.getTime() <= cutoff);
        const young = waiting.find((m) => m.at.getTime() > cutoff);
        if (young) {
          const at = new Date(young.at.getTime() + afterMinutes * 60_000);
          if (!next || at < next) next = at;
        }
        if (old.length === 0) continue;
        const upTo = old.at(-1)!.seq;
        await tx
          .update(conversations)
          .set(buyer ? { buyerDigestedSeq: upTo } : { sellerDigestedSeq: upTo })
          .where(eq(conversations.id, c.id));
        const [other] = await tx
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, buyer ? c.sellerId : c.buyerId));
        due.push({ name: other?.name ?? '', productName: c.productName, count: old.length });
      }
      if (due.length > 0 && person.emailVerifiedAt && !person.mailOff.includes('messages')) {
        await enqueueMail(tx as unknown as Db, digestMail(person, due, origin()));
      }
      if (next) await scheduleDigest(tx as unknown as Db, userId, sql`${next.toISOString()}::timestamptz`);
    });
  };
}
