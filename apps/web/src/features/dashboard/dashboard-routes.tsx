import type { Role } from '@market/contract';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RequireRole } from '../../app/guards.tsx';
import { NotFound } from '../../components/not-found.tsx';
import AccountPage from './account/account-page.tsx';
import AllBuyers from './admin/all-buyers.tsx';
import AllSellers from './admin/all-sellers.tsx';
import Outbox from './admin/outbox.tsx';
import ReportedItems from './admin/reported-items.tsx';
import PaymentPage from '../payment/payment-page.tsx';
import MyOrders from './buyer/my-orders.tsx';
import DashboardLayout from './dashboard-layout.tsx';
import { AdminOverview, BuyerOverview, RoleOverview, SellerOverview } from './overviews.tsx';
import AddProduct from './seller/add-product.tsx';
import MyProducts from './seller/my-products.tsx';

const only = (role: Role, page: ReactNode) => <RequireRole role={role}>{page}</RequireRole>;

/** Everything under /dashboard, loaded lazily as one chunk; the signed-in guard wraps it in the router. */
export const dashboardRoutes: RouteObject = {
  element: <DashboardLayout />,
  children: [
    { index: true, element: <RoleOverview /> },
    { path: 'overview-admin', element: only('Admin', <AdminOverview />) },
    { path: 'allSellers', element: only('Admin', <AllSellers />) },
    { path: 'allBuyers', element: only('Admin', <AllBuyers />) },
    { path: 'report', element: only('Admin', <ReportedItems />) },
    { path: 'outbox', element: only('Admin', <Outbox />) },
    { path: 'overview-seller', element: only('Seller', <SellerOverview />) },
    { path: 'addProduct', element: only('Seller', <AddProduct />) },
    { path: 'myProduct', element: only('Seller', <MyProducts />) },
    { path: 'overview-buyer', element: only('Buyer', <BuyerOverview />) },
    { path: 'myOrders', element: only('Buyer', <MyOrders />) },
    { path: 'payment/:id', element: only('Buyer', <PaymentPage />) },
    { path: 'account', element: <AccountPage /> },
    { path: '*', element: <NotFound landmark={false} /> },
  ],
};
