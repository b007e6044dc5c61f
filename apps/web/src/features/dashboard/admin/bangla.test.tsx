import { i18n } from '@lingui/core';
import { intlLocale } from '@market/contract';
import { namespaces } from '@market/contract/locales/types.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { aProduct, aUser, fakeApi, renderAt, signIn } from '../../../test-utils.tsx';
import AllBuyers from './all-buyers.tsx';
import AllSellers from './all-sellers.tsx';
import AuditLog from './audit-log.tsx';
import Outbox from './outbox.tsx';
import Payments from './payments.tsx';
import { aPaidOrder, page } from '../test-fixtures.ts';
import { aMail, aReport, cellsOf, headers } from './test-fixtures.ts';
import ReportedItems from './reported-items.tsx';

describe("the Admin's screens in Bangla", () => {
  beforeEach(async () => {
    localStorage.clear();
    signIn(aUser({ role: 'Admin' }));
    // Every catalog, as the page has them once its screens (and the components they share) have rendered.
    await Promise.all(namespaces.map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', [intlLocale.bn]);
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it('All Sellers: headers, what a seller is judged by, badges and buttons, the search, and the verify and suspend dialogs', async () => {
    const seller = {
      ...aUser({ _id: '11111111-1111-4111-8111-111111111111', name: 'Tanvir Hasan', role: 'Seller' }),
      memberSince: '2026-03-05T10:00:00.000Z',
      liveListings: 12,
      listings: 15,
      completedSales: 3,
      reports: 0,
      numberConfirmed: true,
    };
    fakeApi(() =>
      page([
        seller,
        { ...seller, _id: '22222222-2222-4222-8222-222222222222', name: 'Rina Das', sellerVerified: true, suspended: true, numberConfirmed: false },
      ]),
    );
    renderAt('/dashboard/allSellers', <AllSellers />);
    const table = await screen.findByRole('table', { name: 'সকল বিক্রেতা' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('সকল বিক্রেতা');
    expect(screen.getByRole('searchbox', { name: 'নাম বা ইমেইল দিয়ে খুঁজুন' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'খুঁজুন' })).toBeInTheDocument();
    expect(headers(table)).toEqual(['ছবি', 'নাম', 'ইমেইল', 'রেকর্ড', 'ভেরিফিকেশন', 'সাসপেনশন', 'মুছুন']);
    const record = within(cellsOf(table, 0)[3]!);
    expect(record.getAllByRole('term').map((c) => c.textContent)).toEqual(['যোগ দিয়েছেন', 'বিজ্ঞাপন', 'সম্পন্ন বিক্রি', 'রিপোর্ট', 'বিকাশ নম্বর']);
    expect(record.getAllByRole('definition').map((c) => c.textContent)).toEqual(['৫ মার্চ, ২০২৬', '১৫টির মধ্যে ১২টি বিক্রিতে', '৩', '০', 'নিশ্চিত']);
    expect(within(cellsOf(table, 1)[3]!).getAllByRole('definition')[4]).toHaveTextContent('নিশ্চিত নয়');
    expect(screen.getByRole('button', { name: 'Tanvir Hasan-কে ভেরিফাই করুন' })).toHaveTextContent('ভেরিফাই করুন');
    expect(within(table).getByText('ভেরিফাইড')).toBeInTheDocument();
    expect(within(table).getByText('সাসপেন্ডেড')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rina Das-কে পুনর্বহাল করুন' })).toHaveTextContent('পুনর্বহাল করুন');
    expect(screen.getByRole('button', { name: 'Rina Das-কে মুছে ফেলুন' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tanvir Hasan-কে সাসপেন্ড করুন' }));
    const dialog = screen.getByRole('dialog', { name: 'এই বিক্রেতাকে সাসপেন্ড করবেন?' });
    expect(dialog).toHaveTextContent('Tanvir Hasan সাইন আউট হয়ে যাবেন');
    expect(within(dialog).getByLabelText('কারণ')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'বাতিল' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tanvir Hasan-কে ভেরিফাই করুন' }));
    const verify = screen.getByRole('dialog', { name: 'এই বিক্রেতাকে ভেরিফাই করবেন?' });
    expect(verify).toHaveTextContent('Tanvir Hasan তাঁর ফোনগুলোতে ও বিক্রেতা পেজে ভেরিফাইড ব্যাজ পাবেন, এবং ই-মেইলে তা জানবেন।');
    await userEvent.click(within(verify).getByRole('button', { name: 'ভেরিফাই করুন' }));
    expect(within(verify).getByRole('textbox', { name: 'কারণ' })).toHaveAccessibleDescription(/দিতে হবে/);
  });

  it('All Buyers: headers, the suspension and delete buttons, and the suspend dialog', async () => {
    fakeApi(() => page([aUser()]));
    renderAt('/dashboard/allBuyers', <AllBuyers />);
    const table = await screen.findByRole('table', { name: 'সকল ক্রেতা' });
    expect(headers(table)).toEqual(['ছবি', 'নাম', 'ইমেইল', 'সাসপেনশন', 'মুছুন']);
    expect(screen.getByRole('button', { name: 'Mitu Akter-কে মুছে ফেলুন' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mitu Akter-কে সাসপেন্ড করুন' }));
    const dialog = screen.getByRole('dialog', { name: 'এই ক্রেতাকে সাসপেন্ড করবেন?' });
    expect(dialog).toHaveTextContent('Mitu Akter সাইন আউট হয়ে যাবেন; আপনি পুনর্বহাল না করা পর্যন্ত সাইন ইন বা বুক করতে পারবেন না।');
  });

  it('All Buyers: the empty list says so in Bangla', async () => {
    fakeApi(() => page([]));
    renderAt('/dashboard/allBuyers', <AllBuyers />);
    expect(await screen.findByText('কোনো ক্রেতা পাওয়া যায়নি')).toBeInTheDocument();
  });

  it('Reported Items: the reports with their reasons, count and date in Bangla digits, and the warn dialog', async () => {
    const queued = {
      product: aProduct(),
      count: 3,
      reasons: [
        { reason: 'stolen', count: 2 },
        { reason: 'other', count: 1 },
      ],
      reports: [aReport(1, 'stolen'), aReport(2, 'stolen'), aReport(3, 'other', 'IMEI is blocked')],
    };
    fakeApi(() => page([queued]));
    renderAt('/dashboard/report', <ReportedItems />);
    const table = await screen.findByRole('table', { name: 'রিপোর্ট করা পণ্য' });
    expect(headers(table)).toEqual(['পণ্যের ছবি', 'পণ্যের নাম', 'বিক্রেতার নাম', 'রিপোর্ট', 'পদক্ষেপ', 'মুছুন']);
    expect(within(table).getByText('৩টি রিপোর্ট: চুরি করা হতে পারে ×২, অন্যান্য')).toBeInTheDocument();
    const lines = within(table).getAllByRole('listitem');
    expect(lines[2]).toHaveTextContent(/^Mitu Akter \(mitu@example\.com\), ২৪ নভে, ২০২৬.*: অন্যান্যIMEI is blocked$/);
    expect(screen.getByRole('button', { name: 'iPhone 13-এর রিপোর্ট খারিজ করুন' })).toHaveTextContent('খারিজ করুন');
    expect(screen.getByRole('button', { name: 'iPhone 13-এর বিক্রেতাকে সাসপেন্ড করুন' })).toHaveTextContent('বিক্রেতাকে সাসপেন্ড করুন');
    expect(screen.getByRole('button', { name: 'iPhone 13 মুছে ফেলুন' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'iPhone 13-এর বিক্রেতাকে সতর্ক করুন' }));
    const dialog = screen.getByRole('dialog', { name: 'বিক্রেতাকে সতর্ক করবেন?' });
    expect(dialog).toHaveTextContent('Tanvir Hasan আপনার কারণসহ একটি মেইল পাবেন; iPhone 13 সাইটে থাকবে');
    expect(within(dialog).getByRole('button', { name: 'সতর্কবার্তা পাঠান' })).toBeInTheDocument();
  });

  it('Audit Log: the acts by name, the filter, the date in Bangla digits and a missing reason', async () => {
    const admin = { _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Ayesha Rahman', email: 'admin@resale.demo' };
    const target = { kind: 'user', _id: '11111111-1111-4111-8111-111111111111', label: 'Tanvir Hasan <tanvir@example.com>' };
    const entry = { _id: '00000000-0000-4000-8000-000000000001', date: '2026-11-24T10:00:00.000Z', admin, action: 'suspend-seller', target, reason: null };
    fakeApi(() => page([entry]));
    renderAt('/dashboard/audit', <AuditLog />);
    const table = await screen.findByRole('table', { name: 'অডিট লগ' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('অডিট লগ');
    expect(headers(table)).toEqual(['কখন', 'অ্যাডমিন', 'কাজ', 'কার ওপর', 'কারণ']);
    const cells = cellsOf(table, 0);
    expect(cells[0]).toHaveTextContent(/^২৪ নভে, ২০২৬/);
    expect(cells[2]).toHaveTextContent('বিক্রেতাকে সাসপেন্ড করা');
    expect(cells[4]).toHaveTextContent('দেওয়া হয়নি');
    const show = screen.getByLabelText('দেখান');
    expect(
      within(show)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('অর্ডারের টাকা রিফান্ড করা');
    expect(within(show).getByRole('option', { selected: true })).toHaveTextContent('সব কাজ');
  });

  it('Payments: headers, the amount in taka and the payment date in Bangla digits, and the refund dialog', async () => {
    fakeApi(() => page([aPaidOrder()]));
    renderAt('/dashboard/payments', <Payments />);
    const table = await screen.findByRole('table', { name: 'পরিশোধিত অর্ডার' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('পেমেন্ট');
    expect(headers(table)).toEqual(['ফোন', 'ক্রেতা', 'পরিমাণ', 'পরিশোধ', 'ট্রানজেকশন আইডি', 'অবস্থা', 'রিফান্ড']);
    const cells = cellsOf(table, 0);
    expect(cells[2]).toHaveTextContent('৳১,১৮,০০০');
    expect(cells[3]).toHaveTextContent(/^২৪ নভে, ২০২৬/);
    await userEvent.click(screen.getByRole('button', { name: 'Mitu Akter-কে iPhone 13-এর টাকা রিফান্ড করুন' }));
    const dialog = screen.getByRole('dialog', { name: 'এই পেমেন্ট রিফান্ড করবেন?' });
    expect(dialog).toHaveTextContent('৳১,১৮,০০০ যে মাধ্যমে নেওয়া হয়েছিল, সেই মাধ্যমেই Mitu Akter-এর কাছে ফেরত যাবে।');
    expect(within(dialog).getByRole('button', { name: 'রিফান্ড করুন' })).toBeInTheDocument();
  });

  it("Outbox: headers, each mail's status and attempts, and the date in Bangla digits", async () => {
    const sent = aMail({ _id: '88888888-8888-4888-8888-888888888888', status: 'sent', attempts: 1, text: null, sentAt: '2026-11-24T10:01:00.000Z' });
    const failed = aMail({ _id: '99999999-9999-4999-8999-999999999999', status: 'failed', attempts: 3, text: null, lastError: 'connection refused' });
    fakeApi(() => page([aMail(), sent, failed]));
    renderAt('/dashboard/outbox', <Outbox />);
    const table = await screen.findByRole('table', { name: 'আউটবক্স' });
    expect(screen.getByRole('button', { name: 'রিফ্রেশ করুন' })).toBeInTheDocument();
    expect(headers(table)).toEqual(['প্রাপক', 'বিষয়', 'অবস্থা', 'তৈরি', 'লেখা']);
    const cell = (row: number, n: number) => cellsOf(table, row)[n];
    expect(cell(0, 2)).toHaveTextContent(/^এখানে রাখা$/);
    expect(cell(0, 3)).toHaveTextContent(/^২৪ নভে, ২০২৬/);
    expect(within(cell(0, 4)!).getByText('লেখা দেখুন')).toBeInTheDocument();
    expect(cell(1, 2)).toHaveTextContent(/^পাঠানো হয়েছে১ বার চেষ্টা$/);
    expect(cell(1, 4)).toHaveTextContent('পাঠানো মেইলের লেখা রাখা হয় না: এদের লিংক গোপন');
    expect(cell(2, 2)).toHaveTextContent(/^ব্যর্থ৩ বার চেষ্টাconnection refused$/);
  });
});
