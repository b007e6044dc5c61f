import type { Order } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { aPaidOrder, page } from '../test-fixtures.ts';
import BookingRequests from './booking-requests.tsx';
import { codeFromScan } from './handover-dialog.tsx';

/** Issue 31, item 3: the seller enters the buyer's handover code, typed or from its QR code's address. */
const id = '00000000-0000-4000-8000-000000000001';
const other = '00000000-0000-4000-8000-000000000002';

describe('codeFromScan', () => {
  it("takes the bare 6 digits, or the code of this deal's handover address", () => {
    expect(codeFromScan('482913', id)).toBe('482913');
    expect(codeFromScan(' 482913\n', id)).toBe('482913');
    expect(codeFromScan(`https://resalephones.example/dashboard/bookings?handover=${id}&code=482913`, id)).toBe('482913');
    expect(codeFromScan(`http://127.0.0.1:4173/dashboard/bookings?code=000111&handover=${id}`, id)).toBe('000111');
  });

  it("refuses another deal's address, a code that is not 6 digits, and anything else", () => {
    expect(codeFromScan(`https://resalephones.example/dashboard/bookings?handover=${other}&code=482913`, id)).toBeNull();
    expect(codeFromScan(`https://resalephones.example/dashboard/bookings?handover=${id}&code=48291`, id)).toBeNull();
    expect(codeFromScan(`https://resalephones.example/dashboard/bookings?handover=${id}`, id)).toBeNull();
    expect(codeFromScan('4829134', id)).toBeNull();
    expect(codeFromScan('48 29 13', id)).toBeNull();
    expect(codeFromScan('WIFI:S:home;T:WPA;P:secret;;', id)).toBeNull();
    expect(codeFromScan('', id)).toBeNull();
  });
});

const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const booking = (n: number, buyerName: string, overrides: Partial<Order>) =>
  aPaidOrder({ _id: `00000000-0000-4000-8000-00000000000${n}`, buyerName, paid: false, payment: null, meetingDate: '2099-01-01', ...overrides });
const cash = booking(1, 'Rafiq Islam', { state: 'accepted', payWith: 'cash' });
const bookings = [
  cash,
  // Protected, accepted but not paid yet: no code is taken before the payment.
  booking(2, 'Nusrat Jahan', { state: 'accepted', payWith: 'protected' }),
  // Protected and paid: the code is taken.
  booking(3, 'Karim Uddin', { state: 'paid', payWith: 'protected', paid: true }),
  booking(4, 'Salma Akter', { state: 'requested', payWith: 'cash' }),
];

/** The server: the right code is 482913; a wrong one is refused with the tries left, 3 after the first. */
function open(path = '/dashboard/bookings') {
  let handedOver = false;
  let left = 4;
  const calls = fakeApi(({ method, path: at, body }: Call) => {
    if (method === 'POST' && at === `/api/booking/${cash._id}/handover`) {
      if ((body as { code: string }).code !== '482913') {
        left -= 1;
        const message = `That is not the buyer's handover code: ${left} tries left before the deal locks`;
        return { status: 400, body: { success: false, message, massage: message, code: 'handover_wrong_code', params: { left } } };
      }
      handedOver = true;
      return { status: 200, body: { success: true, data: { ...cash, state: 'completed' } } };
    }
    return page(handedOver ? [{ ...cash, state: 'completed' as const }, ...bookings.slice(1)] : bookings);
  });
  const { router } = renderAt(path, <BookingRequests />, '/dashboard/bookings');
  return { calls, router };
}
const rowOf = (buyer: string) => screen.getByRole('row', { name: new RegExp(buyer) });
const handovers = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe("the seller's handover code entry", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is offered on a cash deal once accepted and a protected one once paid, not before', async () => {
    open();
    await screen.findByRole('table');
    expect(within(rowOf('Rafiq Islam')).getByRole('button', { name: 'Enter code of Rafiq Islam for iPhone 13' })).toHaveTextContent('Enter code');
    expect(within(rowOf('Karim Uddin')).getByRole('button', { name: 'Enter code of Karim Uddin for iPhone 13' })).toBeInTheDocument();
    expect(within(rowOf('Nusrat Jahan')).queryByRole('button', { name: /handover code/ })).toBeNull();
    expect(within(rowOf('Salma Akter')).queryByRole('button', { name: /handover code/ })).toBeNull();
    // How each pays, and what a cash booking not yet answered waits for (no payment: this seller's answer).
    expect(within(rowOf('Karim Uddin')).getByText('Paid: the site holds the money until the handover')).toBeInTheDocument();
    expect(within(rowOf('Karim Uddin')).getByText('Protected payment')).toBeInTheDocument();
    expect(within(rowOf('Salma Akter')).getByText('Waits for your answer')).toBeInTheDocument();
    expect(within(rowOf('Salma Akter')).getByText('Cash at the meeting')).toBeInTheDocument();
    expect(within(rowOf('Salma Akter')).getByText('Meeting day 1 Jan 2099')).toBeInTheDocument();
  });

  it("says a code of the wrong form at once, the server's refusal of a wrong one with the tries left, then hands over with the right one", async () => {
    const { calls } = open();
    await screen.findByRole('table');
    await userEvent.click(within(rowOf('Rafiq Islam')).getByRole('button', { name: /^Enter code of/ }));
    const dialog = screen.getByRole('dialog', { name: 'Handover of iPhone 13' });
    const field = within(dialog).getByRole('textbox', { name: 'Handover code' });
    expect(field).toHaveValue('');

    // Letters are dropped as they are typed; fewer than 6 digits are not sent.
    await userEvent.type(field, '48a29');
    expect(field).toHaveValue('4829');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the 6 digits of the buyer’s code');
    expect(handovers(calls)).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '111111');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("That is not the buyer's handover code: 3 tries left before the deal locks");
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription("That is not the buyer's handover code: 3 tries left before the deal locks");
    expect(screen.getByRole('dialog', { name: 'Handover of iPhone 13' })).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, '482913');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Handover of iPhone 13' })).toBeNull());
    expect(handovers(calls)).toEqual([{ code: '111111' }, { code: '482913' }]);
    await waitFor(() => expect(within(rowOf('Rafiq Islam')).getByText('Completed')).toBeInTheDocument());
    expect(within(rowOf('Rafiq Islam')).queryByRole('button', { name: /^Enter code of/ })).toBeNull();
  });

  it("opens from the buyer's QR code address with the code filled in, and takes the code out of the address once closed", async () => {
    const { calls, router } = open(`/dashboard/bookings?handover=${cash._id}&code=482913`);
    const dialog = await screen.findByRole('dialog', { name: 'Handover of iPhone 13' });
    expect(within(dialog).getByRole('textbox', { name: 'Handover code' })).toHaveValue('482913');
    // Nothing is sent before the seller confirms: the handover cannot be undone.
    expect(handovers(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Handover of iPhone 13' })).toBeNull();
    expect(router.state.location.search).toBe('');
    expect(handovers(calls)).toEqual([]);
  });
});
