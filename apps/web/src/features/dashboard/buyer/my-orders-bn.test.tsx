import { i18n } from '@lingui/core';
import { intlLocale, type Order } from '@market/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { aUser, fakeApi, renderAt, signIn } from '../../../test-utils.tsx';
import { aPaidOrder, page } from '../test-fixtures.ts';
import MyOrders from './my-orders.tsx';

const buyer = aUser({ role: 'Buyer' });
/** The n-th order of this buyer, unpaid unless `overrides` say otherwise. */
const anOrder = (n: number, overrides: Partial<Order>): Order =>
  aPaidOrder({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    productName: `Phone ${n}`,
    productPrice: 65000,
    meetingLocation: 'Banani',
    sellerPhone: '01711-000444',
    state: 'requested',
    paid: false,
    payment: null,
    ...overrides,
  });
const orders = [
  // Accepted by its seller: its buyer sees the seller's number (issue 29), and pays (protected) before the meeting.
  anOrder(1, { state: 'accepted' }),
  // Completed (issue 31): a review comes from it.
  anOrder(2, {
    state: 'completed',
    paid: true,
    review: { _id: '00000000-0000-4000-8000-0000000000a1', stars: 4, text: null, editableUntil: '2099-01-01T12:00:00.000Z' },
  }),
  anOrder(3, {
    state: 'closed',
    refund: { status: 'refunded', id: 're_1', amount: 65000, refundedAt: '2026-11-23T12:00:00.000Z', reason: 'Sold to another buyer', ofPayment: false },
  }),
  // Not yet accepted: no number, and the page says what it waits for.
  anOrder(4, { sellerPhone: null }),
  // Paid, then given back by an Admin: no review to write, only hidden (money history).
  anOrder(5, {
    state: 'refunded',
    paid: true,
    payment: { transactionId: 'txn_5', amount: 65000, paidAt: '2026-11-22T10:00:00.000Z' },
    refund: { status: 'pending', id: null, amount: 65000, refundedAt: null, reason: 'Not as described', ofPayment: true },
  }),
  anOrder(6, { state: 'declined', sellerPhone: null }),
  // Not answered in time: ended by its timer (issue 31).
  anOrder(7, { state: 'expired', sellerPhone: null }),
  // A cash deal accepted, its meeting day over: the handover code, or calling it off (issue 31).
  anOrder(8, { state: 'accepted', payWith: 'cash', meetingDate: '2026-11-23' }),
  // Paid protected, not yet handed over: the handover code, no review yet.
  anOrder(9, { state: 'paid', paid: true }),
  // Handed over protected: its complaint window runs, no review yet.
  anOrder(10, { state: 'handed_over', paid: true, windowEndsAt: '2026-11-25T10:00:00.000Z' }),
  // A cash deal completed at its handover: rated like any completed deal.
  anOrder(11, { state: 'completed', payWith: 'cash' }),
];

function open() {
  signIn(buyer);
  fakeApi(() => page(orders));
  renderAt('/dashboard/myOrders', <MyOrders />);
  return screen.findByRole('table');
}

