import type { BlockedUser, Conversation, ConversationQuery, Message, MessageBody, NewConversationBody, PageQuery } from '@market/contract';
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blocks, conversations, jobs, messages, orders, products, pushSubscriptions, userEvents, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { srcsetOf } from '../images/service.ts';
import { attachUpload } from '../images/uploads.ts';
import { scamSignsOf } from './scam.ts';

/** How long a person's unread messages wait before the e-mail digest tells them (issue 33). */
export const DIGEST_AFTER_MINUTES = 15;

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof messages.$inferSelect;
type Side = 'buyer' | 'seller';

const sideOf = (c: Pick<ConversationRow, 'buyerId'>, userId: string): Side => (c.buyerId === userId ? 'buyer' : 'seller');
const otherOf = (c: Pick<ConversationRow, 'buyerId' | 'sellerId'>, userId: string) => (c.buyerId === userId ? c.sellerId : c.buyerId);

export const toMessage = (m: MessageRow): Message => ({
  _id: m.id,
  conversationId: m.conversationId,
  seq: m.seq,
  senderId: m.senderId,
  body: m.body,
  images: m.images.map((i) => ({ url: i.url, srcset: srcsetOf(i.url, i.widths) })),
  signs: m.signs as Message['signs'],
  createdAt: m.createdAt.toISOString(),
});

/** Whether either of two people blocked the other, and whether `by` did. */
async function blocking(db: Db, by: string, other: string) {
  const rows = await db
    .select({ blocker: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, by), eq(blocks.blockedId, other)), and(eq(blocks.blockerId, other), eq(blocks.blockedId, by))));
  return { byMe: rows.some((r) => r.blocker === by), blocked: rows.length > 0 };
}

/**
 * Appends a message to a conversation, in the caller's transaction: the conversation's row is locked (so its `seq`
 * numbers have no gaps or twins), the photos become the sender's attached uploads, the other side's unread count
 * grows, and each of the two gets a live event; the other side's browsers get a push and, later, maybe the digest.
 * Refused when either blocked the other: the blocker is told so, the blocked side only that it was not sent.
 * `ownHosts`: the site's own hosts (a link to a phone here is no scam sign).
 */
async function append(
  tx: Db,
  conversationId: string,
  sender: AuthUser,
  body: MessageBody,
  ownHosts: string[],
): Promise<{ message: Message; other: string; pushes: number }> {
  const [locked] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('update');
  if (!locked) throw notFound('Conversation');
  const other = otherOf(locked, sender.id);
  const blocked = await blocking(tx, sender.id, other);
  if (blocked.byMe) throw conflict('you_blocked');
  if (blocked.blocked) throw forbidden('message_not_sent');
  const images = [];
  for (const [i, url] of (body.images ?? []).entries()) {
    images.push({ url, widths: (await attachUpload(tx, url, `images[${i}]`, { owner: sender.id })).widths });
  }
  const words = body.body ?? '';
  const side = sideOf(locked, sender.id);
  const [c] = await tx
    .update(conversations)
    .set({
      lastSeq: sql`${conversations.lastSeq} + 1`,
      lastMessageAt: sql`now()`,
      ...(side === 'buyer' ? { sellerUnread: sql`${conversations.sellerUnread} + 1` } : { buyerUnread: sql`${conversations.buyerUnread} + 1` }),
      // Writing is reading: the sender has seen everything before their own message.
      ...(side === 'buyer'
        ? { buyerReadSeq: sql`${conversations.lastSeq}`, buyerUnread: 0 }
        : { sellerReadSeq: sql`${conversations.lastSeq}`, sellerUnread: 0 }),
    })
    .where(eq(conversations.id, conversationId))
    .returning({ lastSeq: conversations.lastSeq });
  const [row] = await tx
    .insert(messages)
    .values({ conversationId, seq: c!.lastSeq, senderId: sender.id, body: words, images, signs: scamSignsOf(words, { ownHosts }) })
    .returning();
  const message = toMessage(row!);
  await tx.insert(userEvents).values([locked.buyerId, locked.sellerId].map((userId) => ({ userId, type: 'message' as const, data: { message } })));
  // The other side's browsers, each a job of its own (a push service that fails is asked again, the others are not).
  const pushes = await tx.execute(
    sql`insert into ${jobs} (kind, payload) select 'push', jsonb_build_object('subscriptionId', ${pushSubscriptions.id}, 'messageId', ${row!.id}::text) from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${other}`,
  );
  await scheduleDigest(tx, other);
  return {
    message,
    other,
    pushes: (pushes as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (pushes as unknown as { affectedRows?: number }).affectedRows ?? 0,
  };
}

/**
 * Queues a person's digest round for when this message has waited DIGEST_AFTER_MINUTES (or at `at`), unless a round
 * is already waiting (one that is running may not see this message: a new one is queued then).
 */
export async function scheduleDigest(tx: Db, userId: string, at: SQL = sql`now() + make_interval(mins => ${DIGEST_AFTER_MINUTES})`) {
  await tx.execute(
    sql`insert into ${jobs} (kind, payload, run_at) select 'chat-digest', jsonb_build_object('userId', ${userId}::text), ${at}
        where not exists (select 1 from ${jobs} where kind = 'chat-digest' and done_at is null and locked_by is null and payload->>'userId' = ${userId})`,
  );
}

/**
 * A buyer writes to a phone's seller: the thread of this phone and buyer is made on the first message (a sold phone
 * or a suspended seller's takes no new thread), then the message is appended to it.
 */
export async function startConversation(
  db: Db,
  buyer: AuthUser,
  body: NewConversationBody,
  ownHosts: string[] = [],
): Promise<{ conversationId: string; message: Message; other: string; pushes: number }> {
  const [phone] = await db
    .select({ id: products.id, sellerId: products.sellerId, name: products.productName, status: products.status, suspended: users.suspendedAt })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, body.productId))
    .limit(1);
  if (!phone || phone.suspended) throw notFound('Product');
  if (phone.sellerId === buyer.id) throw forbidden('own_phone_message');
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.productId, phone.id), eq(conversations.buyerId, buyer.id)))
      .limit(1);
    let conversationId = existing?.id ?? '';
    if (!existing) {
      if (phone.status === 'sold') throw conflict('product_sold');
      if (phone.status === 'expired') throw conflict('listing_expired');
      const [made] = await tx
        .insert(conversations)
        .values({ productId: phone.id, buyerId: buyer.id, sellerId: phone.sellerId, productName: phone.name })
        .onConflictDoNothing()
        .returning({ id: conversations.id });
      conversationId =
        made?.id ??
        (await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.productId, phone.id), eq(conversations.buyerId, buyer.id)))
          .then((r) => r[0]!.id));
    }
    return { conversationId, ...(await append(tx as unknown as Db, conversationId, buyer, body, ownHosts)) };
  });
}

