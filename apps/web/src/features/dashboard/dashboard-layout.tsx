import type { Role } from '@market/contract';
import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useT, type Key } from '../../lib/i18n.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

interface Item {
  to: string;
  /** Its text's id, translated where the menu is drawn. */
  label: Key<'dashboard'>;
  /** Marked as the current page on the pages below it too (a conversation is one of the Messages). */
  below?: true;
}

const overview: Item = { to: '/dashboard', label: 'dashMenu.overview' };
const account: Item = { to: '/dashboard/account', label: 'dashMenu.account' };
const notifications: Item = { to: '/dashboard/notifications', label: 'dashMenu.notifications' };
const messages: Item = { to: '/dashboard/messages', label: 'dashMenu.messages', below: true };
/** The phones a Buyer or a Seller saved (issue 34). */
const saved: Item = { to: '/dashboard/saved', label: 'dashMenu.saved' };
/** Their saved searches and alerts (issue 34). */
const savedSearches: Item = { to: '/dashboard/saved-searches', label: 'dashMenu.savedSearches' };

/**
 * The spec's menu of each role (a seller's also has their earnings and reviews), a buyer's and a seller's messages and
 * notifications, an Admin's reported messages, then the account page every role has.
 */
const menus: Record<Role, Item[]> = {
  Seller: [
    overview,
    { to: '/dashboard/addProduct', label: 'dashMenu.addProduct' },
    { to: '/dashboard/myProduct', label: 'dashMenu.myProduct' },
    { to: '/dashboard/bookings', label: 'dashMenu.bookings' },
    { to: '/dashboard/earnings', label: 'dashMenu.earnings' },
    { to: '/dashboard/reviews', label: 'dashMenu.reviews' },
    saved,
    savedSearches,
    messages,
    notifications,
    account,
  ],
  Buyer: [overview, { to: '/dashboard/myOrders', label: 'dashMenu.myOrders' }, saved, savedSearches, messages, notifications, account],
  Admin: [
    overview,
    { to: '/dashboard/allSellers', label: 'dashMenu.allSellers' },
    { to: '/dashboard/allBuyers', label: 'dashMenu.allBuyers' },
    { to: '/dashboard/report', label: 'dashMenu.reported' },
    { to: '/dashboard/listing-checks', label: 'dashMenu.listingChecks' },
    { to: '/dashboard/messageReports', label: 'dashMenu.messageReports' },
    { to: '/dashboard/phone-models', label: 'dashMenu.phoneModels' },
    { to: '/dashboard/payments', label: 'dashMenu.payments' },
    { to: '/dashboard/disputes', label: 'dashMenu.disputes' },
    { to: '/dashboard/money', label: 'dashMenu.money' },
    { to: '/dashboard/outbox', label: 'dashMenu.outbox' },
    { to: '/dashboard/sms-outbox', label: 'dashMenu.smsOutbox' },
    { to: '/dashboard/audit', label: 'dashMenu.audit' },
    account,
  ],
};

/** Side menu by role; on small screens a drawer (id dashboard-drawer) opened by a toggle button. */
export default function DashboardLayout() {
  const { role } = useAuth();
  const t = useT('dashboard');
  const items = role ? menus[role] : [];
  const { pathname } = useLocation();
  // The tab says which part of the dashboard this is: its menu item, or the dashboard's name (a payment, an edit).
  const here = items.find((item) => item.to === pathname.replace(/\/+$/, ''));
  usePageTitle(here ? t(here.label) : t('nav.dashboard'));
  // daisyUI's drawer opens with a hidden checkbox; the keyboard reaches a real button instead, never the invisible box.
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  // Open on a phone (issue 35): the focus goes into the drawer, not left behind its overlay; Escape closes it and
  // gives the focus back to the button that opened it.
  useEffect(() => {
    if (!open) return;
    // The drawer slides in (visible only once its transition starts): tried each frame until the focus is there, for a second.
    let frame = 0;
    let tries = 60;
    const focusFirst = () => {
      const first = menu.current?.querySelector<HTMLElement>('a');
      first?.focus();
      if (first && document.activeElement !== first && --tries > 0) frame = requestAnimationFrame(focusFirst);
    };
    frame = requestAnimationFrame(focusFirst);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      openButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="drawer lg:drawer-open">
      <input
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        tabIndex={-1}
        aria-hidden="true"
        checked={open}
        onChange={(e) => setOpen(e.target.checked)}
      />
      <main className="drawer-content min-w-0 px-4 py-6">
        <button
          ref={openButton}
          type="button"
          className="btn btn-primary btn-sm drawer-button mb-4 lg:hidden"
          aria-expanded={open}
          aria-controls="dashboard-menu"
          onClick={() => setOpen(true)}
        >
          {t('dashMenu.open')}
        </button>
        <Outlet />
      </main>
      <div className="drawer-side z-30">
        {/* aria-label is not allowed on a <label>: the overlay's name is hidden text instead. */}
        <label htmlFor="dashboard-drawer" className="drawer-overlay">
          <span className="sr-only">{t('dashMenu.close')}</span>
        </label>
        <nav ref={menu} id="dashboard-menu" aria-label={t('dashMenu.label')} className="min-h-full w-64 bg-base-200 p-4">
          <ul className="menu w-full gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={!item.below} className={({ isActive }) => (isActive ? 'menu-active' : '')} onClick={() => setOpen(false)}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
