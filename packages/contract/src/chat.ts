import { z } from 'zod';
import { Picture } from './catalog.ts';
import { Id, ProductStatus, UploadedImageUrl, text } from './common.ts';
import { maxLength, messages } from './rules.ts';

/** At most this many photos go with one message (issue 33). */
export const maxMessagePhotos = 4;

/** The warning signs the scam detector finds in a message (apps/api/src/modules/chat/scam.ts); the web shows a card for them. */
export const scamSigns = ['send_money', 'otp_pin', 'off_platform', 'payment_link'] as const;
export type ScamSign = (typeof scamSigns)[number];

/** Why a person reports a message. */
export const messageReportReasons = ['scam', 'abuse', 'spam', 'other'] as const;
export const MessageReportReason = z.enum(messageReportReasons, { error: `must be one of ${messageReportReasons.join(', ')}` });
export type MessageReportReason = z.infer<typeof MessageReportReason>;

const optionalWords = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text(maxLength.message).optional());

/** What a person sends: words, photos (their own uploads), or both. */
export const MessageBody = z
  .object({
    body: optionalWords,
    images: z
      .array(UploadedImageUrl)
      .max(maxMessagePhotos, { error: `must hold at most ${maxMessagePhotos} photos` })
      .refine((urls) => new Set(urls).size === urls.length, { error: 'must not name a photo twice' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.body && !v.images?.length) ctx.addIssue({ code: 'custom', path: ['body'], message: `${messages.required} (or a photo)` });
  });
export type MessageBody = z.infer<typeof MessageBody>;

/** The first message about a phone: starts the thread of this phone and its buyer (or adds to it). */
export const NewConversationBody = z.intersection(z.object({ productId: Id }), MessageBody);
export type NewConversationBody = z.infer<typeof NewConversationBody>;

/** One message of a thread: `seq` numbers them in the thread from 1; `signs` are the scam detector's warnings. */
export const Message = z.object({
  _id: z.uuid(),
  conversationId: z.uuid(),
  seq: z.number().int().min(1),
  senderId: z.uuid(),
  body: z.string(),
  images: z.array(Picture),
  signs: z.array(z.enum(scamSigns)),
  createdAt: z.iso.datetime(),
});
export type Message = z.infer<typeof Message>;

/**
 * A thread as one of its two people sees it (the inbox's row, the thread's head): the phone as it is now (null
 * fields once the listing is gone), the other person, the last message, how many of theirs this person has not
 * read, how far the other person has read (read receipts), and whether either has blocked the other.
 */
export const Conversation = z.object({
  _id: z.uuid(),
  /** The signed-in person's side of it. */
  side: z.enum(['buyer', 'seller']),
  product: z.object({
    _id: z.uuid().nullable(),
    name: z.string(),
    image: Picture.nullable(),
    price: z.number().nullable(),
    status: ProductStatus.nullable(),
  }),
  other: z.object({ _id: z.uuid(), name: z.string() }),
  lastMessage: z.object({ body: z.string(), photos: z.number().int(), mine: z.boolean(), createdAt: z.iso.datetime() }).nullable(),
  unread: z.number().int().min(0),
  /** The last of this person's messages the other has read (0: none yet). */
  otherReadSeq: z.number().int().min(0),
  /** This person blocked the other (they can unblock); `blocked` alone: no message goes either way. */
  blockedByMe: z.boolean(),
  blocked: z.boolean(),
  /** The deal of this phone between them, if one was booked (its page links here). */
  orderId: z.uuid().nullable(),
  updatedAt: z.iso.datetime(),
});
export type Conversation = z.infer<typeof Conversation>;

/** The inbox, optionally of one phone (the phone's page finds its thread; a seller sees one per buyer). */
export const ConversationQuery = z.object({
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(30),
  cursor: z.uuid({ error: 'must be an id from a previous page' }).optional(),
  productId: Id.optional(),
});
export type ConversationQuery = z.infer<typeof ConversationQuery>;

/** A thread's messages, newest first, a page at a time (`cursor`: the oldest message already shown). */
export const MessagePageQuery = z.object({
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100).default(50),
  cursor: z.uuid({ error: 'must be an id from a previous page' }).optional(),
});

/** Read up to message `seq` (the newest one seen): the other side's receipt and this person's unread count follow. */
export const ReadBody = z.object({ seq: z.number({ error: 'must be a number' }).int().min(1) });
export type ReadBody = z.infer<typeof ReadBody>;

export const ChatUnread = z.object({ unread: z.number().int().min(0) });

/** A person this one blocked. */
export const BlockedUser = z.object({ _id: z.uuid(), name: z.string(), since: z.iso.datetime() });
export type BlockedUser = z.infer<typeof BlockedUser>;

export const MessageReportBody = z
  .object({
    reason: MessageReportReason,
    text: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text(maxLength.reportText).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.text) ctx.addIssue({ code: 'custom', path: ['text'], message: `${messages.required} when the reason is other` });
  });
export type MessageReportBody = z.infer<typeof MessageReportBody>;

/** A reported message in the Admins' queue: the reports, the message and the few before it (the thread's context). */
export const ReportedMessage = z.object({
  message: Message,
  conversationId: z.uuid(),
  productName: z.string(),
  sender: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }),
  reports: z.array(
    z.object({
      _id: z.uuid(),
      reporter: z.object({ _id: z.uuid(), name: z.string() }),
      reason: MessageReportReason,
      text: z.string().nullable(),
      date: z.iso.datetime(),
    }),
  ),
  context: z.array(Message),
});
export type ReportedMessage = z.infer<typeof ReportedMessage>;

/** A reported thread as an Admin reads it (audited): both people and every message, oldest first. */
export const AdminConversation = z.object({
  _id: z.uuid(),
  productName: z.string(),
  buyer: z.object({ _id: z.uuid(), name: z.string() }),
  seller: z.object({ _id: z.uuid(), name: z.string() }),
  messages: z.array(Message),
});
export type AdminConversation = z.infer<typeof AdminConversation>;

/**
 * What a person's live stream carries (GET /api/events, Server-Sent Events): a new message of one of their threads
 * (theirs too: their other tabs), a read receipt, a notification. Each event's SSE id is its number in the person's
 * stream; a reconnect sends it back (Last-Event-ID) and gets what it missed. `reset`: too much was missed, read afresh.
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), id: z.string(), message: Message }),
  z.object({ type: z.literal('read'), id: z.string(), conversationId: z.uuid(), readerId: z.uuid(), seq: z.number().int() }),
  z.object({ type: z.literal('notification'), id: z.string(), notificationId: z.uuid(), kind: z.string() }),
  z.object({ type: z.literal('reset'), id: z.string() }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/** A browser's push subscription (PushSubscription.toJSON()). */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ error: 'must be the push service address the browser gave' }).max(1000),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'must be the subscription key the browser gave' }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, { error: 'must be the auth secret the browser gave' }),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushEndpointBody = z.object({ endpoint: z.url({ error: 'must be the push service address the browser gave' }).max(1000) });

/** The server's VAPID public key (the browser's applicationServerKey), and whether this account has subscriptions. */
export const PushKey = z.object({ publicKey: z.string() });
