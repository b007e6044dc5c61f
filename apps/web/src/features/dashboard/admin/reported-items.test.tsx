import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser, fakeApi, renderAt, signIn } from '../../../test-utils.tsx';
import ReportedItems from './reported-items.tsx';
import { page } from '../test-fixtures.ts';
import { aReport, headers } from './test-fixtures.ts';

describe('Reported Items', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("says each phone's reports and their reasons in the spec's words, and names each act's button and dialog", async () => {
    const one = { product: aProduct(), count: 1, reasons: [{ reason: 'wrong-category', count: 1 }], reports: [aReport(1, 'wrong-category')] };
    const three = {
      product: aProduct({ _id: '44444444-4444-4444-8444-444444444444', productName: 'Galaxy S21' }),
      count: 3,
      reasons: [
        { reason: 'fake', count: 2 },
        { reason: 'spam', count: 1 },
      ],
      reports: [aReport(2, 'fake'), aReport(3, 'fake'), aReport(4, 'spam')],
    };
    const old = { product: aProduct({ _id: '55555555-5555-4555-8555-555555555555', productName: 'Pixel 6' }), count: 0, reasons: [], reports: [] };
    fakeApi(() => page([one, three, old]));
    renderAt('/dashboard/report', <ReportedItems />);
    const table = await screen.findByRole('table', { name: 'Reported products' });
    expect(headers(table)).toEqual(['Product image', 'Product name', 'Seller name', 'Reports', 'Act', 'delete']);
    expect(within(table).getByText('1 report: Wrong category')).toBeInTheDocument();
    expect(within(table).getByText('3 reports: Fake or misleading ×2, Spam')).toBeInTheDocument();
    expect(within(table).getByText('Reported before reasons were asked')).toBeInTheDocument();
    // Each phone's name opens it, to judge the reports by (issue 35).
    expect(within(table).getByRole('link', { name: 'Galaxy S21' })).toHaveAttribute('href', '/detail-product/44444444-4444-4444-8444-444444444444');
    expect(screen.getByRole('button', { name: 'Dismiss the reports of iPhone 13' })).toHaveTextContent('Dismiss');
    expect(screen.getByRole('button', { name: 'Warn seller of iPhone 13' })).toHaveTextContent('Warn seller');
    expect(screen.getByRole('button', { name: 'Delete Galaxy S21' })).toHaveTextContent('Delete');
    await userEvent.click(screen.getByRole('button', { name: 'Suspend seller of Galaxy S21' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend the seller?' });
    expect(dialog).toHaveTextContent('Tanvir Hasan is signed out and cannot sign in; all their phones leave the site until you reinstate them (All Sellers).');
    expect(within(dialog).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
  });
});
