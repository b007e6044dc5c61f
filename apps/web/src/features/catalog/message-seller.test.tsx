import type { Conversation, Product } from '@market/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import { DetailPage } from './detail-page.tsx';

/** Issue 33: 'Message the seller' beside Book Now, and #book (the scam warning's protected booking). */
const threadId = 'c0000000-0000-4000-8000-000000000001';

function open(threads: Partial<Conversation>[], { phone = aProduct(), at = '' }: { phone?: Product; at?: string } = {}) {
  const calls = fakeApi(({ method, path }: Call) => {
    if (method === 'GET' && path === `/api/detail-product/${phone._id}`) return { status: 200, body: { success: true, data: phone } };
    if (method === 'GET' && path === '/api/conversations') return { status: 200, body: { success: true, data: threads, meta: { nextCursor: null } } };
    return { status: 404, body: { success: false, message: 'not found' } };
  });
  renderAt(`/detail-product/${phone._id}${at}`, <DetailPage />, '/detail-product/:id');
  return calls;
}

describe('messaging the seller from the phone’s page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('a buyer starts a conversation about the phone, asking the server which one they have', async () => {
    signIn(aUser({ role: 'Buyer', emailVerified: true }));
    const calls = open([]);
    expect(await screen.findByRole('link', { name: 'Message the seller' })).toHaveAttribute('href', `/dashboard/messages/new?product=${aProduct()._id}`);
    expect(calls).toContainEqual({ method: 'GET', path: '/api/conversations', body: undefined });
  });

  it('a buyer who wrote before opens that conversation', async () => {
    signIn(aUser({ role: 'Buyer', emailVerified: true }));
    open([{ _id: threadId }]);
    expect(await screen.findByRole('link', { name: 'Open the conversation' })).toHaveAttribute('href', `/dashboard/messages/${threadId}`);
  });

  it('an unconfirmed address is told to confirm it first', async () => {
    signIn(aUser({ role: 'Buyer', emailVerified: false }));
    open([]);
    expect(await screen.findByText('Confirm your e-mail address to message the seller')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message the seller' })).toBeNull();
  });

  it('signed out, the button leads to the login page', async () => {
    open([]);
    expect(await screen.findByRole('link', { name: 'Message the seller' })).toHaveAttribute('href', '/login');
  });

  it('a seller has no such button', async () => {
    signIn(aUser({ role: 'Seller', emailVerified: true }));
    open([]);
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13' });
    expect(screen.queryByRole('link', { name: /Message the seller|Open the conversation/ })).toBeNull();
  });

  it('#book opens the booking form of an available phone', async () => {
    signIn(aUser({ role: 'Buyer', emailVerified: true }));
    open([], { at: '#book' });
    expect(await screen.findByRole('dialog', { name: 'Booking information' })).toBeInTheDocument();
  });
});
