import { z } from 'zod';
import {
  AdminConversation,
  BlockedUser,
  ChatUnread,
  Conversation,
  ConversationQuery,
  Message,
  MessageBody,
  MessagePageQuery,
  MessageReportBody,
  NewConversationBody,
  PushEndpointBody,
  PushKey,
  PushSubscriptionBody,
  ReadBody,
  ReportedMessage,
} from '../chat.ts';
import { IdParams, PageQuery } from '../common.ts';
import { anyone, endpoint, role, signedIn, verified } from '../endpoint.ts';
import { ModerationBody } from '../reports.ts';

const tag = 'chat';
const parties = ['Buyer', 'Seller'] as const;
const party = { who: 'owner', of: 'conversation', roles: parties } as const;
const admin = role('Admin');

export const startConversation = endpoint('startConversation', {
  tag,
  summary: "Write to a phone's seller: starts the thread of this phone and buyer (or adds to it); new accounts start a few an hour",
  access: verified(role('Buyer')),
  body: NewConversationBody,
  data: Conversation,
  status: [201],
  cache: 'keeps',
  errors: {
    400: ['image_not_yours', 'image_not_uploaded_here'],
    403: ['own_phone_message', 'message_not_sent'],
    404: ['not_found'],
    409: ['you_blocked', 'product_sold', 'listing_expired'],
  },
  limits: [
    { limit: 'messagesPerUser', per: 'user', kind: 'chat-user', code: 'too_many_messages' },
    { limit: 'firstMessagesPerNewAccount', per: 'new-account', kind: 'chat-first', code: 'too_many_first_messages' },
  ],
});

export const conversations = endpoint('conversations', {
  tag,
  summary: "The signed-in person's conversations, the latest first (optionally of one phone): the phone, the other person, the last message, unread",
  access: signedIn,
  query: ConversationQuery,
  page: Conversation,
});

export const unreadMessages = endpoint('unreadMessages', {
  tag,
  summary: 'How many messages the signed-in person has not read, in all their conversations (the header shows it)',
  access: signedIn,
  data: ChatUnread,
});

export const conversation = endpoint('conversation', {
  tag,
  summary: 'One of the signed-in person’s conversations (its head: the phone, the other person, read receipts, blocking)',
  access: party,
  params: IdParams,
  data: Conversation,
});

export const conversationMessages = endpoint('conversationMessages', {
  tag,
  summary: 'A conversation’s messages, newest first, a page at a time',
  access: party,
  params: IdParams,
  query: MessagePageQuery,
  page: Message,
});

export const sendMessage = endpoint('sendMessage', {
  tag,
  summary: 'Send a message (words, up to 4 photos, or both) in one of the signed-in person’s conversations',
  access: { ...party, verified: true },
  params: IdParams,
  body: MessageBody,
  data: Message,
  status: [201],
  cache: 'keeps',
  errors: { 400: ['image_not_yours', 'image_not_uploaded_here'], 403: ['message_not_sent'], 409: ['you_blocked'] },
  limits: [{ limit: 'messagesPerUser', per: 'user', kind: 'chat-user', code: 'too_many_messages' }],
});

export const readConversation = endpoint('readConversation', {
  tag,
  summary: 'Mark a conversation read up to a message: the other person sees the receipt',
  access: party,
  params: IdParams,
  body: ReadBody,
  data: Conversation,
  cache: 'keeps',
  errors: { 400: ['read_past_last'] },
});

export const reportMessage = endpoint('reportMessage', {
  tag,
  summary: "Report a message of the other person: it joins the Admins' queue with the thread's context",
  access: { who: 'owner', of: 'message', roles: parties },
  params: IdParams,
  body: MessageReportBody,
  data: z.object({ reported: z.literal(true) }),
  status: [201],
  cache: 'keeps',
  errors: { 403: ['own_message_report'], 409: ['already_reported_message'] },
});

export const blockedUsers = endpoint('blockedUsers', {
  tag,
  summary: 'The people the signed-in person blocked',
  access: signedIn,
  query: PageQuery,
  page: BlockedUser,
});

export const blockUser = endpoint('blockUser', {
  tag,
  summary: 'Block a person: no more messages either way (they are told only that a message could not be sent)',
  access: signedIn,
  params: IdParams,
  data: BlockedUser,
  cache: 'keeps',
  errors: { 400: ['cannot_block_self'], 404: ['not_found'] },
});

export const unblockUser = endpoint('unblockUser', {
  tag,
  summary: 'Unblock a person (again is the same answer)',
  access: signedIn,
  params: IdParams,
  data: z.object({ blocked: z.literal(false) }),
  cache: 'keeps',
});

export const messageReports = endpoint('messageReports', {
  tag,
  summary: 'The reported messages, the latest first, each with its reports and the messages before it',
  access: admin,
  query: PageQuery,
  page: ReportedMessage,
});

export const reportedConversation = endpoint('reportedConversation', {
  tag,
  summary: 'Read a conversation one of whose messages was reported (the reading is in the audit log)',
  access: admin,
  params: IdParams,
  data: AdminConversation,
  errors: { 403: ['conversation_not_reported'], 404: ['not_found'] },
});

export const dismissMessageReports = endpoint('dismissMessageReports', {
  tag,
  summary: "Close a message's open reports: nothing wrong (audited; the reporters are told)",
  access: admin,
  params: IdParams,
  body: ModerationBody,
  data: z.object({ resolved: z.number().int() }),
  cache: 'keeps',
  errors: { 404: ['not_found'], 409: ['no_open_message_reports'] },
});

export const warnSender = endpoint('warnSender', {
  tag,
  summary: "Close a message's open reports with a warning mailed to its sender (audited; the reporters are told)",
  access: admin,
  params: IdParams,
  body: ModerationBody,
  data: z.object({ resolved: z.number().int() }),
  cache: 'keeps',
  errors: { 404: ['not_found'], 409: ['no_open_message_reports'] },
});

export const liveEvents = endpoint('liveEvents', {
  tag,
  summary: "The signed-in person's live stream (text/event-stream): new messages, read receipts, notifications; send Last-Event-ID to get what was missed",
  access: signedIn,
  raw: z.string().describe('text/event-stream'),
});

export const pushKey = endpoint('pushKey', {
  tag,
  summary: "The server's VAPID public key, for a browser's push subscription",
  access: anyone,
  data: PushKey,
});

export const subscribePush = endpoint('subscribePush', {
  tag,
  summary: "Keep a browser's push subscription: messages and notifications reach it while the site is closed",
  access: signedIn,
  body: PushSubscriptionBody,
  data: z.object({ subscribed: z.literal(true) }),
  status: [201],
  cache: 'keeps',
  errors: { 400: ['push_service_not_allowed'] },
});

export const unsubscribePush = endpoint('unsubscribePush', {
  tag,
  summary: "Forget a browser's push subscription (again is the same answer)",
  access: signedIn,
  body: PushEndpointBody,
  data: z.object({ subscribed: z.literal(false) }),
  cache: 'keeps',
});
