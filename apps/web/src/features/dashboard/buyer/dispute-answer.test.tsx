import { i18n } from '@lingui/core';
import { intlLocale, type Dispute, type Order } from '@market/contract';
import { namespaces } from '@market/contract/locales/types.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { aPaidOrder, page } from '../test-fixtures.ts';
import MyOrders from './my-orders.tsx';

/** Issue 32: the buyer reads a dispute's questions and answers on My Orders, and answers while it is open. */
const messages: Dispute['messages'] = [
  { from: 'admin', to: 'buyer', text: 'Which charger did you try?', at: '2026-11-25T11:00:00.000Z' },
  { from: 'admin', to: 'seller', text: 'Did the phone charge when you met?', at: '2026-11-25T11:05:00.000Z' },
  { from: 'seller', to: null, text: 'Yes, we tried it at the shop.', at: '2026-11-25T12:00:00.000Z' },
];
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
const open = aPaidOrder({ _id: '00000000-0000-4000-8000-000000000001', productName: 'Phone 1', state: 'disputed', dispute: dispute() });
const decided = aPaidOrder({
  _id: '00000000-0000-4000-8000-000000000002',
  productName: 'Phone 2',
  state: 'completed',
  dispute: dispute({ decision: 'release', decidedAt: '2026-11-26T10:00:00.000Z' }),
});
const answer = 'The one that came in the box, and two others.';
const answered: Order = { ...open, dispute: dispute({ messages: [...messages, { from: 'buyer', to: null, text: answer, at: '2026-11-25T13:00:00.000Z' }] }) };

function openMyOrders() {
  let sent = false;
  const calls = fakeApi((call: Call) => {
    if (call.method === 'POST') {
      sent = true;
      return { status: 200, body: { success: true, data: answered } };
    }
    return page([sent ? answered : open, decided]);
  });
  renderAt('/dashboard/myOrders', <MyOrders />);
  return calls;
}
const rowOf = (product: string) => screen.getByRole('row', { name: new RegExp(product) });

describe("the buyer's side of a dispute", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Buyer' }));
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it("says an Admin decides, highlights the question to the buyer, and sends the buyer's answer", async () => {
    const calls = openMyOrders();
    await screen.findByRole('table');
    const row = rowOf('Phone 1');
    expect(row).toHaveTextContent('An administrator is deciding; you can add to what you said');
    const items = within(within(row).getByRole('list', { name: 'Questions and answers about the dispute' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('An administrator asks you: Which charger did you try?');
    expect(items[0]).toHaveClass('border-warning');
    expect(items[1]).toHaveTextContent('An administrator asks the seller: Did the phone charge when you met?');
    expect(items[1]).not.toHaveClass('border-warning');
    expect(items[2]).toHaveTextContent('The seller wrote: Yes, we tried it at the shop.');

    await userEvent.click(within(row).getByRole('button', { name: 'Answer the administrator about Phone 1' }));
    const dialog = screen.getByRole('dialog', { name: 'The dispute over Phone 1' });
    // The question answered is in view while writing.
    expect(dialog).toHaveTextContent('An administrator asks you: Which charger did you try?');
    const words = within(dialog).getByRole('textbox', { name: 'Your answer' });
    expect(words).toHaveAccessibleDescription('The administrators read it, and so does the seller');
    await userEvent.type(words, answer);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: `/api/order/${open._id}/dispute-answer`, body: { text: answer } }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(rowOf('Phone 1')).getAllByRole('listitem')).toHaveLength(4));
    expect(within(rowOf('Phone 1')).getAllByRole('listitem')[3]).toHaveTextContent(`You wrote: ${answer}`);
  });

  it('keeps the thread of a decided dispute, with no answer box and no waiting', async () => {
    openMyOrders();
    await screen.findByRole('table');
    const row = rowOf('Phone 2');
    expect(row).toHaveTextContent('Decided: released to the seller');
    expect(within(row).getAllByRole('listitem')).toHaveLength(3);
    expect(within(row).queryByRole('button', { name: /^Answer the administrator/ })).toBeNull();
    expect(row).not.toHaveTextContent('An administrator is deciding');
    // Only the open one offers it.
    expect(screen.getAllByRole('button', { name: /^Answer the administrator/ })).toHaveLength(1);
  });

  it('says the thread and the answer box in Bangla', async () => {
    await Promise.all(namespaces.map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', [intlLocale.bn]);
    openMyOrders();
    await screen.findByRole('table');
    const row = rowOf('Phone 1');
    expect(row).toHaveTextContent('একজন অ্যাডমিন সিদ্ধান্ত নিচ্ছেন; আপনি যা বলেছেন তার সঙ্গে আরও কিছু যোগ করতে পারেন');
    const items = within(within(row).getByRole('list', { name: 'অভিযোগ নিয়ে প্রশ্ন ও উত্তর' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('একজন অ্যাডমিন আপনাকে জিজ্ঞেস করছেন: Which charger did you try?');
    expect(items[1]).toHaveTextContent('একজন অ্যাডমিন বিক্রেতাকে জিজ্ঞেস করছেন: Did the phone charge when you met?');
    expect(items[2]).toHaveTextContent('বিক্রেতা লিখেছেন: Yes, we tried it at the shop.');
    // Times in Bangla digits.
    expect(items[0]!.querySelector('time')).toHaveTextContent(/২০২৬/);
    expect(within(rowOf('Phone 2')).getByText('সিদ্ধান্ত: টাকা বিক্রেতার')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Phone 1 নিয়ে অ্যাডমিনকে উত্তর দিন' }));
    const dialog = screen.getByRole('dialog', { name: 'Phone 1 নিয়ে অভিযোগ' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'পাঠান' }));
    expect(within(dialog).getByRole('textbox', { name: 'আপনার উত্তর' })).toHaveAccessibleDescription('আপনার উত্তর দিতে হবে');
  });
});
