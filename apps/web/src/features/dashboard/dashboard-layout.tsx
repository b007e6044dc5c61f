import type { Role } from '@market/contract';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useAuth } from '../../lib/use-auth.ts';

const account = { to: '/dashboard/account', label: 'Account' };

/** The spec's menu of each role (a seller's also has their reviews), then the account page every role has. */
const menus: Record<Role, { to: string; label: string }[]> = {
  Seller: [
    { to: '/dashboard', label: 'Overview' },
    { to: '/dashboard/addProduct', label: 'Add Product' },
    { to: '/dashboard/myProduct', label: 'My Product' },
    { to: '/dashboard/bookings', label: 'Booking Requests' },
    { to: '/dashboard/reviews', label: 'My Reviews' },
    account,
  ],
  Buyer: [{ to: '/dashboard', label: 'Overview' }, { to: '/dashboard/myOrders', label: 'My Orders' }, account],
  Admin: [
    { to: '/dashboard', label: 'Overview' },
    { to: '/dashboard/allSellers', label: 'All Sellers' },
    { to: '/dashboard/allBuyers', label: 'All Buyers' },
    { to: '/dashboard/report', label: 'Reported Items' },
    { to: '/dashboard/payments', label: 'Payments' },
    { to: '/dashboard/outbox', label: 'Outbox' },
    { to: '/dashboard/audit', label: 'Audit Log' },
    account,
  ],
};

/** Side menu by role; on small screens a drawer (id dashboard-drawer) opened by a toggle button. */
export default function DashboardLayout() {
  const { role } = useAuth();
  const items = role ? menus[role] : [];
  // daisyUI's drawer opens with a hidden checkbox; the keyboard reaches a real button instead, never the invisible box.
  const [open, setOpen] = useState(false);
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
          type="button"
          className="btn btn-primary btn-sm drawer-button mb-4 lg:hidden"
          aria-expanded={open}
          aria-controls="dashboard-menu"
          onClick={() => setOpen(true)}
        >
          Open dashboard menu
        </button>
        <Outlet />
      </main>
      <div className="drawer-side z-30">
        {/* aria-label is not allowed on a <label>: the overlay's name is hidden text instead. */}
        <label htmlFor="dashboard-drawer" className="drawer-overlay">
          <span className="sr-only">Close dashboard menu</span>
        </label>
        <nav id="dashboard-menu" aria-label="Dashboard" className="min-h-full w-64 bg-base-200 p-4">
          <ul className="menu w-full gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={({ isActive }) => (isActive ? 'menu-active' : '')} onClick={() => setOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
