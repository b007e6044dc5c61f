import type { Order } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { aPaidOrder, page } from '../test-fixtures.ts';
import BookingRequests from './booking-requests.tsx';

/** Issue 29: the seller accepts a booking (its buyer then sees the number) or declines it; a cancelled one says so. */
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const aBooking = (n: number, buyerName: string, overrides: Partial<Order> = {}) =>
  aPaidOrder({ _id: `00000000-0000-4000-8000-00000000000${n}`, buyerName, state: 'requested', paid: false, payment: null, ...overrides });
const pending = aBooking(1, 'Rafiq Islam');
const bookings = [
  pending,
  aBooking(2, 'Nusrat Jahan', { state: 'accepted' }),
  aBooking(3, 'Karim Uddin', { state: 'cancelled' }),
  aBooking(4, 'Salma Akter', { state: 'expired' }),
];

function open() {
  let accepted = false;
  const calls = fakeApi(({ method, path }: Call) => {
    if (method === 'PUT' && path === `/api/accept-booking/${pending._id}`) {
      accepted = true;
      return { status: 200, body: { success: true, data: { ...pending, state: 'accepted' as const } } };
    }
    return page(accepted ? [{ ...pending, state: 'accepted' as const }, ...bookings.slice(1)] : bookings);
  });
  renderAt('/dashboard/bookings', <BookingRequests />);
  return calls;
}
const rowOf = (buyer: string) => screen.getByRole('row', { name: new RegExp(buyer) });

describe('Booking Requests', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers Accept beside Decline on a pending booking, only Decline once accepted, nothing on one the buyer cancelled or one that expired', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Bookings of my phones' });
    // Accept or decline, and later the handover code or calling the deal off (issue 31).
    expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Actions');
    const rafiq = rowOf('Rafiq Islam');
    expect(within(rafiq).getByText('Not paid yet')).toBeInTheDocument();
    expect(within(rafiq).getByRole('button', { name: 'Accept the booking of iPhone 13 by Rafiq Islam' })).toHaveTextContent('Accept');
    expect(within(rafiq).getByRole('button', { name: 'Decline the booking of iPhone 13 by Rafiq Islam' })).toBeInTheDocument();
    const nusrat = rowOf('Nusrat Jahan');
    expect(within(nusrat).getByText('Accepted')).toBeInTheDocument();
    expect(within(nusrat).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(within(nusrat).getByRole('button', { name: /^Decline/ })).toBeInTheDocument();
    const karim = rowOf('Karim Uddin');
    expect(within(karim).getByText('Cancelled by the buyer')).toBeInTheDocument();
    expect(within(karim).queryByRole('button', { name: /^(Accept|Decline)/ })).toBeNull();
    const salma = rowOf('Salma Akter');
    expect(within(salma).getByText('Expired: not answered in time')).toBeInTheDocument();
    expect(within(salma).queryByRole('button', { name: /^(Accept|Decline)/ })).toBeNull();
    // Each booking's history is beside its state.
    expect(within(salma).getByRole('button', { name: 'History of iPhone 13' })).toBeInTheDocument();
  });

  it('asks before accepting (it cannot be undone), then accepts: the row says Accepted', async () => {
    const calls = open();
    await screen.findByRole('table');
    await userEvent.click(within(rowOf('Rafiq Islam')).getByRole('button', { name: /^Accept the booking/ }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this booking?' });
    expect(dialog).toHaveTextContent(
      'Rafiq Islam will see your phone number to arrange meeting for iPhone 13, and the phone is reserved for them: it leaves the shop until the handover or until the deal is called off. This cannot be undone.',
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, accept it' }));
    await waitFor(() => expect(within(rowOf('Rafiq Islam')).getByText('Accepted')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([`/api/accept-booking/${pending._id}`]);
    expect(within(rowOf('Rafiq Islam')).queryByRole('button', { name: /^Accept/ })).toBeNull();
  });
  it("shows a protected deal's fee and what the seller receives, nothing of a fee for a cash deal, and how a dispute was split", async () => {
    const paid = aBooking(5, 'Arif Chowdhury', { state: 'paid', productPrice: 80000, fee: 240000 });
    const cash = aBooking(6, 'Shirin Akter', { state: 'accepted', payWith: 'cash', fee: 0 });
    const split = aBooking(7, 'Kamal Hossain', {
      state: 'completed',
      dispute: {
        reason: 'not_as_described',
        text: 'A crack',
        photos: [],
        openedAt: '2026-11-25T10:00:00.000Z',
        decision: 'split',
        refundAmount: 15000,
        decidedAt: '2026-11-26T10:00:00.000Z',
        messages: [],
      },
    });
    fakeApi(() => page([paid, cash, split]));
    renderAt('/dashboard/bookings', <BookingRequests />);
    await screen.findByRole('table', { name: 'Bookings of my phones' });
    expect(within(rowOf('Arif Chowdhury')).getByText('Fee ৳2,400 · you receive ৳77,600')).toBeInTheDocument();
    expect(rowOf('Shirin Akter')).not.toHaveTextContent(/Fee|you receive/);
    // A split deal says what was given back instead of the whole price's share.
    const kamal = rowOf('Kamal Hossain');
    expect(kamal).not.toHaveTextContent(/you receive/);
    expect(within(kamal).getByText('Decided: ৳15,000 back to the buyer, the rest to the seller')).toBeInTheDocument();
  });
});
