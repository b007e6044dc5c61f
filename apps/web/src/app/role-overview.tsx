import { AdminOverview } from '../features/dashboard/admin/overview.tsx';
import { BuyerOverview } from '../features/dashboard/buyer/overview.tsx';
import { SellerOverview } from '../features/dashboard/seller/overview.tsx';
import { useAuth } from '../lib/use-auth.ts';

/** /dashboard shows the overview of the signed-in user's role (each role's overview is in its part of the dashboard). */
export function RoleOverview() {
  const { role } = useAuth();
  if (role === 'Admin') return <AdminOverview />;
  if (role === 'Seller') return <SellerOverview />;
  return <BuyerOverview />;
}
