import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import { DetailPage } from './detail-page.tsx';

/** Issue 31, item 2: booking names the meeting day and how the buyer pays, cash at the meeting or protected now. */

function open(phone = aProduct()) {
  const calls = fakeApi(({ method, path, body }: Call) => {
    if (method === 'GET' && path === `/api/detail-product/${phone._id}`) return { status: 200, body: { success: true, data: phone } };
    if (method === 'POST' && path === '/api/order') return { status: 201, body: { success: true, data: body } };
    return { status: 404, body: { success: false, message: 'not found' } };
  });
  renderAt(`/detail-product/${phone._id}`, <DetailPage />, '/detail-product/:id');
  return calls;
}

/** Book Now, once the page knows this buyer has no booking of the phone (it waits, disabled, until then). */
async function bookNow() {
  const book = await screen.findByRole('button', { name: 'Book Now' });
  await waitFor(() => expect(book).toBeEnabled());
  await userEvent.click(book);
}

async function bookingDialog() {
  await bookNow();
  const dialog = await screen.findByRole('dialog', { name: 'Booking information' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Meeting location' }), 'Banani, Dhaka');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Mobile number' }), '01711-000111');
  return dialog;
}

const posted = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('booking a phone', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Buyer', emailVerified: true }));
    // 20:00 UTC on the 24th is 02:00 on the 25th in Dhaka: the days offered are Bangladesh's, not the clock's zone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T20:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('offers tomorrow and protected payment first, and sends them', async () => {
    const calls = open();
    const dialog = await bookingDialog();
    const day = within(dialog).getByLabelText('Meeting day');
    expect(day).toHaveValue('2026-11-26');
    expect(day).toHaveAttribute('min', '2026-11-25');
    expect(day).toHaveAttribute('max', '2026-12-25');
    const ways = within(dialog).getByRole('group', { name: 'How you pay' });
    const [protectedWay, cash] = within(ways).getAllByRole('radio');
    expect(protectedWay).toHaveAccessibleName(/^Pay now, protected \(card or bKash\)/);
    expect(protectedWay).toBeChecked();
    expect(cash).toHaveAccessibleName(/^Cash at the meeting/);
    expect(cash).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)).toEqual([
      {
        productId: aProduct()._id,
        meetingLocation: 'Banani, Dhaka',
        meetingDistrict: 'dhaka',
        mobileNumber: '01711-000111',
        meetingDate: '2026-11-26',
        payWith: 'protected',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens on the first field the buyer fills, and Tab passes over the read-only ones (issue 35)', async () => {
    open();
    await bookNow();
    const dialog = await screen.findByRole('dialog', { name: 'Booking information' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Meeting location' })).toHaveFocus());
    for (const name of ['Product name', 'Price', 'Name', 'Email']) expect(within(dialog).getByRole('textbox', { name })).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    expect(within(dialog).getByRole('combobox', { name: 'District' })).toHaveFocus();
  });

  it('once booked, the page says so instead of Book Now, and the focus goes there (issue 35)', async () => {
    const phone = aProduct();
    let booked: unknown = null;
    fakeApi(({ method, path, body }: Call) => {
      if (method === 'GET' && path === `/api/detail-product/${phone._id}`) return { status: 200, body: { success: true, data: phone } };
      if (method === 'GET' && path === `/api/orders/${aUser()._id}`)
        return { status: 200, body: { success: true, data: booked ? [booked] : [], meta: { nextCursor: null } } };
      if (method === 'POST' && path === '/api/order') {
        booked = { ...(body as object), _id: '00000000-0000-4000-8000-000000000009', state: 'requested' };
        return { status: 201, body: { success: true, data: booked } };
      }
      return { status: 404, body: { success: false, message: 'not found' } };
    });
    renderAt(`/detail-product/${phone._id}`, <DetailPage />, '/detail-product/:id');
    const dialog = await bookingDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const result = await screen.findByRole('link', { name: 'Booked — see your order' });
    expect(result).toHaveAttribute('href', '/dashboard/myOrders');
    await waitFor(() => expect(result).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Book Now' })).toBeNull();
  });

  it('sends the day chosen and cash at the meeting', async () => {
    const calls = open();
    const dialog = await bookingDialog();
    const day = within(dialog).getByLabelText('Meeting day');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-12-01');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Cash at the meeting/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({ meetingDate: '2026-12-01', payWith: 'cash' });
  });

  it('refuses a day before today in Bangladesh or more than 30 days ahead, and sends nothing', async () => {
    const calls = open();
    const dialog = await bookingDialog();
    const day = within(dialog).getByLabelText('Meeting day');
    for (const wrong of ['2026-11-24', '2026-12-26']) {
      await userEvent.clear(day);
      await userEvent.type(day, wrong);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(await within(dialog).findByText('Choose a meeting day from today to 30 days ahead')).toBeInTheDocument();
      expect(day).toHaveAttribute('aria-invalid', 'true');
    }
    expect(posted(calls)).toEqual([]);
  });

  it('a phone reserved for a buyer on their way to the meeting says so and cannot be booked', async () => {
    open(aProduct({ status: 'reserved' }));
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13' });
    expect(screen.getByText('Reserved')).toHaveClass('badge');
    expect(
      screen.getByText('This phone is reserved for a buyer who is meeting the seller. If their deal is called off, it can be booked again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Sold')).toBeNull();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  });
});
