import type { Conversation, Message } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import { aConversation, aMessage, conversationId, lastPage, mituId, ok, productId, tanvirId } from './test-fixtures.ts';
import ThreadPage from './thread-page.tsx';

/** Issue 33: a conversation between Mitu (the buyer, signed in) and Tanvir (the seller). */
const mitu = aUser({ role: 'Buyer', emailVerified: true });
const path = `/api/conversations/${conversationId}`;

function serve(conversation: Conversation, messages: Message[]) {
  const sent: Message[] = [];
  const calls = fakeApi(({ method, path: p, body }: Call) => {
    if (method === 'GET' && p === path) return ok(conversation);
    // Newest first, as the API answers.
    if (method === 'GET' && p === `${path}/messages`) return lastPage([...messages].reverse());
    if (method === 'PUT' && p === `${path}/read`) return ok({ ...conversation, unread: 0 });
    if (method === 'POST' && p === `${path}/messages`) {
      const m = aMessage(messages.length + sent.length + 1, mituId, (body as { body?: string }).body ?? '');
      sent.push(m);
      return ok(m, 201);
    }
    return { status: 404, body: { success: false, message: 'not found' } };
  });
  renderAt(`/dashboard/messages/${conversationId}`, <ThreadPage />, '/dashboard/messages/:id');
  return calls;
}

const texts = async () =>
  within(await screen.findByRole('list', { name: 'Messages with Tanvir Hasan, the oldest first' }))
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.tagName === 'OL')
    .map((li) => li.querySelector('.chat-bubble')?.textContent);

describe('A conversation', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(mitu);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the messages oldest first, says Seen under the last one read and Sent under a newer one, and marks itself read', async () => {
    const calls = serve(aConversation({ otherReadSeq: 2, unread: 1 }), [
      aMessage(1, mituId, 'Is it still for sale?'),
      aMessage(2, mituId, 'I am in Banani'),
      aMessage(3, tanvirId, 'Yes, it is still available'),
      aMessage(4, mituId, 'Can we meet tomorrow?'),
    ]);
    expect(await texts()).toEqual(['Is it still for sale?', 'I am in Banani', 'Yes, it is still available', 'Can we meet tomorrow?']);
    const items = screen.getByRole('list', { name: /^Messages with/ }).children;
    expect(items[1]).toHaveTextContent('Seen');
    expect(items[3]).toHaveTextContent('Sent');
    expect(items[0]).not.toHaveTextContent(/Seen|Sent/);
    // Tanvir's message can be reported, Mitu's own cannot.
    expect(within(items[2] as HTMLElement).getByRole('button', { name: 'Report this message of Tanvir Hasan' })).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /Report/ })).toBeNull();
    // The head: the phone to its page, the other person.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Conversation with Tanvir Hasan');
    expect(screen.getByRole('link', { name: /iPhone 13/ })).toHaveAttribute('href', `/detail-product/${productId}`);
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', path: `${path}/read`, body: { seq: 4 } }));
  });

  it('sends what is written with Send, and with Enter; the sent message joins the thread', async () => {
    const calls = serve(aConversation({ unread: 0 }), [aMessage(1, tanvirId, 'Hello')]);
    const box = await screen.findByRole('textbox', { name: 'Your message to Tanvir Hasan' });
    expect(screen.getByText('0/2000')).toBeInTheDocument();
    await userEvent.type(box, 'Is the battery good?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: `${path}/messages`, body: { body: 'Is the battery good?' } }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await texts()).toEqual(['Hello', 'Is the battery good?']);
    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}line two{Enter}');
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: `${path}/messages`, body: { body: 'Line one\nline two' } }));
  });

  it('says nothing can be sent while blocked: by Mitu, with Unblock behind a question; by the other person, only that', async () => {
    serve(aConversation({ blockedByMe: true, blocked: true }), [aMessage(1, tanvirId, 'Hello')]);
    expect(await screen.findByText('You blocked Tanvir Hasan: neither of you can send messages until you unblock them.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Unblock' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Unblock Tanvir Hasan?' });
    expect(dialog).toHaveTextContent('You and Tanvir Hasan can send each other messages again.');
  });

  it('says messages cannot be sent when the other person blocked', async () => {
    serve(aConversation({ blocked: true }), [aMessage(1, tanvirId, 'Hello')]);
    expect(await screen.findByText('Messages cannot be sent in this conversation.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
  });

  it('asks before blocking, and says what happens', async () => {
    serve(aConversation(), [aMessage(1, tanvirId, 'Hello')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Tanvir Hasan?' });
    expect(dialog).toHaveTextContent('neither of you can send the other a message');
    expect(within(dialog).getByRole('button', { name: 'Yes, block' })).toBeInTheDocument();
  });

  it('warns under a message with scam signs, naming each, and offers the buyer a protected booking of the available phone', async () => {
    serve(aConversation(), [aMessage(1, tanvirId, 'Send 5000 tk to 01711000000 by bKash and WhatsApp me', { signs: ['send_money', 'off_platform'] })]);
    const card = await screen.findByRole('note', { name: 'Careful: this message may be a scam' });
    expect(card).toHaveTextContent('asks you to send money to a number (bKash, Nagad, Rocket)');
    expect(card).toHaveTextContent('asks to move the talk to WhatsApp, Imo or Telegram');
    expect(card).not.toHaveTextContent('asks for an OTP or a PIN');
    expect(card).toHaveTextContent('Never pay by Send Money before you have seen the phone.');
    expect(card).toHaveTextContent('Never share an OTP or PIN with anyone, not even with us.');
    expect(within(card).getByRole('link', { name: 'Book with protected payment' })).toHaveAttribute('href', `/detail-product/${productId}#book`);
  });

  it('shows the seller the warning without the booking link, and no booking link once the phone is reserved', async () => {
    localStorage.clear();
    signIn(aUser({ _id: tanvirId, role: 'Seller', emailVerified: true }));
    serve(aConversation({ side: 'seller', other: { _id: mituId, name: 'Mitu Akter' } }), [aMessage(1, mituId, 'my OTP is 1234', { signs: ['otp_pin'] })]);
    const card = await screen.findByRole('note', { name: 'Careful: this message may be a scam' });
    expect(card).toHaveTextContent('asks for an OTP or a PIN');
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('warns only the reader: the writer of a message with signs sees no card under it', async () => {
    serve(aConversation(), [aMessage(1, mituId, 'my whatsapp is 01711000000', { signs: ['off_platform'] }), aMessage(2, tanvirId, 'ok')]);
    await screen.findByText('my whatsapp is 01711000000');
    expect(screen.queryByRole('note', { name: 'Careful: this message may be a scam' })).toBeNull();
  });

  it('offers no booking link to the buyer of a reserved phone', async () => {
    serve(aConversation({ product: { ...aConversation().product, status: 'reserved' } }), [
      aMessage(1, tanvirId, 'pay here https://pay.example', { signs: ['payment_link'] }),
    ]);
    const card = await screen.findByRole('note', { name: 'Careful: this message may be a scam' });
    expect(card).toHaveTextContent('has a payment link');
    expect(within(card).queryByRole('link')).toBeNull();
  });
});
