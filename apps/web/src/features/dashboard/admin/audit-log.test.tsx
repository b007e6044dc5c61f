import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../../../test-utils.tsx';
import AuditLog from './audit-log.tsx';

const entry = (n: number, action: string) => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  date: '2026-11-24T10:00:00.000Z',
  admin: { _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Ayesha Rahman (Admin)', email: 'admin@resale.demo' },
  action,
  target: { kind: 'user', _id: '11111111-1111-4111-8111-111111111111', label: `Seller ${n} <s${n}@example.com>` },
  reason: null,
});

describe('Audit Log', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists who did what to whom, and asks the server for one kind of act when it is chosen', async () => {
    fakeApi(() => ({ status: 200, body: { success: true, data: [entry(1, 'delete-user'), entry(2, 'verify-seller')], meta: { nextCursor: null } } }));
    renderAt('/dashboard/audit', <AuditLog />);
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Ayesha Rahman (Admin)admin@resale.demoDeleted a userSeller 1 <s1@example.com>None given');
    expect(rows[1]).toHaveTextContent('Verified a seller');
    const urls = () => (fetch as Mock).mock.calls.map((args) => new URL((args[0] as Request).url).search);
    expect(urls()).toEqual(['?limit=50']);
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Removed a phone');
    await waitFor(() => expect(urls()).toContain('?action=delete-product&limit=50'));
  });

  it('names the conversations’ acts, and says a conversation was what was read (issue 33)', async () => {
    const read = {
      ...entry(3, 'read-conversation'),
      target: { kind: 'conversation', _id: '22222222-2222-4222-8222-222222222222', label: 'Mitu Akter and Tanvir Hasan, about iPhone 13' },
    };
    fakeApi(() => ({
      status: 200,
      body: { success: true, data: [read, entry(4, 'warn-sender'), entry(5, 'dismiss-message-reports')], meta: { nextCursor: null } },
    }));
    renderAt('/dashboard/audit', <AuditLog />);
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Read a reported conversationConversationMitu Akter and Tanvir Hasan, about iPhone 13');
    expect(rows[1]).toHaveTextContent('Warned the sender of a message');
    expect(rows[2]).toHaveTextContent('Dismissed the reports of a message');
  });
});
