import type { OpenReport, OutboxMail } from '@market/contract';
import { within } from '@testing-library/react';

/** The n-th open report of the queue (n < 10), by Mitu Akter. */
export const aReport = (n: number, reason: OpenReport['reason'], text: string | null = null): OpenReport => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  reporter: { _id: '33333333-3333-4333-8333-333333333333', name: 'Mitu Akter', email: 'mitu@example.com' },
  reason,
  text,
  date: '2026-11-24T10:00:00.000Z',
});

/** A mail of the outbox: one kept here (no mail server) unless `overrides` say otherwise. */
export const aMail = (overrides: Partial<OutboxMail> = {}): OutboxMail => ({
  _id: '77777777-7777-4777-8777-777777777777',
  kind: 'verify-email',
  to: 'mitu@example.com',
  subject: 'Confirm your e-mail address',
  status: 'pending',
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  sentAt: null,
  text: 'Confirm: http://127.0.0.1:3000/verify-email?token=abc',
  ...overrides,
});

/** A table's column headers, in order. */
export const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

/** The cells of a table's row, the first row under the headers being 0. */
export const cellsOf = (table: HTMLElement, row: number) => within(within(table).getAllByRole('row')[row + 1]!).getAllByRole('cell');
