import type { HandoverCode } from '@market/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encode } from 'uqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import HandoverPage from './handover-page.tsx';

/** Issue 31, item 3: the buyer's screen at the meeting, the checklist first, then the code and its QR code. */
const id = '00000000-0000-4000-8000-000000000001';
const code: HandoverCode = {
  productName: 'iPhone 13',
  payWith: 'cash',
  code: '482913',
  url: `/dashboard/bookings?handover=${id}&code=482913`,
  imeiEnd: '7518',
  meetingDate: '2026-11-25',
};

function open(answer: (call: Call) => { status: number; body: unknown }) {
  const calls = fakeApi(answer);
  renderAt(`/dashboard/handover/${id}`, <HandoverPage />, '/dashboard/handover/:id');
  return calls;
}
const answering = (data: HandoverCode) => () => ({ status: 200, body: { success: true, data } });

describe("the buyer's handover screen", () => {
  // jsdom lays nothing out: the scroll that brings the code into view is only recorded.
  const scrolled = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Buyer' }));
    scrolled.mockClear();
    Element.prototype.scrollIntoView = scrolled;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // jsdom has none of its own.
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('hides the code until the three checks are ticked, then shows it large with a QR code of the seller’s address', async () => {
    const calls = open(answering(code));
    expect(await screen.findByRole('heading', { level: 1, name: 'Handover of iPhone 13' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /api/order/${id}/handover`]);
    expect(screen.getByText('Meeting day: 25 Nov 2026')).toBeInTheDocument();
    const checks = within(screen.getByRole('group', { name: 'Before you show your code' })).getAllByRole('checkbox');
    expect(checks.map((c) => c.closest('label')!.textContent)).toEqual([
      'Dial *#06# on the phone: the IMEI it shows ends in 7518, as the listing says.',
      'The phone is signed out of its accounts (Google or Apple ID) and reset, so it does not lock you out.',
      expect.stringContaining('NEIR'),
    ]);
    const show = screen.getByRole('button', { name: 'Show my code' });
    expect(show).toBeDisabled();
    expect(show).toHaveAccessibleDescription('Tick the three checks first.');

    // Two of three are not enough; unticking one takes the button away again.
    await userEvent.click(checks[0]!);
    await userEvent.click(checks[1]!);
    expect(show).toBeDisabled();
    await userEvent.click(checks[2]!);
    expect(show).toBeEnabled();
    await userEvent.click(checks[2]!);
    expect(show).toBeDisabled();
    expect(screen.queryByText(/482/)).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();

    await userEvent.click(checks[2]!);
    await userEvent.click(show);
    // The button is gone: focus is on the code, brought into view under the checklist.
    const shownCode = screen.getByRole('region', { name: 'Your handover code' });
    expect(shownCode).toHaveFocus();
    expect(scrolled.mock.contexts).toEqual([shownCode]);
    expect(screen.getByText('482 913')).toBeInTheDocument();
    expect(screen.getByText('Pay the seller in cash once the handover is confirmed.')).toBeInTheDocument();
    // The QR code: an SVG whose dark modules are those of the seller's page address with the code filled in.
    const qr = screen.getByRole('img', { name: 'QR code of your handover code, for the seller to scan' });
    expect(qr.tagName).toBe('svg');
    const { data, size } = encode(`${window.location.origin}${code.url}`, { ecc: 'M', border: 2 });
    expect(qr).toHaveAttribute('viewBox', `0 0 ${size} ${size}`);
    const dark = data.flat().filter(Boolean).length;
    expect(qr.querySelector('path')!.getAttribute('d')!.match(/M/g)).toHaveLength(dark);
    // Unticking a check after the code is shown hides it again: the code is the buyer's word they have the phone.
    await userEvent.click(checks[0]!);
    expect(screen.queryByText('482 913')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('a protected deal says the payment waits out the complaint window; no IMEI on the listing says so', async () => {
    open(answering({ ...code, payWith: 'protected', imeiEnd: null }));
    const checks = await screen.findAllByRole('checkbox');
    expect(checks[0]!.closest('label')).toHaveTextContent('Dial *#06# on the phone and note the IMEI it shows: the listing gave none to compare.');
    for (const check of checks) await userEvent.click(check);
    await userEvent.click(screen.getByRole('button', { name: 'Show my code' }));
    expect(screen.getByText('Your payment stays with the site until the complaint window after the handover is over.')).toBeInTheDocument();
  });

  it('says why there is no code (a deal not accepted, or not paid when protected), with the way back', async () => {
    open(() => ({
      status: 409,
      body: {
        success: false,
        code: 'handover_needs_payment',
        message: 'This deal is paid protected: the buyer pays through the site before the handover',
      },
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This deal is paid protected: the buyer pays through the site before the handover');
    expect(screen.getByRole('link', { name: '← Back to My Orders' })).toHaveAttribute('href', '/dashboard/myOrders');
    expect(screen.queryByRole('button', { name: 'Show my code' })).toBeNull();
  });
});
