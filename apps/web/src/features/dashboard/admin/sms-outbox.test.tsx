import type { OutboxSms } from '@market/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../../../test-utils.tsx';
import { page } from '../test-fixtures.ts';
import SmsOutbox from './sms-outbox.tsx';
import { cellsOf, headers } from './test-fixtures.ts';

/** A text message of the SMS outbox: one kept here (no SMS gateway) unless `overrides` say otherwise. */
const anSms = (overrides: Partial<OutboxSms> = {}): OutboxSms => ({
  _id: '77777777-7777-4777-8777-777777777777',
  kind: 'payout-number',
  to: '8801770618575',
  status: 'pending',
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  sentAt: null,
  text: 'Resale Phones: 482913 is your code to receive payouts on this bKash number. It ends in 10 minutes. Never tell it to anyone, not even us.',
  ...overrides,
});

describe('SMS outbox', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows each message's number, kind, status and, while it waits here, its words", async () => {
    const sent = anSms({ _id: '88888888-8888-4888-8888-888888888888', status: 'sent', attempts: 1, text: null, sentAt: '2026-11-28T10:00:05.000Z' });
    const retrying = anSms({ _id: '99999999-9999-4999-8999-999999999999', kind: 'something-new', attempts: 2, lastError: 'gateway: 503' });
    const calls = fakeApi(() => page([anSms(), sent, retrying]));
    renderAt('/dashboard/sms-outbox', <SmsOutbox />);
    expect(await screen.findByRole('heading', { level: 1, name: 'SMS outbox' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'SMS outbox' });
    expect(headers(table)).toEqual(['To', 'What', 'Status', 'Created', 'Text']);
    expect(cellsOf(table, 0).map((c) => c.textContent)).toEqual([
      '8801770618575',
      'bKash wallet code',
      'kept here',
      expect.stringMatching(/28 Nov 2026/),
      anSms().text,
    ]);
    expect(cellsOf(table, 1)[2]).toHaveTextContent('sent1 attempt');
    expect(cellsOf(table, 1)[4]).toHaveTextContent('Sent messages keep no words: their codes are secrets');
    // A kind this page does not know is shown by its code; a message the gateway refused says so.
    expect(cellsOf(table, 2)[1]).toHaveTextContent('something-new');
    expect(cellsOf(table, 2)[2]).toHaveTextContent('pending2 attemptsgateway: 503');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/sms-outbox' });
  });

  it('says so when no message was sent', async () => {
    fakeApi(() => page([]));
    renderAt('/dashboard/sms-outbox', <SmsOutbox />);
    expect(await screen.findByText('no text messages found')).toBeInTheDocument();
  });
});
