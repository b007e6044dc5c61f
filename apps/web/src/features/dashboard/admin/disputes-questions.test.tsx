import { i18n } from '@lingui/core';
import { intlLocale, type Dispute, type Order } from '@market/contract';
import { namespaces } from '@market/contract/locales/types.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { aPaidOrder, page } from '../test-fixtures.ts';
import Disputes from './disputes.tsx';

/** Issue 32: before deciding a dispute, an Admin asks either side a question; the thread shows the questions and answers. */
const messages: Dispute['messages'] = [
  { from: 'admin', to: 'seller', text: 'Did the phone charge when you met?', at: '2026-11-25T11:00:00.000Z' },
  { from: 'seller', to: null, text: 'Yes, we tried it at the shop.', at: '2026-11-25T12:00:00.000Z' },
];
const disputed = aPaidOrder({
  state: 'disputed',
  dispute: {
    reason: 'not_working',
    text: 'It does not charge',
    photos: [],
    openedAt: '2026-11-25T10:00:00.000Z',
    decision: null,
    refundAmount: null,
    decidedAt: null,
    messages,
  },
});
const question = 'Which charger did you try?';
const asked: Order = {
  ...disputed,
  dispute: { ...disputed.dispute!, messages: [...messages, { from: 'admin', to: 'buyer', text: question, at: '2026-11-25T13:00:00.000Z' }] },
};

/** The Disputes page over the API: the question is taken (then the list has it), or refused with `refusal`. */
function open(refusal?: { status: number; body: unknown }) {
  let sent = false;
  const calls = fakeApi((call: Call) => {
    if (call.method === 'POST') {
      if (refusal) return refusal;
      sent = true;
      return { status: 200, body: { success: true, data: asked } };
    }
    return page([sent ? asked : disputed]);
  });
  renderAt('/dashboard/disputes', <Disputes />);
  return calls;
}
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const rowOf = async () => within(await screen.findByRole('table')).getAllByRole('row')[1]!;

describe('asking a side of a dispute', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it("shows the thread under the buyer's words, asks the side chosen, and the question appears", async () => {
    const calls = open();
    const row = await rowOf();
    const thread = within(row).getByRole('list', { name: 'Questions and answers about the dispute' });
    const items = within(thread).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('An administrator asks the seller: Did the phone charge when you met?'),
      expect.stringContaining('The seller wrote: Yes, we tried it at the shop.'),
    ]);
    // The deal's history is beside it (GET /api/order/:id/events, which Admins may call).
    expect(within(row).getByRole('button', { name: 'History of iPhone 13' })).toBeInTheDocument();

    // Opened for the seller, changed to the buyer.
    await userEvent.click(within(row).getByRole('button', { name: 'Ask the seller of iPhone 13' }));
    const dialog = screen.getByRole('dialog', { name: 'A question about iPhone 13' });
    const whom = within(dialog).getByRole('group', { name: 'Whom to ask' });
    expect(within(whom).getByRole('radio', { name: 'The seller' })).toBeChecked();
    await userEvent.click(within(whom).getByRole('radio', { name: 'The buyer, Mitu Akter' }));

    // Nothing written: said, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the question' }));
    const words = within(dialog).getByRole('textbox', { name: 'Your question' });
    expect(words).toHaveAccessibleDescription('Your question is required');
    expect(words).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toEqual([]);

    await userEvent.type(words, `  ${question} `);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the question' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([{ method: 'POST', path: `/api/dispute/${disputed._id}/question`, body: { to: 'buyer', text: question } }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(3));
    expect(within(thread).getAllByRole('listitem')[2]).toHaveTextContent(`An administrator asks the buyer: ${question}`);
  });

  it('says a refusal in the dialog, the words kept (a dispute decided meanwhile)', async () => {
    const calls = open({ status: 409, body: { success: false, message: 'This deal is not in dispute', code: 'dispute_not_disputed' } });
    await userEvent.click(within(await rowOf()).getByRole('button', { name: 'Ask the buyer, Mitu Akter, about iPhone 13' }));
    const dialog = screen.getByRole('dialog', { name: 'A question about iPhone 13' });
    expect(within(dialog).getByRole('radio', { name: 'The buyer, Mitu Akter' })).toBeChecked();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your question' }), question);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the question' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This deal is not in dispute');
    expect(within(dialog).getByRole('textbox', { name: 'Your question' })).toHaveValue(question);
    expect(posts(calls)).toHaveLength(1);
  });

  it('says it all in Bangla: the thread, the dialog and a refusal', async () => {
    await Promise.all(namespaces.map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', [intlLocale.bn]);
    open({ status: 409, body: { success: false, message: 'This deal is not in dispute', code: 'dispute_not_disputed' } });
    const row = await rowOf();
    const items = within(within(row).getByRole('list', { name: 'অভিযোগ নিয়ে প্রশ্ন ও উত্তর' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('একজন অ্যাডমিন বিক্রেতাকে জিজ্ঞেস করছেন: Did the phone charge when you met?');
    expect(items[1]).toHaveTextContent('বিক্রেতা লিখেছেন: Yes, we tried it at the shop.');
    await userEvent.click(within(row).getByRole('button', { name: 'iPhone 13-এর বিক্রেতাকে জিজ্ঞেস করুন' }));
    const dialog = screen.getByRole('dialog', { name: 'iPhone 13 নিয়ে একটি প্রশ্ন' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'প্রশ্ন পাঠান' }));
    expect(within(dialog).getByRole('textbox', { name: 'আপনার প্রশ্ন' })).toHaveAccessibleDescription('আপনার প্রশ্ন দিতে হবে');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'আপনার প্রশ্ন' }), 'চার্জার কোনটি?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'প্রশ্ন পাঠান' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('এই ডিলে কোনো অভিযোগ নেই');
  });
});