/** A message in one of the sender's conversations (the access rule has checked it is theirs). */
export async function sendMessage(db: Db, sender: AuthUser, conversationId: string, body: MessageBody, ownHosts: string[] = []) {
  return db.transaction(async (tx) => append(tx as unknown as Db, conversationId, sender, body, ownHosts));
}

/** The conversations' rows as their person sees them: the phone now, the other person, the last message, blocking, the deal. */
function conversationQuery(db: Db, userId: string) {
  const other = sql<string>`case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  return db
    .select({
      c: conversations,
      product: { id: products.id, price: products.resalePrice, status: products.status, images: products.images },
      otherName: sql<string>`(select name from ${users} where id = ${other})`,
      last: sql<{
        body: string;
        photos: number;
        sender: string;
        at: string;
      } | null>`(select json_build_object('body', m.body, 'photos', jsonb_array_length(m.images), 'sender', m.sender_id, 'at', m.created_at) from ${messages} m where m.conversation_id = ${conversations.id} and m.seq = ${conversations.lastSeq})`,
      blockedByMe: sql<boolean>`exists (select 1 from ${blocks} where blocker_id = ${userId} and blocked_id = ${other})`,
      blockedMe: sql<boolean>`exists (select 1 from ${blocks} where blocker_id = ${other} and blocked_id = ${userId})`,
      orderId: sql<
        string | null
      >`(select o.id from ${orders} o where o.product_id = ${conversations.productId} and o.buyer_id = ${conversations.buyerId} order by o.created_at desc limit 1)`,
    })
    .from(conversations)
    .leftJoin(products, eq(products.id, conversations.productId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof conversationQuery>['execute']>>[number];

function toConversation(r: Joined, userId: string): Conversation {
  const side = sideOf(r.c, userId);
  const cover = r.product?.images[0];
  return {
    _id: r.c.id,
    side,
    product: {
      _id: r.product?.id ?? null,
      name: r.c.productName,
      image: cover ? { url: cover.url, srcset: srcsetOf(cover.url, cover.widths) } : null,
      price: r.product?.price ?? null,
      status: r.product?.status ?? null,
    },
    other: { _id: otherOf(r.c, userId), name: r.otherName },
    lastMessage: r.last ? { body: r.last.body, photos: r.last.photos, mine: r.last.sender === userId, createdAt: new Date(r.last.at).toISOString() } : null,
    unread: side === 'buyer' ? r.c.buyerUnread : r.c.sellerUnread,
    otherReadSeq: side === 'buyer' ? r.c.sellerReadSeq : r.c.buyerReadSeq,
    blockedByMe: r.blockedByMe,
    blocked: r.blockedByMe || r.blockedMe,
    orderId: r.orderId,
    updatedAt: r.c.lastMessageAt.toISOString(),
  };
}

const mine = (userId: string) => or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId))!;

/** A person's conversations, the latest first (by their last message), optionally of one phone. */
export async function listConversations(db: Db, userId: string, query: ConversationQuery) {
  const cursor = query.cursor
    ? sql`(${conversations.lastMessageAt}, ${conversations.id}) < (select last_message_at, id from ${conversations} where id = ${query.cursor})`
    : undefined;
  const rows = await conversationQuery(db, userId)
    .where(and(mine(userId), query.productId ? eq(conversations.productId, query.productId) : undefined, cursor))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const items = (more ? rows.slice(0, query.limit) : rows).map((r) => toConversation(r, userId));
  return { items, nextCursor: more ? items.at(-1)!._id : null };
}

export async function getConversation(db: Db, userId: string, id: string): Promise<Conversation> {
  const [row] = await conversationQuery(db, userId)
    .where(and(eq(conversations.id, id), mine(userId)))
    .limit(1);
  if (!row) throw notFound('Conversation');
  return toConversation(row, userId);
}

/** A conversation's messages, newest first; `cursor`: the oldest message already shown. */
export async function listMessages(db: Db, conversationId: string, query: PageQuery) {
  const before = query.cursor ? sql`${messages.seq} < (select seq from ${messages} where id = ${query.cursor})` : undefined;
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), before))
    .orderBy(desc(messages.seq))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const items = (more ? rows.slice(0, query.limit) : rows).map(toMessage);
  return { items, nextCursor: more ? items.at(-1)!._id : null };
}

/**
 * Reads a conversation up to message `seq`: the reader's unread count becomes the other side's messages after it
 * (0 when it is the last), the other side gets the receipt live. Reading back (a lower seq) changes nothing.
 */
export async function readConversation(db: Db, reader: AuthUser, id: string, seq: number) {
  await db.transaction(async (tx) => {
    const [c] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
    if (!c) throw notFound('Conversation');
    if (seq > c.lastSeq) throw badRequest('read_past_last', { last: c.lastSeq, seq });
    const side = sideOf(c, reader.id);
    const was = side === 'buyer' ? c.buyerReadSeq : c.sellerReadSeq;
    if (seq <= was) return;
    const [{ unread } = { unread: 0 }] = await tx
      .select({ unread: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.conversationId, id), sql`${messages.seq} > ${seq}`, sql`${messages.senderId} <> ${reader.id}`));
    await tx
      .update(conversations)
      .set(side === 'buyer' ? { buyerReadSeq: seq, buyerUnread: unread } : { sellerReadSeq: seq, sellerUnread: unread })
      .where(eq(conversations.id, id));
    const data = { conversationId: id, readerId: reader.id, seq };
    await tx.insert(userEvents).values([c.buyerId, c.sellerId].map((userId) => ({ userId, type: 'read' as const, data })));
  });
  return getConversation(db, reader.id, id);
}

/** How many messages a person has not read, in all their conversations. */
export async function unreadTotal(db: Db, userId: string) {
  const [row] = await db
    .select({
      unread: sql<number>`coalesce(sum(case when ${conversations.buyerId} = ${userId} then ${conversations.buyerUnread} else ${conversations.sellerUnread} end), 0)::int`,
    })
    .from(conversations)
    .where(mine(userId));
  return { unread: row?.unread ?? 0 };
}

/** The people a person blocked, the latest first. */
export async function listBlocked(db: Db, userId: string, query: PageQuery) {
  const cursor = query.cursor
    ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (select created_at, blocked_id from ${blocks} where blocker_id = ${userId} and blocked_id = ${query.cursor})`
    : undefined;
  const rows = await db
    .select({ _id: users.id, name: users.name, since: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, userId), cursor))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const items: BlockedUser[] = (more ? rows.slice(0, query.limit) : rows).map((r) => ({ ...r, since: r.since.toISOString() }));
  return { items, nextCursor: more ? items.at(-1)!._id : null };
}

/** Blocks a person (again: the same answer). Nobody can block themselves; an unknown person is not found. */
export async function block(db: Db, blocker: AuthUser, blockedId: string): Promise<BlockedUser> {
  if (blockedId === blocker.id) throw badRequest('cannot_block_self');
  const [person] = await db.select({ name: users.name }).from(users).where(eq(users.id, blockedId)).limit(1);
  if (!person) throw notFound('User');
  await db.insert(blocks).values({ blockerId: blocker.id, blockedId }).onConflictDoNothing();
  const [row] = await db
    .select({ since: blocks.createdAt })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blocker.id), eq(blocks.blockedId, blockedId)));
  return { _id: blockedId, name: person.name, since: row!.since.toISOString() };
}

export async function unblock(db: Db, blocker: AuthUser, blockedId: string) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blocker.id), eq(blocks.blockedId, blockedId)));
  return { blocked: false as const };
}

/** Events older than this leave the live streams' table (a stream that missed more reads afresh: a `reset`). */
export async function sweepEvents(db: Db, keepHours = 48) {
  await db.delete(userEvents).where(lt(userEvents.createdAt, sql`now() - make_interval(hours => ${keepHours})`));
}
