import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { aPaidOrder, page } from '../test-fixtures.ts';
import Disputes from './disputes.tsx';

/** Issue 32: an Admin splits a disputed payment, some whole taka back to the buyer and the rest to the seller. */
const disputed = aPaidOrder({
  state: 'disputed',
  dispute: {
    reason: 'not_as_described',
    text: 'The screen has a crack the photos did not show',
    photos: [],
    openedAt: '2026-11-25T10:00:00.000Z',
    decision: null,
    refundAmount: null,
    decidedAt: null,
    messages: [],
  },
});

function open() {
  const calls = fakeApi((call: Call) =>
    call.method === 'PUT' ? { status: 200, body: { success: true, data: { ...disputed, state: 'completed' } } } : page([disputed]),
  );
  renderAt('/dashboard/disputes', <Disputes />);
  return calls;
}

describe('splitting a dispute', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers Split beside the other decisions, checks the amount is whole taka below the price, says what follows, then sends it', async () => {
    const calls = open();
    const table = await screen.findByRole('table', { name: 'Deals in dispute, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('button', { name: /^(Refund|Release|Split)/ })).toHaveLength(3);
    await userEvent.click(within(row).getByRole('button', { name: 'Split the payment for iPhone 13 between Mitu Akter and the seller' }));

    const dialog = screen.getByRole('dialog', { name: 'Split the payment' });
    expect(dialog).toHaveTextContent(
      "Part of the 1,18,000 tk goes back to Mitu Akter, the rest to the seller (less the site's fee), and the deal completes. This cannot be undone.",
    );
    const amount = within(dialog).getByLabelText('Back to the buyer (taka)');
    expect(amount).toHaveAccessibleDescription('A whole number of taka from 1 to 1,17,999');
    const split = within(dialog).getByRole('button', { name: 'Split the payment' });
    const puts = () => calls.filter((c) => c.method === 'PUT');

    // Nothing typed: asked for, nothing sent.
    await userEvent.click(split);
    expect(amount).toHaveAccessibleDescription('Enter the taka that go back to the buyer');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('The reason is required');
    // The whole price, more, nothing, or poisha: not a split.
    for (const typed of ['118000', '120000', '0', '15000.50', 'half']) {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      expect(amount, typed).toHaveAccessibleDescription(
        'Enter a whole number of taka from 1 to 1,17,999, less than the price: to give it all back, refund in full',
      );
      await userEvent.click(split);
    }
    expect(puts()).toEqual([]);

    // Taka as people write them: what follows is said before it is done.
    await userEvent.clear(amount);
    await userEvent.type(amount, '15,000');
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(dialog).toHaveTextContent('৳15,000 back to the buyer, the rest (৳1,03,000) to the seller');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The crack was there before; the phone works');
    await userEvent.click(split);
    await waitFor(() =>
      expect(puts()).toEqual([
        {
          method: 'PUT',
          path: `/api/dispute/${disputed._id}`,
          body: { decision: 'split', refundAmount: 15000, reason: 'The crack was there before; the phone works' },
        },
      ]),
    );
    expect(dialog).not.toBeVisible();
  });

  it('starts afresh for the next deal, and Cancel sends nothing', async () => {
    const calls = open();
    await userEvent.click(await screen.findByRole('button', { name: /^Split the payment for iPhone 13/ }));
    const dialog = screen.getByRole('dialog', { name: 'Split the payment' });
    await userEvent.type(within(dialog).getByLabelText('Back to the buyer (taka)'), '5000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Split the payment for iPhone 13/ }));
    expect(within(screen.getByRole('dialog', { name: 'Split the payment' })).getByLabelText('Back to the buyer (taka)')).toHaveValue('');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
