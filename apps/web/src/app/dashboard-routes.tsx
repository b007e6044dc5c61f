import type { Role } from '@market/contract';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RequireRole } from '../components/guards.tsx';
import { NotFound } from '../components/not-found.tsx';
import AccountPage from '../features/auth/account/account-page.tsx';
import AllBuyers from '../features/dashboard/admin/all-buyers.tsx';
import AllSellers from '../features/dashboard/admin/all-sellers.tsx';
import AuditLog from '../features/dashboard/admin/audit-log.tsx';
import ListingChecks from '../features/dashboard/admin/listing-checks.tsx';
import Money from '../features/dashboard/admin/money.tsx';
import Outbox from '../features/dashboard/admin/outbox.tsx';
import { AdminOverview } from '../features/dashboard/admin/overview.tsx';
import Disputes from '../features/dashboard/admin/disputes.tsx';
import Payments from '../features/dashboard/admin/payments.tsx';
import PhoneModels from '../features/dashboard/admin/phone-models.tsx';
import ReportedItems from '../features/dashboard/admin/reported-items.tsx';
import SmsOutbox from '../features/dashboard/admin/sms-outbox.tsx';
import HandoverPage from '../features/dashboard/buyer/handover-page.tsx';
import MyOrders from '../features/dashboard/buyer/my-orders.tsx';
import { BuyerOverview } from '../features/dashboard/buyer/overview.tsx';
import DashboardLayout from '../features/dashboard/dashboard-layout.tsx';
import AddProduct from '../features/dashboard/seller/add-product.tsx';
import BookingRequests from '../features/dashboard/seller/booking-requests.tsx';
import EditProduct from '../features/dashboard/seller/edit-product.tsx';
import Earnings from '../features/dashboard/seller/earnings.tsx';
import MyProducts from '../features/dashboard/seller/my-products.tsx';
import { SellerOverview } from '../features/dashboard/seller/overview.tsx';
import { BlockedPeople } from '../features/chat/blocked-people.tsx';
import InboxPage from '../features/chat/inbox-page.tsx';
import MessageReports from '../features/chat/message-reports.tsx';
import NewConversationPage from '../features/chat/new-conversation-page.tsx';
import ThreadPage from '../features/chat/thread-page.tsx';
import { DevicePush } from '../features/notifications/device-push.tsx';
import { MailChoices } from '../features/notifications/mail-choices.tsx';
import NotificationsPage from '../features/notifications/notifications-page.tsx';
import SavedPage from '../features/saved/saved-page.tsx';
import SavedSearchesPage from '../features/alerts/saved-searches-page.tsx';
import PaymentPage from '../features/payment/payment-page.tsx';
import MyReviews from '../features/reviews/my-reviews-page.tsx';
import { RoleOverview } from './role-overview.tsx';

const only = (role: Role | readonly Role[], page: ReactNode) => <RequireRole role={role}>{page}</RequireRole>;

/** The conversations are a buyer's and a seller's (issue 33): an Admin reads only the reported ones. */
const parties = ['Buyer', 'Seller'] as const;

/**
 * Everything under /dashboard, loaded lazily as one chunk; the signed-in guard wraps it in the router.
 * The dashboard's pages, the payment page and the account page (auth) are composed here, in the app.
 */
export const dashboardRoutes: RouteObject = {
  element: <DashboardLayout />,
  children: [
    { index: true, element: <RoleOverview /> },
    { path: 'overview-admin', element: only('Admin', <AdminOverview />) },
    { path: 'allSellers', element: only('Admin', <AllSellers />) },
    { path: 'allBuyers', element: only('Admin', <AllBuyers />) },
    { path: 'report', element: only('Admin', <ReportedItems />) },
    { path: 'listing-checks', element: only('Admin', <ListingChecks />) },
    { path: 'payments', element: only('Admin', <Payments />) },
    { path: 'disputes', element: only('Admin', <Disputes />) },
    { path: 'money', element: only('Admin', <Money />) },
    { path: 'outbox', element: only('Admin', <Outbox />) },
    { path: 'sms-outbox', element: only('Admin', <SmsOutbox />) },
    { path: 'audit', element: only('Admin', <AuditLog />) },
    { path: 'messageReports', element: only('Admin', <MessageReports />) },
    { path: 'phone-models', element: only('Admin', <PhoneModels />) },
    { path: 'overview-seller', element: only('Seller', <SellerOverview />) },
    { path: 'addProduct', element: only('Seller', <AddProduct />) },
    { path: 'myProduct', element: only('Seller', <MyProducts />) },
    { path: 'edit-product/:id', element: only('Seller', <EditProduct />) },
    { path: 'bookings', element: only('Seller', <BookingRequests />) },
    { path: 'earnings', element: only('Seller', <Earnings />) },
    { path: 'reviews', element: only('Seller', <MyReviews />) },
    { path: 'overview-buyer', element: only('Buyer', <BuyerOverview />) },
    { path: 'myOrders', element: only('Buyer', <MyOrders />) },
    { path: 'payment/:id', element: only('Buyer', <PaymentPage />) },
    { path: 'handover/:id', element: only('Buyer', <HandoverPage />) },
    {
      path: 'account',
      element: (
        <AccountPage
          more={
            <>
              <MailChoices />
              <DevicePush />
              <BlockedPeople />
            </>
          }
        />
      ),
    },
    { path: 'notifications', element: <NotificationsPage /> },
    { path: 'saved', element: only(parties, <SavedPage />) },
    { path: 'saved-searches', element: only(parties, <SavedSearchesPage />) },
    { path: 'messages', element: only(parties, <InboxPage />) },
    { path: 'messages/new', element: only('Buyer', <NewConversationPage />) },
    { path: 'messages/:id', element: only(parties, <ThreadPage />) },
    { path: '*', element: <NotFound landmark={false} /> },
  ],
};
