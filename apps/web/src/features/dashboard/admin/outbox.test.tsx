import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../../../test-utils.tsx';
import Outbox from './outbox.tsx';
import { page } from '../test-fixtures.ts';
import { aMail, cellsOf, headers } from './test-fixtures.ts';

describe('Outbox', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("says each mail's status and attempts in the spec's words", async () => {
    const sent = aMail({ _id: '88888888-8888-4888-8888-888888888888', status: 'sent', attempts: 1, text: null });
    const waiting = aMail({ _id: '99999999-9999-4999-8999-999999999999', attempts: 2, lastError: 'connection refused' });
    fakeApi(() => page([aMail(), sent, waiting]));
    renderAt('/dashboard/outbox', <Outbox />);
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(headers(table)).toEqual(['To', 'Subject', 'Status', 'Created', 'Text']);
    expect([0, 1, 2].map((row) => cellsOf(table, row)[2]!.textContent)).toEqual(['kept here', 'sent1 attempt', 'pending2 attemptsconnection refused']);
    expect(within(table).getByText('Sent mails keep no text: their links are secrets')).toBeInTheDocument();
    expect(within(table).getAllByText('Show text')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});
