import type { ReportedMessage } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import MessageReports from './message-reports.tsx';
import { aMessage, conversationId, lastPage, mituId, ok, tanvirId } from './test-fixtures.ts';

/** Issue 33: the Admins' queue of reported messages. */
const reported = aMessage(3, tanvirId, 'Send the money to 01711000000 by bKash first', { signs: ['send_money'] });
const item: ReportedMessage = {
  message: reported,
  conversationId,
  productName: 'iPhone 13',
  sender: { _id: tanvirId, name: 'Tanvir Hasan', email: 'tanvir@example.com' },
  reports: [
    {
      _id: 'd0000000-0000-4000-8000-000000000001',
      reporter: { _id: mituId, name: 'Mitu Akter' },
      reason: 'scam',
      text: 'He wants money first',
      date: '2026-11-27T11:00:00.000Z',
    },
  ],
  context: [aMessage(1, mituId, 'Is it still for sale?'), aMessage(2, tanvirId, 'Yes')],
};

function answer({ method, path }: Call) {
  if (method === 'GET' && path === '/api/admin/message-reports') return lastPage([item]);
  if (method === 'GET' && path === `/api/admin/conversations/${conversationId}`)
    return ok({
      _id: conversationId,
      productName: 'iPhone 13',
      buyer: { _id: mituId, name: 'Mitu Akter' },
      seller: { _id: tanvirId, name: 'Tanvir Hasan' },
      messages: [...item.context, reported, aMessage(4, mituId, 'No, I will book it')],
    });
  if (method === 'POST') return ok({ resolved: 1 });
  return { status: 404, body: { success: false, message: 'not found' } };
}

describe('Reported messages', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the message with the ones before it, its scam card, its reports; reads the whole conversation on request, saying it is recorded', async () => {
    const calls = fakeApi(answer);
    renderAt('/dashboard/messageReports', <MessageReports />);
    const article = await screen.findByRole('article', { name: 'About iPhone 13' });
    expect(article).toHaveTextContent('Sent by Tanvir Hasan (tanvir@example.com)');
    const messages = within(within(article).getByRole('list', { name: 'The reported message and the messages before it' }))
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(messages.map((m) => m.querySelector('.chat-bubble')?.textContent)).toEqual([
      'Is it still for sale?',
      'Yes',
      'Send the money to 01711000000 by bKash first',
    ]);
    expect(within(messages[2]!).getByRole('note', { name: 'Careful: this message may be a scam' })).toHaveTextContent('asks you to send money');
    expect(within(messages[2]!).queryByRole('link')).toBeNull();
    expect(article).toHaveTextContent('1 report');
    expect(article).toHaveTextContent('Mitu Akter');
    expect(article).toHaveTextContent('A scam or fraud');
    expect(article).toHaveTextContent('He wants money first');
    expect(screen.getByText(/Reading the whole conversation is recorded in the audit log with your name/)).toBeInTheDocument();
    // The whole conversation is read only when asked for.
    expect(calls.some((c) => c.path.startsWith('/api/admin/conversations/'))).toBe(false);
    await userEvent.click(within(article).getByRole('button', { name: 'Read the whole conversation about iPhone 13' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitu Akter and Tanvir Hasan, about iPhone 13' });
    expect(dialog).toHaveTextContent('Your reading of this conversation is recorded in the audit log.');
    expect(await within(dialog).findByText('No, I will book it')).toBeInTheDocument();
  });

  it('dismisses, or warns the sender, each with a reason', async () => {
    const calls = fakeApi(answer);
    renderAt('/dashboard/messageReports', <MessageReports />);
    await userEvent.click(await screen.findByRole('button', { name: 'Warn Tanvir Hasan, the sender of the message about iPhone 13' }));
    const dialog = screen.getByRole('dialog', { name: 'Warn the sender?' });
    expect(dialog).toHaveTextContent('Tanvir Hasan is e-mailed a warning with your reason');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Asked for money outside the site');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Warn' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', path: `/api/admin/messages/${reported._id}/warn`, body: { reason: 'Asked for money outside the site' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the reports of the message of Tanvir Hasan about iPhone 13' }));
    const dismiss = screen.getByRole('dialog', { name: 'Dismiss the reports?' });
    await userEvent.type(within(dismiss).getByRole('textbox', { name: 'Reason' }), 'A fair question');
    await userEvent.click(within(dismiss).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', path: `/api/admin/messages/${reported._id}/dismiss`, body: { reason: 'A fair question' } }),
    );
  });
});
