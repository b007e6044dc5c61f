import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../../../test-utils.tsx';
import { aPaidOrder } from '../test-fixtures.ts';
import { DisputeDialog, disputable } from './dispute-dialog.tsx';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const handedOver = aPaidOrder({ state: 'handed_over', windowEndsAt: '2026-11-26T12:00:00.000Z' });

describe('the dispute dialog', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Buyer' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is offered only for a protected deal handed over, while its window is open', () => {
    expect(disputable(handedOver, NOW)).toBe(true);
    expect(disputable(handedOver, Date.parse('2026-11-26T12:00:01.000Z'))).toBe(false);
    expect(disputable({ ...handedOver, state: 'completed', windowEndsAt: null }, NOW)).toBe(false);
    expect(disputable({ ...handedOver, state: 'disputed' }, NOW)).toBe(false);
  });

  it('asks why and what happened, says what follows, and sends the reason, the words and the photos', async () => {
    const calls = fakeApi(() => ({ status: 200, body: { success: true, data: { ...handedOver, state: 'disputed' } } }));
    const closed = vi.fn();
    renderAt('/dashboard/myOrders', <DisputeDialog order={handedOver} onClose={closed} />);
    const dialog = await screen.findByRole('dialog', { name: 'A problem with iPhone 13?' });
    expect(dialog).toHaveTextContent('The payment stays with the site until an administrator decides');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Locked to an account' }));
    // Words are needed: nothing is sent without them.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the dispute' }));
    expect(within(dialog).getByText('Say what happened')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What happened' }), 'It asks for the old owner’s Google account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the dispute' }));
    await vi.waitFor(() => expect(closed).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/order/${handedOver._id}/dispute`,
        body: { reason: 'locked_to_account', text: 'It asks for the old owner’s Google account', photos: [] },
      },
    ]);
  });
});
