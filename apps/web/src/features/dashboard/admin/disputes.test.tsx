import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../../../test-utils.tsx';
import Disputes from './disputes.tsx';
import { aPaidOrder, page } from '../test-fixtures.ts';

const disputed = aPaidOrder({
  state: 'disputed',
  dispute: {
    reason: 'not_working',
    text: 'It does not charge',
    photos: ['/uploads/11111111-1111-4111-8111-111111111111.webp'],
    openedAt: '2026-11-25T10:00:00.000Z',
    decision: null,
    refundAmount: null,
    decidedAt: null,
    messages: [],
  },
});

describe('Disputes', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows each dispute's reason, words and photos, and decides one with a reason, saying what follows", async () => {
    const calls = fakeApi((call) =>
      call.method === 'PUT' ? { status: 200, body: { success: true, data: { ...disputed, state: 'refunded' } } } : page([disputed]),
    );
    renderAt('/dashboard/disputes', <Disputes />);
    const table = await screen.findByRole('table', { name: 'Deals in dispute, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Does not work properly');
    expect(row).toHaveTextContent('It does not charge');
    expect(within(row).getByRole('img', { name: 'Photo 1 of the dispute about iPhone 13' })).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Refund the buyer: Mitu Akter, for iPhone 13' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund the buyer' });
    expect(dialog).toHaveTextContent(
      '1,18,000 tk go back to Mitu Akter in full, through the provider that took them; the seller is not paid. This cannot be undone.',
    );
    // A reason is asked for first: nothing is sent without one.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund the buyer' }));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox'), 'The video shows it does not charge');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund the buyer' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        path: `/api/dispute/${disputed._id}`,
        body: { decision: 'refund', reason: 'The video shows it does not charge' },
      }),
    );
  });

  it('says so when there is none', async () => {
    fakeApi(() => page([]));
    renderAt('/dashboard/disputes', <Disputes />);
    expect(await screen.findByText('No open disputes')).toBeInTheDocument();
  });
});
