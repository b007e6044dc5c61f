import type { Notification } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '../../app/notification-bell.tsx';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import { page } from '../dashboard/test-fixtures.ts';
import NotificationsPage from './notifications-page.tsx';

/** Issue 31, item 6: what a seller was told of their deals, the unread ones marked, each opening its deals' page. */
const seller = aUser({ role: 'Seller' });
const aNote = (n: number, overrides: Partial<Notification>): Notification => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  kind: 'book',
  orderId: '11111111-1111-4111-8111-111111111111',
  productName: 'Galaxy S21',
  params: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  readAt: null,
  ...overrides,
});
const notes = [aNote(1, {}), aNote(2, { kind: 'pay' }), aNote(3, { kind: 'cancel', readAt: '2026-11-26T10:00:00.000Z' })];

function answer({ method, path }: Call) {
  if (method === 'PUT' && path === `/api/notifications/${notes[0]!._id}/read`)
    return { status: 200, body: { success: true, data: { ...notes[0], readAt: '2026-11-28T10:00:00.000Z' } } };
  if (method === 'PUT' && path === '/api/notifications/read-all') return { status: 200, body: { success: true, data: { unread: 0 } } };
  if (path === '/api/notifications/unread') return { status: 200, body: { success: true, data: { unread: 2 } } };
  return page(notes);
}

describe('Notifications', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists what the seller was told, the unread ones first said new; opening one marks it read and goes to the bookings', async () => {
    const calls = fakeApi(answer);
    renderAt('/dashboard/notifications', <NotificationsPage />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^New: New booking of your Galaxy S21/),
      expect.stringMatching(/^New: Your Galaxy S21 was paid for/),
      expect.stringMatching(/^The buyer cancelled their booking of your Galaxy S21/),
    ]);
    const first = within(items[0]!).getByRole('link');
    expect(first).toHaveAttribute('href', '/dashboard/bookings');
    await userEvent.click(first);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === `/api/notifications/${notes[0]!._id}/read`)).toBe(true));
  });

  it('a listing about to expire (issue 36): its days left, My Products, and the one tap "Still available"; an expired one, My Products', async () => {
    const key = `3f6c1e2a-8b4d-4c1e-9a7f-2d5b8c9e0a11.1790000000.${'A'.repeat(43)}`;
    fakeApi(() =>
      page([aNote(6, { kind: 'listing_expiring', orderId: null, params: { days: 5, renew: key } }), aNote(7, { kind: 'listing_expired', orderId: null })]),
    );
    renderAt('/dashboard/notifications', <NotificationsPage />);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Your listing Galaxy S21 leaves search in 5 days');
    expect(within(items[0]!).getByRole('link', { name: /leaves search/ })).toHaveAttribute('href', '/dashboard/myProduct');
    expect(within(items[0]!).getByRole('link', { name: 'Still available: keep Galaxy S21 on sale' })).toHaveAttribute('href', `/still-available/${key}`);
    expect(items[1]).toHaveTextContent('Your listing Galaxy S21 expired and left search');
    expect(
      within(items[1]!)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/dashboard/myProduct']);
  });

  it('opens the page a notice is about: a review, the seller’s reviews; an Admin’s removal, their listings', async () => {
    fakeApi(() => page([aNote(4, { kind: 'review' }), aNote(5, { kind: 'listing_removed' })]));
    renderAt('/dashboard/notifications', <NotificationsPage />);
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/dashboard/reviews');
    expect(items[0]).toHaveTextContent('Galaxy S21: the buyer reviewed you');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/dashboard/myProduct');
    expect(items[1]).toHaveTextContent('An administrator removed your listing Galaxy S21');
  });

  it('says an account suspended or reinstated in each side’s words, opening its page (issue 35, item 17)', async () => {
    const told = [
      aNote(7, { kind: 'listings_suspended', orderId: null, productName: '' }),
      aNote(8, { kind: 'listings_reinstated', orderId: null, productName: '' }),
    ];
    fakeApi(() => page(told));
    renderAt('/dashboard/notifications', <NotificationsPage />);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('An administrator suspended your account: your phones are off the site until it is reinstated.');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/dashboard/myProduct');
  });

  it('a buyer reads that they cannot sign in or book, not of phones', async () => {
    signIn(aUser({ role: 'Buyer' }));
    fakeApi(() =>
      page([
        aNote(7, { kind: 'listings_suspended', orderId: null, productName: '' }),
        aNote(8, { kind: 'listings_reinstated', orderId: null, productName: '' }),
      ]),
    );
    renderAt('/dashboard/notifications', <NotificationsPage />);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('An administrator suspended your account: you cannot sign in or book until it is reinstated.');
    expect(items[1]).toHaveTextContent('Your account is reinstated: you can sign in and book again');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/');
  });

  it('says a saved phone’s drop with its old and new price, opening the saved phones', async () => {
    fakeApi(() => page([aNote(6, { kind: 'saved_price_drop', orderId: null, params: { oldPrice: 85000, newPrice: 70000 } })]));
    renderAt('/dashboard/notifications', <NotificationsPage />);
    const [item] = await screen.findAllByRole('listitem');
    expect(item).toHaveTextContent('A phone you saved is cheaper: Galaxy S21 is now 70,000 tk (was 85,000 tk)');
    expect(within(item!).getByRole('link')).toHaveAttribute('href', '/dashboard/saved');
  });

  it('marks all read at once', async () => {
    const calls = fakeApi(answer);
    renderAt('/dashboard/notifications', <NotificationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/notifications/read-all')).toBe(true));
  });

  it('the bell says how many are unread and links to the list', async () => {
    fakeApi(answer);
    renderAt('/', <NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('href', '/dashboard/notifications');
    expect(bell).toHaveTextContent('2');
  });
});
