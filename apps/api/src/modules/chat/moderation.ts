import type { AdminConversation, MessageReportBody, ModerationBody, PageQuery, ReportedMessage } from '@market/contract';
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messageReports, messages, users } from '../../db/schema.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAdminAct } from '../audit/service.ts';
import { senderWarningMail } from '../mail/templates.ts';
import { answerReports } from '../reports/service.ts';
import { toMessage } from './service.ts';

/** How many messages before a reported one the Admins' queue shows with it. */
const CONTEXT = 5;

/** A person reports a message of the other side of their conversation (the access rule has checked it is theirs), once. */
export async function reportMessage(db: Db, reporter: AuthUser, messageId: string, body: MessageReportBody) {
  const [m] = await db.select({ senderId: messages.senderId, conversationId: messages.conversationId }).from(messages).where(eq(messages.id, messageId));
  if (!m) throw notFound('Message');
  if (m.senderId === reporter.id) throw forbidden('own_message_report');
  try {
    await db
      .insert(messageReports)
      .values({ messageId, conversationId: m.conversationId, reporterId: reporter.id, reason: body.reason, text: body.text ?? null });
  } catch (err) {
    if (isUniqueViolation(err, 'message_reports_message_reporter_key')) throw conflict('already_reported_message');
    throw err;
  }
  return { reported: true as const };
}

/** The Admins' queue: each message with open reports, the latest reported first, with its reports and the messages before it. */
export async function messageReportQueue(db: Db, query: PageQuery): Promise<{ items: ReportedMessage[]; nextCursor: string | null }> {
  const latest = sql<Date>`max(${messageReports.createdAt})`;
  const cursor = query.cursor
    ? sql`(max(${messageReports.createdAt}), ${messageReports.messageId}) < (select max(created_at), message_id from ${messageReports} where message_id = ${query.cursor} and resolved_at is null group by message_id)`
    : undefined;
  const reported = await db
    .select({ messageId: messageReports.messageId })
    .from(messageReports)
    .where(isNull(messageReports.resolvedAt))
    .groupBy(messageReports.messageId)
    .having(cursor)
    .orderBy(desc(latest), desc(messageReports.messageId))
    .limit(query.limit + 1);
  const more = reported.length > query.limit;
  const ids = (more ? reported.slice(0, query.limit) : reported).map((r) => r.messageId);
  const items: ReportedMessage[] = [];
  for (const id of ids) {
    const [row] = await db
      .select({ m: messages, productName: conversations.productName, sender: { _id: users.id, name: users.name, email: users.email } })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(eq(messages.id, id));
    if (!row) continue;
    const reports = await db
      .select({ r: messageReports, reporter: { _id: users.id, name: users.name } })
      .from(messageReports)
      .innerJoin(users, eq(users.id, messageReports.reporterId))
      .where(and(eq(messageReports.messageId, id), isNull(messageReports.resolvedAt)))
      .orderBy(desc(messageReports.createdAt));
    const context = await db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, row.m.conversationId), lte(messages.seq, row.m.seq - 1), sql`${messages.seq} >= ${row.m.seq - CONTEXT}`))
      .orderBy(asc(messages.seq));
    items.push({
      message: toMessage(row.m),
      conversationId: row.m.conversationId,
      productName: row.productName,
      sender: row.sender,
      reports: reports.map(({ r, reporter }) => ({
        _id: r.id,
        reporter,
        reason: r.reason as ReportedMessage['reports'][number]['reason'],
        text: r.text,
        date: r.createdAt.toISOString(),
      })),
      context: context.map(toMessage),
    });
  }
  return { items, nextCursor: more ? ids.at(-1)! : null };
}

/**
 * An Admin reads a conversation: only one with a reported message (conversations are private otherwise), and the
 * reading is in the audit log, in the same transaction as the read.
 */
export async function readReportedConversation(db: Db, admin: AuthUser, id: string): Promise<AdminConversation> {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select({
        c: conversations,
        buyer: sql<string>`(select name from ${users} where id = ${conversations.buyerId})`,
        seller: sql<string>`(select name from ${users} where id = ${conversations.sellerId})`,
      })
      .from(conversations)
      .where(eq(conversations.id, id));
    if (!c) throw notFound('Conversation');
    const [reported] = await tx.select({ id: messageReports.id }).from(messageReports).where(eq(messageReports.conversationId, id)).limit(1);
    if (!reported) throw forbidden('conversation_not_reported');
    await recordAdminAct(tx as unknown as Db, admin, {
      action: 'read-conversation',
      target: { kind: 'conversation', id, label: `${c.buyer} and ${c.seller}, about ${c.c.productName}` },
    });
    const rows = await tx.select().from(messages).where(eq(messages.conversationId, id)).orderBy(asc(messages.seq));
    return {
      _id: id,
      productName: c.c.productName,
      buyer: { _id: c.c.buyerId, name: c.buyer },
      seller: { _id: c.c.sellerId, name: c.seller },
      messages: rows.map(toMessage),
    };
  });
}

/** Closes a message's open reports as dismissed or with a warning mailed to its sender; audited, the reporters told. */
async function resolve(db: Db, admin: AuthUser, messageId: string, how: 'dismissed' | 'warned', body: ModerationBody) {
  return db.transaction(async (tx) => {
    const [m] = await tx
      .select({
        productName: conversations.productName,
        conversationId: conversations.id,
        sender: { id: users.id, name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt, language: users.language },
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(eq(messages.id, messageId));
    if (!m) throw notFound('Message');
    const closed = await tx
      .update(messageReports)
      .set({ resolvedAt: new Date(), resolution: how })
      .where(and(eq(messageReports.messageId, messageId), isNull(messageReports.resolvedAt)))
      .returning({ reporterId: messageReports.reporterId });
    if (closed.length === 0) throw conflict('no_open_message_reports');
    await answerReports(tx as unknown as Db, admin, how, {
      reporters: closed.map((r) => r.reporterId),
      productName: m.productName,
      reason: body.reason,
      dismissed: {
        action: 'dismiss-message-reports',
        target: { kind: 'conversation', id: m.conversationId, label: `a message of ${m.sender.name}, about ${m.productName}` },
      },
      warned: {
        action: 'warn-sender',
        target: { kind: 'user', id: m.sender.id, label: `${m.sender.name} <${m.sender.email}>, in a conversation about ${m.productName}` },
        mail: senderWarningMail(m.sender, m.productName, body.reason),
      },
    });
    return { resolved: closed.length };
  });
}

export const dismissMessageReports = (db: Db, admin: AuthUser, id: string, body: ModerationBody) => resolve(db, admin, id, 'dismissed', body);
export const warnSender = (db: Db, admin: AuthUser, id: string, body: ModerationBody) => resolve(db, admin, id, 'warned', body);