describe('My Orders', () => {
  beforeEach(() => {
    localStorage.clear();
    // The day before the meeting day of most orders above: only order 8's is over.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it('says it in English as the spec does, the review dialog too', async () => {
    const table = await open();
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent("ImageNamePriceLocationSeller's numberStatusReviewDelete");
    expect(rows[1]).toHaveTextContent('Phone 165,000 tkBanani, Dhaka district, Dhaka divisionMeeting day 25 Nov 202601711-000444PayProtected payment—Delete');
    expect(rows[2]).toHaveTextContent(
      'Phone 265,000 tkBanani, Dhaka district, Dhaka divisionMeeting day 25 Nov 202601711-000444CompletedProtected payment★★★★☆EditHide',
    );
    expect(rows[3]).toHaveTextContent('Refunded65,000 tk refunded 23 Nov 2026 · re_1');
    expect(rows[4]).toHaveTextContent(
      'Phone 465,000 tkBanani, Dhaka district, Dhaka divisionMeeting day 25 Nov 2026Waiting for the seller to acceptPayProtected payment—Delete',
    );
    expect(rows[5]).toHaveTextContent('Phone 565,000 tkBanani, Dhaka district, Dhaka division');
    expect(rows[5]).toHaveTextContent('01711-000444Refund pendingReceiptRefund of 65,000 tk on its wayProtected payment—Hide');
    // The receipt of the money paid, one tap away (issue 31).
    expect(within(rows[5]!).getByRole('link', { name: 'Receipt of Phone 5' })).toHaveAttribute('href', expect.stringMatching(/^\/dashboard\/payment\//));
    expect(within(rows[5]!).queryByRole('button', { name: /Rate/ })).toBeNull();
    expect(rows[6]).toHaveTextContent(
      'Phone 665,000 tkBanani, Dhaka district, Dhaka divisionMeeting day 25 Nov 2026—Declined by sellerProtected payment—Delete',
    );
    expect(rows[7]).toHaveTextContent(
      'Phone 765,000 tkBanani, Dhaka district, Dhaka divisionMeeting day 25 Nov 2026—Expired: the seller did not answerProtected payment—Delete',
    );
    // Issue 31: a cash deal once accepted, a protected one once paid, opens its handover code; nothing is rated before completion.
    expect(within(rows[8]!).getByRole('link', { name: 'Handover code for Phone 8' })).toHaveAttribute(
      'href',
      '/dashboard/handover/00000000-0000-4000-8000-000000000008',
    );
    expect(rows[8]).toHaveTextContent('Meeting day 23 Nov 2026');
    expect(rows[8]).toHaveTextContent('Cash at the meeting');
    // Its meeting day is over: either side may call it off; no other open deal offers it yet.
    expect(within(rows[8]!).getByRole('button', { name: 'Call off the deal for Phone 8' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Call off the deal/ })).toHaveLength(1);
    expect(within(rows[9]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[9]!).getByRole('link', { name: 'Handover code for Phone 9' })).toHaveAttribute(
      'href',
      '/dashboard/handover/00000000-0000-4000-8000-000000000009',
    );
    expect(within(rows[1]!).queryByRole('link', { name: /Handover code/ })).toBeNull();
    expect(rows[10]).toHaveTextContent('Handed overYou may report a problem until 25 Nov 2026, 10:00 amProtected paymentReport a problem—Hide');
    expect(within(rows[10]!).getByText('25 Nov 2026, 10:00 am')).toHaveAttribute('datetime', '2026-11-25T10:00:00.000Z');
    expect(rows[11]).toHaveTextContent('CompletedCash at the meetingRate the sellerHide');
    expect(screen.getAllByRole('button', { name: /^Rate / }).map((b) => b.closest('tr')!.cells[1]!.textContent)).toEqual(['Phone 11']);
    await userEvent.click(screen.getByRole('button', { name: 'Change your review of Phone 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Change your review' });
    expect(within(dialog).getByRole('radio', { name: '1 star: Very bad' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '4 stars: Good' })).toBeChecked();
    expect(dialog).toHaveTextContent('You can change them until 1 Jan 2099.');
    expect(within(dialog).getByText('At most 1000 characters')).toBeInTheDocument();
  });

  it('says it in Bangla, prices and dates in Bangla digits', async () => {
    await Promise.all([loadCatalog('bn', 'dashboard'), loadCatalog('bn', 'common')]);
    i18n.activate('bn', [intlLocale.bn]);
    const table = await open();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('আমার অর্ডার');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('ছবিনামদামলোকেশনবিক্রেতার নম্বরঅবস্থারিভিউমুছে ফেলুন');
    expect(within(rows[1]!).getByText('৳৬৫,০০০')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'পেমেন্ট করুন' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('সম্পন্ন')).toBeInTheDocument();
    expect(within(rows[9]!).getByText('পরিশোধিত')).toBeInTheDocument();
    expect(within(rows[8]!).getByRole('link', { name: 'Phone 8-এর হ্যান্ডওভার কোড' })).toHaveTextContent('হ্যান্ডওভার কোড');
    expect(within(rows[8]!).getByText('দেখা করার সময় নগদে')).toBeInTheDocument();
    expect(within(rows[8]!).getByText('দেখা করার দিন ২৩ নভে, ২০২৬')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Phone 2-এর অর্ডার লুকান' })).toHaveTextContent('লুকান');
    expect(rows[3]).toHaveTextContent('রিফান্ড হয়েছে২৩ নভে, ২০২৬ তারিখে ৳৬৫,০০০ রিফান্ড হয়েছে · re_1');
    expect(within(rows[3]!).getByText('২৩ নভে, ২০২৬')).toHaveAttribute('datetime', '2026-11-23T12:00:00.000Z');
    expect(within(rows[4]!).getByText('বিক্রেতার গ্রহণের অপেক্ষায়')).toBeInTheDocument();
    expect(within(rows[7]!).getByText('মেয়াদ শেষ: বিক্রেতা উত্তর দেননি')).toBeInTheDocument();

    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Phone 2-এর রিভিউ বদলান' }));
    const dialog = screen.getByRole('dialog', { name: 'আপনার রিভিউ বদলান' });
    expect(within(dialog).getByRole('radio', { name: '৫ স্টার: চমৎকার' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('১ জানু, ২০৯৯ পর্যন্ত এগুলো বদলাতে পারবেন।');
    expect(within(dialog).getByText('সর্বোচ্চ ১০০০টি অক্ষর')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'রিভিউ সংরক্ষণ করুন' })).toBeInTheDocument();
  });
});
