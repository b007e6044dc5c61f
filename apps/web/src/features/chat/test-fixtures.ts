import type { Conversation, Message } from '@market/contract';

/** The people of the tests' conversation: Mitu (test-utils' aUser) buys Tanvir's iPhone 13. */
export const mituId = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
export const tanvirId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
export const conversationId = 'c0000000-0000-4000-8000-000000000001';
export const productId = '3f6c1e2a-8b4d-4c1e-9a7f-2d5b8c9e0a11';

/** The conversation as Mitu (the buyer) sees it, unless `overrides` say otherwise. */
export const aConversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  _id: conversationId,
  side: 'buyer',
  product: {
    _id: productId,
    name: 'iPhone 13',
    image: { url: '/uploads/0b5e2c1d-7a4f-4e3b-8c9d-1f2e3a4b5c6d.webp', srcset: '' },
    price: 65000,
    status: 'available',
  },
  other: { _id: tanvirId, name: 'Tanvir Hasan' },
  lastMessage: { body: 'Yes, it is still available', photos: 0, mine: false, createdAt: '2026-11-27T10:05:00.000Z' },
  unread: 1,
  otherReadSeq: 0,
  blockedByMe: false,
  blocked: false,
  orderId: null,
  updatedAt: '2026-11-27T10:05:00.000Z',
  ...overrides,
});

/** The conversation's n-th message (n < 10), by `senderId`. */
export const aMessage = (seq: number, senderId: string, body: string, overrides: Partial<Message> = {}): Message => ({
  _id: `a0000000-0000-4000-8000-00000000000${seq}`,
  conversationId,
  seq,
  senderId,
  body,
  images: [],
  signs: [],
  createdAt: `2026-11-27T10:0${seq}:00.000Z`,
  ...overrides,
});

/** One page of a paged list, as the API answers it (the last page). */
export const lastPage = (data: unknown[], nextCursor: string | null = null) => ({ status: 200, body: { success: true, data, meta: { nextCursor } } });
export const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
