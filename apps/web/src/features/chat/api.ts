import type { Message, MessageBody, MessageReportBody, NewConversationBody } from '@market/contract';
import { api, dealConversations } from '../../lib/api.ts';
import { call, pages } from '../../lib/endpoint.ts';

/** Conversations a page at a time in the inbox; messages a page at a time in a thread (the newest first). */
const INBOX_PAGE = 20;
const MESSAGES_PAGE = 50;
/** Reported messages a page at a time (each with its context). */
const REPORTS_PAGE = 10;

const byId = (id: string) => ({ params: { id } });

/*
 * The cache of conversations (issue 33). Every answer about a conversation is tagged 'conversation' (the inbox
 * 'LIST', the header's 'UNREAD', a phone's 'PRODUCT', the people blocked 'BLOCKS', a thread's head by its id): the
 * live stream's new message or read receipt asks them again. A thread's messages are tagged 'message' by the
 * thread's id and are not asked again on every new message: the new one is put into them (`upsertMessage`).
 */
const list = { type: 'conversation', id: 'LIST' } as const;
const unread = { type: 'conversation', id: 'UNREAD' } as const;
const ofProduct = { type: 'conversation', id: 'PRODUCT' } as const;
const blocks = { type: 'conversation', id: 'BLOCKS' } as const;

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    conversations: build.infiniteQuery({ ...pages('conversations', INBOX_PAGE), providesTags: [list] }),
    unreadMessages: build.query({ ...call('unreadMessages'), providesTags: [unread] }),
    conversation: build.query({ ...call('conversation', byId), providesTags: (_r, _e, id) => [{ type: 'conversation', id }] }),
    conversationMessages: build.infiniteQuery({
      ...pages('conversationMessages', MESSAGES_PAGE, byId),
      providesTags: (_r, _e, id) => [{ type: 'message', id }],
    }),
    /** The phone a new conversation is about (the catalogue's own query is that feature's). */
    phoneToAsk: build.query({ ...call('product', byId), providesTags: ['product'] }),
    startConversation: build.mutation({
      ...call('startConversation', (body: NewConversationBody) => ({ body })),
      invalidatesTags: [list, unread, ofProduct, dealConversations],
    }),
    /** The sent message joins its thread's cache where it is sent (`upsertMessage`), without asking the thread again. */
    sendMessage: build.mutation({
      ...call('sendMessage', ({ id, body }: { id: string; body: MessageBody }) => ({ params: { id }, body })),
      // A refusal may mean the thread is blocked now: its head says so.
      invalidatesTags: (_r, _e, { id }) => [{ type: 'conversation', id }, list],
    }),
    readConversation: build.mutation({
      ...call('readConversation', ({ id, seq }: { id: string; seq: number }) => ({ params: { id }, body: { seq } })),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'conversation', id }, list, unread, ofProduct, dealConversations],
    }),
    reportMessage: build.mutation(call('reportMessage', ({ id, ...body }: MessageReportBody & { id: string }) => ({ params: { id }, body }))),
    blockedUsers: build.infiniteQuery({ ...pages('blockedUsers', INBOX_PAGE), providesTags: [blocks] }),
    blockUser: build.mutation({ ...call('blockUser', byId), invalidatesTags: ['conversation'] }),
    unblockUser: build.mutation({ ...call('unblockUser', byId), invalidatesTags: ['conversation'] }),
    messageReports: build.infiniteQuery({ ...pages('messageReports', REPORTS_PAGE), providesTags: ['message-report'] }),
    /** Each reading is written in the audit log: kept for no one else, asked again at every opening. */
    reportedConversation: build.query({ ...call('reportedConversation', byId), keepUnusedDataFor: 0 }),
    dismissMessageReports: build.mutation({
      ...call('dismissMessageReports', ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } })),
      invalidatesTags: ['message-report'],
    }),
    warnSender: build.mutation({
      ...call('warnSender', ({ id, reason }: { id: string; reason: string }) => ({ params: { id }, body: { reason } })),
      invalidatesTags: ['message-report'],
    }),
  }),
});

/**
 * Puts a message into its thread's cached messages (sent here, or come by the live stream from the other person
 * or another tab): replaced where it is already, else placed by its number among the newest page. A thread not
 * in the cache is left alone (it reads them all when opened).
 */
export function upsertMessage(message: Message) {
  return chatApi.util.updateQueryData('conversationMessages', message.conversationId, (draft) => {
    for (const page of draft.pages) {
      const at = page.data.findIndex((m) => m._id === message._id);
      if (at >= 0) {
        page.data[at] = message;
        return;
      }
    }
    const newest = draft.pages[0];
    if (!newest) return;
    const at = newest.data.findIndex((m) => m.seq < message.seq);
    if (at < 0) newest.data.push(message);
    else newest.data.splice(at, 0, message);
  });
}

export const {
  useConversationsInfiniteQuery,
  useUnreadMessagesQuery,
  useConversationQuery,
  useConversationMessagesInfiniteQuery,
  usePhoneToAskQuery,
  useStartConversationMutation,
  useSendMessageMutation,
  useReadConversationMutation,
  useReportMessageMutation,
  useBlockedUsersInfiniteQuery,
  useBlockUserMutation,
  useUnblockUserMutation,
  useMessageReportsInfiniteQuery,
  useReportedConversationQuery,
  useDismissMessageReportsMutation,
  useWarnSenderMutation,
} = chatApi;
