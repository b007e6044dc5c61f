import type { DealEvent } from '@market/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../../test-utils.tsx';
import { aPaidOrder } from './test-fixtures.ts';
import { DealTimeline } from './deal-timeline.tsx';

/** Issue 31, item 7: a deal's history, opened from beside its state, each move with its time, asked for only when opened. */
const order = aPaidOrder({ _id: '00000000-0000-4000-8000-000000000001', productName: 'iPhone 13' });
const events: DealEvent[] = [
  { transition: 'book', from: null, to: 'requested', by: 'buyer', at: '2026-11-20T10:00:00.000Z' },
  { transition: 'accept', from: 'requested', to: 'accepted', by: 'seller', at: '2026-11-21T10:00:00.000Z' },
  { transition: 'pay', from: 'accepted', to: 'paid', by: 'buyer', at: '2026-11-22T10:00:00.000Z' },
];

describe('a deal’s history', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  for (const [side, path] of [
    ['buyer', `/api/order/${order._id}/events`],
    ['seller', `/api/booking/${order._id}/events`],
  ] as const) {
    it(`the ${side}'s: every move, oldest first, from its own route, once opened`, async () => {
      signIn(aUser({ role: side === 'buyer' ? 'Buyer' : 'Seller' }));
      const calls = fakeApi(() => ({ status: 200, body: { success: true, data: events } }));
      renderAt('/dashboard', <DealTimeline order={order} side={side} />);
      expect(calls).toEqual([]);
      await userEvent.click(screen.getByRole('button', { name: 'History of iPhone 13' }));
      const dialog = await screen.findByRole('dialog', { name: 'History of iPhone 13' });
      const items = await within(dialog).findAllByRole('listitem');
      expect(items.map((i) => i.textContent)).toEqual([
        expect.stringContaining('Booked by the buyer'),
        expect.stringContaining('Accepted by the seller: the phone is reserved for the buyer, who sees the seller’s number'),
        expect.stringContaining('Paid by the buyer'),
      ]);
      expect(within(items[0]!).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
      expect(calls.map((c) => c.path)).toEqual([path]);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  }
});
