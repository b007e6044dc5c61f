import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../../test-utils.tsx';
import InboxPage from './inbox-page.tsx';
import { aConversation, conversationId, lastPage } from './test-fixtures.ts';

/** Issue 33: the inbox, a row per conversation. */
describe('Messages (the inbox)', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Buyer' }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows each conversation’s phone, its state, the other person, the last message, its time and the unread count, as a link to it', async () => {
    fakeApi(() =>
      lastPage([
        aConversation(),
        aConversation({
          _id: 'c0000000-0000-4000-8000-000000000002',
          product: { _id: null, name: 'Galaxy S21', image: null, price: null, status: null },
          other: { _id: 'b0000000-0000-4000-8000-000000000002', name: 'Rafiq Islam' },
          lastMessage: { body: '', photos: 2, mine: true, createdAt: '2026-11-20T09:00:00.000Z' },
          unread: 0,
        }),
        aConversation({
          _id: 'c0000000-0000-4000-8000-000000000003',
          product: { ...aConversation().product, status: 'sold' },
          lastMessage: { body: 'Thanks!', photos: 0, mine: true, createdAt: '2026-11-27T11:00:00.000Z' },
          unread: 0,
        }),
      ]),
    );
    renderAt('/dashboard/messages', <InboxPage />);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    expect(rows[0]).toHaveAttribute('href', `/dashboard/messages/${conversationId}`);
    expect(rows[0]).toHaveTextContent('iPhone 13');
    expect(rows[0]).toHaveTextContent('65,000 tk');
    expect(rows[0]).toHaveTextContent('Available');
    expect(rows[0]).toHaveTextContent('with Tanvir Hasan');
    expect(rows[0]).toHaveTextContent('Yes, it is still available');
    expect(rows[0]).toHaveTextContent('1 unread message');
    expect(within(rows[0]!).getByText(/^\d{1,2}:\d{2}\s?(am|pm)$/i)).toBeInTheDocument();
    // A phone no longer listed, photos alone, the reader's own: said so.
    expect(rows[1]).toHaveTextContent('Galaxy S21');
    expect(rows[1]).toHaveTextContent('No longer listed');
    expect(rows[1]).toHaveTextContent('You: 2 photos');
    expect(rows[1]).toHaveTextContent('20 Nov 2026');
    expect(rows[1]).not.toHaveTextContent('unread');
    expect(rows[2]).toHaveTextContent('Sold');
    expect(rows[2]).toHaveTextContent('You: Thanks!');
  });

  it('explains how a conversation starts when there is none', async () => {
    fakeApi(() => lastPage([]));
    renderAt('/dashboard/messages', <InboxPage />);
    expect(await screen.findByText(/open the phone’s page and press “Message the seller”/)).toBeInTheDocument();
  });
});
