import type { Dispute, Order } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { aPaidOrder, page } from '../test-fixtures.ts';
import BookingRequests from './booking-requests.tsx';

/** Issue 32: the seller reads a dispute's questions and answers on Booking Requests, and answers while it is open. */
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const messages: Dispute['messages'] = [{ from: 'admin', to: 'seller', text: 'Did the phone charge when you met?', at: '2026-11-25T11:00:00.000Z' }];
const dispute = (overrides: Partial<Dispute> = {}): Dispute => ({
  reason: 'not_working',
  text: 'It does not charge',
  photos: [],
  openedAt: '2026-11-25T10:00:00.000Z',
  decision: null,
  refundAmount: null,
  decidedAt: null,
  messages,
  ...overrides,
});
const open = aPaidOrder({ _id: '00000000-0000-4000-8000-000000000001', buyerName: 'Rafiq Islam', state: 'disputed', dispute: dispute() });
const refunded = aPaidOrder({
  _id: '00000000-0000-4000-8000-000000000002',
  buyerName: 'Karim Uddin',
  state: 'refunded',
  dispute: dispute({ decision: 'refund', decidedAt: '2026-11-26T10:00:00.000Z' }),
});
const answer = 'Yes: we tried it at the shop with my charger.';
const answered: Order = { ...open, dispute: dispute({ messages: [...messages, { from: 'seller', to: null, text: answer, at: '2026-11-25T12:00:00.000Z' }] }) };
const rowOf = (buyer: string) => screen.getByRole('row', { name: new RegExp(buyer) });

describe("the seller's side of a dispute", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("says an Admin decides, highlights the question to the seller, and sends the seller's answer through the booking", async () => {
    let sent = false;
    const calls = fakeApi((call: Call) => {
      if (call.method === 'POST') {
        sent = true;
        return { status: 200, body: { success: true, data: answered } };
      }
      return page([sent ? answered : open, refunded]);
    });
    renderAt('/dashboard/bookings', <BookingRequests />);
    await screen.findByRole('table', { name: 'Bookings of my phones' });
    const row = rowOf('Rafiq Islam');
    expect(row).toHaveTextContent('An administrator is deciding; you can tell them your side');
    const question = within(row).getByRole('listitem');
    expect(question).toHaveTextContent('An administrator asks you: Did the phone charge when you met?');
    expect(question).toHaveClass('border-warning');

    await userEvent.click(within(row).getByRole('button', { name: 'Answer the administrator about iPhone 13' }));
    const dialog = screen.getByRole('dialog', { name: 'The dispute over iPhone 13' });
    const words = within(dialog).getByRole('textbox', { name: 'Your answer' });
    expect(words).toHaveAccessibleDescription('The administrators read it, and so does the buyer');
    await userEvent.type(words, answer);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: `/api/booking/${open._id}/dispute-answer`, body: { text: answer } }]),
    );
    await waitFor(() => expect(within(rowOf('Rafiq Islam')).getAllByRole('listitem')).toHaveLength(2));
    expect(within(rowOf('Rafiq Islam')).getAllByRole('listitem')[1]).toHaveTextContent(`You wrote: ${answer}`);

    // Decided: the thread stays, the answer box goes.
    const karim = rowOf('Karim Uddin');
    expect(karim).toHaveTextContent('Decided: refunded to the buyer in full');
    expect(within(karim).getByRole('listitem')).toHaveTextContent('An administrator asks you: Did the phone charge when you met?');
    expect(within(karim).queryByRole('button', { name: /^Answer the administrator/ })).toBeNull();
    expect(karim).not.toHaveTextContent('An administrator is deciding');
  });
});
