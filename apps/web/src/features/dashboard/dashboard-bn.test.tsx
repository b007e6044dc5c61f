import { i18n } from '@lingui/core';
import { intlLocale } from '@market/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../lib/i18n.ts';
import { aUser, fakeApi, renderRoutes, signIn } from '../../test-utils.tsx';
import DashboardLayout from './dashboard-layout.tsx';
import { RoleOverview } from '../../app/role-overview.tsx';

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

function openDashboard() {
  return renderRoutes('/dashboard', [{ path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <RoleOverview /> }] }]);
}

describe('the dashboard in Bangla', () => {
  beforeEach(async () => {
    localStorage.clear();
    await Promise.all([loadCatalog('bn', 'dashboard'), loadCatalog('bn', 'common')]);
    i18n.activate('bn', [intlLocale.bn]);
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it("shows the Admin's menu and overview in Bangla, the chart's periods too", async () => {
    signIn(aUser({ role: 'Admin' }));
    fakeApi(() => ok({ totalProduct: 1250, totalSeller: 3, totalBuyer: 7, period: 'Daily', productsPerPeriod: [{ date: '2026-11-23', count: 2 }] }));
    openDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'অ্যাডমিন সারসংক্ষেপ' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'ড্যাশবোর্ড' });
    const entries = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(entries).toEqual([
      'সারসংক্ষেপ',
      'সকল বিক্রেতা',
      'সকল ক্রেতা',
      'রিপোর্ট করা পণ্য',
      'বিজ্ঞাপন যাচাই',
      'রিপোর্ট হওয়া মেসেজ',
      'মডেলের তালিকা',
      'পেমেন্ট',
      'অভিযোগ',
      'টাকার হিসাব',
      'আউটবক্স',
      'এসএমএস আউটবক্স',
      'অডিট লগ',
      'অ্যাকাউন্ট',
    ]);
    expect(screen.getByRole('button', { name: 'ড্যাশবোর্ড মেনু খুলুন' })).toBeInTheDocument();
    expect(screen.getByText('মোট প্রোডাক্ট')).toBeInTheDocument();
    const periods = screen.getByRole('radiogroup', { name: 'প্রোডাক্টের হিসাব' });
    expect(within(periods).getByRole('radio', { name: 'দৈনিক' })).toBeChecked();
    expect(within(periods).getByRole('radio', { name: 'মাসিক' })).toBeInTheDocument();
    // The chart's legend, its day and its counts in Bangla (digits included).
    const chart = screen.getByText('তারিখ বনাম প্রোডাক্ট').closest('figure');
    expect(chart).toHaveTextContent('প্রোডাক্ট২৩ নভে০১২৩৪');
  });

  it("shows a seller's menu and overview in Bangla", async () => {
    signIn(aUser({ role: 'Seller' }));
    fakeApi(() => ok({ sellerProducts: 4, orderCount: [{ totalOrders: 2 }], paidOrderCount: [{ totalOrders: 1 }], perDay: [] }));
    openDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'বিক্রেতার সারসংক্ষেপ' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'ড্যাশবোর্ড' });
    for (const name of ['প্রোডাক্ট যোগ করুন', 'আমার প্রোডাক্ট', 'বুকিং অনুরোধ', 'আমার রিভিউ']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('মোট পরিশোধিত অর্ডার')).toBeInTheDocument();
    expect(screen.getByText('প্রোডাক্ট বনাম অর্ডার চার্ট')).toBeInTheDocument();
  });

  it("shows a buyer's menu and overview in Bangla", async () => {
    signIn(aUser({ role: 'Buyer' }));
    fakeApi(() => ok({ totalOrders: 2, totalPaidOrders: 1, ordersPerDay: [] }));
    openDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'ক্রেতার সারসংক্ষেপ' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'ড্যাশবোর্ড' })).getByRole('link', { name: 'আমার অর্ডার' })).toBeInTheDocument();
    expect(screen.getByText('মোট অর্ডার')).toBeInTheDocument();
  });
});
